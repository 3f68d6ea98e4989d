/**
 * Step and flow validation, identical in the browser (precompiled validators) and on the server
 * (validators compiled at start-up): schema errors of visible fields, then what the flow's rule
 * kinds find (cross-field rules, option filters), one message per field in form order.
 */
import type { Environment } from './environment';
import type { TextParams, Translate } from './i18n';
import { choiceMessage, errorField, mapError, type RawError } from './messages';
import { ruleErrors, ruleReadsOf } from './rules/validation';
import { fieldIn, fieldPaths } from './schemaPaths';
import { optionTitle, stepInEffect, type Choices, type StepInEffect } from './conditions';
import { optionErrors } from './conditions/optionErrors';
import { getAt } from './paths';
import { errorsInEffect } from './conditions/errors';
import type { FieldError, FlowDocument, FlowModel, JsonSchema, StepDefinition, UiSchema } from './types';
import { isHidden, stepsToStrip, stripHidden, visibilityReads } from './rules/visibility';

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
const byKeyword = (a: RawError, b: RawError) => rankOf(a.keyword) - rankOf(b.keyword);

/** The errors in keyword order (a stable sort); left as they are when already in it, as most often (all 'required'). */
function inKeywordOrder(errors: RawError[]): RawError[] {
  for (let index = 1; index < errors.length; index += 1) {
    if (rankOf(errors[index].keyword) < rankOf(errors[index - 1].keyword)) return errors.sort(byKeyword);
  }
  return errors;
}

const behind = new WeakMap<FlowDocument, WeakMap<StepDefinition, readonly StepDefinition[]>>();

/**
 * The steps whose hidden data must be stripped before `step` is validated: its own, and those of the
 * steps its visibility and rules read (in turn), found once per flow and step. The other steps' data
 * is read by nothing the validation does, so stripping it would change no result.
 */
function stepsBehind(flow: FlowDocument, step: StepDefinition): readonly StepDefinition[] {
  let byStep = behind.get(flow);
  if (!byStep) behind.set(flow, (byStep = new WeakMap()));
  let steps = byStep.get(step);
  if (!steps) {
    const visibility = visibilityReads(step);
    const rules = ruleReadsOf(step);
    steps = stepsToStrip(flow, visibility && rules && [step.dataKey, ...visibility, ...rules]);
    byStep.set(step, steps);
  }
  return steps;
}

/**
 * Validates one step against the whole model; returns one message per visible field. The step is
 * checked as in effect for its data (conditions decided; `choices` are the applicant's own choices
 * between groups of fields, in the browser): answers to questions that do not apply are not
 * checked, and errors of branches not in effect are not reported.
 */
export function validateStep(
  flow: FlowDocument,
  step: StepDefinition,
  model: FlowModel,
  validators: ValidatorSet,
  t: Translate,
  choices?: Choices,
): FieldError[] {
  const stripped = stripHidden(flow, model, stepsBehind(flow, step));
  const validate = validatorFor(step, validators);
  const inEffect = stepInEffect(step, (stripped[step.dataKey] ?? {}) as Record<string, unknown>, validators, choices);
  const stepData = inEffect.data;
  const shown = inEffect.step;
  const vars = (model as Environment).$vars ?? {};
  const byField = new Map<string, FieldError>();
  // The options in effect, checked on their own (the step's validator may pass on another option).
  const valid = validate(stepData);
  const ofOptions = inEffect.choices.flatMap((site) =>
    site.chosen < 0 ? [] : optionErrors(validators, step.schema, site, site.path === '' ? stepData : getAt(stepData, site.path)),
  );
  if (!valid || ofOptions.length > 0) {
    // errorsInEffect answers a new list: sorting it leaves the validator's own errors as they are.
    const raws = inKeywordOrder([...errorsInEffect(validate.errors ?? [], inEffect.decisions), ...ofOptions]);
    for (const raw of raws) {
      const field = errorField(raw, shown.schema);
      if (byField.has(field) || isHidden(step, field, stripped)) continue;
      byField.set(field, { field, code: raw.keyword, message: mapError(shown, stepData, raw, t, vars) });
    }
  }
  for (const error of choiceErrors(step, inEffect, validators, t, vars)) {
    if (!byField.has(error.field) && !isHidden(step, error.field, stripped)) byField.set(error.field, error);
  }
  const checked = stepData === stripped[step.dataKey] ? stripped : { ...stripped, [step.dataKey]: stepData };
  for (const error of ruleErrors(shown, checked as Environment, t, vars)) {
    if (!byField.has(error.field)) byField.set(error.field, error);
  }
  return byField.size === 0 ? [] : orderByForm(shown, [...byField.values()]);
}

/**
 * The messages of choices between groups of fields that the schema's own errors do not give: a
 * choice with no option in effect is not filled in (the options may have no required fields, so
 * nothing else says so), and an option the applicant chose must be the one the data alone gives —
 * the one the server will find (conditions/effective.ts `optionForData`) —, which it is not while
 * none of the option's own questions is answered.
 */
function choiceErrors(step: StepDefinition, inEffect: StepInEffect, validators: ValidatorSet, t: Translate, vars: TextParams): FieldError[] {
  if (inEffect.choices.length === 0) return [];
  const byData = stepInEffect(step, inEffect.data, validators).choices;
  const shown = inEffect.step;
  return inEffect.choices.flatMap((site): FieldError[] => {
    if (site.chosen < 0) return [{ field: site.path, code: 'required', message: choiceMessage(shown, site.path, 'required', t, vars) }];
    if (byData.find((other) => other.pointer === site.pointer && other.path === site.path)?.chosen === site.chosen) return [];
    const option = optionTitle(site.options, site.chosen, t);
    return [{ field: site.path, code: 'choiceEmpty', message: choiceMessage(shown, site.path, 'choiceEmpty', t, vars, { option }) }];
  });
}

/** A step schema's leaf field paths in form order, and the rank found so far of each field asked about. */
interface FormOrder {
  paths: string[];
  ranks: Map<string, number>;
}

const formOrders = new WeakMap<JsonSchema, FormOrder>();

/** The place in the form of a field named as definitions name it (no item indexes), found once per schema. */
function rankIn(schema: JsonSchema, ui: UiSchema, named: string): number {
  let order = formOrders.get(schema);
  if (!order) formOrders.set(schema, (order = { paths: fieldPaths(schema, '', ui), ranks: new Map() }));
  let rank = order.ranks.get(named);
  if (rank === undefined) {
    const index = order.paths.findIndex((path) => path === named || path.startsWith(`${named}.`));
    rank = index === -1 ? order.paths.length : index;
    order.ranks.set(named, rank);
  }
  return rank;
}

/** The item indexes in a field path ('personen.1.bsn' -> '1'); '' for a path without any. */
const itemsOf = (field: string) =>
  /\d/.test(field)
    ? field
        .split('.')
        .filter((segment) => /^\d+$/.test(segment))
        .join('.')
    : '';

/** Errors in the order of the form: the step's own (no field) first, then by field; items by index. */
function orderByForm(step: StepDefinition, errors: FieldError[]): FieldError[] {
  if (errors.length < 2) return errors;
  const rank = (field: string): number => (field === '' ? -1 : rankIn(step.schema, step.uiSchema ?? {}, fieldIn(step.schema, field).named));
  const ranks = new Map(errors.map((error) => [error, { rank: rank(error.field), items: itemsOf(error.field) }]));
  return errors.sort((a, b) => {
    const first = ranks.get(a)!;
    const second = ranks.get(b)!;
    return first.rank - second.rank || first.items.localeCompare(second.items, 'en', { numeric: true });
  });
}

export interface StepErrors {
  stepId: string;
  dataKey: string;
  errors: FieldError[];
}

/** Validates every input step; only steps with errors are returned. `choices` per data key (browser). */
export function validateFlow(
  flow: FlowDocument,
  model: FlowModel,
  validators: ValidatorSet,
  t: Translate,
  choices: Record<string, Choices> = {},
): StepErrors[] {
  return flow.steps
    .map((step) => ({ stepId: step.id, dataKey: step.dataKey, errors: validateStep(flow, step, model, validators, t, choices[step.dataKey]) }))
    .filter((result) => result.errors.length > 0);
}
