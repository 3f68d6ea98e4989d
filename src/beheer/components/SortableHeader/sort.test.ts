import { describe, expect, it } from 'vitest';
import { SortDirection, nextSortOrder, type SortOrder, sortDirectionOf, sortOrderOf, sortRows } from './sort';

describe('nextSortOrder', () => {
  it('goes none -> ascending -> descending -> ascending, never back to none', () => {
    const seen = [];
    let order: SortOrder = 'none';
    for (let click = 0; click < 5; click++) seen.push((order = nextSortOrder(order)));
    expect(seen).toEqual(['ascending', 'descending', 'ascending', 'descending', 'ascending']);
  });
});

describe('SortDirection', () => {
  it('translates to and from the orders', () => {
    expect(SortDirection).toEqual({ Descending: 0, Ascending: 1, None: 2 });
    expect((['ascending', 'descending', 'none'] as const).map(sortDirectionOf)).toEqual([1, 0, 2]);
    expect([0, 1, 2].map((direction) => sortOrderOf(direction as SortDirection))).toEqual(['descending', 'ascending', 'none']);
  });
});

describe('sortRows', () => {
  const rows = [
    { id: 1, name: 'item 10', city: 'Utrecht', count: 3 },
    { id: 2, name: 'Émile', city: 'Amsterdam', count: 10 },
    { id: 3, name: 'item 2', city: 'Utrecht', count: 2 },
    { id: 4, name: 'anna', city: '', count: 3 },
    { id: 5, name: 'Bert', city: 'Amsterdam', count: 1 },
  ];
  const ids = (sorted: typeof rows) => sorted.map((row) => row.id);

  it('compares text in Dutch with numbers by value, case and accents aside', () => {
    expect(ids(sortRows(rows, 'name', 'ascending'))).toEqual([4, 5, 2, 3, 1]);
    expect(ids(sortRows(rows, 'name', 'descending'))).toEqual([1, 3, 2, 5, 4]);
  });

  it('is stable in both directions, numbers by value, empty values last', () => {
    expect(ids(sortRows(rows, 'city', 'ascending'))).toEqual([2, 5, 1, 3, 4]);
    expect(ids(sortRows(rows, 'city', 'descending'))).toEqual([1, 3, 2, 5, 4]);
    expect(ids(sortRows(rows, 'count', 'ascending'))).toEqual([5, 3, 1, 4, 2]);
  });

  it('keeps the given order for none, copies, and takes another comparison', () => {
    const sorted = sortRows(rows, 'name', 'none');
    expect(ids(sorted)).toEqual([1, 2, 3, 4, 5]);
    expect(sorted).not.toBe(rows);
    expect(ids(sortRows(rows, 'name', 'ascending', (a, b) => b.length - a.length))).toEqual([1, 3, 2, 4, 5]);
  });
});
