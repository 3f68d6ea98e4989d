import { describe, expect, it } from 'vitest';
import { getAt, isEmptyValue, splitPath, withoutPath } from '../../renderer/core/paths';

describe('splitPath and getAt', () => {
  it('splits a dotted path; the empty path is the root', () => {
    expect(splitPath('a.b.c')).toEqual(['a', 'b', 'c']);
    expect(splitPath('')).toEqual([]);
  });

  it('reads nested values and answers undefined on the way through non-objects', () => {
    const data = { a: { b: { c: 0 } }, s: 'tekst', n: null };
    expect(getAt(data, 'a.b.c')).toBe(0);
    expect(getAt(data, ['a', 'b'])).toEqual({ c: 0 });
    expect(getAt(data, '')).toBe(data);
    expect(getAt(data, 'a.x.c')).toBeUndefined();
    expect(getAt(data, 's.length')).toBeUndefined();
    expect(getAt(data, 'n.x')).toBeUndefined();
    expect(getAt(undefined, 'a')).toBeUndefined();
  });
});

describe('withoutPath', () => {
  it('removes a nested value and copies the objects on the way', () => {
    const data = { a: { b: 1, c: 2 }, d: { e: 3 } };
    const result = withoutPath(data, 'a.b');
    expect(result).toEqual({ a: { c: 2 }, d: { e: 3 } });
    expect(data).toEqual({ a: { b: 1, c: 2 }, d: { e: 3 } });
    expect(result.d).toBe(data.d);
  });

  it('changes nothing when the path does not exist', () => {
    const data = { a: { b: 1 } };
    expect(withoutPath(data, 'a.x')).toEqual({ a: { b: 1 } });
    expect(withoutPath(data, 'x.y')).toBe(data);
    expect(data).toEqual({ a: { b: 1 } });
  });

  it('removes a top-level key, and a key of a list item by its index without removing the item', () => {
    expect(withoutPath({ a: 1, b: 2 }, 'a')).toEqual({ b: 2 });
    const list = { l: [{ x: 1, y: 2 }, { x: 3 }] };
    expect(withoutPath(list, 'l.0.x')).toEqual({ l: [{ y: 2 }, { x: 3 }] });
    expect(list).toEqual({ l: [{ x: 1, y: 2 }, { x: 3 }] });
    expect(withoutPath(list, 'l.5.x')).toBe(list);
    expect(withoutPath(list, 'l.x')).toBe(list);
  });
});

describe('isEmptyValue', () => {
  it('undefined, null, empty string and empty list are empty; 0, false and text are not', () => {
    expect([undefined, null, '', []].map(isEmptyValue)).toEqual([true, true, true, true]);
    expect([0, false, ' ', 'x', [1], {}].map(isEmptyValue)).toEqual([false, false, false, false, false, false]);
  });
});
