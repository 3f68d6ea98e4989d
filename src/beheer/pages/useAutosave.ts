/**
 * Saving a draft while it is edited: a save when typing pauses (AUTOSAVE_DELAY_MS) and when a
 * field loses focus, one at a time, each naming the draft as this page last had it, so a newer save
 * of someone else is never overwritten unseen (the server refuses it, and automatic saving stops
 * until the person chooses). The state is kept in words for the action bar; a screen reader hears
 * a successful automatic save at most once a minute, and every failure.
 */
import { useEffect, useRef, useState } from 'react';
import { draftConflict, type DraftAnswer, type FlowSource } from '../api';

export const AUTOSAVE_DELAY_MS = 2000;
/** A successful automatic save is announced at most this often; a failure always. */
export const ANNOUNCE_AUTOSAVE_MS = 60_000;

export type SaveState =
  | { kind: 'saved'; at: string | undefined; automatic: boolean }
  | { kind: 'dirty' }
  | { kind: 'saving' }
  | { kind: 'failed'; message: string }
  /** Someone saved or deleted the draft since this page had it; `updatedAt` is missing when it was deleted. */
  | { kind: 'conflict'; message: string; updatedAt?: string; updatedBy?: string };

export interface AutosaveOptions {
  /** What is on screen. */
  source: FlowSource;
  /** The draft as this page read it (a new object each time the page reads or replaces the draft). */
  base: { source: FlowSource; updatedAt: string } | undefined;
  /** Whether this person edits (and so saves) at all. */
  enabled: boolean;
  save: (source: FlowSource, updatedAt: string | undefined, automatic: boolean) => Promise<DraftAnswer>;
  /** A save came back: the page shows its findings (not its text: the screen may have moved on). */
  onSaved: (answer: DraftAnswer, automatic: boolean) => void;
  announce: (text: string) => void;
  delayMs?: number;
}

export interface Autosave {
  state: SaveState;
  /** The screen holds what is not saved (or is being saved). */
  dirty: boolean;
  /** The same, asked at the moment (between renders: a click right after typing). */
  isDirty(): boolean;
  /** Why the last save failed (undefined: it did not). */
  problem(): string | undefined;
  /** The draft's `updatedAt` as last read or saved here. */
  savedAt(): string | undefined;
  /** 'Nu opslaan': saves (and checks) at once, also when nothing changed. */
  saveNow(): Promise<boolean>;
  /** Saves only when something is unsaved; true when nothing is left unsaved. */
  flush(automatic: boolean): Promise<boolean>;
  /** A field lost focus. */
  blur(): void;
  /** After a conflict: save the screen over the newer save (which stays in the draft's history). */
  saveOver(): Promise<boolean>;
  /** The person chose not to save: nothing is saved any more, not even when the page goes. */
  discard(): void;
}

const textOf = (source: FlowSource): FlowSource => ({ document: source.document, ...(source.english ? { english: source.english } : {}) });
const keyOf = (source: FlowSource) => JSON.stringify([source.document, source.english ?? '']);
const TIME = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit' });

/** '14:03', the time of a save as the back office says it. */
export const timeOfDay = (iso: string) => TIME.format(new Date(iso));

export function useAutosave(options: AutosaveOptions): Autosave {
  const latest = useRef(options);
  latest.current = options;
  const saved = useRef<{ key: string; updatedAt: string | undefined } | undefined>(undefined);
  const [state, setState] = useState<SaveState>({ kind: 'saved', at: options.base?.updatedAt, automatic: false });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<boolean> | undefined>(undefined);
  // After a conflict nothing is saved on its own until the person chooses; after 'Niet opslaan' nothing at all.
  const halted = useRef(false);
  const discarded = useRef(false);
  const announcedAt = useRef(Number.NEGATIVE_INFINITY);
  const failedBefore = useRef(false);

  const isDirty = () => latest.current.enabled && saved.current !== undefined && keyOf(latest.current.source) !== saved.current.key;
  const dirty = isDirty();

  const run = async (automatic: boolean, always = false): Promise<boolean> => {
    clearTimeout(timer.current);
    while (inFlight.current) await inFlight.current;
    if (!saved.current || !latest.current.enabled) return false;
    if (!always && !isDirty()) return true;
    const { save, announce } = latest.current;
    const source = textOf(latest.current.source);
    const key = keyOf(source);
    setState({ kind: 'saving' });
    const attempt = (async () => {
      try {
        const answer = await save(source, saved.current?.updatedAt, automatic);
        saved.current = { key, updatedAt: answer.draft?.updatedAt ?? saved.current?.updatedAt };
        halted.current = false;
        latest.current.onSaved(answer, automatic);
        const at = saved.current.updatedAt;
        if (isDirty()) {
          setState({ kind: 'dirty' });
          schedule();
        } else setState({ kind: 'saved', at, automatic });
        if (automatic && at && (failedBefore.current || Date.now() - announcedAt.current >= ANNOUNCE_AUTOSAVE_MS)) {
          announcedAt.current = Date.now();
          announce(`Automatisch opgeslagen om ${timeOfDay(at)}`);
        }
        failedBefore.current = false;
        return true;
      } catch (error) {
        const message = (error as Error).message;
        const conflict = draftConflict(error);
        failedBefore.current = true;
        if (conflict) {
          halted.current = true;
          setState({ kind: 'conflict', message, ...conflict });
          announce(message);
        } else {
          setState({ kind: 'failed', message });
          announce(`Opslaan mislukt: ${message} Uw wijzigingen staan nog op het scherm.`);
        }
        return false;
      }
    })();
    inFlight.current = attempt;
    try {
      return await attempt;
    } finally {
      if (inFlight.current === attempt) inFlight.current = undefined;
    }
  };
  const runRef = useRef(run);
  runRef.current = run;

  const schedule = () => {
    clearTimeout(timer.current);
    if (halted.current || discarded.current) return;
    timer.current = setTimeout(() => void runRef.current(true), latest.current.delayMs ?? AUTOSAVE_DELAY_MS);
  };

  // The page read (or replaced) the draft: that is what the screen is compared with from now on.
  const { base } = options;
  useEffect(() => {
    saved.current = base ? { key: keyOf(base.source), updatedAt: base.updatedAt } : undefined;
    halted.current = false;
    discarded.current = false;
    clearTimeout(timer.current);
    setState({ kind: 'saved', at: base?.updatedAt, automatic: false });
  }, [base]);

  // Every change on screen: wait for a pause in typing, then save.
  const key = keyOf(options.source);
  useEffect(() => {
    if (!isDirty()) {
      clearTimeout(timer.current);
      setState((previous) =>
        previous.kind === 'dirty' || previous.kind === 'failed' ? { kind: 'saved', at: saved.current?.updatedAt, automatic: false } : previous,
      );
      return;
    }
    discarded.current = false;
    setState((previous) => (previous.kind === 'saving' || previous.kind === 'conflict' ? previous : { kind: 'dirty' }));
    if (!inFlight.current) schedule();
  }, [key]);

  // Leaving the page some other way (the browser's back button): what is on screen is saved on the way out.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (isDirty() && !halted.current && !discarded.current) void runRef.current(true);
    },
    [],
  );

  const stateRef = useRef(state);
  stateRef.current = state;

  return {
    state,
    dirty,
    isDirty,
    savedAt: () => saved.current?.updatedAt,
    problem: () => (stateRef.current.kind === 'failed' || stateRef.current.kind === 'conflict' ? stateRef.current.message : undefined),
    saveNow: () => run(false, true),
    flush: (automatic) => (isDirty() ? run(automatic) : Promise.resolve(true)),
    blur: () => {
      if (isDirty() && !halted.current) void run(true);
    },
    saveOver: () => {
      if (state.kind === 'conflict' && saved.current) saved.current = { ...saved.current, updatedAt: state.updatedAt };
      return run(false, true);
    },
    discard: () => {
      discarded.current = true;
      clearTimeout(timer.current);
    },
  };
}
