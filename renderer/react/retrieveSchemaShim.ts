/**
 * Stand-in for @rjsf/utils' `retrieveSchema` as rjsf's schema utilities call it (swapped in by
 * vite.config.ts). rjsf resolves the schema of the step's object three times when a step is first
 * drawn (the form's state, the root field, the object field) and again on later renders: each time a
 * walk over every field that copies the fields and then compares the copy with the original, which
 * for a schema with nothing to resolve gives back the schema itself. Such a schema is given back at
 * once here, found once per schema object; any other goes to rjsf.
 *
 * Nothing to resolve: no `$ref` anywhere in it, and at its top none of the keywords rjsf resolves
 * there (`if`, `allOf`, `dependencies`, `patternProperties`, `additionalProperties` other than
 * false). rjsf then changes nothing: its reference walk finds no reference (the `anyOf`/`oneOf`
 * options it walks too are copied unchanged and compared equal), and the other keywords are
 * absent.
 */
import isObject from '@rjsf/utils/lib/isObject.js';
import retrieveSchema from '@rjsf/utils/lib/schema/retrieveSchema.js';

export { relaxOptionsForScoring } from '@rjsf/utils/lib/schema/retrieveSchema.js';

const RESOLVED_AT_TOP = ['$ref', 'if', 'allOf', 'dependencies', 'patternProperties'] as const;

const withoutReferences = new WeakMap<object, boolean>();

/** Whether `value` holds no `$ref` key at any depth (known per object once asked). */
function holdsNoReference(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  let known = withoutReferences.get(value);
  if (known === undefined) {
    known = true;
    // Provisional, so that an object reached again inside itself ends the walk.
    withoutReferences.set(value, known);
    if (Array.isArray(value)) {
      for (const item of value) if (!holdsNoReference(item)) known = false;
    } else {
      for (const key in value) if (key === '$ref' || !holdsNoReference((value as Record<string, unknown>)[key])) known = false;
    }
    withoutReferences.set(value, known);
  }
  return known;
}

function nothingToResolve(schema: Record<string, unknown>): boolean {
  for (const keyword of RESOLVED_AT_TOP) if (keyword in schema) return false;
  if ('additionalProperties' in schema && schema.additionalProperties !== false) return false;
  return holdsNoReference(schema);
}

export default function retrieveSchemaShim(...args: Parameters<typeof retrieveSchema>): ReturnType<typeof retrieveSchema> {
  // rjsf's own test of a schema object (anything else it answers itself).
  if (isObject(args[1]) && nothingToResolve(args[1] as Record<string, unknown>)) return args[1];
  return retrieveSchema(...args);
}
