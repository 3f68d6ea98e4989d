/**
 * Stand-in for fast-equals, which @rjsf/utils uses for one thing: its `deepEquals`, made with
 * `createCustomEqual({ circular: true, createCustomConfig })` so that two functions count as equal.
 * The values rjsf compares are form data, schemas, uiSchemas and props: plain objects and arrays of
 * JSON values, now and then a Date, RegExp, Map, Set, typed array or React element. This compares
 * those the way fast-equals does (same constructor, same own enumerable keys, numbers by
 * SameValueZero, React's `_owner` left out, circular references followed once) in a fraction of its
 * size; anything else is equal only to itself. Aliased in vite.config.ts (the build and the tests).
 */

type Comparator = (a: unknown, b: unknown) => boolean;
type Equal = (a: unknown, b: unknown, seen: WeakMap<object, object>) => boolean;

interface CustomConfig {
  areFunctionsEqual?: (a: (...args: unknown[]) => unknown, b: (...args: unknown[]) => unknown) => boolean;
}

export interface CustomEqualOptions {
  circular?: boolean;
  createCustomConfig?: (defaults: CustomConfig) => CustomConfig;
}

const isEnumerable = Object.prototype.propertyIsEnumerable;

// rjsf compares whole schemas with their resolved copies on every render: kept as lean as fast-equals.
function keysEqual(a: Record<string, unknown>, b: Record<string, unknown>, equal: Equal, seen: WeakMap<object, object>): boolean {
  const keys = Object.keys(a);
  const keysB = Object.keys(b);
  let index = keys.length;
  if (keysB.length !== index) return false;
  const react = a.$$typeof !== undefined || b.$$typeof !== undefined;
  while (index-- > 0) {
    const key = keys[index];
    // React's owner fields say who made an element, not what it is.
    if (react && (key === '_owner' || key === '__o' || key === '__v')) continue;
    // Objects made the same way list their keys in the same order: then the key is b's own already.
    if ((key !== keysB[index] && !isEnumerable.call(b, key)) || !equal(a[key], b[key], seen)) return false;
  }
  return true;
}

function listsEqual(a: ArrayLike<unknown>, b: ArrayLike<unknown>, equal: Equal, seen: WeakMap<object, object>): boolean {
  let index = a.length;
  if (b.length !== index) return false;
  while (index-- > 0) if (!equal(a[index], b[index], seen)) return false;
  return true;
}

function mapsEqual(a: Map<unknown, unknown>, b: Map<unknown, unknown>, equal: Equal, seen: WeakMap<object, object>): boolean {
  if (a.size !== b.size) return false;
  const matched = new Set<unknown>();
  for (const [keyA, valueA] of a) {
    let found = false;
    for (const [keyB, valueB] of b) {
      if (matched.has(keyB) || !equal(keyA, keyB, seen) || !equal(valueA, valueB, seen)) continue;
      matched.add(keyB);
      found = true;
      break;
    }
    if (!found) return false;
  }
  return true;
}

function setsEqual(a: Set<unknown>, b: Set<unknown>, equal: Equal, seen: WeakMap<object, object>): boolean {
  if (a.size !== b.size) return false;
  const matched = new Set<unknown>();
  for (const valueA of a) {
    let found = false;
    for (const valueB of b) {
      if (matched.has(valueB) || !equal(valueA, valueB, seen)) continue;
      matched.add(valueB);
      found = true;
      break;
    }
    if (!found) return false;
  }
  return true;
}

function objectsEqual(a: object, b: object, equal: Equal, seen: WeakMap<object, object>): boolean {
  const constructor = a.constructor;
  if (constructor !== b.constructor) return false;
  if (constructor === Object || constructor === undefined || constructor === null)
    return keysEqual(a as Record<string, unknown>, b as Record<string, unknown>, equal, seen);
  if (Array.isArray(a)) return listsEqual(a, b as unknown[], equal, seen);
  if (a instanceof Date) return Object.is(a.getTime(), (b as Date).getTime()) || (Number.isNaN(a.getTime()) && Number.isNaN((b as Date).getTime()));
  if (a instanceof RegExp) return a.source === (b as RegExp).source && a.flags === (b as RegExp).flags;
  if (a instanceof Map) return mapsEqual(a, b as Map<unknown, unknown>, equal, seen);
  if (a instanceof Set) return setsEqual(a, b as Set<unknown>, equal, seen);
  if (ArrayBuffer.isView(a) && !(a instanceof DataView)) return listsEqual(a as unknown as ArrayLike<unknown>, b as unknown as ArrayLike<unknown>, equal, seen);
  // Any other kind of object (a File, a Promise, a class instance) is equal only to itself.
  return false;
}

/** A deep equality function as fast-equals' `createCustomEqual` makes it, for the options rjsf gives. */
export function createCustomEqual(options: CustomEqualOptions = {}): Comparator {
  const config = options.createCustomConfig?.({}) ?? {};
  const functionsEqual = config.areFunctionsEqual ?? ((a, b) => a === b);
  const equal: Equal = (a, b, seen) => {
    if (a === b) return true;
    const type = typeof a;
    if (type !== 'object' || typeof b !== 'object' || a === null || b === null) {
      if (type !== typeof b) return false;
      // SameValueZero: NaN equals NaN (0 and -0 are already equal above).
      if (type === 'number') return Number.isNaN(a) && Number.isNaN(b);
      if (type === 'function') return functionsEqual(a as () => unknown, b as () => unknown);
      return false;
    }
    const [objectA, objectB] = [a as object, b as object];
    // A pair already being compared further up is taken as equal (a cycle that matches).
    if (options.circular) {
      const [pairA, pairB] = [seen.get(objectA), seen.get(objectB)];
      if (pairA && pairB) return pairA === objectB && pairB === objectA;
      seen.set(objectA, objectB).set(objectB, objectA);
      const result = objectsEqual(objectA, objectB, equal, seen);
      seen.delete(objectA);
      seen.delete(objectB);
      return result;
    }
    return objectsEqual(objectA, objectB, equal, seen);
  };
  return (a, b) => equal(a, b, new WeakMap());
}
