/**
 * Values the flow sets itself (`derive` rules of a step): when a rule holds, its field gets the
 * rule's value — e.g. a training title implied by the chosen quality register. Applied in the
 * browser when data changes and on the server before validation, so both see the same model (the
 * server overwrites whatever the browser sent for such a field). While a rule holds its field is
 * shown read-only; when it stops holding, the value it set is cleared.
 */
import type { Environment } from '../environment';
import { evaluate, evaluateValue } from '../logic';
import { getAt, setAt, withoutPath } from '../paths';
import type { FlowDocument, FlowModel, StepDefinition } from '../types';
import { unknownField, type RuleKind } from './types';

/** The model with every holding derive rule applied (a new object when something changed). */
export function applyDerived<T extends FlowModel | Environment>(flow: FlowDocument, model: T): T {
  let current = model;
  for (const step of flow.steps) {
    for (const rule of step.derive ?? []) {
      if (!evaluate(rule.when, current)) continue;
      const value = evaluateValue(rule.value, current);
      const path = [step.dataKey, ...rule.field.split('.')];
      if (getAt(current, path) !== value) current = setAt(current as Record<string, unknown>, path, value) as T;
    }
  }
  return current;
}

/** The fields of `step` the flow sets itself right now (their rule holds): shown, not asked. */
export function derivedFields(step: StepDefinition | undefined, env: FlowModel | Environment): string[] {
  return (step?.derive ?? []).filter((rule) => evaluate(rule.when, env)).map((rule) => rule.field);
}

/**
 * The step data after a change, without the values a rule set that no longer holds: a training
 * title implied by the old register is not left behind as if the applicant had chosen it.
 */
export function releaseDerived(
  step: StepDefinition,
  before: FlowModel | Environment,
  after: FlowModel | Environment,
  data: Record<string, unknown>,
): Record<string, unknown> {
  let result = data;
  for (const rule of step.derive ?? []) {
    if (evaluate(rule.when, before) && !evaluate(rule.when, after) && getAt(result, rule.field) !== undefined) result = withoutPath(result, rule.field);
  }
  return result;
}

/** Design-time check: each derived field exists in its step; its rules read only what the flow has. */
export const derivedValues: RuleKind = {
  name: 'derive',
  check({ flow, vars }) {
    return flow.steps.flatMap((step, stepIndex) =>
      (step.derive ?? []).flatMap((rule, index) => {
        const pointer = `/steps/${stepIndex}/derive/${index}`;
        return [
          ...unknownField(step, rule.field, `${pointer}/field`, 'een vast antwoord (derive)'),
          ...vars(`${pointer}/when`, rule.when),
          ...vars(`${pointer}/value`, rule.value),
        ];
      }),
    );
  },
};
