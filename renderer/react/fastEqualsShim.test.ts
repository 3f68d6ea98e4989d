import { describe, expect, it } from 'vitest';
import { deepEquals } from '@rjsf/utils';
// The real package, by its file: the bare name is aliased to the stand-in (vite.config.ts).
import { createCustomEqual as realCreateCustomEqual } from '../../node_modules/fast-equals/dist/es/index.mjs';
import { createCustomEqual } from './fastEqualsShim';

// The options @rjsf/utils' deepEquals passes.
const options = {
  circular: true,
  createCustomConfig: () => ({ areFunctionsEqual: (_a: unknown, b: unknown) => typeof b === 'function' }),
};
const shim = createCustomEqual(options);
const real = realCreateCustomEqual(options as never) as (a: unknown, b: unknown) => boolean;

const cyclic = () => {
  const value: Record<string, unknown> = { name: 'a', list: [1, 2] };
  value.self = value;
  return value;
};
const element = (owner: unknown) => ({ $$typeof: Symbol.for('react.transitional.element'), type: 'p', key: null, props: { children: 'x' }, _owner: owner });
const nullProto = (entries: Record<string, unknown>) => Object.assign(Object.create(null) as object, entries);

const pairs: [string, unknown, unknown][] = [
  ['same primitives', 'a', 'a'],
  ['other strings', 'a', 'b'],
  ['NaN and NaN', Number.NaN, Number.NaN],
  ['0 and -0', 0, -0],
  ['number and string', 1, '1'],
  ['null and undefined', null, undefined],
  ['undefined and missing', { a: undefined }, {}],
  ['equal nested data', { a: [1, { b: 'c', d: [true, null] }], e: { f: 2 } }, { e: { f: 2 }, a: [1, { b: 'c', d: [true, null] }] }],
  ['different nested data', { a: [1, { b: 'c' }] }, { a: [1, { b: 'd' }] }],
  ['arrays of other lengths', [1, 2], [1, 2, 3]],
  ['array and object', [1], { 0: 1 }],
  ['two functions', { onChange: () => 1 }, { onChange: () => 2 }],
  ['function and value', { onChange: () => 1 }, { onChange: 1 }],
  ['equal dates', new Date(5), new Date(5)],
  ['other dates', new Date(5), new Date(6)],
  ['equal regexps', /a+/giu, /a+/giu],
  ['regexps with other flags', /a+/g, /a+/i],
  [
    'equal maps',
    new Map<unknown, unknown>([
      ['a', { b: 1 }],
      [{ k: 1 }, 2],
    ]),
    new Map<unknown, unknown>([
      [{ k: 1 }, 2],
      ['a', { b: 1 }],
    ]),
  ],
  ['other maps', new Map([['a', 1]]), new Map([['a', 2]])],
  ['equal sets', new Set([1, { a: 2 }]), new Set([{ a: 2 }, 1])],
  ['other sets', new Set([1, 2]), new Set([1, 3])],
  ['equal typed arrays', new Uint8Array([1, 2]), new Uint8Array([1, 2])],
  ['other typed arrays', new Uint8Array([1, 2]), new Uint8Array([1, 3])],
  ['equal cycles', cyclic(), cyclic()],
  ['React elements of other owners', element({ a: 1 }), element({ a: 2 })],
  ['null-prototype objects', nullProto({ a: 1 }), nullProto({ a: 1 })],
  ['null-prototype and plain object', nullProto({ a: 1 }), { a: 1 }],
  [
    'class instance and plain object',
    new (class Box {
      a = 1;
    })(),
    { a: 1 },
  ],
  ['two blobs', new Blob(['a']), new Blob(['a'])],
];

describe('fast-equals stand-in (rjsf deepEquals)', () => {
  it.each(pairs)('%s: the same answer as fast-equals, both ways', (_label, a, b) => {
    expect(shim(a, b)).toBe(real(a, b));
    expect(shim(b, a)).toBe(real(b, a));
  });

  it('is what @rjsf/utils uses in this build', () => {
    // fast-equals would call the two different functions equal too; a blob only equal to itself
    // tells the stand-in apart from a plain structural comparison, and an unequal cycle from a naive one.
    const blob = new Blob(['a']);
    expect(deepEquals({ a: blob }, { a: blob })).toBe(true);
    const other = cyclic();
    other.name = 'b';
    expect(deepEquals(cyclic(), other)).toBe(false);
    expect(deepEquals({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
  });
});
