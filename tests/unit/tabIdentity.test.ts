// @vitest-environment jsdom
// A tab's id for its files: kept over a reload, new in a copy of a tab whose page is still open.
import { afterEach, describe, expect, it } from 'vitest';
import { claimTab, resetTabClaimForTests } from '../../renderer/browser/tabIdentity';

/** A new page in the same tab (or in a copy: sessionStorage is what the copy started with). */
function nextPage() {
  resetTabClaimForTests();
  return claimTab();
}

afterEach(() => {
  sessionStorage.clear();
  resetTabClaimForTests();
});

describe('tab identity', () => {
  it('keeps the id over a reload: the page that left marked the tab', () => {
    const first = nextPage();
    expect(first.copiedFrom).toBeUndefined();
    window.dispatchEvent(new Event('pagehide'));
    const reloaded = nextPage();
    expect(reloaded).toEqual({ id: first.id });
  });

  it('gives a copy of an open tab an id of its own, naming the original', () => {
    const original = nextPage();
    // The copy starts with the original's sessionStorage while the original page is still open.
    const copy = nextPage();
    expect(copy.id).not.toBe(original.id);
    expect(copy.copiedFrom).toBe(original.id);
    // A reload of the copy keeps the copy's id.
    window.dispatchEvent(new Event('pagehide'));
    expect(nextPage()).toEqual({ id: copy.id });
  });
});
