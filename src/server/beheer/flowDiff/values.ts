/** Reading the parts of a parsed flow document, which may be anything an administrator typed. */

export type Obj = Record<string, unknown>;

export const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
export const has = (value: unknown, key: string): boolean => isObj(value) && Object.hasOwn(value, key);
export const get = (value: unknown, key: string): unknown => (isObj(value) && Object.hasOwn(value, key) ? value[key] : undefined);
/**
 * What a table of the describers (of names, of subjects) holds under a key from the document: only
 * the table's own entries, so that a key named like a member of every object (`constructor`,
 * `toString`, `__proto__`) is a key without an entry rather than that member.
 */
export const nameOf = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined => (Object.hasOwn(table, key) ? table[key] : undefined);
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const keysOf = (value: unknown): string[] => (isObj(value) ? Object.keys(value) : []);
/** A text that is not empty, else undefined. */
export const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
export const titleOf = (value: unknown): string | undefined => text(get(value, 'title'));
/** A field path one level deeper: 'adres' + 'postcode' -> 'adres.postcode'. */
export const join = (prefix: string, key: string): string => (prefix ? `${prefix}.${key}` : key);
