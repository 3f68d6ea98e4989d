/**
 * The fields a visibility rule may look at: every simple field of the steps up to and including the
 * field's own step (not the field itself), by model path, with its type and options — its own
 * fixed options, or those of its reference list. A field of a repeating group may also look at the
 * other fields of the same item ('./heeftBsn'); fields inside groups are not reachable from outside.
 */
import type { BuildingBlocks } from '../../shared/beheer';
import type { FieldSummary, StepSummary } from './documentEdits';
import type { RuleField } from './ruleLogic';

function ruleType(field: FieldSummary, blocks: BuildingBlocks | undefined): RuleField['type'] | undefined {
  const type = field.type ?? blocks?.velden.find((definition) => definition.id === field.ref)?.type;
  if (type === 'boolean') return 'boolean';
  if (type === 'integer' || type === 'number') return 'number';
  if (type === 'string') return 'string';
  return undefined;
}

/** A field as the rule builder offers it (none for a field it cannot compare: a list, a group). */
function ruleField(field: FieldSummary, name: string, label: string, blocks: BuildingBlocks | undefined): RuleField[] {
  const type = ruleType(field, blocks);
  if (!type) return [];
  const options = field.options ?? (field.list ? blocks?.lijsten[field.list] : undefined);
  return [{ name, label, type, ...(options ? { options } : {}) }];
}

export function ruleFieldsFor(steps: StepSummary[], step: number, key: string, blocks: BuildingBlocks | undefined): RuleField[] {
  const [group, sub] = key.split('.', 2);
  const fields = steps.find((summary) => summary.index === step)?.fields ?? [];
  const groupTitle = fields.find((field) => field.key === group)?.title ?? group;
  const sameItem =
    sub === undefined
      ? []
      : fields.flatMap((field): RuleField[] => {
          const [fieldGroup, fieldSub] = field.key.split('.', 2);
          if (fieldGroup !== group || fieldSub === undefined || fieldSub === sub) return [];
          return ruleField(field, `./${fieldSub}`, `Stap ${step + 1} – ${field.title ?? fieldSub} (hetzelfde item van ‘${groupTitle}’)`, blocks);
        });
  return [...sameItem, ...outside(steps, step, key, blocks)];
}

function outside(steps: StepSummary[], step: number, key: string, blocks: BuildingBlocks | undefined): RuleField[] {
  return steps
    .filter((summary) => summary.index <= step)
    .flatMap((summary) =>
      summary.fields
        .filter((field) => !field.key.includes('.') && !(summary.index === step && field.key === key))
        .flatMap((field) => ruleField(field, `${summary.dataKey}.${field.key}`, `Stap ${summary.index + 1} – ${field.title ?? field.key}`, blocks)),
    );
}
