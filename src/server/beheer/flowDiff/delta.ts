/**
 * The delta of two versions as jsondiffpatch gives it (every key of the document its own, see
 * `ownKeys`), and reading it key by key: which keys of an object changed (in document order), and
 * the delta below one key.
 */
import { create, type DiffContext, type Filter, type ObjectDelta } from 'jsondiffpatch';
import { get, isObj, keysOf, type Obj } from './values';

const differ = create({
  // Items with a string id (steps, boxes, rules, variants) by id; any other object by position.
  objectHash: (item: object, index?: number) => {
    const id = item === null ? undefined : (item as { id?: unknown }).id;
    return typeof id === 'string' ? `id:${id}` : `#${index ?? 0}`;
  },
  arrays: { detectMove: true, includeValueOnMove: false },
});

/**
 * A document's keys are data: a key named like a member of every object (`constructor`,
 * `toString`, `__proto__`) is a key like any other. jsondiffpatch reads a key's value in both
 * objects by indexing them, so where only one version has such a key the other gives the member
 * every object inherits (an added `constructor` is no change to it; a removed one is a change to a
 * function, which it refuses), and it writes the delta of a key `__proto__` into a plain object,
 * which makes that delta the prototype. So objects are compared as copies that inherit nothing
 * (`ownKeys`), and the deltas of their keys are collected in an object that inherits nothing
 * (`ownDelta`; only when a key changed, as an unchanged object has no delta).
 */
const ownKeys: Filter<DiffContext> = Object.assign(
  (context: DiffContext) => {
    if (context.leftIsArray || !isObj(context.left) || !isObj(context.right)) return;
    context.left = Object.assign(Object.create(null) as Obj, context.left);
    context.right = Object.assign(Object.create(null) as Obj, context.right);
  },
  { filterName: 'ownKeys' },
);
const ownDelta: Filter<DiffContext> = Object.assign(
  (context: DiffContext) => {
    if (context.leftIsArray || context.result !== undefined || !context.children?.some((child) => child.result !== undefined)) return;
    context.result = Object.create(null) as ObjectDelta;
  },
  { filterName: 'ownDelta' },
);
differ.processor.pipes.diff.before('objects', ownKeys).before('collectChildren', ownDelta);

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
  if (isObjectDelta(delta)) return get(delta, key);
  if (delta === undefined) return undefined;
  return diff(get(before, key), get(after, key));
}

/** The keys whose values differ, in document order. */
export function changedKeys(delta: unknown, before: unknown, after: unknown): string[] {
  if (delta === undefined) return [];
  const keys = mergedOrder(keysOf(before), keysOf(after));
  return keys.filter((key) => (isObjectDelta(delta) ? Object.hasOwn(delta, key) : diff(get(before, key), get(after, key)) !== undefined));
}
