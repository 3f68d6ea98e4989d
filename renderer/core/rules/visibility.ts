/**
 * Field visibility from the json-logic rules of a flow, and stripping of hidden data. Rules read the
 * whole flow model (`dataKey.field`); a hidden field's data never makes another field visible,
 * because stripping repeats until nothing changes.
 */
import { evaluate } from '../logic';
import { getAt, isWithin, withoutPath } from '../paths';
import type { FlowDocument, FlowModel, StepDefinition } from '../types';
import { escapePointer, unknownField, type RuleKind } from './types';

/** True when `field` (or one of its parents) of `step` is hidden for this model. */
export function isHidden(step: StepDefinition, field: string, model: FlowModel): boolean {
  const rules = step.visibleIf;
  if (!rules) return false;
  return Object.entries(rules).some(
    ([path, rule]) => isWithin(field, path) && !evaluate(rule, model),
  );
}

/** The hidden field paths of a step (only those with a rule). */
export function hiddenFields(step: StepDefinition, model: FlowModel): string[] {
  return Object.entries(step.visibleIf ?? {})
    .filter(([, rule]) => !evaluate(rule, model))
    .map(([path]) => path);
}

/** Removes the data of every hidden field of every step, until stable. */
export function stripHidden(flow: FlowDocument, model: FlowModel): FlowModel {
  let current = model;
  for (let pass = 0; pass < 10; pass += 1) {
    let changed = false;
    for (const step of flow.steps) {
      for (const path of hiddenFields(step, current)) {
        const full = `${step.dataKey}.${path}`;
        if (getAt(current, full) !== undefined) {
          current = withoutPath(current, full);
          changed = true;
        }
      }
    }
    if (!changed) return current;
  }
  return current;
}

/** Field paths that carry data while hidden (a submission the server refuses). */
export function hiddenFieldsWithData(flow: FlowDocument, model: FlowModel): string[] {
  const stripped = stripHidden(flow, model);
  const offending: string[] = [];
  for (const step of flow.steps) {
    for (const path of Object.keys(step.visibleIf ?? {})) {
      const full = `${step.dataKey}.${path}`;
      if (getAt(model, full) !== undefined && getAt(stripped, full) === undefined) offending.push(full);
    }
  }
  return offending;
}

/**
 * Design-time check: every `visibleIf` names a field of its step and reads only what the flow has.
 * (Server enforcement: `hiddenFieldsWithData` refuses a submission carrying data of a hidden field.)
 */
export const visibility: RuleKind = {
  name: 'visibleIf',
  check({ flow, vars }) {
    return flow.steps.flatMap((step, index) =>
      Object.entries(step.visibleIf ?? {}).flatMap(([field, rule]) => {
        const pointer = `/steps/${index}/visibleIf/${escapePointer(field)}`;
        return [...unknownField(step, field, pointer, 'visibleIf'), ...vars(pointer, rule)];
      }),
    );
  },
};
