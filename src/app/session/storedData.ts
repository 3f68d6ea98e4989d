/**
 * What the browser keeps of an applicant's work across a timeout (README 'Session timeout and
 * privacy'): the flows' entered data (sessionStorage of this tab) and chosen files (IndexedDB, this
 * tab), plus the page to return to. Kept after a timeout, removed on logging out or on request.
 */
import { clearAllFlowStates, hasAnyFlowState } from '../../../renderer/react/flowStorage';
import { clearTabFiles } from '../../../widgets/FileUpload/fileStore';

export const RESUME_KEY = 'portal.session.resume';

function isPortalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** Remembers the page the applicant was on when the session timed out. */
export function rememberResumePath(path: string): void {
  if (!isPortalPath(path)) return;
  try {
    sessionStorage.setItem(RESUME_KEY, path);
  } catch {
    // Without storage the logged-out page links to the start of the form instead.
  }
}

export function readResumePath(): string | undefined {
  try {
    const path = sessionStorage.getItem(RESUME_KEY);
    return path && isPortalPath(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export function hasEnteredData(): boolean {
  return hasAnyFlowState();
}

/** Removes everything the applicant entered or chose from this tab. */
export async function forgetEnteredData(): Promise<void> {
  clearAllFlowStates();
  try {
    sessionStorage.removeItem(RESUME_KEY);
  } catch {
    // Nothing to remove.
  }
  await clearTabFiles();
}
