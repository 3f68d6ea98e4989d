/**
 * When a step's messages show and what they say (doc 2 §4): a message appears after its field lost
 * focus or after Volgende — never while typing. Once shown, it goes as soon as the field is right
 * (the check runs on every change while messages are on screen), but a new or different message
 * waits for the next blur or Volgende. A field that appears after a failed Volgende (a follow-up
 * question) shows nothing until it is left or Volgende is pressed again. The check itself is the
 * core's, the same as the server's; its code (with every message text) is not needed to show a step,
 * so it loads right after the step is on screen, and Volgende waits for it (`ready`).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Environment } from '../../core/environment';
import type { Translate } from '../../core/i18n';
import type { Choices } from '../../core/conditions';
import type { FieldError, FlowDocument, StepDefinition } from '../../core/types';
import type { ValidatorSet } from '../../core/validate';
import { loadOnce } from '../../browser/loadOnce';

type Validation = typeof import('../../core/validate');

let loaded: Validation | undefined;

const alongside: (() => Promise<unknown>)[] = [];

/**
 * Something the check needs besides its code, loaded with it: the texts of its messages, where the
 * page keeps them apart (src/app/i18n.tsx).
 */
export function loadWithValidation(load: () => Promise<unknown>): void {
  alongside.push(load);
}

/** The core's validation, loaded once (again after a failed load). */
export const loadValidation = loadOnce(() =>
  Promise.all([import('../../core/validate'), ...alongside.map((load) => load())]).then(([module]) => (loaded = module)),
);

export interface StepValidation {
  /** Field path -> the message to show now. */
  shownErrors: Record<string, string>;
  /** Whether Volgende was pressed on this step with messages to show (the error summary shows then). */
  submitted: boolean;
  /** A field lost focus: its message may show from now on. */
  touch: (path: string) => void;
  /** Volgende: the messages of every field in error now may show; answers the step's errors now. */
  submit: () => FieldError[];
  /** A new step: nothing shows. */
  reset: () => void;
  /** Resolves once the check can run (its code is loaded); rejects when that code cannot be loaded. */
  ready: () => Promise<unknown>;
  /** Whether the check's code is loaded (the messages are worked out with it from then on). */
  loaded: boolean;
}

export function useStepValidation(
  flow: FlowDocument,
  step: StepDefinition | undefined,
  working: Environment,
  validators: ValidatorSet,
  t: Translate,
  choices?: Choices,
): StepValidation {
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  // The fields in error when Volgende was last pressed: the ones a failed Volgende speaks to.
  const [submittedFields, setSubmittedFields] = useState<Set<string> | undefined>();
  const [checkpoint, setCheckpoint] = useState(0);
  // The check's code: there when loaded, and the messages are worked out again once it arrives.
  const [validation, setValidation] = useState(loaded);
  useEffect(() => {
    if (validation) return;
    let current = true;
    loadValidation().then(
      (module) => current && setValidation(module),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [validation]);
  const showing = useRef(false);
  const workingRef = useRef(working);
  workingRef.current = working;
  const choicesRef = useRef(choices);
  choicesRef.current = choices;
  const check = () => (step && loaded ? loaded.validateStep(flow, step, workingRef.current, validators, t, choicesRef.current) : []);
  // The messages as of the last blur or Volgende.
  const atCheckpoint = useMemo(
    () => (checkpoint > 0 ? check() : []),
    [flow, step, validators, t, checkpoint, validation], // eslint-disable-line react-hooks/exhaustive-deps -- the messages change at a checkpoint, not with every keystroke (check reads the latest data through refs)
  );
  // While messages show, the fields still in error now (so a corrected field loses its message at once).
  const live = showing.current ? working : undefined;
  const stillInError = useMemo(
    () => (live ? new Set(check().map((error) => error.field)) : undefined),
    [live, choices, validation], // eslint-disable-line react-hooks/exhaustive-deps -- live is the data while messages show; check reads it through refs
  );
  const shownErrors = useMemo(
    () =>
      Object.fromEntries(
        atCheckpoint
          .filter((error) => touched.has(error.field) || submittedFields?.has(error.field))
          .filter((error) => !stillInError || stillInError.has(error.field))
          .map((error) => [error.field, error.message]),
      ),
    [atCheckpoint, touched, submittedFields, stillInError],
  );
  showing.current = Object.keys(shownErrors).length > 0;

  return {
    shownErrors,
    submitted: submittedFields !== undefined && submittedFields.size > 0,
    touch: (path) => {
      setTouched((current) => (current.has(path) ? current : new Set(current).add(path)));
      setCheckpoint((current) => current + 1);
    },
    submit: () => {
      // Volgende waits for `ready` first (FlowWizard), so the check is there.
      const errors = step && loaded ? loaded.validateStep(flow, step, working, validators, t, choices) : [];
      setSubmittedFields(new Set(errors.map((error) => error.field)));
      setCheckpoint((current) => current + 1);
      return errors;
    },
    reset: () => {
      setTouched(new Set());
      setSubmittedFields(undefined);
      setCheckpoint(0);
    },
    ready: loadValidation,
    loaded: validation !== undefined,
  };
}
