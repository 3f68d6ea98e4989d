/**
 * Where a flow document names a field by its place in the applicant's data (its model path,
 * `dataKey.field`): every json-logic `var` (rules for showing, cross-field rules, boxes, derived
 * values, variables, content blocks, signers), a block's `valueFrom`, a signer's `nameFrom`, an
 * option filter's `by` and the names an upload sends under (`submit.names`). When a field moves to
 * another step or a step is copied, its path changes, and every one of these follows.
 */
import type { JSONPath } from 'jsonc-parser';
import { isObject, parseDocument, writeAt, type Json } from './textMoves';

/** Whether `value` is the path `from` or a path under it. */
const under = (value: string, from: string) => value === from || value.startsWith(`${from}.`);
const renamed = (value: string, from: string, to: string) => to + value.slice(from.length);

interface Rename {
  path: JSONPath;
  value: string;
}

/** The string values that name `from` (or a path under it), with their new text. */
function valueRenames(node: unknown, from: string, to: string, path: JSONPath = []): Rename[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => valueRenames(item, from, to, [...path, index]));
  if (!isObject(node)) return [];
  const found: Rename[] = [];
  const keys = Object.keys(node);
  // A json-logic variable: { "var": "a.b" } or { "var": ["a.b", default] }.
  if (keys.length === 1 && keys[0] === 'var') {
    const name = node.var;
    if (typeof name === 'string' && under(name, from)) found.push({ path: [...path, 'var'], value: renamed(name, from, to) });
    if (Array.isArray(name) && typeof name[0] === 'string' && under(name[0], from))
      found.push({ path: [...path, 'var', 0], value: renamed(name[0], from, to) });
    return found;
  }
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'valueFrom' || key === 'by') && typeof value === 'string' && under(value, from))
      found.push({ path: [...path, key], value: renamed(value, from, to) });
    else if (key === 'nameFrom' && Array.isArray(value)) {
      value.forEach(
        (item, index) => typeof item === 'string' && under(item, from) && found.push({ path: [...path, key, index], value: renamed(item, from, to) }),
      );
    } else found.push(...valueRenames(value, from, to, [...path, key]));
  }
  return found;
}

/** Whether the document names the model path `from` (or a path under it) anywhere. */
export function namesPath(document: Json, from: string): boolean {
  const names = isObject(document.submit) && isObject(document.submit.names) ? Object.keys(document.submit.names) : [];
  return valueRenames(document, from, from).length > 0 || names.some((name) => under(name, from));
}

/** The parsed value with every naming of `from` (or a path under it) changed to `to` (for a part that is written anew). */
export function renamePathsIn<T>(value: T, from: string, to: string): T {
  const copy = structuredClone(value);
  for (const rename of valueRenames(copy, from, to)) {
    const parent = rename.path.slice(0, -1).reduce<unknown>((at, segment) => (at as Record<string | number, unknown>)[segment], copy);
    (parent as Record<string | number, unknown>)[rename.path.at(-1)!] = rename.value;
  }
  return copy;
}

/** The text with every naming of the model path `from` (or a path under it) changed to `to`; the rest stays as written. */
export function renameModelPath(text: string, from: string, to: string): string {
  const document = parseDocument(text);
  if (!document || from === to) return text;
  let next = text;
  for (const rename of valueRenames(document, from, to)) next = writeAt(next, rename.path, rename.value);
  const names = isObject(document.submit) && isObject(document.submit.names) ? document.submit.names : {};
  for (const [name, sent] of Object.entries(names)) {
    if (!under(name, from)) continue;
    next = writeAt(next, ['submit', 'names', name], undefined);
    next = writeAt(next, ['submit', 'names', renamed(name, from, to)], sent);
  }
  return next;
}
