/**
 * The widget rjsf chooses for a field that names none, as rjsf's own defaults decide it (a
 * checkbox for a boolean, a select for a field with choices, an e-mail input for `format: email`,
 * else a text input). The field template frames it by that name and the flow pipeline checks that
 * the portal has it, so both agree on what will be on screen.
 */
import type { JsonSchema } from './types';

/** The schema's type (the first non-null one of a type list). */
export function schemaType(schema: JsonSchema): string | undefined {
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  return types.find((type) => type !== 'null');
}

/** Whether the field offers a fixed set of choices. */
export function hasChoices(schema: JsonSchema): boolean {
  return Array.isArray(schema.enum) || typeof schema['x-options'] === 'string' || (Array.isArray(schema.oneOf) && schema.oneOf.length > 0 && (schema.oneOf as JsonSchema[]).every((option) => 'const' in option));
}

/** rjsf's default widget name for the field, or undefined for objects and lists (they have no default widget). */
export function defaultWidgetName(schema: JsonSchema): string | undefined {
  const type = schemaType(schema);
  if (type === 'boolean') return 'CheckboxWidget';
  if (type !== 'string' && type !== 'number' && type !== 'integer') return undefined;
  if (hasChoices(schema)) return 'SelectWidget';
  if (type === 'string' && schema.format === 'email') return 'EmailWidget';
  return 'TextWidget';
}
