/**
 * The errors of the option in effect of a choice between groups of fields, checked on its own with
 * the option's compiled question (tests.ts). Only the step's validation needs this, so it is a
 * module of its own, loaded with the check rather than with the step.
 */
import type { RawError } from '../messages';
import type { JsonSchema } from '../types';
import type { ValidatorSet } from '../validate';
import { escape } from './branches';
import type { ChoiceSite } from './effective';
import { questionValidator } from './index';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What is wrong with `data` (the object a choice is on, at `path` in the step) for the option in
 * effect at the choice `site` — as errors of the step, with their place in the step's data and
 * schema. The step's validator cannot say it: an `anyOf` holds as soon as another option holds,
 * a `oneOf` when one other does, and options without required fields hold for nearly any data.
 */
export function optionErrors(validators: ValidatorSet, schema: JsonSchema, site: ChoiceSite, data: unknown): RawError[] {
  const validate = questionValidator(validators, schema, `${site.pointer}/${site.chosen}`);
  if (validate(isRecord(data) ? data : {})) return [];
  const base = site.path === '' ? '' : `/${site.path.split('.').map(escape).join('/')}`;
  return (validate.errors ?? []).map((error) => ({
    ...error,
    instancePath: `${base}${error.instancePath}`,
    schemaPath: `#${site.pointer}/${site.chosen}${String(error.schemaPath ?? '#').slice(1)}`,
  }));
}
