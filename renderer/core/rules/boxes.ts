/**
 * Info and warning boxes of a step (`boxes`), each shown by its own rule after a given field.
 * Browser: `visibleBoxes`. Server: nothing to enforce (a box only informs). Design time: the field
 * it follows exists and its rule reads only what the flow has.
 */
import { fillText, type Environment } from '../environment';
import { evaluate } from '../logic';
import type { StepBox, StepDefinition } from '../types';
import { unknownField, type RuleKind } from './types';

/** The boxes whose rule holds, with their placeholders filled. */
export function visibleBoxes(step: StepDefinition | undefined, env: Environment): StepBox[] {
  return (step?.boxes ?? [])
    .filter((box) => !box.visibleIf || evaluate(box.visibleIf, env))
    .map((box) => ({ ...box, title: box.title && fillText(box.title, env), text: fillText(box.text, env) }));
}

export const boxes: RuleKind = {
  name: 'boxes',
  check: ({ flow, vars }) =>
    flow.steps.flatMap((step, stepIndex) =>
      (step.boxes ?? []).flatMap((box, index) => {
        const pointer = `/steps/${stepIndex}/boxes/${index}`;
        const unknown = box.after ? unknownField(step, box.after, `${pointer}/after`, `het kader ‘${box.id}’ (na welk veld)`) : [];
        return [...unknown, ...(box.visibleIf === undefined ? [] : vars(`${pointer}/visibleIf`, box.visibleIf))];
      }),
    ),
};
