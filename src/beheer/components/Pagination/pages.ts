/**
 * Arithmetic of the pagination, kept apart from React: how many pages, which page numbers to show
 * (with ellipses) and the 'Resultaat 11-20 van 45' summary.
 */

/** Marks an ellipsis in {@link paginationEntries}. */
export const ELLIPSIS = -1;

/** Number of pages for `total` results, `pageSize` per page; at least 1 (an empty list is one empty page). */
export function pageCount(total: number, pageSize: number): number {
  if (!(total > 0) || !(pageSize > 0)) return 1;
  return Math.ceil(total / pageSize);
}

/** `page` as a whole number between 1 and `count`. */
export function clampPage(page: number, count: number): number {
  const last = Math.max(1, Math.floor(count) || 1);
  if (!Number.isFinite(page)) return 1;
  return Math.min(last, Math.max(1, Math.trunc(page)));
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/**
 * The page numbers to show, at most `max` (at least 5) entries, {@link ELLIPSIS} (-1) where pages
 * are left out. First and last page are always there, as are the current page and its neighbours;
 * an ellipsis never stands for a single page (that page is shown instead).
 * E.g. page 5 of 20 -> [1, -1, 4, 5, 6, -1, 20]; page 3 of 5 -> [1, 2, 3, 4, 5].
 */
export function paginationEntries(page: number, count: number, max = 7): number[] {
  const slots = Math.max(5, Math.floor(max));
  const last = Math.max(1, Math.floor(count) || 1);
  if (last <= slots) return range(1, last);
  const current = clampPage(page, last);
  // Between first page and last page: two slots for a page or an ellipsis, and a window around the current page.
  const window = slots - 4;
  const start = Math.min(Math.max(current - Math.floor((window - 1) / 2), 3), last - 1 - window);
  const end = start + window - 1;
  return [1, start === 3 ? 2 : ELLIPSIS, ...range(start, end), end === last - 2 ? last - 1 : ELLIPSIS, last];
}

/** 'Resultaat {start}-{end} van {total}' for the (clamped) page; undefined when there are no results. */
export function resultSummary(page: number, pageSize: number, total: number): string | undefined {
  if (!(total > 0) || !(pageSize > 0)) return undefined;
  const current = clampPage(page, pageCount(total, pageSize));
  const start = (current - 1) * pageSize + 1;
  const end = Math.min(current * pageSize, total);
  return `Resultaat ${start}-${end} van ${total}`;
}
