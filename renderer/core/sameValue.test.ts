import { describe, expect, it } from 'vitest';
import { indexOfValue, sameValue } from './sameValue';

describe('sameValue (JSON equality, as enum and const mean it)', () => {
  it('compares objects by their entries, whatever the order of their keys', () => {
    expect(sameValue({ plaats: 'Utrecht', code: 'UT01' }, { code: 'UT01', plaats: 'Utrecht' })).toBe(true);
    expect(sameValue({ plaats: 'Utrecht', code: 'UT01' }, { plaats: 'Utrecht', code: 'UT02' })).toBe(false);
    expect(sameValue({ plaats: 'Utrecht' }, { plaats: 'Utrecht', code: undefined })).toBe(false);
    expect(sameValue([1, { a: [2] }], [1, { a: [2] }])).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue(1, '1')).toBe(false);
    expect(sameValue(null, {})).toBe(false);
  });

  it('finds a choice that is an object in its list', () => {
    expect(indexOfValue([{ a: 1 }, { b: 2 }], { b: 2 })).toBe(1);
    expect(indexOfValue([{ a: 1 }], { a: 2 })).toBe(-1);
  });
});
