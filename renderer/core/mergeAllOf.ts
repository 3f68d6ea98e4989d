/**
 * How rjsf merges a schema's `allOf` in this portal: with the core's semantics, the ones the step in
 * effect, the review, the printed form and the server use (conditions/effective.ts). Handed to rjsf
 * through its supported option `experimental_customMergeAllOf` (the form's prop and
 * `createSchemaUtils`), so rjsf's own merge (@x0k/json-schema-merge) is never asked.
 */
import { mergeSchemas } from './conditions/effective';
import type { JsonSchema } from './types';

export function mergeAllOf(schema: JsonSchema): JsonSchema {
  const { allOf, ...rest } = schema;
  return (Array.isArray(allOf) ? allOf : []).reduce<JsonSchema>(
    (merged, part) => (part && typeof part === 'object' ? mergeSchemas(merged, part) : merged),
    rest,
  );
}
