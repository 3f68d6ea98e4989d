/**
 * The rule kinds that find field errors in a step, the same in the browser and on the server. Only
 * their validation is imported here (not the kinds' design-time checks), so the browser does not
 * download the checker; `rules/index.ts` holds the whole kinds, and a test keeps both lists equal.
 */
import type { Environment } from '../environment';
import type { TextParams, Translate } from '../i18n';
import type { FieldError, StepDefinition } from '../types';
import { crossFieldErrors, crossFieldReads } from './crossField';
import { optionsFilterErrors, optionsFilterReads } from './optionsFilter';

export const STEP_VALIDATIONS = [crossFieldErrors, optionsFilterErrors] as const;

type StepValidation = (typeof STEP_VALIDATIONS)[number];

/** What each validation reads of the model besides the step's own data and visibility. */
const READS = new Map<StepValidation, (step: StepDefinition) => string[] | undefined>([
  [crossFieldErrors, crossFieldReads],
  [optionsFilterErrors, optionsFilterReads],
]);

/** Field errors the rule kinds find in one step (model without hidden data), in list order. */
export function ruleErrors(step: StepDefinition, model: Environment, t: Translate, vars: TextParams): FieldError[] {
  // A loop rather than flatMap: this runs on every validation, and most steps' kinds find nothing.
  const errors: FieldError[] = [];
  for (const validate of STEP_VALIDATIONS) for (const error of validate(step, model, t, vars)) errors.push(error);
  return errors;
}

/**
 * The model paths the rule kinds' validation of a step reads besides the step's own data and
 * visibility; undefined when some validation does not say (a validation missing from READS counts
 * as reading everything).
 */
export function ruleReadsOf(step: StepDefinition): string[] | undefined {
  const paths: string[] = [];
  for (const validate of STEP_VALIDATIONS) {
    const reads = READS.get(validate)?.(step);
    if (!reads) return undefined;
    paths.push(...reads);
  }
  return paths;
}
