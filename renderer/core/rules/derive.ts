/**
 * Values the flow sets itself (`derive` rules of a step): when a rule holds, its field gets the
 * rule's value — e.g. a training title implied by the chosen quality register. Applied in the
 * browser when data changes and on the server before validation, so both see the same model (the
 * server overwrites whatever the browser sent for such a field).
 */
import type { Environment } from '../environment';
import { evaluate, evaluateValue } from '../logic';
import { getAt, setAt } from '../paths';
import type { FlowDocument, FlowModel } from '../types';
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

/** Design-time check: each derived field exists in its step; its rules read only what the flow has. */
export const derivedValues: RuleKind = {
  name: 'derive',
  check({ flow, vars }) {
    return flow.steps.flatMap((step, stepIndex) =>
      (step.derive ?? []).flatMap((rule, index) => {
        const pointer = `/steps/${stepIndex}/derive/${index}`;
        return [...unknownField(step, rule.field, `${pointer}/field`, 'derive'), ...vars(`${pointer}/when`, rule.when), ...vars(`${pointer}/value`, rule.value)];
      }),
    );
  },
};
