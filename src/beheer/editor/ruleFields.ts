/**
 * The fields a visibility rule may look at: every simple field of the steps up to and including the
 * field's own step (not the field itself), by model path, with its type and options as applicants
 * read them — its own fixed options with their texts, its reference list's item names, or those of
 * the shared definition it is built on — so the rule builder never offers a stored number. A field
 * of a repeating group may also look at the other fields of the same item ('./heeftBsn'); fields
 * inside groups are not reachable from outside.
 */
import type { BuildingBlocks } from '../../shared/beheer';
import { optionsOf, type FieldSummary, type StepSummary } from './documentEdits';
import { describeQuery, ruleToQuery, type RuleField, type RuleFieldOption } from './ruleLogic';
import { isObject, parseDocument } from './textMoves';

type Lists = Record<string, RuleFieldOption[]>;

/** The reference lists a flow's fields take their options from: those of its own set (`baseData`) and the shared ones. */
export function flowLists(document: string, blocks: BuildingBlocks | undefined): Lists {
  if (!blocks) return {};
  const set = parseDocument(document)?.baseData;
  const own = typeof set === 'string' ? blocks.lijstenPerSet?.[set] : undefined;
  return own ?? blocks.lijsten;
}

function definitionOf(field: FieldSummary, blocks: BuildingBlocks | undefined) {
  return field.ref ? blocks?.velden.find((definition) => definition.id === field.ref) : undefined;
}

function ruleType(field: FieldSummary, blocks: BuildingBlocks | undefined): RuleField['type'] | undefined {
  const type = field.type ?? definitionOf(field, blocks)?.type;
  if (type === 'boolean') return 'boolean';
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'string') return 'string';
  return undefined;
}

/** The field's options with their texts: its own, its own list's, else those of its shared definition. */
function optionsFor(field: FieldSummary, blocks: BuildingBlocks | undefined, lists: Lists): RuleFieldOption[] | undefined {
  if (field.options) return field.options;
  if (field.list) return lists[field.list];
  const schema = definitionOf(field, blocks)?.schema;
  if (!isObject(schema)) return undefined;
  if (typeof schema['x-options'] === 'string') return lists[schema['x-options']];
  return optionsOf(schema);
}

/** A field as the rule builder offers it (none for a field it cannot compare: a list, a group). */
function ruleField(field: FieldSummary, name: string, label: string, blocks: BuildingBlocks | undefined, lists: Lists): RuleField[] {
  const type = ruleType(field, blocks);
  if (!type) return [];
  const options = optionsFor(field, blocks, lists);
  return [{ name, label, type, ...(options ? { options } : {}) }];
}

/** The fields a rule of the field `key` of step `step` may look at; `lists` are the flow's reference lists ({@link flowLists}). */
export function ruleFieldsFor(
  steps: StepSummary[],
  step: number,
  key: string,
  blocks: BuildingBlocks | undefined,
  lists: Lists = blocks?.lijsten ?? {},
): RuleField[] {
  const [group, sub] = key.split('.', 2);
  const fields = steps.find((summary) => summary.index === step)?.fields ?? [];
  const groupTitle = fields.find((field) => field.key === group)?.title ?? group;
  const sameItem =
    sub === undefined
      ? []
      : fields.flatMap((field): RuleField[] => {
          const [fieldGroup, fieldSub] = field.key.split('.', 2);
          if (fieldGroup !== group || fieldSub === undefined || fieldSub === sub) return [];
          return ruleField(field, `./${fieldSub}`, `Stap ${step + 1} – ${field.title ?? fieldSub} (hetzelfde item van ‘${groupTitle}’)`, blocks, lists);
        });
  return [...sameItem, ...outside(steps, step, key, blocks, lists)];
}

function outside(steps: StepSummary[], step: number, key: string, blocks: BuildingBlocks | undefined, lists: Lists): RuleField[] {
  return steps
    .filter((summary) => summary.index <= step)
    .flatMap((summary) =>
      summary.fields
        .filter((field) => !field.key.includes('.') && !(summary.index === step && field.key === key))
        .flatMap((field) => ruleField(field, `${summary.dataKey}.${field.key}`, `Stap ${summary.index + 1} – ${field.title ?? field.key}`, blocks, lists)),
    );
}

/** A field's rule for showing it as a sentence in the words of its fields and options, for who reads without changing. */
export function ruleSentence(logic: unknown, fields: RuleField[]): string {
  if (logic === undefined) return 'Dit veld wordt altijd getoond.';
  const query = ruleToQuery(logic, fields);
  return query ? `${describeQuery(query, fields)}.` : 'Dit veld wordt getoond als aan de voorwaarde is voldaan.';
}
