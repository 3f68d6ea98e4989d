/**
 * Remembers the start URL of the flow the user was last in, so the error page can link back to it
 * (doc 1 §2). FlowHost calls `rememberFlowStart`; the error page reads it. The same tab-local store
 * of portal paths keeps the page to return to after a session timeout (session/storedData.ts).
 */
export const LAST_FLOW_START_KEY = 'portal.lastFlowStart';

/** Only same-origin portal paths are accepted ('/uzi/…'), never '//host' or absolute URLs. */
function isPortalPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/** Keeps a portal path under `key` in this tab's sessionStorage; anything else is ignored. */
export function rememberPortalPath(key: string, url: string): void {
  if (!isPortalPath(url)) return;
  try {
    sessionStorage.setItem(key, url);
  } catch {
    // Storage can be unavailable (private mode, disabled cookies); the link is then hidden.
  }
}

/** The portal path kept under `key`, if any. */
export function readPortalPath(key: string): string | undefined {
  try {
    const value = sessionStorage.getItem(key);
    return value && isPortalPath(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function rememberFlowStart(url: string): void {
  rememberPortalPath(LAST_FLOW_START_KEY, url);
}

export function readLastFlowStart(): string | undefined {
  return readPortalPath(LAST_FLOW_START_KEY);
}
