/** Dotted-path access into plain data (the flow model and step data). */

export function splitPath(path: string): string[] {
  return path === '' ? [] : path.split('.');
}

export function getAt(data: unknown, path: string | string[]): unknown {
  let node: unknown = data;
  for (const key of Array.isArray(path) ? path : splitPath(path)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Returns a copy of `data` with `value` at `path` (objects on the way are copied or created). */
export function setAt<T>(data: T, path: string | string[], value: unknown): T {
  const [head, ...rest] = Array.isArray(path) ? path : splitPath(path);
  const record = (data ?? {}) as Record<string, unknown>;
  if (rest.length === 0) return { ...record, [head]: value } as T;
  const child = record[head];
  return { ...record, [head]: setAt(child && typeof child === 'object' ? child : {}, rest, value) } as T;
}

/**
 * Returns a copy of `data` with the value at `path` removed (objects and lists on the way are
 * copied; a list is entered by index, as in 'personen.1.bsn', and never loses an item this way).
 */
export function withoutPath<T>(data: T, path: string): T {
  const keys = splitPath(path);
  const remove = (node: unknown, index: number): unknown => {
    if (node === null || typeof node !== 'object') return node;
    const key = keys[index];
    const last = index === keys.length - 1;
    if (Array.isArray(node)) {
      const position = Number(key);
      if (last || !/^\d+$/.test(key) || position >= node.length) return node;
      const changed = remove(node[position], index + 1);
      if (changed === node[position]) return node;
      const copy = [...node];
      copy[position] = changed;
      return copy;
    }
    const record = node as Record<string, unknown>;
    if (!(key in record)) return node;
    const copy = { ...record };
    if (last) delete copy[key];
    else {
      const changed = remove(record[key], index + 1);
      if (changed === record[key]) return node;
      copy[key] = changed;
    }
    return copy;
  };
  return remove(data, 0) as T;
}

/** The model path of a field of a step: `dataKey.field`, or the step's data key for the step itself (''). */
export function modelPathOf(dataKey: string, field: string): string {
  return field === '' ? dataKey : `${dataKey}.${field}`;
}

/** True when a value counts as 'not filled in'. */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** True when `path` is `field` itself or lies inside it ('a.b' is within 'a'). */
export function isWithin(path: string, field: string): boolean {
  return path === field || path.startsWith(`${field}.`);
}
