/**
 * Whether stored data (a submission's model, a test case's data) holds a value for a field: the
 * same answer for the server's counts and for the test cases the dialog names.
 */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value that says something: not absent, null, an empty text, an empty list or an empty group. */
function filled(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.some(filled);
  if (isObject(value)) return Object.values(value).some(filled);
  return true;
}

/**
 * Whether `data` holds a value at the dotted model path (through any item of a list on the way),
 * or with `value`, that value — or a list holding it (a multiple choice).
 */
export function holdsValue(data: unknown, path: string, value?: string | number | boolean): boolean {
  const walk = (node: unknown, segments: string[]): boolean => {
    if (Array.isArray(node) && segments.length > 0) return node.some((item) => walk(item, segments));
    if (segments.length === 0) return value === undefined ? filled(node) : node === value || (Array.isArray(node) && node.includes(value));
    return isObject(node) && walk(node[segments[0]], segments.slice(1));
  };
  return walk(data, path.split('.'));
}
