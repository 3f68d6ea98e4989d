/** Page titles (doc 2 §2): segments joined with ' | ', application name appended, then announced. */
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import type { Translate } from '../../renderer/core/i18n';
import type { PortalConfig } from '../api/client';
import { announceTitle } from './announcer';
import { useT } from './i18n';
import { usePortal } from './portal';
import { scenarioFromPath, type Scenario } from './routes';

export const TITLE_SEPARATOR = ' | ';

export function joinTitle(segments: readonly string[], applicationName: string): string {
  return [...segments, applicationName].filter((part) => part !== '').join(TITLE_SEPARATOR);
}

/** Sets `document.title` and announces it to screen readers; returns the title. */
export function setPageTitle(segments: readonly string[], applicationName: string): string {
  const title = joinTitle(segments, applicationName);
  document.title = title;
  announceTitle(title);
  return title;
}

/**
 * The portal's name as the last part of every title and in the footer: the one the deployment
 * configured (APPLICATION_NAME), else the register's portal of the page's scenario, in the language shown.
 */
export function applicationNameOf(config: PortalConfig | undefined, t: Translate, scenario: Scenario): string {
  return config?.applicationName ?? t(`shell.app.name.${scenario}`);
}

/** Sets the page title whenever the (translated) segments or the application name change. */
export function usePageTitle(segments: readonly string[]): void {
  const { config } = usePortal();
  const t = useT();
  const [location] = useLocation();
  const applicationName = applicationNameOf(config, t, scenarioFromPath(location) ?? 'uzi');
  const key = JSON.stringify(segments);
  useEffect(() => {
    setPageTitle(JSON.parse(key) as string[], applicationName);
  }, [key, applicationName]);
}
