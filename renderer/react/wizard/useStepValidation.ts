/**
 * When a step's messages show and what they say. Messages show after a field lost focus or after
 * Volgende (doc 2 §4), so validation runs then — and, while a message is on screen, on every change
 * too, so it goes away as soon as the field is right (no layout jump on the next click). The check
 * itself is the core's, the same as the server's.
 */
import { useMemo, useRef, useState } from 'react';
import type { Environment } from '../../core/environment';
import type { Translate } from '../../core/i18n';
import type { FieldError, FlowDocument, StepDefinition } from '../../core/types';
import { validateStep, type ValidatorSet } from '../../core/validate';

export interface StepValidation {
  /** Field path -> the message to show now. */
  shownErrors: Record<string, string>;
  /** A field lost focus: its message may show from now on. */
  touch: (path: string) => void;
  /** Volgende: every message may show; answers the step's errors now. */
  submit: () => FieldError[];
  /** A new step: nothing shows. */
  reset: () => void;
}

export function useStepValidation(flow: FlowDocument, step: StepDefinition | undefined, working: Environment, validators: ValidatorSet, t: Translate): StepValidation {
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [checkpoint, setCheckpoint] = useState(0);
  const showing = useRef(false);
  const workingRef = useRef(working);
  workingRef.current = working;
  const live = showing.current ? working : undefined;
  const errors = useMemo(
    () => (step && checkpoint > 0 ? validateStep(flow, step, workingRef.current, validators, t) : []),
    // `live` re-runs the check on every change while a message shows; `checkpoint` after blur or submit.
    [flow, step, validators, t, checkpoint, live], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const shownErrors = useMemo(
    () => Object.fromEntries(errors.filter((error) => submitted || touched.has(error.field)).map((error) => [error.field, error.message])),
    [errors, submitted, touched],
  );
  showing.current = Object.keys(shownErrors).length > 0;

  return {
    shownErrors,
    touch: (path) => {
      setTouched((current) => (current.has(path) ? current : new Set(current).add(path)));
      setCheckpoint((current) => current + 1);
    },
    submit: () => {
      setSubmitted(true);
      setCheckpoint((current) => current + 1);
      return step ? validateStep(flow, step, working, validators, t) : [];
    },
    reset: () => {
      setTouched(new Set());
      setSubmitted(false);
      setCheckpoint(0);
    },
  };
}
