/**
 * The rule kinds that find field errors in a step, the same in the browser and on the server. Only
 * their validation is imported here (not the kinds' design-time checks), so the browser does not
 * download the checker; `rules/index.ts` holds the whole kinds, and a test keeps both lists equal.
 */
import type { Environment } from '../environment';
import type { TextParams, Translate } from '../i18n';
import type { FieldError, StepDefinition } from '../types';
import { crossFieldErrors } from './crossField';
import { optionsFilterErrors } from './optionsFilter';

export const STEP_VALIDATIONS = [crossFieldErrors, optionsFilterErrors] as const;

/** Field errors the rule kinds find in one step (model without hidden data), in list order. */
export function ruleErrors(step: StepDefinition, model: Environment, t: Translate, vars: TextParams): FieldError[] {
  return STEP_VALIDATIONS.flatMap((validate) => validate(step, model, t, vars));
}
