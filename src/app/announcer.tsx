/**
 * Screen-reader announcer (doc 2 §2, §9): one visually hidden polite live region; `announce(text)`
 * clears it and sets the text after 100 ms so that repeated texts are announced again. A message
 * about what the applicant just did that leads to another page (`announceAfterTitle`) is said after
 * that page's title, in the same announcement, so the title does not take its place.
 */
import { useSyncExternalStore } from 'react';
import './visuallyHidden.css';

export const ANNOUNCER_DELAY_MS = 100;

let lines: readonly string[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
/** A message waiting for the next page title, to be said after it. */
let afterTitle: string | undefined;
const listeners = new Set<() => void>();

function setLines(next: readonly string[]): void {
  lines = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function announceLines(next: readonly string[]): void {
  if (timer !== undefined) clearTimeout(timer);
  setLines([]);
  timer = setTimeout(() => {
    timer = undefined;
    setLines(next);
  }, ANNOUNCER_DELAY_MS);
}

/** Announces `text` through the live region after `ANNOUNCER_DELAY_MS`. */
export function announce(text: string): void {
  afterTitle = undefined;
  announceLines([text]);
}

/**
 * Announces `text` after the page's title, for a message about an action that leads to another
 * page (or to the same one drawn anew): said now after the current title, and once more after the
 * next title, whose announcement would otherwise take its place.
 */
export function announceAfterTitle(text: string): void {
  announceLines(document.title ? [document.title, text] : [text]);
  afterTitle = text;
}

/** Drops the message waiting for the next title (the page it was about is no longer shown). */
export function forgetAfterTitle(): void {
  afterTitle = undefined;
}

/** Announces a page title, followed by the message waiting for it (announceAfterTitle). */
export function announceTitle(title: string): void {
  const waiting = afterTitle;
  afterTitle = undefined;
  announceLines(waiting ? [title, waiting] : [title]);
}

/** Empties the live region and drops what is waiting to be said (a test's fresh start). */
export function resetAnnouncer(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  afterTitle = undefined;
  setLines([]);
}

/** The current text of the live region (for tests and diagnostics). */
export function currentAnnouncement(): string {
  return lines.join(' ');
}

function currentLines(): readonly string[] {
  return lines;
}

const NO_LINES: readonly string[] = [];

/** Render once, inside the themed root. Marked to stay outside the inert page while a dialog is open. */
export function Announcer() {
  const shown = useSyncExternalStore(subscribe, currentLines, () => NO_LINES);
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="announcer" data-modal-keep="">
      {shown.length === 1 ? shown[0] : shown.map((line, index) => <p key={index}>{line}</p>)}
    </div>
  );
}
