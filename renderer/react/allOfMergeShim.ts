/**
 * Stand-in for @rjsf/utils' `shallowAllOfMerge` (swapped in by vite.config.ts) for bytes only: the
 * form and the schema utilities hand rjsf the core's merge through `experimental_customMergeAllOf`
 * (core/mergeAllOf.ts), so rjsf never calls its own; but its module builds @x0k/json-schema-merge
 * when it is imported, which keeps that library in every first download. Should anything still call
 * it, it merges the same way.
 */
export { mergeAllOf as default } from '../core/mergeAllOf';
