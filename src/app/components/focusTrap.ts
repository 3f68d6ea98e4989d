/**
 * DOM helpers of the modal dialog: which elements Tab reaches inside it, where Tab must wrap so focus
 * never leaves it, and making everything outside it inert (not focusable, not clickable, hidden from
 * assistive technology) while it is open.
 */

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Elements Tab can reach inside `container`, in document order (visibility is not checked). */
export function tabbables(container: Element): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(TABBABLE)).filter((element) => element.tabIndex >= 0);
}

/** A radio group is one Tab stop; any other element is its own. */
function stopOf(element: Element | null): Element | string | null {
  return element instanceof HTMLInputElement && element.type === 'radio' && element.name ? `radio:${element.name}` : element;
}

/** Where focus lands when Tab enters a stop: the checked radio of a group, else its first (forward) or last radio. */
function entryOf(elements: HTMLElement[], stop: Element | string | null, forward: boolean): HTMLElement | undefined {
  const members = elements.filter((element) => stopOf(element) === stop);
  const checked = members.find((element) => element instanceof HTMLInputElement && element.checked);
  return checked ?? (forward ? members[0] : members[members.length - 1]);
}

/**
 * The element to focus instead of the browser's next one when Tab (or Shift+Tab) would leave
 * `container`; undefined when the browser's own move stays inside.
 */
export function wrapTarget(container: Element, active: Element | null, backwards: boolean): HTMLElement | undefined {
  const elements = tabbables(container);
  if (elements.length === 0) return undefined;
  const first = stopOf(elements[0]);
  const last = stopOf(elements[elements.length - 1]);
  const stop = stopOf(active);
  const inside = active !== null && container.contains(active);
  if (inside && elements.includes(active as HTMLElement)) {
    if (!backwards && stop === last) return entryOf(elements, first, true);
    if (backwards && stop === first) return entryOf(elements, last, false);
    return undefined;
  }
  // Focus on something Tab does not reach (the dialog, a heading) or outside: wrap when nothing follows.
  const follows = (element: Element) => Boolean(active && active.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING);
  if (!inside) return entryOf(elements, backwards ? last : first, !backwards);
  if (!backwards) return elements.some(follows) ? undefined : entryOf(elements, first, true);
  return elements.some((element) => !follows(element)) ? undefined : entryOf(elements, last, false);
}

/**
 * Makes every element outside `keep` (and outside their ancestors' other branches that hold one)
 * inert; returns the function that undoes exactly that.
 */
export function inertOutside(keep: readonly Element[]): () => void {
  const changed: Element[] = [];
  const visit = (parent: Element) => {
    for (const child of Array.from(parent.children)) {
      if (keep.includes(child) || child.tagName === 'SCRIPT') continue;
      if (keep.some((element) => child.contains(element))) visit(child);
      else if (!child.hasAttribute('inert')) {
        child.setAttribute('inert', '');
        changed.push(child);
      }
    }
  };
  visit(document.body);
  return () => {
    for (const element of changed) element.removeAttribute('inert');
  };
}
