/**
 * What the back office has on screen that is not saved yet, known to the whole app: leaving a page
 * asks first (in-app links go through the router's `aroundNav`, reload and closing the tab through
 * `beforeunload`), and the session saves it before it ends or the person signs out. A page with an
 * editor registers its work; the router and the session ask here.
 */
import { useSyncExternalStore } from 'react';
import type { AroundNavHandler } from 'wouter';

export interface UnsavedWork {
  /** Whether the screen holds changes that are not saved (or are being saved). */
  isDirty(): boolean;
  /** Saves them; resolves to whether that worked (a refusal is shown by the page itself). */
  save(automatic: boolean): Promise<boolean>;
  /** The person chose not to save: nothing is saved when the page goes. */
  discard(): void;
  /** Why the last save failed, in words (undefined: it did not). */
  problem(): string | undefined;
}

const works = new Set<UnsavedWork>();

/** Registers a page's work; the answer unregisters it. */
export function registerUnsavedWork(work: UnsavedWork): () => void {
  works.add(work);
  return () => {
    works.delete(work);
  };
}

export function hasUnsavedWork(): boolean {
  return [...works].some((work) => work.isDirty());
}

/** Saves all unsaved work; true when nothing is left unsaved. */
export async function saveUnsavedWork(automatic: boolean): Promise<boolean> {
  const outcomes = await Promise.all([...works].filter((work) => work.isDirty()).map((work) => work.save(automatic).catch(() => false)));
  return outcomes.every(Boolean);
}

/** Why saving failed, for each piece of work whose last save did. */
export function unsavedWorkProblems(): string[] {
  return [...works].map((work) => work.problem()).filter((problem): problem is string => problem !== undefined);
}

export function discardUnsavedWork(): void {
  for (const work of works) work.discard();
}

// A navigation that waits for the person's answer (the leave dialog shows while there is one).
let pending: { proceed: () => void } | undefined;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/**
 * The router's `aroundNav`: navigates at once, or, with unsaved work on screen, holds the
 * navigation until the leave dialog is answered.
 */
export const guardNavigation: AroundNavHandler = (navigate, to, options) => {
  if (!hasUnsavedWork()) {
    navigate(to, options);
    return;
  }
  pending = { proceed: () => navigate(to, options) };
  emit();
};

/** Answers the held navigation: go on with it (`true`) or stay (`false`). */
export function answerLeave(proceed: boolean): void {
  const held = pending;
  pending = undefined;
  emit();
  if (proceed) held?.proceed();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Whether a navigation waits for the person's answer. */
export function useLeaveRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending !== undefined,
    () => false,
  );
}

/** `beforeunload`: the browser asks before a reload or closing the tab while work is unsaved. */
export function warnBeforeUnload(event: BeforeUnloadEvent): void {
  if (!hasUnsavedWork()) return;
  event.preventDefault();
  // Older browsers ask only when returnValue is set.
  event.returnValue = '';
}
