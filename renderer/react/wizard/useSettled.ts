/**
 * Says on the page when the step on screen is settled: `data-settled="true"` on the wizard's root
 * once the step is drawn, the code it shows is loaded, no reference data or lookup is pending
 * (renderer/browser/pendingWork) and the check of its answers is there — and not while a new step
 * loads or an action (Volgende, Vorige, a jump) is under way. Browser tests wait for it instead of
 * for a quiet document; nothing in the portal reads it.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { onPendingWork, pendingWork } from '../../browser/pendingWork';

export const SETTLED_ATTRIBUTE = 'data-settled';

/** Whether no work is pending on the page; the component draws again when that changes. */
function useNoPendingWork(): boolean {
  const [idle, setIdle] = useState(() => pendingWork() === 0);
  useEffect(() => {
    const update = () => setIdle(pendingWork() === 0);
    update();
    return onPendingWork(update);
  }, []);
  return idle;
}

/**
 * Sets the attribute on `root` while `ready` holds and no work is pending. `step` names the step
 * shown: a new one is marked only in the render after its first, so what its components change
 * when they appear (messages reset, focus moved) is drawn first. Answers the function an action
 * calls before it starts: it takes the mark away at once, and the mark returns when the wizard is
 * ready again.
 */
export function useSettled(root: RefObject<HTMLElement | null>, ready: boolean, step: string): () => void {
  const idle = useNoPendingWork();
  const [drawn, setDrawn] = useState<string | undefined>(undefined);
  const [actions, setActions] = useState(0);
  useEffect(() => {
    if (drawn !== step) setDrawn(step);
  }, [drawn, step]);
  useEffect(() => {
    const element = root.current;
    // The count itself as well as the state drawn: work that began in this commit (a part that
    // waits for its code) has not reached the state yet.
    if (!element || drawn !== step || !ready || !idle || pendingWork() > 0) return undefined;
    element.setAttribute(SETTLED_ATTRIBUTE, 'true');
    return () => element.removeAttribute(SETTLED_ATTRIBUTE);
  }, [root, drawn, step, ready, idle, actions]);
  return useCallback(() => {
    root.current?.removeAttribute(SETTLED_ATTRIBUTE);
    setActions((count) => count + 1);
  }, [root]);
}
