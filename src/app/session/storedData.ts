/**
 * What the browser keeps of an applicant's work across a timeout (docs/how-it-works.md 'Session
 * timeout and privacy'): the flows' entered data (sessionStorage of this tab) and chosen files
 * (IndexedDB, this tab), plus the page to return to. Kept after a timeout, removed on logging out
 * or on request.
 */
import { clearAllFlowStates, hasAnyFlowState } from '../../../renderer/browser/flowStorage';
import { clearTabFiles } from '../../../renderer/browser/fileStore';
import { forgetAttempts } from '../../api/idempotency';
import { readPortalPath, rememberPortalPath } from '../lastFlow';

export const RESUME_KEY = 'portal.session.resume';

/** Remembers the page the applicant was on when the session timed out. */
export function rememberResumePath(path: string): void {
  rememberPortalPath(RESUME_KEY, path);
}

export function readResumePath(): string | undefined {
  return readPortalPath(RESUME_KEY);
}

export function hasEnteredData(): boolean {
  return hasAnyFlowState();
}

/** Removes everything the applicant entered or chose from this tab. */
export async function forgetEnteredData(): Promise<void> {
  clearAllFlowStates();
  forgetAttempts();
  try {
    sessionStorage.removeItem(RESUME_KEY);
  } catch {
    // Nothing to remove.
  }
  await clearTabFiles();
}
