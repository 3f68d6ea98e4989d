/**
 * Applying a list of edits in an order that keeps every path right: first every write and removal,
 * later list positions before earlier ones (removing item 1 must not move item 3 under the edit of
 * item 2), then the renames, deepest first (a renamed key never moves a path still to come).
 * Edits inside a part that is removed are dropped.
 */
import type { DocPath, Edit } from './types';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** -1, 0 or 1: paths compared segment by segment, list positions as numbers. */
function comparePaths(a: DocPath, b: DocPath): number {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const [x, y] = [a[index], b[index]];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x < y ? -1 : 1;
    return String(x) < String(y) ? -1 : 1;
  }
  return a.length - b.length;
}

const within = (path: DocPath, outer: DocPath) => outer.length <= path.length && outer.every((segment, index) => path[index] === segment);

/** A path with every renamed key on the way replaced by its new name. */
function renamed(path: DocPath, renames: readonly Extract<Edit, { op: 'rename' }>[]): DocPath {
  let result = path;
  // Deepest first, as they are applied: a shallower rename sees the deeper keys already renamed.
  for (const rename of renames) {
    if (rename.path.length <= result.length && rename.path.every((segment, index) => result[index] === segment)) {
      result = [...result.slice(0, rename.path.length - 1), rename.to, ...result.slice(rename.path.length)];
    }
  }
  return result;
}

/**
 * The edits in the order they can be applied one after another: renames first (deepest first),
 * then writes and removals on the renamed paths, later list positions before earlier ones. Edits
 * inside a part that is removed are dropped, and so are repeats.
 */
export function orderEdits(edits: readonly Edit[]): Edit[] {
  const byKey = new Map<string, Edit>();
  for (const edit of edits) {
    const key = `${edit.op}:${JSON.stringify(edit.path)}`;
    const known = byKey.get(key);
    // One removal per place (pruning wins); a later write or rename of the same place wins.
    if (known?.op === 'remove' && edit.op === 'remove') byKey.set(key, { ...known, prune: known.prune === true || edit.prune === true });
    else byKey.set(key, edit);
  }
  const unique = [...byKey.values()];
  const removals = unique.filter((edit) => edit.op === 'remove');
  const live = unique.filter(
    (edit) =>
      !removals.some((removal) => removal !== edit && within(edit.path, removal.path) && (removal.path.length < edit.path.length || edit.op !== 'remove')),
  );
  const renames = live
    .filter((edit): edit is Extract<Edit, { op: 'rename' }> => edit.op === 'rename')
    .sort((a, b) => b.path.length - a.path.length || comparePaths(b.path, a.path));
  const changes = live
    .filter((edit) => edit.op !== 'rename')
    .map((edit) => ({ ...edit, path: renamed(edit.path, renames) }))
    .sort((a, b) => comparePaths(b.path, a.path));
  return [...renames, ...changes];
}

/** The object or list holding `path`'s last segment, or undefined. */
function parentOf(document: unknown, path: DocPath): unknown {
  let node = document;
  for (const segment of path.slice(0, -1)) {
    if (Array.isArray(node) && typeof segment === 'number') node = node[segment];
    else if (isObject(node) && typeof segment === 'string') node = node[segment];
    else return undefined;
  }
  return node;
}

const isEmpty = (value: unknown) => (Array.isArray(value) ? value.length === 0 : isObject(value) && Object.keys(value).length === 0);

function removeAt(document: unknown, path: DocPath, prune: boolean): void {
  const parent = parentOf(document, path);
  const last = path.at(-1);
  if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
  else if (isObject(parent) && typeof last === 'string') delete parent[last];
  else return;
  if (prune && path.length > 1 && isEmpty(parent)) removeAt(document, path.slice(0, -1), false);
}

function setAt(document: unknown, path: DocPath, value: unknown): void {
  let node = document;
  path.slice(0, -1).forEach((segment, index) => {
    const next = Array.isArray(node) || isObject(node) ? (node as Record<string | number, unknown>)[segment] : undefined;
    if (next === undefined && isObject(node)) node[segment as string] = typeof path[index + 1] === 'number' ? [] : {};
    node = (node as Record<string | number, unknown>)[segment];
  });
  const last = path.at(-1);
  if (Array.isArray(node) && typeof last === 'number') node[last] = structuredClone(value);
  else if (isObject(node) && typeof last === 'string') node[last] = structuredClone(value);
}

/** Renames a key, keeping the order of the keys around it. */
function renameAt(document: unknown, path: DocPath, to: string): void {
  const parent = parentOf(document, path);
  const from = path.at(-1);
  if (!isObject(parent) || typeof from !== 'string' || !(from in parent) || to in parent) return;
  const entries = Object.entries(parent);
  for (const key of Object.keys(parent)) delete parent[key];
  for (const [key, value] of entries) parent[key === from ? to : key] = value;
}

/** A copy of a parsed document with the edits applied (in the order `orderEdits` gives). */
export function applyEdits<T>(document: T, edits: readonly Edit[]): T {
  const copy = structuredClone(document);
  for (const edit of orderEdits(edits)) {
    if (edit.op === 'remove') removeAt(copy, edit.path, edit.prune === true);
    else if (edit.op === 'set') setAt(copy, edit.path, edit.value);
    else renameAt(copy, edit.path, edit.to);
  }
  return copy;
}
