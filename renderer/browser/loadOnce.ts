/**
 * A load that runs once and is shared by every caller (code fetched on demand, the other steps'
 * validators). A load that fails is forgotten, so the next call tries again: a connection lost for a
 * moment does not leave the page without that code.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load();
    pending.catch(() => {
      pending = undefined;
    });
    return pending;
  };
}
