/**
 * Every rule kind a flow document can state, in one list: the flow pipeline runs each one's check
 * and the server each one's `enforce` on every route that accepts a flow's data; step validation
 * (browser and server) runs each one's `validate` through rules/validation.ts.
 */
import type { Environment } from '../environment';
import type { FlowDocument } from '../types';
import { addressCheck } from './addressCheck';
import { boxes } from './boxes';
import { conditions } from './conditions';
import { crossFieldRules } from './crossField';
import { derivedValues } from './derive';
import { fileCheck } from './fileCheck';
import { optionsFilter } from './optionsFilter';
import { resetOn } from './resetOn';
import type { CheckContext, DesignProblem, Finding, RuleKind, RuleServices } from './types';
import { visibility } from './visibility';

export const RULE_KINDS: readonly RuleKind[] = [visibility, conditions, derivedValues, crossFieldRules, optionsFilter, resetOn, addressCheck, boxes, fileCheck];

/** Design-time problems of every rule kind. */
export function checkRules(context: CheckContext): DesignProblem[] {
  return RULE_KINDS.flatMap((kind) => kind.check(context));
}

/** What the server-only enforcements refuse, for every route that accepts the flow's data. */
export async function enforceRules(flow: FlowDocument, model: Environment, services: RuleServices): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const kind of RULE_KINDS) if (kind.enforce) findings.push(...(await kind.enforce(flow, model, services)));
  return findings;
}

export type { CheckContext, DesignProblem, Finding, RuleKind, RuleServices } from './types';
