import { describe, expect, it } from 'vitest';
import { createWizard, isLastStep, jumpTo, next, previous, restoreWizard, stepNumber, type WizardState } from '../../renderer/core/wizard';

const ids = ['stap1', 'stap2', 'stap3', 'stap4'];
const states = (state: WizardState): Record<string, string> => Object.fromEntries(state.steps.map((step) => [step.id, step.state]));

describe('createWizard', () => {
  it('starts on the first step; the rest is disabled', () => {
    const wizard = createWizard(ids);
    expect(wizard.current).toBe('stap1');
    expect(states(wizard)).toEqual({ stap1: 'active', stap2: 'disabled', stap3: 'disabled', stap4: 'disabled' });
  });

  it('keeps hidden steps hidden and starts on the first visible step', () => {
    const wizard = createWizard(ids, ['stap1', 'stap3']);
    expect(wizard.current).toBe('stap2');
    expect(states(wizard)).toEqual({ stap1: 'hidden', stap2: 'active', stap3: 'hidden', stap4: 'disabled' });
  });

  it('keeps the order of the steps', () => {
    expect(createWizard(ids).steps.map((step) => step.id)).toEqual(ids);
  });

  it('refuses a wizard without a visible step', () => {
    expect(() => createWizard(['a', 'b'], ['a', 'b'])).toThrow();
    expect(() => createWizard([])).toThrow();
  });
});

describe('next and previous', () => {
  it('next marks the current step visited and activates the next one', () => {
    const wizard = next(createWizard(ids));
    expect(wizard.current).toBe('stap2');
    expect(states(wizard)).toEqual({ stap1: 'visited', stap2: 'active', stap3: 'disabled', stap4: 'disabled' });
  });

  it('next skips hidden steps and leaves them hidden', () => {
    const wizard = next(createWizard(ids, ['stap2']));
    expect(wizard.current).toBe('stap3');
    expect(states(wizard)).toEqual({ stap1: 'visited', stap2: 'hidden', stap3: 'active', stap4: 'disabled' });
  });

  it('next on the last step stays there', () => {
    const last = next(next(next(createWizard(ids))));
    expect(last.current).toBe('stap4');
    expect(next(last)).toEqual(last);
  });

  it('previous goes back without touching hidden steps; later steps become disabled', () => {
    const atFour = next(next(createWizard(ids, ['stap3'])));
    expect(atFour.current).toBe('stap4');
    const back = previous(atFour);
    expect(back.current).toBe('stap2');
    expect(states(back)).toEqual({ stap1: 'visited', stap2: 'active', stap3: 'hidden', stap4: 'disabled' });
  });

  it('previous on the first step stays there', () => {
    const wizard = createWizard(ids);
    expect(previous(wizard)).toEqual(wizard);
  });

  it('does not change the state it was given', () => {
    const wizard = createWizard(ids);
    const copy = structuredClone(wizard);
    next(wizard);
    expect(wizard).toEqual(copy);
  });
});

describe('jumpTo', () => {
  const atThree = (): WizardState => next(next(createWizard(ids)));

  it('jumps back to a visited step; later steps become disabled again', () => {
    const result = jumpTo(atThree(), 'stap1');
    expect(result.ok).toBe(true);
    expect(result.state.current).toBe('stap1');
    expect(states(result.state)).toEqual({ stap1: 'active', stap2: 'disabled', stap3: 'disabled', stap4: 'disabled' });
    // The previously visited stap2 can no longer be jumped to.
    expect(jumpTo(result.state, 'stap2').ok).toBe(false);
  });

  it('a jump to the active step is allowed and changes nothing', () => {
    const wizard = atThree();
    const result = jumpTo(wizard, 'stap3');
    expect(result.ok).toBe(true);
    expect(result.state).toEqual(wizard);
  });

  it('refuses a jump to a disabled step and keeps the state', () => {
    const wizard = atThree();
    const result = jumpTo(wizard, 'stap4');
    expect(result.ok).toBe(false);
    expect(result.state).toBe(wizard);
    expect(result.state.current).toBe('stap3');
  });

  it('refuses a jump to a hidden step and keeps the state', () => {
    const wizard = next(next(createWizard(ids, ['stap2'])));
    expect(wizard.current).toBe('stap4');
    const result = jumpTo(wizard, 'stap2');
    expect(result.ok).toBe(false);
    expect(result.state).toBe(wizard);
    expect(states(result.state).stap2).toBe('hidden');
  });

  it('throws on an unknown step id', () => {
    expect(() => jumpTo(createWizard(ids), 'stap9')).toThrow(/stap9/);
  });
});

describe('restoreWizard', () => {
  it('restores a stored position that fits the steps', () => {
    const stored = next(next(createWizard(ids)));
    const restored = restoreWizard(ids, structuredClone(stored));
    expect(restored.current).toBe('stap3');
    expect(states(restored)).toEqual({ stap1: 'visited', stap2: 'visited', stap3: 'active', stap4: 'disabled' });
  });

  it('recomputes the states from the stored current step', () => {
    const tampered: WizardState = {
      current: 'stap2',
      steps: [
        { id: 'stap1', state: 'disabled' },
        { id: 'stap2', state: 'visited' },
        { id: 'stap3', state: 'visited' },
        { id: 'stap4', state: 'active' },
      ],
    };
    expect(states(restoreWizard(ids, tampered))).toEqual({ stap1: 'visited', stap2: 'active', stap3: 'disabled', stap4: 'disabled' });
  });

  it('keeps stored hidden steps hidden', () => {
    const stored = next(createWizard(ids, ['stap2']));
    const restored = restoreWizard(ids, stored);
    expect(restored.current).toBe('stap3');
    expect(states(restored).stap2).toBe('hidden');
  });

  it('starts fresh without a stored state', () => {
    expect(restoreWizard(ids, undefined)).toEqual(createWizard(ids));
  });

  it('starts fresh when the stored steps do not match (count, ids or order)', () => {
    const fresh = createWizard(ids);
    const fewer = next(createWizard(['stap1', 'stap2', 'stap3']));
    const renamed = next(createWizard(['stap1', 'stap2', 'stap3', 'stapX']));
    const reordered = next(createWizard(['stap2', 'stap1', 'stap3', 'stap4']));
    expect(restoreWizard(ids, fewer)).toEqual(fresh);
    expect(restoreWizard(ids, renamed)).toEqual(fresh);
    expect(restoreWizard(ids, reordered)).toEqual(fresh);
  });

  it('falls back to the first step when the stored current id is unknown', () => {
    const stored: WizardState = { ...next(createWizard(ids)), current: 'weg' };
    const restored = restoreWizard(ids, stored);
    expect(restored.current).toBe('stap1');
    expect(states(restored).stap1).toBe('active');
  });
});

describe('isLastStep and stepNumber', () => {
  it('count only visible steps', () => {
    const wizard = createWizard(ids, ['stap2', 'stap4']);
    expect(stepNumber(wizard, 'stap1')).toBe(1);
    expect(stepNumber(wizard, 'stap3')).toBe(2);
    expect(stepNumber(wizard, 'stap2')).toBe(0);
    expect(isLastStep(wizard)).toBe(false);
    const atThree = next(wizard);
    expect(atThree.current).toBe('stap3');
    expect(isLastStep(atThree)).toBe(true);
  });

  it('the last listed step is the last step when nothing is hidden', () => {
    let wizard = createWizard(ids);
    for (let i = 0; i < 3; i += 1) {
      expect(isLastStep(wizard)).toBe(false);
      wizard = next(wizard);
    }
    expect(isLastStep(wizard)).toBe(true);
    expect(stepNumber(wizard, 'stap4')).toBe(4);
  });
});
