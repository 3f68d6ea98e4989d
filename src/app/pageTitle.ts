/** Page titles (doc 2 §2): segments joined with ' | ', application name appended, then announced. */
import { useEffect } from 'react';
import { announce } from './announcer';
import { useT } from './i18n';
import { usePortal } from './portal';

export const TITLE_SEPARATOR = ' | ';

export function joinTitle(segments: readonly string[], applicationName: string): string {
  return [...segments, applicationName].filter((part) => part !== '').join(TITLE_SEPARATOR);
}

/** Sets `document.title` and announces it to screen readers; returns the title. */
export function setPageTitle(segments: readonly string[], applicationName: string): string {
  const title = joinTitle(segments, applicationName);
  document.title = title;
  announce(title);
  return title;
}

/** Sets the page title whenever the (translated) segments or the application name change. */
export function usePageTitle(segments: readonly string[]): void {
  const { config } = usePortal();
  const t = useT();
  const applicationName = config?.applicationName ?? t('shell.app.name');
  const key = JSON.stringify(segments);
  useEffect(() => {
    setPageTitle(JSON.parse(key) as string[], applicationName);
  }, [key, applicationName]);
}
