/**
 * Moving parts of a flow document's text without writing them anew: a member of an object or an
 * item of a list is taken as written (its layout, its one-line style) and put elsewhere, so the
 * source view shows the same text with the part in its new place. Like documentEdits.ts every
 * change is an edit of the text by `jsonc-parser`.
 */
import { applyEdits, findNodeAtLocation, modify, parse, parseTree, type JSONPath, type Node, type ParseError } from 'jsonc-parser';

export type Json = Record<string, unknown>;

const FORMAT = { insertSpaces: true, tabSize: 2, eol: '\n' };
const PLACEHOLDER = '\u0000textMoves-placeholder\u0000';
const PLACEHOLDER_JSON = JSON.stringify(PLACEHOLDER);

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The parsed document, or undefined when the text is no JSON object. */
export function parseDocument(text: string): Json | undefined {
  const errors: ParseError[] = [];
  const document = parse(text, errors, { allowTrailingComma: false, disallowComments: true }) as unknown;
  return errors.length === 0 && isObject(document) ? document : undefined;
}

/** The value at `path` of a parsed document (undefined when there is none). */
export function valueAt(document: unknown, path: JSONPath): unknown {
  let current = document;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') current = current[segment];
    else if (isObject(current) && typeof segment === 'string') current = Object.hasOwn(current, segment) ? current[segment] : undefined;
    else return undefined;
  }
  return current;
}

function nodeAt(text: string, path: JSONPath): Node | undefined {
  const tree = parseTree(text);
  return tree && findNodeAtLocation(tree, path);
}

/** The value at `path` as written, or undefined when there is none. */
export function rawAt(text: string, path: JSONPath): string | undefined {
  const node = nodeAt(text, path);
  return node ? text.slice(node.offset, node.offset + node.length) : undefined;
}

/** Sets (or with undefined removes) the value at `path`, creating the objects on the way. */
export function writeAt(text: string, path: JSONPath, value: unknown): string {
  return applyEdits(text, modify(text, path, value, { formattingOptions: FORMAT }));
}

/** Puts `raw` (JSON text as it should stand) at `path`: a member of an object, or an item inserted into a list at a number. */
export function insertRawAt(text: string, path: JSONPath, raw: string): string {
  const last = path.at(-1);
  const parent = path.slice(0, -1);
  let edits;
  if (typeof last === 'number') {
    // A list that is not there yet is made with the one item.
    if (!nodeAt(text, parent)) return replacePlaceholder(writeAt(text, parent, [PLACEHOLDER]), raw);
    edits = modify(text, path, PLACEHOLDER, { formattingOptions: FORMAT, isArrayInsertion: true });
  } else {
    edits = modify(text, path, PLACEHOLDER, { formattingOptions: FORMAT });
  }
  return replacePlaceholder(applyEdits(text, edits), raw);
}

/** Indents every line after the first of `raw` by `by` more spaces (a part moved one level deeper or shallower). */
export function reindent(raw: string, by: number): string {
  if (by === 0 || !raw.includes('\n')) return raw;
  return raw
    .split('\n')
    .map((line, index) => (index === 0 ? line : by > 0 ? ' '.repeat(by) + line : line.replace(new RegExp(`^ {0,${-by}}`), '')))
    .join('\n');
}

const replacePlaceholder = (text: string, raw: string) => text.replace(PLACEHOLDER_JSON, () => raw);

/** The children of the object or list at `path` put in `order` (a list of their current positions), each as written. */
function reorder(text: string, path: JSONPath, order: number[]): string {
  const node = nodeAt(text, path);
  const children = node?.children ?? [];
  if (children.length !== order.length || children.length < 2) return text;
  const start = children[0].offset;
  const end = children[children.length - 1].offset + children[children.length - 1].length;
  const raws = children.map((child) => text.slice(child.offset, child.offset + child.length));
  // The separators (a comma and the line break and indentation after it) stay where they were.
  const gaps = children.slice(1).map((child, index) => text.slice(children[index].offset + children[index].length, child.offset));
  const body = order.map((position, index) => raws[position] + (index < gaps.length ? gaps[index] : '')).join('');
  return text.slice(0, start) + body + text.slice(end);
}

/** Positions 0..length-1 with the one at `from` moved to `to`. */
function moved(length: number, from: number, to: number): number[] {
  const order = Array.from({ length }, (_, index) => index);
  const [item] = order.splice(from, 1);
  order.splice(to, 0, item);
  return order;
}

/** Moves the member `key` of the object at `path` to position `to` among its members. */
export function moveMember(text: string, path: JSONPath, key: string, to: number): string {
  const object = valueAt(parseDocument(text), path);
  if (!isObject(object)) return text;
  const keys = Object.keys(object);
  const from = keys.indexOf(key);
  if (from === -1 || to < 0 || to >= keys.length || from === to) return text;
  return reorder(text, path, moved(keys.length, from, to));
}

/** Moves the item at `from` of the list at `path` to position `to`. */
export function moveItem(text: string, path: JSONPath, from: number, to: number): string {
  const list = valueAt(parseDocument(text), path);
  if (!Array.isArray(list) || from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return text;
  return reorder(text, path, moved(list.length, from, to));
}
