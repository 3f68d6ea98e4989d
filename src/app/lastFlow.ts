/**
 * Remembers the start URL of the flow the user was last in, so the error page can link back to it
 * (doc 1 §2). FlowHost calls `rememberFlowStart`; the error page reads it.
 */
export const LAST_FLOW_START_KEY = 'portal.lastFlowStart';

/** Only same-origin portal paths are accepted ('/uzi/…'), never '//host' or absolute URLs. */
function isPortalPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

export function rememberFlowStart(url: string): void {
  if (!isPortalPath(url)) return;
  try {
    sessionStorage.setItem(LAST_FLOW_START_KEY, url);
  } catch {
    // Storage can be unavailable (private mode, disabled cookies); the back link is then hidden.
  }
}

export function readLastFlowStart(): string | undefined {
  try {
    const value = sessionStorage.getItem(LAST_FLOW_START_KEY);
    return value && isPortalPath(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
