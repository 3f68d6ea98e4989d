/**
 * The data json-logic rules see: the model plus `$lists` (the flow's reference lists) and `$vars`
 * (the flow's variables, computed in order, each able to use the ones before). Browser and server
 * build it the same way; it is never stored or sent.
 */
import { interpolate, type TextParams } from './i18n';
import { evaluateValue } from './logic';
import type { FlowDocument, FlowModel, ReferenceLists } from './types';

export type Environment = FlowModel & { $lists?: ReferenceLists; $vars?: TextParams };

export function computeVariables(flow: FlowDocument, data: Record<string, unknown>): TextParams {
  const vars: TextParams = {};
  for (const [name, rule] of Object.entries(flow.variables ?? {})) {
    const value = evaluateValue(rule, { ...data, $vars: vars });
    vars[name] = value === null || value === undefined ? undefined : (value as string | number);
  }
  return vars;
}

/** The model with `$lists` and `$vars` added, for rule evaluation. */
export function withEnvironment(flow: FlowDocument, model: FlowModel, lists: ReferenceLists = {}): Environment {
  const base = { ...model, $lists: lists } as Environment;
  return { ...base, $vars: computeVariables(flow, base) };
}

/** The model without the environment keys. */
export function withoutEnvironment(model: FlowModel): FlowModel {
  const { $lists: _lists, $vars: _vars, ...rest } = model as Environment;
  return rest;
}

/** Fills `{name}` placeholders of a flow text with the variables. */
export function fillText(text: string, env: Environment): string {
  return interpolate(text, env.$vars);
}
