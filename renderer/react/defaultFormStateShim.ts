/**
 * Stand-in for @rjsf/utils' `getDefaultFormState` (swapped in by vite.config.ts). A step starts with
 * data that already holds rjsf's defaults: the server works it out per flow version with the same
 * function as the browser (core/formDefaults.ts: `initialStepData`). The form still works the defaults out
 * again over the whole schema when it is first drawn, and again on every later change of its props.
 * Data handed over through `withDefaultsApplied` is returned as it is instead, as long as the form
 * asks for it in the schema it first asked in (the step as in effect for that data); any other data,
 * or the same data in another schema, gets rjsf's own answer. rjsf never changes the data it is
 * given in place (a change works on a copy), so handing the same object back is safe.
 */
import getDefaultFormState from '@rjsf/utils/lib/schema/getDefaultFormState.js';

const applied = new WeakMap<object, object | undefined>();

/** Marks `data` as holding every default of the schema the form will first be given with it. */
export function withDefaultsApplied<T extends object>(data: T): T {
  if (!applied.has(data)) applied.set(data, undefined);
  return data;
}

export default function defaultFormState(...args: Parameters<typeof getDefaultFormState>): ReturnType<typeof getDefaultFormState> {
  const [, schema, formData, rootSchema] = args;
  if (formData && typeof formData === 'object' && applied.has(formData) && (rootSchema === undefined || schema === rootSchema)) {
    const first = applied.get(formData);
    if (first === undefined) applied.set(formData, schema);
    if (first === undefined || first === schema) return formData;
  }
  return getDefaultFormState(...args);
}
