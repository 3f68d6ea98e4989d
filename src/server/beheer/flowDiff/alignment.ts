/**
 * Matching the items of two versions of a list: which item of the new list is which of the old,
 * and which were added, removed or moved. Parts with an identity are matched by it: steps, boxes,
 * rules and variants by their `id` through jsondiffpatch's delta (`align`), content blocks, list
 * points, documents and signers by the ids the pipeline gives them (`alignParts`). Lists whose
 * items have no identity (options of a choice, derivations, and parts some of which lack an id)
 * are matched by position, after setting aside the items that stayed exactly the same
 * (`alignByPosition`).
 */
import { diff, isArrayDelta } from './delta';
import { get, isObj } from './values';

export interface Aligned {
  status: 'added' | 'removed' | 'moved' | 'kept';
  /** Index in the old list. */
  before?: number;
  /** Index in the new list. */
  after?: number;
  old?: unknown;
  now?: unknown;
  /** The delta of a kept or moved item, when it changed. */
  delta?: unknown;
}

/** The items of two versions of a list with what happened to each, new order first (a removed item where it stood). */
export function align(delta: unknown, before: unknown[], after: unknown[]): Aligned[] {
  const removed = new Set<number>();
  const added = new Set<number>();
  const movedTo = new Map<number, number>();
  if (isArrayDelta(delta)) {
    for (const [key, value] of Object.entries(delta)) {
      if (key === '_t') continue;
      if (key.startsWith('_')) {
        if (Array.isArray(value) && value[2] === 3) movedTo.set(Number(value[1]), Number(key.slice(1)));
        else removed.add(Number(key.slice(1)));
      } else if (Array.isArray(value) && value.length === 1) added.add(Number(key));
    }
  } else if (delta !== undefined) {
    before.forEach((_, index) => removed.add(index));
    after.forEach((_, index) => added.add(index));
  }
  const movedFrom = new Set(movedTo.values());
  const restBefore = before.map((_, index) => index).filter((index) => !removed.has(index) && !movedFrom.has(index));
  const restAfter = after.map((_, index) => index).filter((index) => !added.has(index) && !movedTo.has(index));
  const pairs = new Map<number, number>(restAfter.map((index, n) => [index, restBefore[n]]));
  movedTo.forEach((from, to) => pairs.set(to, from));
  const itemDelta = (index: number): unknown => {
    const value = isArrayDelta(delta) ? delta[String(index)] : undefined;
    return isObj(value) ? value : undefined;
  };
  const items: (Aligned & { order: number })[] = after.map((now, index) => {
    if (added.has(index)) return { status: 'added', after: index, now, order: index };
    const from = pairs.get(index) as number;
    return { status: movedTo.has(index) ? 'moved' : 'kept', before: from, after: index, old: before[from], now, delta: itemDelta(index), order: index };
  });
  const newIndexOf = new Map<number, number>([...pairs].map(([to, from]) => [from, to]));
  for (const index of [...removed].sort((a, b) => a - b)) {
    let anchor = -1;
    for (let previous = index - 1; previous >= 0; previous -= 1) {
      if (newIndexOf.has(previous)) {
        anchor = newIndexOf.get(previous) as number;
        break;
      }
    }
    items.push({ status: 'removed', before: index, old: before[index], order: anchor + 0.5 + index / 1e6 });
  }
  return items.sort((a, b) => a.order - b.order);
}

/** The pairs of indexes of a longest common subsequence of two lists of keys. */
export function commonPairs(a: string[], b: string[]): [number, number][] {
  const lengths = a.map(() => new Array<number>(b.length + 1).fill(0));
  lengths.push(new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) lengths[i][j] = a[i] === b[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      pairs.push([i, j]);
      i += 1;
      j += 1;
    } else if (lengths[i + 1][j] >= lengths[i][j + 1]) i += 1;
    else j += 1;
  }
  return pairs;
}

/** The positions in `values` of a longest strictly increasing run (not necessarily adjacent). */
function longestIncreasing(values: number[]): Set<number> {
  const tails: number[] = [];
  const previous = new Array<number>(values.length).fill(-1);
  values.forEach((value, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tails[middle]] < value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1];
    tails[low] = index;
  });
  const kept = new Set<number>();
  for (let index = tails.at(-1) ?? -1; index !== -1; index = previous[index]) kept.add(index);
  return kept;
}

/**
 * Parts matched by their ids: an id only in the new list is added, one only in the old list removed;
 * of the others, those that keep their order among each other stay, the rest moved (the fewest moves).
 * In the new order, a removed part where it stood.
 */
function alignById(before: unknown[], after: unknown[]): Aligned[] {
  const idOf = (item: unknown) => get(item, 'id') as string;
  const oldIndex = new Map(before.map((item, index) => [idOf(item), index]));
  const newIndex = new Map(after.map((item, index) => [idOf(item), index]));
  const common = after
    .map((item, index) => ({ index, from: oldIndex.get(idOf(item)) }))
    .filter((entry): entry is { index: number; from: number } => entry.from !== undefined);
  const staying = longestIncreasing(common.map((entry) => entry.from));
  const moved = new Set(common.filter((_, position) => !staying.has(position)).map((entry) => entry.index));
  const items: (Aligned & { order: number })[] = after.map((now, index) => {
    const from = oldIndex.get(idOf(now));
    if (from === undefined) return { status: 'added', after: index, now, order: index };
    const delta = diff(before[from], now);
    return {
      status: moved.has(index) ? 'moved' : 'kept',
      before: from,
      after: index,
      old: before[from],
      now,
      ...(isObj(delta) ? { delta } : {}),
      order: index,
    };
  });
  before.forEach((old, index) => {
    if (newIndex.has(idOf(old))) return;
    // Right after the nearest part before it that is still there.
    let anchor = -1;
    for (let previous = index - 1; previous >= 0 && anchor === -1; previous -= 1) anchor = newIndex.get(idOf(before[previous])) ?? -1;
    items.push({ status: 'removed', before: index, old, order: anchor + 0.5 + index / 1e6 });
  });
  return items.sort((a, b) => a.order - b.order);
}

/** Parts of a list matched by their ids when every one has an id (blocks, points, documents, signers), else by position. */
export function alignParts(before: unknown[], after: unknown[]): Aligned[] {
  const named = (items: unknown[]) =>
    items.every((item) => typeof get(item, 'id') === 'string') && new Set(items.map((item) => get(item, 'id'))).size === items.length;
  return named(before) && named(after) ? alignById(before, after) : alignByPosition(before, after);
}

/**
 * Items without id (content blocks, options of a choice, signers) by position, after setting
 * aside the ones that stayed exactly the same: a block inserted at the top is one block added,
 * not every block after it changed; between unchanged items, items are paired by position.
 */
export function alignByPosition(before: unknown[], after: unknown[]): Aligned[] {
  const key = (value: unknown) => JSON.stringify(value);
  const items: Aligned[] = [];
  let i = 0;
  let j = 0;
  const gap = (untilBefore: number, untilAfter: number) => {
    for (; i < untilBefore && j < untilAfter; i += 1, j += 1)
      items.push({ status: 'kept', before: i, after: j, old: before[i], now: after[j], delta: diff(before[i], after[j]) });
    for (; i < untilBefore; i += 1) items.push({ status: 'removed', before: i, old: before[i] });
    for (; j < untilAfter; j += 1) items.push({ status: 'added', after: j, now: after[j] });
  };
  for (const [from, to] of commonPairs(before.map(key), after.map(key))) {
    gap(from, to);
    items.push({ status: 'kept', before: from, after: to, old: before[from], now: after[to] });
    [i, j] = [from + 1, to + 1];
  }
  gap(before.length, after.length);
  return items;
}
