/**
 * The step on screen as in effect for its data (conditions decided, see core/conditions): the same
 * objects as long as nothing is decided differently, so typing in a step with conditions does not
 * give the form a new schema on every key press; the step itself when it has no conditions.
 */
import { useMemo, useRef } from 'react';
import { hasAnyConditions, stepInEffect, type ChoiceSite, type Choices } from '../../core/conditions';
import type { Environment } from '../../core/environment';
import { stripHidden } from '../../core/rules/visibility';
import type { FlowDocument, StepDefinition } from '../../core/types';
import type { ValidatorSet } from '../../core/validate';

export interface ShownStep {
  /** The step as shown (undefined on the review). */
  step: StepDefinition | undefined;
  choices: ChoiceSite[];
}

const NONE: ChoiceSite[] = [];

export function useStepInEffect(
  flow: FlowDocument,
  step: StepDefinition | undefined,
  working: Environment,
  validators: ValidatorSet,
  choices: Choices | undefined,
): ShownStep {
  const conditional = step !== undefined && hasAnyConditions(step.schema);
  const decided = useMemo(() => {
    if (!step || !conditional) return undefined;
    const data = (stripHidden(flow, working)[step.dataKey] ?? {}) as Record<string, unknown>;
    return stepInEffect(step, data, validators, choices);
  }, [flow, step, conditional, working, validators, choices]);
  const shown = useRef<{ step: StepDefinition | undefined; key: string; value: ShownStep } | undefined>(undefined);
  if (!decided) return { step, choices: NONE };
  const key = JSON.stringify(decided.decisions);
  const previous = shown.current;
  if (previous && previous.step === step && previous.key === key) return previous.value;
  shown.current = { step, key, value: { step: decided.step, choices: decided.choices } };
  return shown.current.value;
}
