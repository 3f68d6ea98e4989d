/**
 * The wizard state machine of doc 1 §4: steps are Active (current), Visited (before it), Disabled
 * (after it) or Hidden (never changed by transitions). Pure: the React wizard and the tests drive it.
 */
export type StepState = 'active' | 'visited' | 'disabled' | 'hidden';

export interface WizardStep {
  id: string;
  state: StepState;
}

export interface WizardState {
  steps: WizardStep[];
  current: string;
}

export type JumpResult = { ok: true; state: WizardState } | { ok: false; state: WizardState };

function assertKnown(state: WizardState, id: string): void {
  if (!state.steps.some((step) => step.id === id)) throw new Error(`Onverwachte stap: ${id}`);
}

/** Recomputes every non-hidden state from the position of `current`. */
function withCurrent(steps: WizardStep[], current: string): WizardState {
  const index = steps.findIndex((step) => step.id === current);
  return {
    current,
    steps: steps.map((step, i) => {
      if (step.state === 'hidden') return step;
      const state: StepState = i < index ? 'visited' : i === index ? 'active' : 'disabled';
      return { id: step.id, state };
    }),
  };
}

/** A new wizard on its first visible step. */
export function createWizard(ids: string[], hidden: string[] = []): WizardState {
  const steps = ids.map((id): WizardStep => ({ id, state: hidden.includes(id) ? 'hidden' : 'disabled' }));
  const first = steps.find((step) => step.state !== 'hidden');
  if (!first) throw new Error('Een wizard heeft ten minste één zichtbare stap nodig');
  return withCurrent(steps, first.id);
}

function visibleIds(state: WizardState): string[] {
  return state.steps.filter((step) => step.state !== 'hidden').map((step) => step.id);
}

/** Moves to the next visible step (call only after the current step validated and was stored). */
export function next(state: WizardState): WizardState {
  const ids = visibleIds(state);
  const index = ids.indexOf(state.current);
  return index < ids.length - 1 ? withCurrent(state.steps, ids[index + 1]) : state;
}

/** Moves to the previous visible step without validating. */
export function previous(state: WizardState): WizardState {
  const ids = visibleIds(state);
  const index = ids.indexOf(state.current);
  return index > 0 ? withCurrent(state.steps, ids[index - 1]) : state;
}

/**
 * Jumps to a step (a change link or the browser's back button). A jump to a disabled or hidden step
 * is refused and the wizard stays where it is; an unknown id is a programming error.
 */
export function jumpTo(state: WizardState, id: string): JumpResult {
  assertKnown(state, id);
  const target = state.steps.find((step) => step.id === id)!;
  if (target.state === 'disabled' || target.state === 'hidden') return { ok: false, state };
  return { ok: true, state: withCurrent(state.steps, id) };
}

/** Restores a stored position, falling back to a fresh wizard when it no longer fits the steps. */
export function restoreWizard(ids: string[], stored: WizardState | undefined): WizardState {
  if (!stored || stored.steps.length !== ids.length || stored.steps.some((step, i) => step.id !== ids[i])) {
    return createWizard(ids);
  }
  return withCurrent(stored.steps, ids.includes(stored.current) ? stored.current : ids[0]);
}

export function isLastStep(state: WizardState): boolean {
  const ids = visibleIds(state);
  return ids.at(-1) === state.current;
}

export function stepNumber(state: WizardState, id: string): number {
  return visibleIds(state).indexOf(id) + 1;
}
