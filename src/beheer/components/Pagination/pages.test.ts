import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, paginationEntries, resultSummary } from './pages';

describe('pageCount and clampPage', () => {
  it('counts at least one page', () => {
    expect(pageCount(45, 10)).toBe(5);
    expect(pageCount(40, 10)).toBe(4);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 0)).toBe(1);
  });

  it('keeps the page between 1 and the count', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-3, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(2.7, 5)).toBe(2);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(4, 0)).toBe(1);
  });
});

describe('paginationEntries', () => {
  it('shows every page when they fit', () => {
    expect(paginationEntries(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationEntries(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(paginationEntries(1, 1)).toEqual([1]);
  });

  it('shows first, last, the current page and its neighbours, -1 for an ellipsis, at most 7 entries', () => {
    expect(paginationEntries(5, 20)).toEqual([1, -1, 4, 5, 6, -1, 20]);
    expect(paginationEntries(1, 20)).toEqual([1, 2, 3, 4, 5, -1, 20]);
    expect(paginationEntries(4, 20)).toEqual([1, 2, 3, 4, 5, -1, 20]);
    expect(paginationEntries(17, 20)).toEqual([1, -1, 16, 17, 18, 19, 20]);
    expect(paginationEntries(20, 20)).toEqual([1, -1, 16, 17, 18, 19, 20]);
    for (let page = 1; page <= 30; page++) {
      const entries = paginationEntries(page, 30);
      expect(entries.length).toBeLessThanOrEqual(7);
      expect(entries).toContain(page);
      expect([entries[0], entries.at(-1)]).toEqual([1, 30]);
    }
  });

  it('clamps the current page and honours another maximum', () => {
    expect(paginationEntries(99, 20)).toEqual([1, -1, 16, 17, 18, 19, 20]);
    expect(paginationEntries(10, 20, 9)).toEqual([1, -1, 8, 9, 10, 11, 12, -1, 20]);
  });
});

describe('resultSummary', () => {
  it('says which results the page shows, only when there are any', () => {
    expect(resultSummary(2, 10, 45)).toBe('Resultaat 11-20 van 45');
    expect(resultSummary(5, 10, 45)).toBe('Resultaat 41-45 van 45');
    expect(resultSummary(9, 10, 45)).toBe('Resultaat 41-45 van 45');
    expect(resultSummary(1, 10, 0)).toBeUndefined();
  });
});
