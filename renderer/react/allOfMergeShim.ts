/**
 * Stand-in for @rjsf/utils' `shallowAllOfMerge` (swapped in by vite.config.ts, for the build and the
 * tests), which brings @x0k/json-schema-merge (~5 KB gzipped) into every first download. The form
 * is given the schema in effect for its data (core/conditions/effective.ts), which holds no `allOf`:
 * this only runs if one ever reaches rjsf, and then merges with the core's own allOf semantics —
 * the ones the review, the printed form and the server use.
 */
import { mergeSchemas } from '../core/conditions/effective';
import type { JsonSchema } from '../core/types';

export default function shallowAllOfMerge(schema: JsonSchema): JsonSchema {
  const { allOf, ...rest } = schema;
  return (Array.isArray(allOf) ? allOf : []).reduce<JsonSchema>(
    (merged, part) => (part && typeof part === 'object' ? mergeSchemas(merged, part) : merged),
    rest,
  );
}
