/**
 * Values the flow sets itself (`derive` rules of a step): when a rule holds, its field gets the
 * rule's value — e.g. a training title implied by the chosen quality register. Applied in the
 * browser when data changes and on the server before validation, so both see the same model.
 */
import type { Environment } from './environment';
import { evaluate, evaluateValue } from './logic';
import { getAt } from './paths';
import type { FlowDocument, FlowModel } from './types';

function setAt(data: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path;
  if (rest.length === 0) return { ...data, [head]: value };
  return { ...data, [head]: setAt((data[head] as Record<string, unknown> | undefined) ?? {}, rest, value) };
}

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
