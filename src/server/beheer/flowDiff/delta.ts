/**
 * The delta of two versions as jsondiffpatch gives it, and reading it key by key: which keys of
 * an object changed (in document order), and the delta below one key.
 */
import { create } from 'jsondiffpatch';
import { get, isObj, keysOf, type Obj } from './values';

const differ = create({
  // Items with a string id (steps, boxes, rules, variants) by id; any other object by position.
  objectHash: (item: object, index?: number) => {
    const id = item === null ? undefined : (item as { id?: unknown }).id;
    return typeof id === 'string' ? `id:${id}` : `#${index ?? 0}`;
  },
  arrays: { detectMove: true, includeValueOnMove: false },
});

export function diff(before: unknown, after: unknown): unknown {
  return differ.diff(before, after) as unknown;
}

export const isArrayDelta = (delta: unknown): delta is Obj => isObj(delta) && delta._t === 'a';
export const isObjectDelta = (delta: unknown): delta is Obj => isObj(delta) && delta._t !== 'a';

/** Keys of two objects in the new order, with keys only the old one has after their old predecessor. */
export function mergedOrder(before: string[], after: string[]): string[] {
  const inAfter = new Set(after);
  const result = [...after];
  let insertAt = 0;
  for (const key of before) {
    if (inAfter.has(key)) insertAt = result.indexOf(key) + 1;
    else if (!result.includes(key)) {
      result.splice(insertAt, 0, key);
      insertAt += 1;
    }
  }
  return result;
}

/** The delta of `key` below an object delta; when the parent changed as a whole, the child is diffed itself. */
export function childDelta(delta: unknown, key: string, before: unknown, after: unknown): unknown {
  if (isObjectDelta(delta)) return delta[key];
  if (delta === undefined) return undefined;
  return diff(get(before, key), get(after, key));
}

/** The keys whose values differ, in document order. */
export function changedKeys(delta: unknown, before: unknown, after: unknown): string[] {
  if (delta === undefined) return [];
  const keys = mergedOrder(keysOf(before), keysOf(after));
  return keys.filter((key) => (isObjectDelta(delta) ? Object.hasOwn(delta, key) : diff(get(before, key), get(after, key)) !== undefined));
}
