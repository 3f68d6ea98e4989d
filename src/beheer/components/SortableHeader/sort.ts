/**
 * Sorting of table columns, apart from React: the order a header click moves to, and a stable sort of
 * rows by one field that compares text the Dutch way ('item 2' before 'item 10', 'é' next to 'e').
 */

/** Numeric sort direction (as APIs number them), for translating to and from {@link SortOrder}. */
export const SortDirection = { Descending: 0, Ascending: 1, None: 2 } as const;
export type SortDirection = (typeof SortDirection)[keyof typeof SortDirection];

/** Sort order of a column, with the values of `aria-sort`. */
export type SortOrder = 'none' | 'ascending' | 'descending';

/** The order after a click: none -> ascending -> descending -> ascending (a click never returns to none). */
export function nextSortOrder(order: SortOrder): SortOrder {
  return order === 'ascending' ? 'descending' : 'ascending';
}

/** {@link SortDirection} of an order. */
export function sortDirectionOf(order: SortOrder): SortDirection {
  return order === 'ascending' ? SortDirection.Ascending : order === 'descending' ? SortDirection.Descending : SortDirection.None;
}

/** {@link SortOrder} of a direction. */
export function sortOrderOf(direction: SortDirection): SortOrder {
  return direction === SortDirection.Ascending ? 'ascending' : direction === SortDirection.Descending ? 'descending' : 'none';
}

// Same result as `a.localeCompare(b, 'nl', { numeric: true })`, without building a collator per comparison.
const dutch = new Intl.Collator('nl', { numeric: true });

/** Ascending comparison of two cell values: text the Dutch way, numbers and dates by value, booleans false first. */
export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return dutch.compare(String(a), String(b));
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A sorted copy of `rows` by `field`; stable (equal rows keep their order) and `none` keeps the given
 * order. Empty values (undefined, null, '') come last in either direction. `compare` replaces the
 * ascending comparison of two non-empty values.
 */
export function sortRows<T, K extends keyof T = keyof T>(
  rows: readonly T[],
  field: K,
  order: SortOrder,
  compare: (a: T[K], b: T[K]) => number = compareValues,
): T[] {
  if (order === 'none') return [...rows];
  const sign = order === 'ascending' ? 1 : -1;
  return [...rows].sort((rowA, rowB) => {
    const a = rowA[field];
    const b = rowB[field];
    if (isEmpty(a) || isEmpty(b)) return Number(isEmpty(a)) - Number(isEmpty(b));
    return sign * compare(a, b);
  });
}
