/**
 * `x-resetOn`: a field returns to its prompt when one of the named fields of its step changes, so an
 * answer chosen for the old value (a specialism for another title) is not kept by accident.
 *
 * Browser: `resetDependents`. Server: nothing to enforce — a reset only spares the applicant a
 * stale choice; whether a choice fits the current answers is what `x-optionsFilter` and the schema
 * validate on both sides. Design time: the named fields exist in the step.
 */
import { getAt, withoutPath } from '../paths';
import type { StepDefinition } from '../types';
import { eachField, fieldPointer, unknownField, type RuleKind } from './types';

function resetsOf(step: StepDefinition): { path: string; on: string[] }[] {
  const found: { path: string; on: string[] }[] = [];
  eachField(step.schema, (path, child) => {
    const on = child['x-resetOn'];
    if (Array.isArray(on)) found.push({ path, on: on as string[] });
  });
  return found;
}

/** The new step data with every field cleared whose `x-resetOn` fields changed from `before`. */
export function resetDependents(step: StepDefinition, before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  let data = after;
  for (const { path, on } of resetsOf(step)) {
    if (on.some((field) => getAt(before, field) !== getAt(after, field)) && getAt(data, path) !== undefined) data = withoutPath(data, path);
  }
  return data;
}

export const resetOn: RuleKind = {
  name: 'x-resetOn',
  check: ({ flow }) =>
    flow.steps.flatMap((step, stepIndex) =>
      resetsOf(step).flatMap(({ path, on }) =>
        on.flatMap((field, index) =>
          unknownField(step, field, `${fieldPointer(stepIndex, path)}/x-resetOn/${index}`, 'Leegmaken bij wijziging (x-resetOn, velden van dezelfde stap)'),
        ),
      ),
    ),
};
