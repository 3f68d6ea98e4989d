/**
 * Equality of JSON values as JSON Schema's `enum` and `const` mean it (and ajv checks it): the same
 * text, number or yes/no, or lists and objects with the same entries, whatever the order of an
 * object's keys. A choice between objects is found back in its list this way, in the review and on
 * the printed form as on the server.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  const keys = Object.keys(a);
  const other = b as Record<string, unknown>;
  return (
    keys.length === Object.keys(other).length && keys.every((key) => Object.hasOwn(other, key) && sameValue((a as Record<string, unknown>)[key], other[key]))
  );
}

/** The position of `value` in `list` by {@link sameValue}, or -1. */
export function indexOfValue(list: readonly unknown[], value: unknown): number {
  return list.findIndex((item) => sameValue(item, value));
}
