/**
 * Which browser tab a page belongs to, for the files it keeps (fileStore.ts). The id lives in the
 * tab's sessionStorage, so a reload finds the tab's files again. A duplicated tab (or a window opened
 * from the page) starts with a copy of that sessionStorage, id included, while the original page is
 * still open: such a copy takes an id of its own, so that what one tab removes (cancelling, sending)
 * is never the other's files. A page that goes away leaves its id behind as a mark ('pagehide'); a
 * page that starts where the id is stored without that mark is a copy of a page still open.
 */
const TAB_KEY = 'portal-files-tab';
const LEFT_KEY = 'portal-files-tab-left';

export interface TabClaim {
  /** This page's tab id. */
  id: string;
  /** The tab this page is a copy of, whose files it takes over. */
  copiedFrom?: string;
}

let claim: TabClaim | undefined;

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The tab id of this page, worked out once per page: the stored one after a reload or a return to
 * the portal, a new one in a fresh tab or a copy (which names the tab it was copied from).
 */
export function claimTab(): TabClaim {
  if (claim) return claim;
  try {
    const stored = sessionStorage.getItem(TAB_KEY);
    const left = stored !== null && sessionStorage.getItem(LEFT_KEY) === stored;
    sessionStorage.removeItem(LEFT_KEY);
    const id = left ? stored : randomId();
    if (!left) sessionStorage.setItem(TAB_KEY, id);
    const current: TabClaim = stored !== null && !left ? { id, copiedFrom: stored } : { id };
    claim = current;
    window.addEventListener('pagehide', () => {
      try {
        sessionStorage.setItem(LEFT_KEY, current.id);
      } catch {
        // Without storage the next page is a new tab.
      }
    });
    // A page back from the back/forward cache is the same page again, still open.
    window.addEventListener('pageshow', (event) => {
      if (!event.persisted) return;
      try {
        sessionStorage.removeItem(LEFT_KEY);
      } catch {
        // Nothing to undo.
      }
    });
  } catch {
    claim = { id: randomId() };
  }
  return claim;
}

/** Forgets the claim of this page (tests: a new page in the same window). */
export function resetTabClaimForTests(): void {
  claim = undefined;
}
