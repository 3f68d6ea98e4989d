/**
 * The widget a field gets when the flow names none: a checkbox for a yes/no value, a list for a
 * field with choices, an e-mail input for `format: email`, the date input for `format: date`, the
 * number input (with the Dutch decimal comma) for a number, a text input otherwise; for a list of
 * choices the checkbox group, for a file list the file picker. A repeating group (a list of groups of
 * fields) and a group of fields have no widget: the renderer lays out their fields. The flow pipeline
 * writes the name into every field's ui hints (see widgetNames.ts) and checks that the portal has it,
 * so no step can fail to render.
 */
import type { JsonSchema } from './types';

/** The schema's type (the first non-null one of a type list). */
export function schemaType(schema: JsonSchema): string | undefined {
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  return types.find((type) => type !== 'null');
}

/** Whether the field offers a fixed set of choices. */
export function hasChoices(schema: JsonSchema): boolean {
  const constants = (list: unknown) => Array.isArray(list) && list.length > 0 && (list as JsonSchema[]).every((option) => 'const' in option);
  return Array.isArray(schema.enum) || typeof schema['x-options'] === 'string' || constants(schema.oneOf) || constants(schema.anyOf);
}

/** Whether a list holds choices from a fixed set (a multiple choice), judged by its items. */
export function isChoiceArray(schema: JsonSchema): boolean {
  const items = schema.items;
  return schemaType(schema) === 'array' && typeof items === 'object' && items !== null && !Array.isArray(items) && hasChoices(items);
}

/** The portal's default widget name for the field, or undefined for groups and repeating groups. */
export function defaultWidgetName(schema: JsonSchema): string | undefined {
  const type = schemaType(schema);
  if (schema['x-files']) return 'FileUpload';
  if (type === 'array') return isChoiceArray(schema) ? 'CheckboxGroup' : undefined;
  if (type === 'boolean') return 'Checkbox';
  if (type !== 'string' && type !== 'number' && type !== 'integer') return undefined;
  if (hasChoices(schema)) return 'Select';
  if (type === 'string' && schema.format === 'email') return 'EmailWidget';
  if (type === 'string' && schema.format === 'date') return 'DateInput';
  if (type !== 'string') return 'NumberInput';
  return 'TextInput';
}
