import { describe, expect, it, vi } from 'vitest';
import { filterItems, invalidMessage, matchItem, resultCountText, searchItems } from './items';

const items = [
  { id: 'ut', label: 'Utrecht' },
  { id: 'ams', label: 'Amsterdam' },
  { id: 'rot', label: 'Rotterdam' },
];

describe('filterItems', () => {
  it('keeps the items whose label contains the query, ignoring case and spaces', () => {
    expect(filterItems(items, 'DAM').map((item) => item.id)).toEqual(['ams', 'rot']);
    expect(filterItems(items, ' trec ').map((item) => item.id)).toEqual(['ut']);
    expect(filterItems(items, 'x')).toEqual([]);
    expect(filterItems(items, '')).toEqual(items);
  });
});

describe('matchItem', () => {
  it('finds the item named exactly, ignoring case and spaces, and nothing for a partial or empty text', () => {
    expect(matchItem(items, ' amsterdam ')).toBe(items[1]);
    expect(matchItem(items, 'Amster')).toBeUndefined();
    expect(matchItem(items, '  ')).toBeUndefined();
  });
});

describe('searchItems', () => {
  it('filters a fixed list and asks a search function', async () => {
    expect(await searchItems(items, 'rot')).toEqual([items[2]]);
    const search = vi.fn(async () => [items[0]]);
    expect(await searchItems(search, 'u')).toEqual([items[0]]);
    expect(search).toHaveBeenCalledWith('u');
  });
});

describe('texts', () => {
  it('counts the results and names the field in the invalid message', () => {
    expect([0, 1, 3].map(resultCountText)).toEqual(['Geen resultaten', '1 resultaat', '3 resultaten']);
    expect(invalidMessage('Plaats')).toBe("Het veld 'Plaats' is ongeldig.");
  });
});
