/**
 * How rjsf merges a schema's `allOf` in this portal: with the core's semantics, the ones the step in
 * effect, the review, the printed form and the server use (conditions/effective.ts). Handed to rjsf
 * through its supported option `experimental_customMergeAllOf` (the form's prop and
 * `createSchemaUtils`), so rjsf's own merge (@x0k/json-schema-merge) is never asked.
 *
 * A field's `allOf` (parts that say its type, title, format or choices, as forms written for rjsf
 * do) is merged once, when the flow is resolved (`mergeFieldAllOf`): the widget, the validation, the
 * review and the printed form then all read one schema. An `allOf` on a group of fields stays: its
 * parts are conditions or fields the group adds (conditions/branches.ts).
 */
import { mergeSchemas } from './conditions/effective';
import type { JsonSchema } from './types';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function mergeAllOf(schema: JsonSchema): JsonSchema {
  const { allOf, ...rest } = schema;
  return (Array.isArray(allOf) ? allOf : []).reduce<JsonSchema>(
    (merged, part) => (part && typeof part === 'object' ? mergeSchemas(merged, part) : merged),
    rest,
  );
}

/** Keywords that make a schema (or a part of its `allOf`) a group of fields, or a condition on one. */
const GROUP_KEYWORDS = ['properties', 'if', 'then', 'else', 'dependencies', 'dependentSchemas', 'dependentRequired', 'oneOf', 'anyOf', 'allOf'];
const isGroupLike = (node: Record<string, unknown>) => node.type === 'object' || GROUP_KEYWORDS.some((keyword) => keyword !== 'allOf' && keyword in node);

/**
 * The field with its `allOf` merged in, when it is a field (not a group, no part a group or a
 * condition); otherwise the schema as it is. Two parts that give the same choices keep the values
 * both allow, as JSON Schema means it.
 */
export function mergeFieldAllOf(schema: JsonSchema): JsonSchema {
  const parts = schema.allOf;
  if (!Array.isArray(parts) || parts.length === 0 || isGroupLike(schema)) return schema;
  if (!parts.every((part) => isRecord(part) && !isGroupLike(part) && !('allOf' in part))) return schema;
  const lists = [schema, ...(parts as JsonSchema[])].map((part) => part.enum).filter((list): list is unknown[] => Array.isArray(list));
  const merged = mergeAllOf(schema);
  if (lists.length > 1)
    merged.enum = lists.reduce((kept, list) => kept.filter((value) => list.some((other) => JSON.stringify(other) === JSON.stringify(value))));
  return merged;
}
