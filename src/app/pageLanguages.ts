/**
 * The languages the content of the page on screen is in, when not every language of the portal: a
 * Dutch-only flow (`"languages": ["nl"]`) says so here, and the language switch tells the applicant
 * that the form is only available in Dutch. One value for the page, set by what it shows.
 */
import { useSyncExternalStore } from 'react';
import type { Lang } from '../../renderer/core/i18n';

let current: readonly Lang[] | undefined;
const listeners = new Set<() => void>();

/** Sets (or with undefined clears) the languages of the page's content. */
export function setPageLanguages(languages: readonly Lang[] | undefined): void {
  if (current === languages) return;
  current = languages;
  for (const listener of listeners) listener();
}

export function usePageLanguages(): readonly Lang[] | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => current,
  );
}
