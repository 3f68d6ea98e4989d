/**
 * Screen-reader announcer (doc 2 §2, §9): one visually hidden polite live region; `announce(text)`
 * clears it and sets the text after 100 ms so that repeated texts are announced again.
 */
import { useSyncExternalStore } from 'react';
import './visuallyHidden.css';

export const ANNOUNCER_DELAY_MS = 100;

let message = '';
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setMessage(text: string): void {
  message = text;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Announces `text` through the live region after `ANNOUNCER_DELAY_MS`. */
export function announce(text: string): void {
  if (timer !== undefined) clearTimeout(timer);
  setMessage('');
  timer = setTimeout(() => {
    timer = undefined;
    setMessage(text);
  }, ANNOUNCER_DELAY_MS);
}

/** The current text of the live region (for tests and diagnostics). */
export function currentAnnouncement(): string {
  return message;
}

/** Render once, inside the themed root. Marked to stay outside the inert page while a dialog is open. */
export function Announcer() {
  const text = useSyncExternalStore(subscribe, currentAnnouncement, () => '');
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="announcer" data-modal-keep="">
      {text}
    </div>
  );
}
