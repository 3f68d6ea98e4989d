/**
 * How a field is named to an administrator: its label and, inside a titled group, the group's
 * title, so two fields with one label in a step read apart ('Tussenvoegsel' in 'Persoonsgegevens'
 * and in 'Correspondentienaam'). Placeholders filled from answers in the portal show as '…'.
 */
import { splitPath } from './paths';
import { labelOf, schemaAt } from './schemaPaths';
import type { FlowDocument, StepDefinition } from './types';

/** A label or title with its placeholders (filled from answers in the portal) shown as '…'. */
export const plainText = (text: string) => text.replace(/\{[A-Za-z0-9_]+\}/g, '…');

/** A field's label and the title of the group it is in, when it has one. */
export interface FieldName {
  label: string;
  group?: string;
}

/** The name of a field of `step` by its path in the step's data (item indexes allowed). */
export function fieldName(step: StepDefinition, path: string): FieldName {
  const label = plainText(labelOf(step.schema, path));
  const segments = splitPath(path);
  for (let end = segments.length - 1; end > 0; end -= 1) {
    const title = schemaAt(step.schema, segments.slice(0, end).join('.'))?.title;
    if (title) return { label, group: plainText(title) };
  }
  return { label };
}

/** A field named in a sentence: ‘Postcode’ in ‘Bezoekadres’. */
export const quoted = ({ label, group }: FieldName) => (group ? `‘${label}’ in ‘${group}’` : `‘${label}’`);

/** The name of a field by its model path (`dataKey.field`; the data key alone is the step). */
export function modelFieldName(flow: FlowDocument, modelPath: string): FieldName {
  const [dataKey, ...rest] = splitPath(modelPath);
  const step = flow.steps.find((candidate) => candidate.dataKey === dataKey);
  if (!step) return { label: modelPath };
  return rest.length === 0 ? { label: plainText(step.title) } : fieldName(step, rest.join('.'));
}
