/**
 * The progress of sending a flow's files (doc 2 §4: each upload item is ready, uploading, uploaded,
 * in error or cancelled; the queue sends one item at a time). The files go in one request, one after
 * the other after the text fields, so the bytes of the whole request sent so far tell how far each
 * file has come: the request's own parts (field names, the text fields) are counted before the first
 * file.
 */

export type UploadItemState = 'ready' | 'uploading' | 'uploaded' | 'error' | 'cancelled';

export interface UploadItem {
  name: string;
  size: number;
  /** Bytes of this file sent so far. */
  sent: number;
  state: UploadItemState;
}

export interface UploadProgress {
  items: UploadItem[];
  /** Bytes of the whole request sent, and its size (0 until the first report). */
  loaded: number;
  total: number;
  /** sending → waiting for the answer → done; or error / cancelled. */
  phase: 'sending' | 'waiting' | 'done' | 'error' | 'cancelled';
}

/** Percent of a progress bar (doc 2 §9: value × 100 / max, rounded); 0 when there is no max. */
export function percent(value: number, max: number): number {
  return max > 0 ? Math.round((value * 100) / max) : 0;
}

export function startUpload(files: { name: string; size: number }[]): UploadProgress {
  return { items: files.map((file) => ({ ...file, sent: 0, state: 'ready' })), loaded: 0, total: 0, phase: 'sending' };
}

/** The progress after the browser reported `loaded` of `total` bytes sent. */
export function advanceUpload(progress: UploadProgress, loaded: number, total: number): UploadProgress {
  const fileBytes = progress.items.reduce((sum, item) => sum + item.size, 0);
  let remaining = Math.max(0, loaded - Math.max(0, total - fileBytes));
  let onItsWay = false;
  const items = progress.items.map((item): UploadItem => {
    const sent = Math.min(item.size, remaining);
    remaining -= sent;
    if (loaded > 0 && sent >= item.size) return { ...item, sent, state: 'uploaded' };
    // Only the first file not yet complete is on its way; the ones after it wait their turn.
    const state: UploadItemState = !onItsWay && loaded > 0 ? 'uploading' : 'ready';
    onItsWay = true;
    return { ...item, sent, state };
  });
  return { ...progress, items, loaded, total, phase: loaded >= total && total > 0 ? 'waiting' : 'sending' };
}

/** The end of the transfer: stored (every item uploaded), refused or failed, or cancelled. */
export function finishUpload(progress: UploadProgress, outcome: 'done' | 'error' | 'cancelled'): UploadProgress {
  const state: UploadItemState = outcome === 'done' ? 'uploaded' : outcome;
  // Nothing is stored unless the whole request was: every item shares the outcome, and a file whose
  // bytes had gone out before a cancel or a failure counts as not sent (never 'Geannuleerd 100%').
  return {
    ...progress,
    phase: outcome,
    items: progress.items.map((item) => ({ ...item, state, sent: outcome === 'done' ? item.size : 0 })),
  };
}
