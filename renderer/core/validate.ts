/**
 * Step and flow validation, identical in the browser (precompiled validators) and on the server
 * (validators compiled at start-up): schema errors of visible fields, then what the flow's rule
 * kinds find (cross-field rules, option filters), one message per field in form order.
 */
import type { Environment } from './environment';
import type { Translate } from './i18n';
import { errorField, mapError, type RawError } from './messages';
import { ruleErrors } from './rules/validation';
import { fieldPaths } from './schemaPaths';
import type { FieldError, FlowDocument, FlowModel, StepDefinition } from './types';
import { isHidden, stripHidden } from './rules/visibility';

/** A compiled validator as ajv (or its standalone code) produces it. */
export type CompiledValidator = ((data: unknown) => boolean) & { errors?: RawError[] | null };
/** Validators by step-schema `$id`. */
export type ValidatorSet = Record<string, CompiledValidator>;

export function stepSchemaId(flowId: string, stepId: string): string {
  return `urn:uzi-portaal:flow:${flowId}:${stepId}`;
}

function validatorFor(step: StepDefinition, validators: ValidatorSet): CompiledValidator {
  const id = step.schema.$id;
  const validator = id ? validators[id] : undefined;
  if (!validator) throw new Error(`Geen validator voor stap '${step.id}'`);
  return validator;
}

/**
 * Which of a field's failed keywords speaks: what is wrong with the value itself ('is ongeldig',
 * 'is niet geldig') before how long it is, so a BSN of ten digits reads 'is ongeldig' rather than
 * 'maximaal 9 tekens'. Keywords not listed keep ajv's order after these.
 */
const KEYWORD_ORDER = ['required', 'type', 'const', 'enum', 'format', 'pattern'];
const rankOf = (keyword: string) => {
  const index = KEYWORD_ORDER.indexOf(keyword);
  return index === -1 ? KEYWORD_ORDER.length : index;
};

/** Validates one step against the whole model; returns one message per visible field. */
export function validateStep(
  flow: FlowDocument,
  step: StepDefinition,
  model: FlowModel,
  validators: ValidatorSet,
  t: Translate,
): FieldError[] {
  const stripped = stripHidden(flow, model);
  const stepData = stripped[step.dataKey] ?? {};
  const validate = validatorFor(step, validators);
  const vars = (model as Environment).$vars ?? {};
  const byField = new Map<string, FieldError>();
  if (!validate(stepData)) {
    const raws = [...(validate.errors ?? [])].sort((a, b) => rankOf(a.keyword) - rankOf(b.keyword));
    for (const raw of raws) {
      const field = errorField(raw);
      if (byField.has(field) || isHidden(step, field, stripped)) continue;
      byField.set(field, { field, code: raw.keyword, message: mapError(step, stepData, raw, t, vars) });
    }
  }
  for (const error of ruleErrors(step, stripped as Environment, t, vars)) {
    if (!byField.has(error.field)) byField.set(error.field, error);
  }
  return orderByForm(step, [...byField.values()]);
}

function orderByForm(step: StepDefinition, errors: FieldError[]): FieldError[] {
  const order = fieldPaths(step.schema);
  const rank = (field: string): number => {
    const index = order.findIndex((path) => path === field || path.startsWith(`${field}.`));
    return index === -1 ? order.length : index;
  };
  return errors.sort((a, b) => rank(a.field) - rank(b.field));
}

export interface StepErrors {
  stepId: string;
  dataKey: string;
  errors: FieldError[];
}

/** Validates every input step; only steps with errors are returned. */
export function validateFlow(flow: FlowDocument, model: FlowModel, validators: ValidatorSet, t: Translate): StepErrors[] {
  return flow.steps
    .map((step) => ({ stepId: step.id, dataKey: step.dataKey, errors: validateStep(flow, step, model, validators, t) }))
    .filter((result) => result.errors.length > 0);
}
