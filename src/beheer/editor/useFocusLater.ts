/**
 * Moving the focus after a change has been drawn: to a new row, the row a block moved to, the button
 * left after a removal. The element may not be there in the first render after the change (the page
 * can render once more with what it had before, when another update came first), so the wish is kept
 * for a few renders until the element is there — never longer, so a later render cannot take the
 * focus away from where the person went since.
 */
import { useEffect, useRef, type RefObject } from 'react';

const RENDERS_KEPT = 5;

/** `focusLater(find)`: after the next renders, focuses what `find` returns in `root` once it is there. */
export function useFocusLater(root: RefObject<HTMLElement | null>): (find: (container: HTMLElement) => HTMLElement | null | undefined) => void {
  const pending = useRef<{ find: (container: HTMLElement) => HTMLElement | null | undefined; left: number } | null>(null);
  useEffect(() => {
    const wish = pending.current;
    if (!wish || !root.current) return;
    const found = wish.find(root.current);
    if (found) found.focus();
    pending.current = found || wish.left <= 1 ? null : { ...wish, left: wish.left - 1 };
  });
  return (find) => {
    pending.current = { find, left: RENDERS_KEPT };
  };
}
