/**
 * The fields a visibility rule may look at: every simple field of the steps up to and including the
 * field's own step (not the field itself), by model path, with its type and options — its own
 * fixed options, or those of its reference list.
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

export function ruleFieldsFor(steps: StepSummary[], step: number, key: string, blocks: BuildingBlocks | undefined): RuleField[] {
  return steps
    .filter((summary) => summary.index <= step)
    .flatMap((summary) =>
      summary.fields
        .filter((field) => !(summary.index === step && field.key === key))
        .flatMap((field): RuleField[] => {
          const type = ruleType(field, blocks);
          if (!type) return [];
          const options = field.options ?? (field.list ? blocks?.lijsten[field.list] : undefined);
          return [{ name: `${summary.dataKey}.${field.key}`, label: `Stap ${summary.index + 1} – ${field.title ?? field.key}`, type, ...(options ? { options } : {}) }];
        }),
    );
}
