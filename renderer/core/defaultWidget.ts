/**
 * The widget a field gets when the flow names none: a checkbox for a yes/no value, a list for a
 * field with choices, an e-mail input for `format: email`, the date input for `format: date`, the
 * time input for `format: time`, the date-and-time input for `format: date-time`, the
 * number input (with the Dutch decimal comma) for a number, a text input otherwise; for a list of
 * choices the checkbox group, for a file list the file picker. A repeating group (a list of groups of
 * fields) and a group of fields have no widget: the renderer lays out their fields. The flow pipeline
 * writes the name into every field's ui hints (see widgetNames.ts) and checks that the portal has it,
 * so no step can fail to render. A field of type null has no widget: it holds null and shows only its
 * title and description (as rjsf's NullField does); a choice between objects is a Select.
 */
import type { JsonSchema } from './types';

/** The JSON type of a value as a schema names it ('integer' for a whole number), or undefined for an object or list. */
export function valueType(value: unknown): 'string' | 'integer' | 'number' | 'boolean' | 'null' | undefined {
  if (value === null) return 'null';
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value as 'string' | 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return undefined;
}

/**
 * The type a schema without `type` has by its fixed values (`enum`, `const`): a field offering
 * ['rood', 'groen'] holds text, one offering [1, 2.5] a number. Undefined when there are none, or
 * when they are not all of one kind (the flow pipeline refuses such a field).
 */
export function inferredType(schema: JsonSchema): string | undefined {
  if (isObjectChoice(schema)) return 'object';
  const values = Array.isArray(schema.enum) ? schema.enum.filter((value) => value !== null) : 'const' in schema && schema.const !== null ? [schema.const] : [];
  const kinds = new Set(values.map(valueType));
  if (kinds.size === 2 && kinds.has('integer') && kinds.has('number')) return 'number';
  const [kind] = kinds;
  return kinds.size === 1 && kind !== undefined ? kind : undefined;
}

/** The schema's type (the first non-null one of a type list); without `type`, the one its fixed values have. */
export function schemaType(schema: JsonSchema): string | undefined {
  if (schema.type === undefined) return inferredType(schema);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.find((type) => type !== 'null');
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether the field's choices are objects (rjsf's `enumObjects`: `enum: [{ name: 'Amsterdam', … }, …]`):
 * a choice like any other, whose stored value is the object chosen.
 */
export function isObjectChoice(schema: JsonSchema): boolean {
  return Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every(isRecord);
}

/** Whether the field is of type null: it holds null and asks nothing (a text between the fields). */
export function isNullField(schema: JsonSchema): boolean {
  return schema.type === 'null';
}

/**
 * The fixed value an option of a `oneOf`/`anyOf` stands for: its `const`, or the one value of a
 * single-value `enum` (`{ "enum": ["#ff0000"], "title": "Rood" }`, as rjsf's samples write it).
 */
export function constantOf(option: unknown): { value: unknown } | undefined {
  if (typeof option !== 'object' || option === null || Array.isArray(option)) return undefined;
  const schema = option as JsonSchema;
  if ('const' in schema) return { value: schema.const };
  if (Array.isArray(schema.enum) && schema.enum.length === 1) return { value: schema.enum[0] };
  return undefined;
}

/** Whether a `oneOf`/`anyOf` is a list of fixed values with their titles (choices, not branches). */
export function isConstantList(list: unknown): list is JsonSchema[] {
  return Array.isArray(list) && list.length > 0 && list.every((option) => constantOf(option) !== undefined);
}

/** Whether the field offers a fixed set of choices. */
export function hasChoices(schema: JsonSchema): boolean {
  return Array.isArray(schema.enum) || typeof schema['x-options'] === 'string' || isConstantList(schema.oneOf) || isConstantList(schema.anyOf);
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
  if (type === 'object' && isObjectChoice(schema)) return 'Select';
  if (type !== 'string' && type !== 'number' && type !== 'integer') return undefined;
  if (hasChoices(schema)) return 'Select';
  if (type === 'string' && schema.format === 'email') return 'EmailWidget';
  if (type === 'string' && schema.format === 'uri') return 'URLWidget';
  if (type === 'string' && schema.format === 'date') return 'DateInput';
  if (type === 'string' && schema.format === 'time') return 'TimeInput';
  if (type === 'string' && schema.format === 'date-time') return 'DateTimeInput';
  if (type !== 'string') return 'NumberInput';
  return 'TextInput';
}
