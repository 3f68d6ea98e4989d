/**
 * The defaults of a step's form, worked out once: how the form is told to fill them in, rjsf's
 * validator over the precompiled functions, and the data a step starts with. The server works the
 * starting data of every step out once per flow version and sends it with the flow
 * (src/server/routes/flows.ts); the browser works it out itself only for a flow that came without
 * it (the back office's preview). rjsf's schema utilities only, no React: the server uses it too.
 */
import { createSchemaUtils, type Experimental_CustomMergeAllOf, type RJSFSchema } from '@rjsf/utils';
import { stepInEffect } from './conditions';
import { mergeAllOf } from './mergeAllOf';
import { rjsfValidator } from './rjsfValidator';
import type { JsonSchema, StepDefinition } from './types';
import type { ValidatorSet } from './validate';

// No answer is given for the applicant: a consent (`const: true`) does not start ticked and a
// required yes/no question does not start at 'Nee'. The defaults a flow gives do apply, also to
// optional fields (an empty optional group is not created for it).
export const FORM_DEFAULTS_BEHAVIOR = { constAsDefaults: 'never', emptyObjectFields: 'populateAllDefaults', requiredBooleanDefault: 'skip' } as const;

/** rjsf merges `allOf` the core's way (core/mergeAllOf.ts): the form's prop and the schema utilities. */
export const MERGE_ALL_OF: Experimental_CustomMergeAllOf = (schema) => mergeAllOf(schema as JsonSchema) as RJSFSchema;

const initialData = new WeakMap<object, Record<string, unknown>>();

/** rjsf's defaults for `data` in `schema`, as the form works them out. */
function defaultsIn(schema: RJSFSchema, validators: ValidatorSet, data: Record<string, unknown>): Record<string, unknown> {
  const utils = createSchemaUtils(rjsfValidator(validators), schema, FORM_DEFAULTS_BEHAVIOR, MERGE_ALL_OF);
  const defaults: unknown = utils.getDefaultFormState(utils.getRootSchema(), data, false);
  return defaults && typeof defaults === 'object' && !Array.isArray(defaults) ? (defaults as Record<string, unknown>) : {};
}

/**
 * The data a step starts with before anything is entered: the defaults the flow gives, worked out
 * the way the form itself does — in the schema the form is given, the step as in effect for that
 * data (conditions decided; a default may decide one). Handing the form this data at its first
 * render means it does not report them as a change and render the whole step a second time (with
 * the fields their defaults hide shown for a moment).
 */
export function initialStepData(step: StepDefinition, validators: ValidatorSet): Record<string, unknown> {
  let data = initialData.get(step.schema);
  if (!data) {
    try {
      const first = stepInEffect(step, {}, validators).step.schema as RJSFSchema;
      data = defaultsIn(first, validators, {});
      const decided = stepInEffect(step, data, validators).step.schema as RJSFSchema;
      if (decided !== first) data = defaultsIn(decided, validators, data);
    } catch (error) {
      // Never a reason not to show the step: the form then works the defaults out itself.
      console.error('Standaardwaarden van de stap niet bepaald', error);
      data = {};
    }
    initialData.set(step.schema, data);
  }
  return data;
}
