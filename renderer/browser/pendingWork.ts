/**
 * Work the page is still doing before what it shows is complete: code that a Suspense boundary
 * waits for, a request for reference data, a lookup waiting for the pause after typing. Whatever
 * starts such work registers it here; the wizard marks its step settled (`data-settled`) only while
 * none is pending. Work done in the background for later pages (preloads) is not registered.
 */

let pending = 0;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Registers a piece of work; the function returned ends it (once, however often it is called). */
export function beginWork(): () => void {
  pending += 1;
  notify();
  let open = true;
  return () => {
    if (!open) return;
    open = false;
    pending -= 1;
    notify();
  };
}

/** Registers `work` until it is fulfilled or rejected; answers the same promise. */
export function trackWork<T>(work: Promise<T>): Promise<T> {
  const end = beginWork();
  work.then(end, end);
  return work;
}

/** How many pieces of work are pending now. */
export function pendingWork(): number {
  return pending;
}

/** Calls `listener` whenever work begins or ends; answers the function that stops it. */
export function onPendingWork(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
