/**
 * Every rule kind a flow document can state, in one list: the flow pipeline runs each one's check,
 * step validation (browser and server) each one's `validate`, and the server each one's `enforce`
 * on every route that accepts a flow's data.
 */
import type { Environment } from '../environment';
import type { TextParams, Translate } from '../i18n';
import type { FieldError, FlowDocument, StepDefinition } from '../types';
import { addressCheck } from './addressCheck';
import { boxes } from './boxes';
import { crossFieldRules } from './crossField';
import { derivedValues } from './derive';
import { fileCheck } from './fileCheck';
import { optionsFilter } from './optionsFilter';
import { resetOn } from './resetOn';
import type { CheckContext, DesignProblem, Finding, RuleKind, RuleServices } from './types';
import { visibility } from './visibility';

export const RULE_KINDS: readonly RuleKind[] = [visibility, derivedValues, crossFieldRules, optionsFilter, resetOn, addressCheck, boxes, fileCheck];

/** Design-time problems of every rule kind. */
export function checkRules(context: CheckContext): DesignProblem[] {
  return RULE_KINDS.flatMap((kind) => kind.check(context));
}

/** Field errors the rule kinds find in one step (model without hidden data), in list order. */
export function ruleErrors(step: StepDefinition, model: Environment, t: Translate, vars: TextParams): FieldError[] {
  return RULE_KINDS.flatMap((kind) => kind.validate?.(step, model, t, vars) ?? []);
}

/** What the server-only enforcements refuse, for every route that accepts the flow's data. */
export async function enforceRules(flow: FlowDocument, model: Environment, services: RuleServices): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const kind of RULE_KINDS) if (kind.enforce) findings.push(...(await kind.enforce(flow, model, services)));
  return findings;
}

export type { CheckContext, DesignProblem, Finding, RuleKind, RuleServices } from './types';
