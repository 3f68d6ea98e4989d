/**
 * What changed between two versions of a flow, in sentences an administrator understands: "Veld
 * ‘E-mailadres’ toegevoegd aan stap ‘Uw gegevens’.", "Maximale lengte van veld ‘Soort wijziging’
 * gewijzigd van 200 naar 100.", "Stap ‘Documenten’ verplaatst van positie 2 naar 1.".
 *
 * Both versions are diffed with jsondiffpatch: items of a list with a string `id` (steps, boxes,
 * rules, variants, and the content blocks, list points, documents and signers, which get the ids
 * the pipeline gives them in both versions first) are matched by that id, so a moved step or block
 * is one move rather than a rewrite of every item; any other list of objects (options of a choice)
 * is matched by position, after setting aside the items that stayed exactly the same (so one
 * inserted item is one item added). English under the keys of before parts had ids is read under
 * its new keys, so a migration alone is no change. The delta is then walked with both documents at hand, and each part of a flow
 * is put into words by what it is (a field, its label, a message, a visibility rule, a content
 * block); whatever has no sentence of its own gets a generic one with a readable path. The order
 * of fields is compared separately, as jsondiffpatch does not see the order of an object's keys.
 *
 * Sentences come in the order of the document: the form's own properties, the steps in their new
 * order (a removed step where it stood), and within a step its title and intro, then its fields in
 * order with all that concerns each field (schema, display, visibility, messages, rules), then the
 * rest. Changes of the English texts follow those of the document.
 */
import { create } from 'jsondiffpatch';
import { schemaAt } from '../../../renderer/core/schemaPaths';
import { listItemText, withPartIds } from '../../../renderer/core/partIds';
import { mapTextsAt } from '../../../renderer/core/textPaths';
import { entryMoves, flowTexts, type TranslationFile } from '../../../renderer/core/translations';
import type { JsonSchema } from '../../../renderer/core/types';
import type { Change, ChangeKind } from '../../shared/beheer';
import { findRenames, renamedBefore, withRenameChanges } from './flowRenames';
import { BLOCK_KIND_NAMES } from '../../shared/blockKinds';

/** The raw texts of one version of a flow, as stored: the flow document and its English (path -> {nl, en}). */
export interface FlowSourceTexts {
  document: string;
  english?: string;
}

export type { Change, ChangeKind } from '../../shared/beheer';

export const INVALID_JSON_TEXT = 'De broncode is geen geldige JSON; verschillen kunnen niet worden getoond.';

/** The changes from `before` to `after`, in document order; none when they are the same. */
export function describeChanges(before: FlowSourceTexts, after: FlowSourceTexts): Change[] {
  const documents = [parse(before.document), parse(after.document)];
  const english = [parseEnglish(before.english), parseEnglish(after.english)];
  const broken = documents.some((value) => value === INVALID) ? 'Broncode' : english.some((value) => value === INVALID) ? 'Engelse vertaling' : undefined;
  if (broken) return [{ kind: 'gewijzigd', where: broken, text: INVALID_JSON_TEXT, path: '' }];
  // Both versions as the pipeline reads them: every part with its id, English under its new key.
  documents.forEach((document, index) => {
    documents[index] = withPartIds(document);
    english[index] = underNewKeys(documents[index], english[index]);
  });
  // A field that only got another name in the data is told as a rename (flowRenames.ts).
  const renames = findRenames(documents[0], documents[1]);
  const old = renames.length > 0 && isObj(english[0]) ? renamedBefore(documents[0], english[0], renames) : { document: documents[0], english: english[0] };
  const describer = new Describer(old.document, documents[1]);
  describer.document();
  describer.english(old.english, english[1]);
  return withRenameChanges(describer.result(), documents[1], renames);
}

// ---------------------------------------------------------------------------------------------
// Parsing

const INVALID = Symbol('invalid');

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return INVALID;
  }
}

/** A version without English (or with an empty English text) has no English texts. */
function parseEnglish(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return {};
  return parse(text);
}

/** English entries under keys from before options and parts had identities, moved to their new keys. */
function underNewKeys(document: unknown, english: unknown): unknown {
  if (!isObj(english)) return english;
  const moves = new Map(entryMoves(flowTexts(document), english as TranslationFile).map(({ from, to }) => [from, to]));
  return moves.size === 0 ? english : Object.fromEntries(Object.entries(english).map(([key, entry]) => [moves.get(key) ?? key, entry]));
}

// ---------------------------------------------------------------------------------------------
// Values and their words

type Obj = Record<string, unknown>;

const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
const has = (value: unknown, key: string): boolean => isObj(value) && Object.hasOwn(value, key);
const get = (value: unknown, key: string): unknown => (isObj(value) && Object.hasOwn(value, key) ? value[key] : undefined);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const join = (prefix: string, key: string): string => (prefix ? `${prefix}.${key}` : key);
const capital = (sentence: string): string => sentence.charAt(0).toUpperCase() + sentence.slice(1);

const MAX = 80;

/** A text cut at about 80 characters with '…'. */
function clip(value: string, max = MAX): string {
  return value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value;
}

const quote = (value: string): string => `‘${clip(value)}’`;

/** A value as a sentence shows it: texts quoted, numbers as they are, yes/no, lists of texts joined. */
function show(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'ja' : 'nee';
  if (value === null || value === undefined) return 'leeg';
  if (Array.isArray(value) && value.every((item) => ['string', 'number', 'boolean'].includes(typeof item))) return quote(value.map(String).join(', '));
  return clip(JSON.stringify(value));
}

/** A value as the generic sentence shows it: short JSON (a text quoted). */
function shortJson(value: unknown): string {
  return typeof value === 'string' ? quote(value) : clip(JSON.stringify(value) ?? 'null');
}

/**
 * Two versions of a text as a sentence shows them: whole when short, else the part that differs
 * with some words around it ('…' where something is left out).
 */
function textPair(before: string, after: string): [string, string] {
  if (before.length <= MAX && after.length <= MAX) return [quote(before), quote(after)];
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end += 1;
  const context = 24;
  const space = before.lastIndexOf(' ', Math.max(0, start - context));
  const from = start - context <= 0 || space < 0 ? 0 : space + 1;
  const cut = (value: string): string => {
    const tail = value.length - end + context;
    const next = value.indexOf(' ', tail);
    const to = tail >= value.length || next < 0 ? value.length : next;
    const piece = `${from > 0 ? '…' : ''}${value.slice(from, to)}${to < value.length ? '…' : ''}`;
    return `‘${clip(piece, MAX + 2)}’`;
  };
  return [cut(before), cut(after)];
}

/** A number of bytes as people read it. */
function bytes(value: unknown): string {
  if (typeof value !== 'number') return show(value);
  const mb = 1024 * 1024;
  if (value >= mb) return `${String(Math.round((value / mb) * 10) / 10).replace('.', ',')} MB`;
  if (value >= 1024) return `${String(Math.round((value / 1024) * 10) / 10).replace('.', ',')} kB`;
  return `${value} bytes`;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'tekst',
  integer: 'geheel getal',
  number: 'getal',
  boolean: 'ja/nee',
  object: 'groep',
  array: 'lijst',
  null: 'leeg',
};

/** JSON Schema keywords of a field with a Dutch name; the sentence reads "<name> van veld ‘X’ …". */
const KEYWORD_NAMES: Record<string, string> = {
  maxLength: 'maximale lengte',
  minLength: 'minimale lengte',
  pattern: 'patroon',
  format: 'formaat',
  minimum: 'minimum',
  maximum: 'maximum',
  exclusiveMinimum: 'ondergrens (niet inbegrepen)',
  exclusiveMaximum: 'bovengrens (niet inbegrepen)',
  multipleOf: 'stapgrootte',
  minItems: 'minimaal aantal',
  maxItems: 'maximaal aantal',
  uniqueItems: 'unieke waarden',
  minProperties: 'minimaal aantal velden',
  maxProperties: 'maximaal aantal velden',
  default: 'standaardwaarde',
  const: 'vaste waarde',
  readOnly: 'alleen lezen',
  writeOnly: 'alleen schrijven',
  deprecated: 'verouderd',
  examples: 'voorbeelden',
  description: 'beschrijving',
};

/** The keyword of a message ('required', 'format.email', 'minItems.files') in Dutch. */
function messageKeyword(keyword: string): string {
  const [head, ...rest] = keyword.split('.');
  const names: Record<string, string> = {
    ...KEYWORD_NAMES,
    required: 'verplicht',
    type: 'type',
    enum: 'keuzelijst',
    oneOf: 'keuze',
    anyOf: 'keuze',
    dependencies: 'afhankelijk verplicht',
    dependentRequired: 'afhankelijk verplicht',
  };
  const parts: Record<string, string> = { files: 'bestanden', choices: 'keuzes', items: 'items', ...TYPE_NAMES };
  const name = names[head] ?? head;
  return rest.length ? `${name} (${rest.map((part) => parts[part] ?? part).join(', ')})` : name;
}

const BOX_TYPES: Record<string, string> = { info: 'informatie', warning: 'waarschuwing', error: 'fout', success: 'succes' };

/** Shows a value through a table of names (a text not in the table as it is; anything else as `show` does). */
const named =
  (names: Record<string, string>) =>
  (value: unknown): string =>
    typeof value === 'string'
      ? quote(names[value] ?? value)
      : Array.isArray(value) && value.every((item) => typeof item === 'string')
        ? quote(value.map((item: string) => names[item] ?? item).join(', '))
        : show(value);

// ---------------------------------------------------------------------------------------------
// json-logic in a few words

const COMPARISONS: Record<string, string> = { '==': '=', '===': '=', '!=': '≠', '!==': '≠', '>': '>', '>=': '≥', '<': '<', '<=': '≤' };

function logicVar(value: unknown): string | undefined {
  if (!isObj(value) || !has(value, 'var')) return undefined;
  const name = Array.isArray(value.var) ? value.var[0] : value.var;
  return typeof name === 'string' ? name : undefined;
}

function logicValue(value: unknown): string | undefined {
  if (typeof value === 'string') return `‘${value}’`;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'ja' : 'nee';
  return undefined;
}

/** A simple json-logic rule in words ("documenten.aanvraagType = 4"), or undefined when it is not simple. */
function logicWords(rule: unknown, depth = 0): string | undefined {
  if (typeof rule === 'boolean') return rule ? 'altijd' : 'nooit';
  if (!isObj(rule) || Object.keys(rule).length !== 1 || depth > 2) return undefined;
  const [operator, args] = Object.entries(rule)[0];
  const operands = Array.isArray(args) ? args : [args];
  if (operator in COMPARISONS && operands.length === 2) {
    const [left, right] = logicVar(operands[0]) !== undefined ? operands : [operands[1], operands[0]];
    const name = logicVar(left);
    if (name === undefined) return undefined;
    if (right === null) return operator.startsWith('!') ? `${name} is ingevuld` : operator.startsWith('=') ? `${name} is leeg` : undefined;
    const value = logicValue(right);
    return value === undefined ? undefined : `${name} ${COMPARISONS[operator]} ${value}`;
  }
  if (operator === 'in' && operands.length === 2 && Array.isArray(operands[1])) {
    const name = logicVar(operands[0]);
    const values = operands[1].map(logicValue);
    return name === undefined || values.some((value) => value === undefined) ? undefined : `${name} is een van ${values.join(', ')}`;
  }
  if ((operator === '!' || operator === '!!') && operands.length === 1) {
    const name = logicVar(operands[0]);
    return name === undefined ? undefined : `${name} ${operator === '!' ? 'is leeg' : 'is ingevuld'}`;
  }
  if ((operator === 'and' || operator === 'or') && operands.length > 0) {
    const parts = operands.map((operand) => logicWords(operand, depth + 1));
    return parts.some((part) => part === undefined) ? undefined : parts.join(operator === 'and' ? ' en ' : ' of ');
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Lists: jsondiffpatch's array delta as items in document order

const differ = create({
  // Items with a string id (steps, boxes, rules, variants) by id; any other object by position.
  objectHash: (item: object, index?: number) => {
    const id = item === null ? undefined : (item as { id?: unknown }).id;
    return typeof id === 'string' ? `id:${id}` : `#${index ?? 0}`;
  },
  arrays: { detectMove: true, includeValueOnMove: false },
});

function diff(before: unknown, after: unknown): unknown {
  return differ.diff(before, after) as unknown;
}

const isArrayDelta = (delta: unknown): delta is Obj => isObj(delta) && delta._t === 'a';
const isObjectDelta = (delta: unknown): delta is Obj => isObj(delta) && delta._t !== 'a';

interface Aligned {
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
function align(delta: unknown, before: unknown[], after: unknown[]): Aligned[] {
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

/** Keys of two objects in the new order, with keys only the old one has after their old predecessor. */
function mergedOrder(before: string[], after: string[]): string[] {
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

const keysOf = (value: unknown): string[] => (isObj(value) ? Object.keys(value) : []);

/** The delta of `key` below an object delta; when the parent changed as a whole, the child is diffed itself. */
function childDelta(delta: unknown, key: string, before: unknown, after: unknown): unknown {
  if (isObjectDelta(delta)) return delta[key];
  if (delta === undefined) return undefined;
  return diff(get(before, key), get(after, key));
}

/** The keys whose values differ, in document order. */
function changedKeys(delta: unknown, before: unknown, after: unknown): string[] {
  if (delta === undefined) return [];
  const keys = mergedOrder(keysOf(before), keysOf(after));
  return keys.filter((key) => (isObjectDelta(delta) ? Object.hasOwn(delta, key) : diff(get(before, key), get(after, key)) !== undefined));
}

/** The pairs of indexes of a longest common subsequence of two lists of keys. */
function commonPairs(a: string[], b: string[]): [number, number][] {
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
function alignParts(before: unknown[], after: unknown[]): Aligned[] {
  const named = (items: unknown[]) =>
    items.every((item) => typeof get(item, 'id') === 'string') && new Set(items.map((item) => get(item, 'id'))).size === items.length;
  return named(before) && named(after) ? alignById(before, after) : alignByPosition(before, after);
}

/**
 * Items without id (content blocks, options of a choice, signers) by position, after setting
 * aside the ones that stayed exactly the same: a block inserted at the top is one block added,
 * not every block after it changed; between unchanged items, items are paired by position.
 */
function alignByPosition(before: unknown[], after: unknown[]): Aligned[] {
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

// ---------------------------------------------------------------------------------------------
// Where: a pointer in words

const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const pointerOf = (segments: string[]): string => segments.map((segment) => `/${escapePointer(segment)}`).join('');
const isIndex = (segment: string): boolean => /^\d+$/.test(segment);

const titleOf = (value: unknown): string | undefined => text(get(value, 'title'));
const stepName = (step: unknown): string => titleOf(step) ?? text(get(step, 'id')) ?? 'zonder titel';

/** The fields along a dotted field path of a step, each by its label. */
function fieldChain(schema: unknown, path: string): string[] {
  const parts: string[] = [];
  const segments = path.split('.');
  segments.forEach((segment, index) => {
    if (isIndex(segment)) return;
    const node = isObj(schema) ? schemaAt(schema as JsonSchema, segments.slice(0, index + 1).join('.')) : undefined;
    parts.push(`veld ${quote(titleOf(node) ?? segment)}`);
  });
  return parts;
}

/** The part of a step schema a pointer names, in words, and the pointer segments left over. */
function schemaPlace(schema: unknown, segments: string[], parts: string[]): string[] {
  let node = schema;
  let rest = segments;
  while (rest.length > 0) {
    const [key, next] = rest;
    if (key === 'properties' && next !== undefined && has(get(node, 'properties'), next)) {
      node = get(get(node, 'properties'), next);
      parts.push(`veld ${quote(titleOf(node) ?? next)}`);
      rest = rest.slice(2);
    } else if (key === 'items' && isObj(get(node, 'items'))) {
      node = get(node, 'items');
      rest = rest.slice(1);
    } else if ((key === 'oneOf' || key === 'anyOf' || key === 'allOf') && next !== undefined && isObj(list(get(node, key))[Number(next)])) {
      node = list(get(node, key))[Number(next)];
      parts.push(key === 'allOf' ? `deel ${Number(next) + 1}` : `keuze ${titleOf(node) ? quote(titleOf(node) as string) : Number(next) + 1}`);
      rest = rest.slice(2);
    } else if ((key === 'then' || key === 'else') && isObj(get(node, key))) {
      node = get(node, key);
      parts.push(key === 'then' ? 'dan' : 'anders');
      rest = rest.slice(1);
    } else if ((key === 'dependencies' || key === 'dependentSchemas') && next !== undefined && isObj(get(get(node, key), next))) {
      const owner = get(get(node, 'properties'), next);
      node = get(get(node, key), next);
      parts.push(`afhankelijk van ${quote(titleOf(owner) ?? next)}`);
      rest = rest.slice(2);
    } else if ((key === 'definitions' || key === '$defs') && next !== undefined && isObj(get(get(node, key), next))) {
      node = get(get(node, key), next);
      parts.push(`definitie ${quote(next)}`);
      rest = rest.slice(2);
    } else break;
  }
  return rest;
}

const BLOCK_OWNERS: Record<string, string> = { intro: 'inleiding', outro: 'slot' };

/** Where a pointer is in a flow document, in words ("Stap 2 ‘Documenten’ › veld ‘Type aanvraag’"), and what is left of it. */
function locate(document: unknown, segments: string[]): { where: string; rest: string[] } {
  const parts: string[] = [];
  let rest = segments;
  const blockList = (owner: string): void => {
    if (rest[0] === owner) {
      if (owner !== 'blocks') parts.push(BLOCK_OWNERS[owner] ?? owner);
      rest = rest.slice(1);
      if (rest[0] !== undefined && isIndex(rest[0])) {
        parts.push(`tekstblok ${Number(rest[0]) + 1}`);
        rest = rest.slice(1);
      }
    }
  };
  const [first, second] = segments;
  if (first === 'steps' && second !== undefined && isObj(list(get(document, 'steps'))[Number(second)])) {
    const step = list(get(document, 'steps'))[Number(second)];
    parts.push(`Stap ${Number(second) + 1} ${quote(stepName(step))}`);
    rest = segments.slice(2);
    const [key, next] = rest;
    if (key === 'intro' || key === 'outro') blockList(key);
    else if (key === 'schema') rest = schemaPlace(get(step, 'schema'), rest.slice(1), parts);
    else if (key === 'uiSchema') {
      const path: string[] = [];
      rest = rest.slice(1);
      while (rest.length > 0 && !rest[0].startsWith('ui:')) {
        if (rest[0] !== 'items') path.push(rest[0]);
        rest = rest.slice(1);
      }
      if (path.length) parts.push(...fieldChain(get(step, 'schema'), path.join('.')));
    } else if ((key === 'visibleIf' || key === 'messages') && next !== undefined) {
      parts.push(...fieldChain(get(step, 'schema'), next));
      rest = rest.slice(2);
    } else if ((key === 'boxes' || key === 'rules') && next !== undefined && isObj(list(get(step, key))[Number(next)])) {
      const item = list(get(step, key))[Number(next)];
      parts.push(`${key === 'boxes' ? 'kader' : 'controleregel'} ${quote(text(get(item, 'id')) ?? String(Number(next) + 1))}`);
      rest = rest.slice(2);
    } else if (key === 'derive' && next !== undefined && isIndex(next)) {
      parts.push(`afleiding ${Number(next) + 1}`);
      rest = rest.slice(2);
    }
  } else if (first === 'intro') {
    parts.push('Inleiding');
    rest = segments.slice(1);
    blockList('blocks');
  } else if (first === 'review') {
    parts.push('Controlestap');
    rest = segments.slice(1);
    blockList(rest[0] === 'outro' ? 'outro' : 'intro');
  } else if (first === 'submit') {
    parts.push('Verzenden');
    rest = segments.slice(1);
    if (rest[0] === 'codeMessages' && rest[1] !== undefined) {
      parts.push(`foutcode ${quote(rest[1])}`);
      rest = rest.slice(2);
    }
  } else if (first === 'confirmation') {
    parts.push('Bevestigingspagina');
    rest = segments.slice(1);
    blockList('blocks');
    if (rest[0] === 'download') {
      parts.push('download');
      rest = rest.slice(1);
      if (rest[0] === 'signers' && rest[1] !== undefined && isIndex(rest[1])) {
        parts.push(`ondertekenaar ${Number(rest[1]) + 1}`);
        rest = rest.slice(2);
      }
    }
  } else if (first === 'variables' && second !== undefined) {
    parts.push(`Berekende tekst ${quote(`{${second}}`)}`);
    rest = segments.slice(2);
  } else if (first === 'variants' && second !== undefined && isIndex(second)) {
    const variant = list(get(document, 'variants'))[Number(second)];
    parts.push(`Variant ${quote(titleOf(variant) ?? text(get(variant, 'id')) ?? String(Number(second) + 1))}`);
    rest = segments.slice(2);
  } else {
    parts.push('Formulier');
  }
  return { where: parts.join(' › '), rest };
}

/** The rest of a pointer as the generic sentence shows it: keys as written, list items by number. */
const readableRest = (rest: string[]): string[] => rest.map((segment) => (isIndex(segment) ? `nr. ${Number(segment) + 1}` : segment));

// ---------------------------------------------------------------------------------------------
// The walk

/** A place in both versions: its pointer segments in the old (b) and the new (a) document. */
interface Pos {
  a?: string[];
  b?: string[];
}

const sub = (pos: Pos, ...keys: string[]): Pos => ({ a: pos.a && [...pos.a, ...keys], b: pos.b && [...pos.b, ...keys] });
const onlyAfter = (pos: Pos, ...keys: string[]): Pos => ({ a: pos.a && [...pos.a, ...keys] });
const onlyBefore = (pos: Pos, ...keys: string[]): Pos => ({ b: pos.b && [...pos.b, ...keys] });

interface Pending {
  change: Change;
  /** The field of a step the change concerns (dotted path), to keep a field's changes together and in field order. */
  field?: string;
  /** Within a step: 0 title and intro, 1 the fields, 2 the rest. */
  section: number;
}

/** How a sentence names a value that was set, changed or removed. */
interface Subject {
  /** "Maximale lengte van veld ‘X’" (at the start of the sentence). */
  name: string;
  /** How values are shown (default: `show`, or the text window for two texts). */
  format?: (value: unknown) => string;
  /** "ingesteld op 100" rather than "toegevoegd: ‘…’" for a value that was not there. */
  setting?: boolean;
}

/** What a step's changes need to know about the step. */
interface StepContext {
  before: unknown;
  after: unknown;
  /** The step's title (the new one) for sentences. */
  name: string;
  pos: Pos;
}

/** A schema node within a step: the step, the data path of the node, the field it is, and how to name where its children are. */
interface NodeContext {
  step: StepContext;
  path: string;
  field?: { name: string; label: string };
  /** "stap ‘Uw gegevens’", "groep ‘Adres’ in stap ‘Uw gegevens’": where a child field is added to. */
  container: string;
}

class Describer {
  private readonly pending: Pending[] = [];
  private sink: Pending[] = this.pending;
  private section = 0;

  constructor(
    private readonly before: unknown,
    private readonly after: unknown,
  ) {}

  result(): Change[] {
    return this.pending.map((item) => item.change);
  }

  // --- emitting ---------------------------------------------------------------------------------

  private emit(kind: ChangeKind, sentence: string, pos: Pos, options: { field?: string; where?: Pos } = {}): void {
    const place = this.side(pos, kind);
    const wherePlace = options.where ? this.side(options.where, kind) : place;
    this.sink.push({
      change: { kind, where: locate(wherePlace.document, wherePlace.segments).where, text: sentence, path: pointerOf(place.segments) },
      field: options.field,
      section: this.section,
    });
  }

  /** The document and pointer a change is shown at: the new one, the old one for what was removed. */
  private side(pos: Pos, kind: ChangeKind): { document: unknown; segments: string[] } {
    if (kind === 'verwijderd' && pos.b) return { document: this.before, segments: pos.b };
    if (pos.a) return { document: this.after, segments: pos.a };
    if (pos.b) return { document: this.before, segments: pos.b };
    return { document: this.after, segments: [] };
  }

  /** "<Subject> gewijzigd van A naar B." / "<Subject> toegevoegd: B." / "<Subject> verwijderd (was A)." */
  private value(subject: Subject, before: unknown, after: unknown, pos: Pos, field?: string): void {
    const format = subject.format ?? show;
    if (before === undefined && after === undefined) return;
    if (before === undefined) {
      this.emit('toegevoegd', `${subject.name} ${subject.setting ? 'ingesteld op' : 'toegevoegd:'} ${format(after)}.`, pos, { field });
    } else if (after === undefined) {
      this.emit('verwijderd', `${subject.name} verwijderd (was ${format(before)}).`, pos, { field });
    } else {
      const [from, to] = typeof before === 'string' && typeof after === 'string' && !subject.format ? textPair(before, after) : [format(before), format(after)];
      this.emit('gewijzigd', `${subject.name} gewijzigd van ${from} naar ${to}.`, pos, { field });
    }
  }

  /** The fallback: "Gewijzigd: <where › path> van <json> naar <json>.", per changed leaf of an object. */
  private generic(delta: unknown, before: unknown, after: unknown, pos: Pos, field?: string): void {
    if (isObj(before) && isObj(after)) {
      for (const key of changedKeys(delta ?? diff(before, after), before, after))
        this.generic(childDelta(delta, key, before, after), before[key], after[key], sub(pos, key), field);
      return;
    }
    const kind: ChangeKind = before === undefined ? 'toegevoegd' : after === undefined ? 'verwijderd' : 'gewijzigd';
    const place = this.side(pos, kind);
    const { where, rest } = locate(place.document, place.segments);
    const readable = [where, ...readableRest(rest)].join(' › ');
    const sentence =
      kind === 'toegevoegd'
        ? `Toegevoegd: ${readable} (${shortJson(after)}).`
        : kind === 'verwijderd'
          ? `Verwijderd: ${readable} (was ${shortJson(before)}).`
          : `Gewijzigd: ${readable} van ${shortJson(before)} naar ${shortJson(after)}.`;
    this.emit(kind, sentence, pos, { field });
  }

  /** "Regel voor tonen van <subject> toegevoegd: tonen als …" and the like. */
  private visibility(subject: string, before: unknown, after: unknown, pos: Pos, field?: string): void {
    const words = (rule: unknown): string | undefined => {
      const simple = logicWords(rule);
      return simple === undefined ? undefined : `tonen als ${simple}`;
    };
    if (before === undefined && after === undefined) return;
    if (before === undefined) {
      const rule = words(after);
      this.emit('toegevoegd', `Regel voor tonen van ${subject} toegevoegd${rule ? `: ${rule}` : ''}.`, pos, { field });
    } else if (after === undefined) {
      this.emit('verwijderd', `Regel voor tonen van ${subject} verwijderd; het wordt altijd getoond.`, pos, { field });
    } else {
      const [from, to] = [words(before), words(after)];
      const detail = to ? `: nu ${to}${from && from !== to ? ` (was ${from})` : ''}` : '';
      this.emit('gewijzigd', `Regel voor tonen van ${subject} gewijzigd${detail}.`, pos, { field });
    }
  }

  // --- the document -----------------------------------------------------------------------------

  document(): void {
    const delta = diff(this.before, this.after);
    const root: Pos = { a: [], b: [] };
    if (!isObj(this.before) || !isObj(this.after)) {
      if (delta !== undefined) this.generic(delta, this.before, this.after, root);
      return;
    }
    // The steps are walked even without a delta: a change of field order is no change to jsondiffpatch.
    const keys = changedKeys(delta, this.before, this.after);
    if (!keys.includes('steps') && Array.isArray(this.before.steps) && Array.isArray(this.after.steps)) {
      keys.splice(
        mergedOrder(keysOf(this.before), keysOf(this.after))
          .filter((key) => keys.includes(key) || key === 'steps')
          .indexOf('steps'),
        0,
        'steps',
      );
    }
    for (const key of keys) {
      const [before, after, pos, d] = [this.before[key], this.after[key], sub(root, key), childDelta(delta, key, this.before, this.after)];
      switch (key) {
        case 'title':
          this.value({ name: 'Titel van het formulier' }, before, after, pos);
          break;
        case 'headerName':
          this.value({ name: 'Naam in de paginakop' }, before, after, pos);
          break;
        case 'scenarios':
          this.value({ name: "Scenario's", setting: true }, before, after, pos);
          break;
        case 'languages':
          this.value({ name: 'Talen', setting: true }, before, after, pos);
          break;
        case 'baseData':
          this.value({ name: 'Referentiegegevens', setting: true }, before, after, pos);
          break;
        case 'example':
          if (after === true) this.emit('gewijzigd', 'Het formulier is nu een voorbeeldformulier.', pos);
          else if (before === true) this.emit('gewijzigd', 'Het formulier is geen voorbeeldformulier meer.', pos);
          else this.generic(d, before, after, pos);
          break;
        case 'scenarioTitles':
          for (const scenario of changedKeys(d, before, after))
            this.value({ name: `Titel voor scenario ${quote(scenario)}` }, get(before, scenario), get(after, scenario), sub(pos, scenario));
          break;
        case 'variables':
          this.variables(d, before, after, pos);
          break;
        case 'variants':
          this.variants(d, before, after, pos);
          break;
        case 'intro':
          this.intro(d, before, after, pos);
          break;
        case 'steps':
          this.steps(d, before, after, pos);
          break;
        case 'review':
          this.review(d, before, after, pos);
          break;
        case 'submit':
          this.submit(d, before, after, pos);
          break;
        case 'confirmation':
          this.confirmation(d, before, after, pos);
          break;
        default:
          this.generic(d, before, after, pos);
      }
    }
  }

  private variables(delta: unknown, before: unknown, after: unknown, pos: Pos): void {
    for (const name of changedKeys(delta, before, after)) {
      const subject = `Berekende tekst ${quote(`{${name}}`)}`;
      if (!has(before, name)) this.emit('toegevoegd', `${subject} toegevoegd.`, sub(pos, name));
      else if (!has(after, name)) this.emit('verwijderd', `${subject} verwijderd.`, sub(pos, name));
      else this.emit('gewijzigd', `${subject} gewijzigd.`, sub(pos, name));
    }
  }

  private variants(delta: unknown, before: unknown, after: unknown, pos: Pos): void {
    for (const item of align(delta, list(before), list(after))) {
      const itemPos = this.itemPos(pos, item);
      const name = quote(titleOf(item.now ?? item.old) ?? text(get(item.now ?? item.old, 'id')) ?? '?');
      if (item.status === 'added') this.emit('toegevoegd', `Variant ${name} toegevoegd.`, itemPos);
      else if (item.status === 'removed') this.emit('verwijderd', `Variant ${name} verwijderd.`, itemPos);
      else {
        if (item.status === 'moved')
          this.emit('verplaatst', `Variant ${name} verplaatst van positie ${(item.before ?? 0) + 1} naar ${(item.after ?? 0) + 1}.`, itemPos);
        for (const key of changedKeys(item.delta, item.old, item.now)) {
          const [old, now] = [get(item.old, key), get(item.now, key)];
          if (key === 'title') this.value({ name: `Naam van variant ${quote(text(get(item.now, 'id')) ?? '?')}` }, old, now, sub(itemPos, key));
          else if (key === 'default')
            this.emit(
              'gewijzigd',
              now === true ? `Variant ${name} is nu de standaardvariant.` : `Variant ${name} is niet meer de standaardvariant.`,
              sub(itemPos, key),
            );
          else this.generic(childDelta(item.delta, key, item.old, item.now), old, now, sub(itemPos, key));
        }
      }
    }
  }

  private itemPos(pos: Pos, item: Aligned): Pos {
    return {
      a: pos.a && item.after !== undefined ? [...pos.a, String(item.after)] : undefined,
      b: pos.b && item.before !== undefined ? [...pos.b, String(item.before)] : undefined,
    };
  }

  private intro(delta: unknown, before: unknown, after: unknown, pos: Pos): void {
    if (!isObj(before) || !isObj(after)) {
      if (isObj(after) && before === undefined) this.emit('toegevoegd', `Inleiding ${quote(titleOf(after) ?? '')} toegevoegd.`, pos);
      else if (isObj(before) && after === undefined) this.emit('verwijderd', `Inleiding ${quote(titleOf(before) ?? '')} verwijderd.`, pos);
      else this.generic(delta, before, after, pos);
      return;
    }
    for (const key of changedKeys(delta, before, after)) {
      const [old, now, at] = [before[key], after[key], sub(pos, key)];
      if (key === 'title') this.value({ name: 'Titel van de inleiding' }, old, now, at);
      else if (key === 'startLabel') this.value({ name: 'Tekst van de startknop' }, old, now, at);
      else if (key === 'blocks') this.blocks(old, now, at, 'de inleiding');
      else this.generic(childDelta(delta, key, before, after), old, now, at);
    }
  }

  private review(delta: unknown, before: unknown, after: unknown, pos: Pos): void {
    for (const key of changedKeys(delta, before, after)) {
      const [old, now, at, d] = [get(before, key), get(after, key), sub(pos, key), childDelta(delta, key, before, after)];
      if (key === 'title') this.value({ name: 'Titel van de controlestap' }, old, now, at);
      else if (key === 'submitLabel') this.value({ name: 'Tekst van de verzendknop' }, old, now, at);
      else if (key === 'changeLabel') this.value({ name: 'Tekst van de knop om te wijzigen' }, old, now, at);
      else if (key === 'intro') this.blocks(old, now, at, 'de inleiding van de controlestap');
      else if (key === 'outro') this.blocks(old, now, at, 'het slot van de controlestap');
      else this.generic(d, old, now, at);
    }
  }

  private submit(delta: unknown, before: unknown, after: unknown, pos: Pos): void {
    for (const key of changedKeys(delta, before, after)) {
      const [old, now, at, d] = [get(before, key), get(after, key), sub(pos, key), childDelta(delta, key, before, after)];
      if (key === 'failureMessage') this.value({ name: 'Melding bij mislukt verzenden' }, old, now, at);
      else if (key === 'codeHeading') this.value({ name: 'Kop boven meldingen bij een foutcode' }, old, now, at);
      else if (key === 'codeMessages') {
        for (const code of changedKeys(d, old, now)) this.value({ name: `Melding bij foutcode ${quote(code)}` }, get(old, code), get(now, code), sub(at, code));
      } else if (key === 'kind') this.value({ name: 'Soort verzending', setting: true }, old, now, at);
      else if (key === 'url') this.value({ name: 'Adres voor verzenden', setting: true }, old, now, at);
      else this.generic(d, old, now, at);
    }
  }

  private confirmation(delta: unknown, before: unknown, after: unknown, pos: Pos): void {
    for (const key of changedKeys(delta, before, after)) {
      const [old, now, at, d] = [get(before, key), get(after, key), sub(pos, key), childDelta(delta, key, before, after)];
      if (key === 'title') this.value({ name: 'Titel van de bevestigingspagina' }, old, now, at);
      else if (key === 'blocks') this.blocks(old, now, at, 'de bevestigingspagina');
      else if (key === 'download' && isObj(old) && isObj(now)) this.download(d, old, now, at);
      else this.generic(d, old, now, at);
    }
  }

  private download(delta: unknown, before: Obj, after: Obj, pos: Pos): void {
    for (const key of changedKeys(delta, before, after)) {
      const [old, now, at, d] = [before[key], after[key], sub(pos, key), childDelta(delta, key, before, after)];
      if (key === 'errorMessage') this.value({ name: 'Melding bij mislukt downloaden van de bevestiging' }, old, now, at);
      else if (key === 'errorSrText') this.value({ name: 'Melding voor schermlezers bij mislukt downloaden' }, old, now, at);
      else if (key === 'signers' && Array.isArray(old) && Array.isArray(now)) {
        for (const item of alignParts(old, now)) {
          const itemPos = this.itemPos(at, item);
          const name = quote(titleOf(item.now ?? item.old) ?? String((item.after ?? item.before ?? 0) + 1));
          if (item.status === 'added') this.emit('toegevoegd', `Ondertekenaar ${name} toegevoegd.`, itemPos);
          else if (item.status === 'removed') this.emit('verwijderd', `Ondertekenaar ${name} verwijderd.`, itemPos);
          else {
            if (item.status === 'moved')
              this.emit('verplaatst', `Ondertekenaar ${name} verplaatst van positie ${(item.before ?? 0) + 1} naar ${(item.after ?? 0) + 1}.`, itemPos);
            for (const field of changedKeys(item.delta, item.old, item.now)) {
              const [o, n] = [get(item.old, field), get(item.now, field)];
              if (field === 'title') this.value({ name: `Rol van ondertekenaar ${(item.after ?? 0) + 1}` }, o, n, sub(itemPos, field));
              else if (field === 'visibleIf') this.visibility(`ondertekenaar ${name}`, o, n, sub(itemPos, field));
              else this.generic(childDelta(item.delta, field, item.old, item.now), o, n, sub(itemPos, field));
            }
          }
        }
      } else this.generic(d, old, now, at);
    }
  }

  // --- content blocks ---------------------------------------------------------------------------

  /** Content blocks matched by their ids; `owner` names the list ("de inleiding van stap ‘Uw gegevens’"). */
  private blocks(before: unknown, after: unknown, pos: Pos, owner: string, field?: string): void {
    if (!Array.isArray(before) && !Array.isArray(after)) {
      this.generic(diff(before, after), before, after, pos, field);
      return;
    }
    for (const item of alignParts(list(before), list(after))) {
      const at = this.itemPos(pos, item);
      const summary = (block: unknown): string => {
        const kind = get(block, 'kind');
        const words = text(get(block, 'text')) ?? titleOf(block) ?? (typeof kind === 'string' ? (BLOCK_KIND_NAMES[kind] ?? kind) : undefined);
        return words === undefined ? shortJson(block) : quote(words);
      };
      if (item.status === 'added') {
        this.emit('toegevoegd', `Tekstblok ${(item.after ?? 0) + 1} toegevoegd aan ${owner}: ${summary(item.now)}.`, at, { field });
        continue;
      }
      if (item.status === 'removed') {
        this.emit('verwijderd', `Tekstblok ${(item.before ?? 0) + 1} verwijderd uit ${owner} (was ${summary(item.old)}).`, at, { field });
        continue;
      }
      const number = (item.after ?? 0) + 1;
      const block = `tekstblok ${number} van ${owner}`;
      if (item.status === 'moved')
        this.emit('verplaatst', `Tekstblok ${summary(item.now)} van ${owner} verplaatst van positie ${(item.before ?? 0) + 1} naar ${number}.`, at, { field });
      for (const key of changedKeys(item.delta, item.old, item.now)) {
        const [old, now, keyPos, d] = [get(item.old, key), get(item.now, key), sub(at, key), childDelta(item.delta, key, item.old, item.now)];
        // An id written where the pipeline gave the same one is no change.
        if (key === 'id') continue;
        if (key === 'text' && typeof old === 'string' && typeof now === 'string') this.value({ name: capital(block) }, old, now, keyPos, field);
        else if (key === 'text') this.value({ name: `Tekst van ${block}` }, old, now, keyPos, field);
        else if (key === 'title') this.value({ name: `Titel van ${block}` }, old, now, keyPos, field);
        else if (key === 'kind') this.value({ name: `Soort van ${block}`, format: named(BLOCK_KIND_NAMES) }, old, now, keyPos, field);
        else if (key === 'href' || key === 'url') this.value({ name: `Link van ${block}`, setting: true }, old, now, keyPos, field);
        else if (key === 'level') this.value({ name: `Kopniveau van ${block}`, setting: true }, old, now, keyPos, field);
        else if (key === 'type') this.value({ name: `Soort melding van ${block}`, setting: true, format: named(BOX_TYPES) }, old, now, keyPos, field);
        else if (key === 'visibleIf') this.visibility(block, old, now, keyPos, field);
        else if (key === 'numbered' && (typeof old === 'boolean' || typeof now === 'boolean'))
          this.emit('gewijzigd', `${capital(block)} is ${now === true ? 'nu' : 'niet meer'} genummerd.`, keyPos, { field });
        else if (key === 'items' && get(item.now, 'kind') === 'list' && get(item.old, 'kind') === 'list') this.points(old, now, keyPos, block, field);
        else if (key === 'items' && [...list(old), ...list(now)].every(isObj)) this.documents(old, now, keyPos, block, field);
        else this.generic(d, old, now, keyPos, field);
      }
    }
  }

  /** The points of a list block, by their ids. */
  private points(before: unknown, after: unknown, pos: Pos, block: string, field?: string): void {
    for (const item of alignParts(list(before), list(after))) {
      const at = this.itemPos(pos, item);
      const [was, is] = [listItemText(item.old), listItemText(item.now)];
      if (item.status === 'added') this.emit('toegevoegd', `Punt ${(item.after ?? 0) + 1} toegevoegd aan ${block}: ${show(is)}.`, at, { field });
      else if (item.status === 'removed') this.emit('verwijderd', `Punt ${(item.before ?? 0) + 1} verwijderd uit ${block} (was ${show(was)}).`, at, { field });
      else {
        if (item.status === 'moved')
          this.emit('verplaatst', `Punt ${show(is)} van ${block} verplaatst van positie ${(item.before ?? 0) + 1} naar ${(item.after ?? 0) + 1}.`, at, {
            field,
          });
        if (was !== is) this.value({ name: `Punt ${(item.after ?? 0) + 1} van ${block}` }, was, is, typeof item.now === 'string' ? at : sub(at, 'text'), field);
      }
    }
  }

  /** The documents of a 'requiredDocuments' block, by their ids. */
  private documents(before: unknown, after: unknown, pos: Pos, block: string, field?: string): void {
    for (const item of alignParts(list(before), list(after))) {
      const at = this.itemPos(pos, item);
      const summary = (entry: unknown) => quote(text(get(entry, 'text')) ?? text(get(entry, 'list')) ?? '?');
      if (item.status === 'added') this.emit('toegevoegd', `Document ${(item.after ?? 0) + 1} toegevoegd aan ${block}: ${summary(item.now)}.`, at, { field });
      else if (item.status === 'removed')
        this.emit('verwijderd', `Document ${(item.before ?? 0) + 1} verwijderd uit ${block} (was ${summary(item.old)}).`, at, { field });
      else {
        const name = `document ${(item.after ?? 0) + 1} van ${block}`;
        if (item.status === 'moved')
          this.emit(
            'verplaatst',
            `Document ${summary(item.now)} van ${block} verplaatst van positie ${(item.before ?? 0) + 1} naar ${(item.after ?? 0) + 1}.`,
            at,
            { field },
          );
        for (const key of changedKeys(item.delta, item.old, item.now)) {
          const [old, now, keyPos] = [get(item.old, key), get(item.now, key), sub(at, key)];
          if (key === 'id') continue;
          if (key === 'text') this.value({ name: capital(name) }, old, now, keyPos, field);
          else if (key === 'visibleIf') this.visibility(name, old, now, keyPos, field);
          else this.generic(childDelta(item.delta, key, item.old, item.now), old, now, keyPos, field);
        }
      }
    }
  }

  // --- steps ------------------------------------------------------------------------------------

  private steps(delta: unknown, before: unknown, after: unknown, pos: Pos): void {
    for (const item of align(Array.isArray(before) && Array.isArray(after) ? delta : diff(list(before), list(after)), list(before), list(after))) {
      const at = this.itemPos(pos, item);
      if (item.status === 'added') this.emit('toegevoegd', `Stap ${quote(stepName(item.now))} toegevoegd.`, at);
      else if (item.status === 'removed') this.emit('verwijderd', `Stap ${quote(stepName(item.old))} verwijderd.`, at);
      else {
        if (item.status === 'moved')
          this.emit('verplaatst', `Stap ${quote(stepName(item.now))} verplaatst van positie ${(item.before ?? 0) + 1} naar ${(item.after ?? 0) + 1}.`, at);
        this.step(item.delta, item.old, item.now, at, item.after ?? 0);
      }
    }
  }

  private step(delta: unknown, before: unknown, after: unknown, pos: Pos, index: number): void {
    const collected: Pending[] = [];
    const outer = this.sink;
    this.sink = collected;
    const step: StepContext = { before, after, name: stepName(after), pos };
    const container = `stap ${quote(step.name)}`;
    this.section = 1;
    // The schema is walked even without a delta: a change of field order is no change to jsondiffpatch.
    this.schemaNode(childDelta(delta, 'schema', before, after), get(before, 'schema'), get(after, 'schema'), sub(pos, 'schema'), { step, path: '', container });
    for (const key of changedKeys(delta, before, after)) {
      const [old, now, at, d] = [get(before, key), get(after, key), sub(pos, key), childDelta(delta, key, before, after)];
      this.section = 1;
      switch (key) {
        case 'schema':
          break;
        case 'title':
          this.section = 0;
          this.value({ name: `Titel van stap ${index + 1}` }, old, now, at);
          break;
        case 'dataKey':
          this.section = 0;
          this.value({ name: `Gegevenssleutel van stap ${quote(step.name)}`, setting: true }, old, now, at);
          break;
        case 'intro':
          this.section = 0;
          this.blocks(old, now, at, `de inleiding van ${container}`);
          break;
        case 'outro':
          this.section = 2;
          this.blocks(old, now, at, `het slot van ${container}`);
          break;
        case 'uiSchema':
          this.ui(d, old, now, at, step, '');
          break;
        case 'visibleIf':
          for (const path of changedKeys(d, old, now)) {
            if (!has(now, path) && this.fieldRemoved(step, path)) continue;
            this.visibility(`veld ${quote(this.label(step, path))}`, get(old, path), get(now, path), sub(at, path), path);
          }
          break;
        case 'messages':
          this.stepMessages(d, old, now, at, step);
          break;
        case 'rules':
          this.rules(d, old, now, at, step);
          break;
        case 'boxes':
          this.boxes(d, old, now, at, step);
          break;
        case 'derive':
          this.derive(old, now, at, step);
          break;
        default:
          this.section = 2;
          this.generic(d, old, now, at);
      }
    }
    this.section = 0;
    this.sink = outer;
    const order = mergedOrder(fieldOrder(get(before, 'schema')), fieldOrder(get(after, 'schema')));
    const rank = (item: Pending): number => {
      if (item.section !== 1 || item.field === undefined) return Number.MAX_SAFE_INTEGER;
      for (let path = item.field; path !== ''; path = path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : '') {
        const found = order.indexOf(path);
        if (found >= 0) return found;
      }
      return Number.MAX_SAFE_INTEGER;
    };
    collected.sort((a, b) => a.section - b.section || rank(a) - rank(b));
    outer.push(...collected);
  }

  /** A field's label (its title, new before old), else its name. */
  private label(step: StepContext, path: string): string {
    const find = (schema: unknown) => (isObj(schema) ? schemaAt(schema as JsonSchema, path) : undefined);
    return (
      titleOf(find(get(step.after, 'schema'))) ??
      titleOf(find(get(step.before, 'schema'))) ??
      path
        .split('.')
        .filter((segment) => !isIndex(segment))
        .at(-1) ??
      path
    );
  }

  /** Whether a field of the old step is gone (its display, rules and messages went with it). */
  private fieldRemoved(step: StepContext, path: string): boolean {
    const find = (schema: unknown) => (isObj(schema) ? schemaAt(schema as JsonSchema, path) : undefined);
    return find(get(step.before, 'schema')) !== undefined && find(get(step.after, 'schema')) === undefined;
  }

  private stepMessages(delta: unknown, before: unknown, after: unknown, pos: Pos, step: StepContext): void {
    for (const path of changedKeys(delta, before, after)) {
      const [old, now] = [get(before, path), get(after, path)];
      if (!has(after, path) && this.fieldRemoved(step, path)) continue;
      const d = childDelta(delta, path, before, after);
      for (const keyword of changedKeys(d ?? diff(old, now), old, now)) {
        this.value(
          { name: `Melding bij ${quote(messageKeyword(keyword))} van veld ${quote(this.label(step, path))}` },
          get(old, keyword),
          get(now, keyword),
          sub(pos, path, keyword),
          path,
        );
      }
    }
  }

  private rules(delta: unknown, before: unknown, after: unknown, pos: Pos, step: StepContext): void {
    for (const item of align(Array.isArray(before) && Array.isArray(after) ? delta : diff(list(before), list(after)), list(before), list(after))) {
      const at = this.itemPos(pos, item);
      const rule = item.now ?? item.old;
      const name = `Controleregel ${quote(text(get(rule, 'id')) ?? '?')}`;
      const field = text(get(rule, 'field'));
      const fieldName = field ? `veld ${quote(this.label(step, field))}` : 'de stap';
      if (item.status === 'added') this.emit('toegevoegd', `${name} toegevoegd bij ${fieldName}: ${show(get(rule, 'message'))}.`, at, { field });
      else if (item.status === 'removed') {
        if (!(field && this.fieldRemoved(step, field))) this.emit('verwijderd', `${name} verwijderd bij ${fieldName}.`, at, { field });
      } else {
        if (item.status === 'moved')
          this.emit('verplaatst', `${name} verplaatst van positie ${(item.before ?? 0) + 1} naar ${(item.after ?? 0) + 1}.`, at, { field });
        for (const key of changedKeys(item.delta, item.old, item.now)) {
          const [old, now, keyPos] = [get(item.old, key), get(item.now, key), sub(at, key)];
          if (key === 'message') this.value({ name: `Melding van ${name.charAt(0).toLowerCase()}${name.slice(1)}` }, old, now, keyPos, field);
          else if (key === 'assert') this.emit('gewijzigd', `Voorwaarde van ${name.charAt(0).toLowerCase()}${name.slice(1)} gewijzigd.`, keyPos, { field });
          else if (key === 'field' && typeof old === 'string' && typeof now === 'string') {
            this.emit('gewijzigd', `${name} geldt nu voor veld ${quote(this.label(step, now))} in plaats van veld ${quote(this.label(step, old))}.`, keyPos, {
              field,
            });
          } else this.generic(childDelta(item.delta, key, item.old, item.now), old, now, keyPos, field);
        }
      }
    }
  }

  private boxes(delta: unknown, before: unknown, after: unknown, pos: Pos, step: StepContext): void {
    for (const item of align(Array.isArray(before) && Array.isArray(after) ? delta : diff(list(before), list(after)), list(before), list(after))) {
      const at = this.itemPos(pos, item);
      const box = item.now ?? item.old;
      const id = quote(text(get(box, 'id')) ?? '?');
      const field = text(get(box, 'after'));
      if (item.status === 'added') this.emit('toegevoegd', `Kader ${id} toegevoegd aan stap ${quote(step.name)}: ${show(get(box, 'text'))}.`, at, { field });
      else if (item.status === 'removed') this.emit('verwijderd', `Kader ${id} verwijderd uit stap ${quote(step.name)}.`, at, { field });
      else {
        if (item.status === 'moved')
          this.emit('verplaatst', `Kader ${id} verplaatst van positie ${(item.before ?? 0) + 1} naar ${(item.after ?? 0) + 1}.`, at, { field });
        for (const key of changedKeys(item.delta, item.old, item.now)) {
          const [old, now, keyPos] = [get(item.old, key), get(item.now, key), sub(at, key)];
          if (key === 'text') this.value({ name: `Tekst van kader ${id}` }, old, now, keyPos, field);
          else if (key === 'title') this.value({ name: `Titel van kader ${id}` }, old, now, keyPos, field);
          else if (key === 'type') this.value({ name: `Soort van kader ${id}`, setting: true, format: named(BOX_TYPES) }, old, now, keyPos, field);
          else if (key === 'after') {
            const place = (path: unknown) => (typeof path === 'string' ? `na veld ${quote(this.label(step, path))}` : 'bovenaan');
            this.emit('gewijzigd', `Kader ${id} staat nu ${place(now)} (was ${place(old)}).`, keyPos, { field });
          } else if (key === 'visibleIf') this.visibility(`kader ${id}`, old, now, keyPos, field);
          else this.generic(childDelta(item.delta, key, item.old, item.now), old, now, keyPos, field);
        }
      }
    }
  }

  private derive(before: unknown, after: unknown, pos: Pos, step: StepContext): void {
    for (const item of alignByPosition(list(before), list(after))) {
      const at = this.itemPos(pos, item);
      const field = text(get(item.now ?? item.old, 'field'));
      const name = `Afleiding voor ${field ? `veld ${quote(this.label(step, field))}` : 'een veld'}`;
      if (item.status === 'added') this.emit('toegevoegd', `${name} toegevoegd.`, at, { field });
      else if (item.status === 'removed') this.emit('verwijderd', `${name} verwijderd.`, at, { field });
      else if (item.delta !== undefined) this.emit('gewijzigd', `${name} gewijzigd.`, at, { field });
    }
  }

  // --- display (uiSchema) -----------------------------------------------------------------------

  private ui(delta: unknown, before: unknown, after: unknown, pos: Pos, step: StepContext, path: string): void {
    for (const key of changedKeys(delta, before, after)) {
      const [old, now, at, d] = [get(before, key), get(after, key), sub(pos, key), childDelta(delta, key, before, after)];
      if (key.startsWith('ui:')) {
        if (now === undefined && path && this.fieldRemoved(step, path)) continue;
        this.uiSetting(key, d, old, now, at, step, path);
      } else if (isObj(old) || isObj(now)) {
        // `items` holds the display of a repeating group's fields (they have no index in a path).
        this.ui(d ?? diff(old, now), old, now, at, step, key === 'items' ? path : join(path, key));
      } else this.generic(d, old, now, at, path || undefined);
    }
  }

  private uiSetting(key: string, delta: unknown, before: unknown, after: unknown, pos: Pos, step: StepContext, path: string): void {
    const owner = path ? `veld ${quote(this.label(step, path))}` : `stap ${quote(step.name)}`;
    const field = path || undefined;
    switch (key) {
      case 'ui:help':
        this.value({ name: `Hulptekst van ${owner}` }, before, after, pos, field);
        return;
      case 'ui:helpText':
        // An expandable help text: { label, text }.
        if (isObj(before) && isObj(after)) {
          for (const part of changedKeys(delta ?? diff(before, after), before, after)) {
            const name =
              part === 'label' ? `Kop van de uitklaptekst van ${owner}` : part === 'text' ? `Uitklaptekst van ${owner}` : `Uitklaptekst van ${owner} (${part})`;
            this.value({ name }, before[part], after[part], sub(pos, part), field);
          }
        } else {
          const words = (help: unknown) => (isObj(help) ? quote(text(help.label) ?? text(help.text) ?? '') : show(help));
          this.value({ name: `Uitklaptekst van ${owner}`, format: words }, before, after, pos, field);
        }
        return;
      case 'ui:description':
        this.value({ name: `Beschrijving van ${owner}` }, before, after, pos, field);
        return;
      case 'ui:widget':
        this.value({ name: `Invoerelement van ${owner}`, setting: true }, before, after, pos, field);
        return;
      case 'ui:placeholder':
        this.value({ name: `Voorbeeldtekst in ${owner}` }, before, after, pos, field);
        return;
      case 'ui:title':
        this.value({ name: `Getoond label van ${owner}` }, before, after, pos, field);
        return;
      case 'ui:enumNames':
        this.value({ name: `Keuzeteksten van ${owner}`, setting: true }, before, after, pos, field);
        return;
      case 'ui:order':
        this.value({ name: `Volgorde van de velden van ${owner}`, setting: true }, before, after, pos, field);
        return;
      case 'ui:options': {
        const names: Record<string, string> = {
          heading: `Tussenkop boven ${owner}`,
          legend: `Kop boven de keuzes van ${owner}`,
          label: `Getoond label van ${owner}`,
          checkboxLabel: `Tekst bij het vinkje van ${owner}`,
          itemTitle: `Titel van elk item van ${owner}`,
          addLabel: `Tekst van de knop om een item toe te voegen aan ${owner}`,
        };
        for (const option of changedKeys(delta ?? diff(before, after), before, after)) {
          const [old, now] = [get(before, option), get(after, option)];
          if (now === undefined && path && this.fieldRemoved(step, path)) continue;
          this.value({ name: names[option] ?? `Weergave-optie ${quote(option)} van ${owner}`, setting: !(option in names) }, old, now, sub(pos, option), field);
        }
        return;
      }
      default:
        this.value({ name: `Weergave-instelling ${quote(key)} van ${owner}`, setting: true }, before, after, pos, field);
    }
  }

  // --- fields (the step's JSON Schema) ----------------------------------------------------------

  /**
   * A schema node: the step's root, a field, a group, an option of a choice. Walked on both
   * versions even where the delta has nothing, to find fields that changed place.
   */
  private schemaNode(delta: unknown, before: unknown, after: unknown, pos: Pos, context: NodeContext): void {
    if (!isObj(before) || !isObj(after)) {
      if (before !== undefined || after !== undefined) this.generic(delta, before, after, pos, context.path || undefined);
      return;
    }
    const inner = context.field ? `groep ${quote(context.field.label)} in ${context.container}` : context.container;
    this.properties(childDelta(delta, 'properties', before, after), before.properties, after.properties, sub(pos, 'properties'), context, inner);
    this.required(before, after, pos, context);
    const structural = ['items', 'oneOf', 'anyOf', 'allOf', 'then', 'else', 'dependencies', 'dependentSchemas', 'definitions', '$defs'];
    for (const key of structural) {
      if (!has(before, key) && !has(after, key)) continue;
      this.structure(key, childDelta(delta, key, before, after), before[key], after[key], sub(pos, key), context, inner);
    }
    for (const key of changedKeys(delta, before, after)) {
      if (key === 'properties' || key === 'required' || structural.includes(key)) continue;
      const [old, now, at, d] = [before[key], after[key], sub(pos, key), childDelta(delta, key, before, after)];
      const field = context.path || undefined;
      if (key === 'if') {
        // The condition of `then`/`else`: its `properties` are tests, not fields.
        const owner = context.field ? `veld ${quote(context.field.label)}` : context.container;
        const kind: ChangeKind = old === undefined ? 'toegevoegd' : now === undefined ? 'verwijderd' : 'gewijzigd';
        this.emit(kind, `Voorwaarde (als) van ${owner} ${kind}.`, at, { field });
      } else if (context.field) this.keyword(key, d, old, now, at, context, context.field);
      else if (key === 'x-choiceLabel') this.value({ name: `Keuzevraag van ${context.container}` }, old, now, at, field);
      else this.generic(d, old, now, at, field);
    }
  }

  private properties(delta: unknown, before: unknown, after: unknown, pos: Pos, context: NodeContext, container: string): void {
    if (!isObj(before) && !isObj(after)) return;
    const label = (name: string): string => titleOf(get(after, name)) ?? titleOf(get(before, name)) ?? name;
    for (const name of mergedOrder(keysOf(before), keysOf(after))) {
      const path = join(context.path, name);
      const at = sub(pos, name);
      if (!has(before, name)) this.emit('toegevoegd', `Veld ${quote(label(name))} toegevoegd aan ${container}.`, at, { field: path });
      else if (!has(after, name)) this.emit('verwijderd', `Veld ${quote(label(name))} verwijderd uit ${container}.`, at, { field: path });
      else {
        this.schemaNode(childDelta(delta, name, before, after), get(before, name), get(after, name), at, {
          step: context.step,
          path,
          field: { name, label: label(name) },
          container,
        });
      }
    }
    // Fields that kept their name but changed place (jsondiffpatch does not see the order of keys).
    const common = keysOf(before).filter((name) => has(after, name));
    const now = keysOf(after).filter((name) => has(before, name));
    const kept = new Set(commonPairs(common, now).map(([, index]) => now[index]));
    for (const name of now) {
      if (kept.has(name)) continue;
      const keys = keysOf(after);
      const previous = keys[keys.indexOf(name) - 1];
      const place = previous === undefined ? 'staat nu bovenaan' : `staat nu na veld ${quote(label(previous))}`;
      this.emit('verplaatst', `Veld ${quote(label(name))} verplaatst in ${container}; het ${place}.`, sub(pos, name), { field: join(context.path, name) });
    }
  }

  private required(before: Obj, after: Obj, pos: Pos, context: NodeContext): void {
    const [old, now] = [list(before.required), list(after.required)].map((names) => names.filter((name): name is string => typeof name === 'string'));
    const [oldProps, nowProps] = [before.properties, after.properties];
    const label = (name: string): string => titleOf(get(nowProps, name)) ?? titleOf(get(oldProps, name)) ?? name;
    const fieldPos = (name: string): Pos | undefined => (has(nowProps, name) ? onlyAfter(pos, 'properties', name) : undefined);
    now.forEach((name, index) => {
      if (old.includes(name)) return;
      const isNew = !has(oldProps, name) && has(nowProps, name);
      this.emit('gewijzigd', `Veld ${quote(label(name))} is ${isNew ? '' : 'nu '}verplicht.`, onlyAfter(pos, 'required', String(index)), {
        field: join(context.path, name),
        where: fieldPos(name),
      });
    });
    old.forEach((name, index) => {
      if (now.includes(name)) return;
      if (has(oldProps, name) && !has(nowProps, name)) return;
      this.emit('gewijzigd', `Veld ${quote(label(name))} is niet meer verplicht.`, onlyBefore(pos, 'required', String(index)), {
        field: join(context.path, name),
        where: fieldPos(name),
      });
    });
  }

  /** Sub-schemas of a node: the items of a list, the options of a choice, conditional parts, definitions. */
  private structure(key: string, delta: unknown, before: unknown, after: unknown, pos: Pos, context: NodeContext, inner: string): void {
    const field = context.path || undefined;
    const owner = context.field ? `veld ${quote(context.field.label)}` : context.container;
    if (key === 'items') {
      const group = has(before, 'properties') || has(after, 'properties');
      if (group && isObj(before) && isObj(after)) this.schemaNode(delta, before, after, pos, { step: context.step, path: context.path, container: inner });
      else if (delta !== undefined) this.generic(delta, before, after, pos, field);
      return;
    }
    if (key === 'oneOf' || key === 'anyOf' || key === 'allOf') {
      if (key !== 'allOf' && (isOptionList(before) || isOptionList(after))) {
        if (delta !== undefined) this.value({ name: `Keuzelijst van ${owner}`, setting: true, format: optionsText }, before, after, pos, field);
        return;
      }
      if (!Array.isArray(before) || !Array.isArray(after)) {
        if (delta !== undefined) this.generic(delta, before, after, pos, field);
        return;
      }
      for (const item of alignByPosition(before, after)) {
        const at = this.itemPos(pos, item);
        const index = (item.after ?? item.before ?? 0) + 1;
        const title = titleOf(item.now ?? item.old);
        const name = key === 'allOf' ? `deel ${index}` : `keuze ${title ? quote(title) : index}`;
        if (item.status === 'added') this.emit('toegevoegd', `${capital(name)} toegevoegd aan ${inner}.`, at, { field });
        else if (item.status === 'removed') this.emit('verwijderd', `${capital(name)} verwijderd uit ${inner}.`, at, { field });
        else {
          if (item.status === 'moved')
            this.emit('verplaatst', `${capital(name)} verplaatst van positie ${(item.before ?? 0) + 1} naar ${(item.after ?? 0) + 1}.`, at, { field });
          if (key !== 'allOf' && item.delta !== undefined && has(item.delta, 'title')) {
            this.value({ name: `Titel van keuze ${index} van ${inner}` }, titleOf(item.old), titleOf(item.now), sub(at, 'title'), field);
          }
          const branchDelta =
            isObjectDelta(item.delta) && key !== 'allOf' ? Object.fromEntries(Object.entries(item.delta).filter(([k]) => k !== 'title')) : item.delta;
          this.schemaNode(isObj(branchDelta) && Object.keys(branchDelta).length === 0 ? undefined : branchDelta, item.old, item.now, at, {
            step: context.step,
            path: context.path,
            container: `${name} in ${inner}`,
          });
        }
      }
      return;
    }
    if (key === 'then' || key === 'else') {
      const name = key === 'then' ? 'het dan-deel' : 'het anders-deel';
      if (isObj(before) && isObj(after))
        this.schemaNode(delta, before, after, pos, { step: context.step, path: context.path, container: `${name} van ${inner}` });
      else if (before === undefined) this.emit('toegevoegd', `${capital(name)} toegevoegd aan ${inner}.`, pos, { field });
      else if (after === undefined) this.emit('verwijderd', `${capital(name)} verwijderd uit ${inner}.`, pos, { field });
      else this.generic(delta, before, after, pos, field);
      return;
    }
    if (key === 'dependencies' || key === 'dependentSchemas') {
      for (const name of mergedOrder(keysOf(before), keysOf(after))) {
        const [old, now, at, d] = [get(before, name), get(after, name), sub(pos, name), childDelta(delta, name, before, after)];
        const ownerName = quote(this.label(context.step, join(context.path, name)));
        if (Array.isArray(old) || Array.isArray(now)) {
          if (d !== undefined) this.value({ name: `Velden die verplicht worden door veld ${ownerName}`, setting: true }, old, now, at, field);
        } else if (isObj(old) && isObj(now))
          this.schemaNode(d, old, now, at, { step: context.step, path: context.path, container: `het deel afhankelijk van ${ownerName} in ${inner}` });
        else if (now !== undefined && old === undefined)
          this.emit('toegevoegd', `Deel afhankelijk van veld ${ownerName} toegevoegd aan ${inner}.`, at, { field });
        else if (old !== undefined && now === undefined)
          this.emit('verwijderd', `Deel afhankelijk van veld ${ownerName} verwijderd uit ${inner}.`, at, { field });
      }
      return;
    }
    // definitions / $defs: named field definitions of the step.
    for (const name of mergedOrder(keysOf(before), keysOf(after))) {
      const [old, now, at, d] = [get(before, name), get(after, name), sub(pos, name), childDelta(delta, name, before, after)];
      if (isObj(old) && isObj(now))
        this.schemaNode(d, old, now, at, {
          step: context.step,
          path: `#${name}`,
          field: { name, label: titleOf(now) ?? name },
          container: `definitie ${quote(name)} in ${inner}`,
        });
      else if (old === undefined && now !== undefined) this.emit('toegevoegd', `Definitie ${quote(name)} toegevoegd aan ${inner}.`, at);
      else if (now === undefined && old !== undefined) this.emit('verwijderd', `Definitie ${quote(name)} verwijderd uit ${inner}.`, at);
      else if (d !== undefined) this.generic(d, old, now, at);
    }
  }

  /** A keyword of a field: its label, limits, options, files, messages, visibility. */
  private keyword(
    key: string,
    delta: unknown,
    before: unknown,
    after: unknown,
    pos: Pos,
    context: NodeContext,
    fieldInfo: { name: string; label: string },
  ): void {
    const field = context.path;
    const owner = `veld ${quote(fieldInfo.label)}`;
    switch (key) {
      case 'title':
        this.value({ name: `Label van veld ${quote(fieldInfo.name)}` }, before, after, pos, field);
        return;
      case '$ref':
        this.value(
          {
            name: `Velddefinitie van ${owner}`,
            setting: true,
            format: (ref) => (typeof ref === 'string' ? quote(ref.replace(/^urn:uzi-portaal:veld:/, '')) : show(ref)),
          },
          before,
          after,
          pos,
          field,
        );
        return;
      case 'type':
        this.value({ name: `Type van ${owner}`, setting: true, format: named(TYPE_NAMES) }, before, after, pos, field);
        return;
      case 'enum':
      case 'x-options':
        this.value({ name: `Keuzelijst van ${owner}`, setting: true }, before, after, pos, field);
        return;
      case 'x-enumNames':
        this.value({ name: `Keuzeteksten van ${owner}`, setting: true }, before, after, pos, field);
        return;
      case 'x-choiceLabel':
        this.value({ name: `Keuzevraag van ${owner}` }, before, after, pos, field);
        return;
      case 'x-widget':
        this.value({ name: `Standaardinvoerelement van ${owner}`, setting: true }, before, after, pos, field);
        return;
      case 'x-resetOn':
        this.value({ name: `Velden die ${owner} leegmaken`, setting: true }, before, after, pos, field);
        return;
      case 'x-addressCheck':
        this.value({ name: `Adrescontrole van ${owner}`, setting: true }, before, after, pos, field);
        return;
      case 'x-optionsFilter':
        if (before === undefined) this.emit('toegevoegd', `Filter op de keuzelijst van ${owner} toegevoegd.`, pos, { field });
        else if (after === undefined) this.emit('verwijderd', `Filter op de keuzelijst van ${owner} verwijderd.`, pos, { field });
        else this.emit('gewijzigd', `Filter op de keuzelijst van ${owner} gewijzigd.`, pos, { field });
        return;
      case 'x-visibleIf':
        this.visibility(owner, before, after, pos, field);
        return;
      case 'x-messages':
        for (const keyword of changedKeys(delta ?? diff(before, after), before, after)) {
          this.value(
            { name: `Melding bij ${quote(messageKeyword(keyword))} van ${owner}` },
            get(before, keyword),
            get(after, keyword),
            sub(pos, keyword),
            field,
          );
        }
        return;
      case 'x-files': {
        if (!isObj(before) || !isObj(after)) {
          if (before === undefined) this.emit('toegevoegd', `${capital(owner)} is nu een bestandsveld.`, pos, { field });
          else if (after === undefined) this.emit('verwijderd', `${capital(owner)} is geen bestandsveld meer.`, pos, { field });
          else this.generic(delta, before, after, pos, field);
          return;
        }
        const names: Record<string, Subject> = {
          accept: { name: `Toegestane bestandstypen van ${owner}`, setting: true },
          maxFileSize: { name: `Maximale bestandsgrootte van ${owner}`, setting: true, format: bytes },
          maxFiles: { name: `Maximaal aantal bestanden van ${owner}`, setting: true },
          check: { name: `Inhoudscontrole van ${owner}`, setting: true },
          checkField: { name: `Vergelijkingsveld van de inhoudscontrole van ${owner}`, setting: true },
        };
        for (const option of changedKeys(delta ?? diff(before, after), before, after)) {
          if (option in names) this.value(names[option], before[option], after[option], sub(pos, option), field);
          else this.generic(childDelta(delta, option, before, after), before[option], after[option], sub(pos, option), field);
        }
        return;
      }
      default:
        if (key in KEYWORD_NAMES && !isObj(before) && !isObj(after)) {
          this.value({ name: `${capital(KEYWORD_NAMES[key])} van ${owner}`, setting: key !== 'description' && key !== 'pattern' }, before, after, pos, field);
        } else this.generic(delta, before, after, pos, field);
    }
  }

  // --- English ----------------------------------------------------------------------------------

  english(before: unknown, after: unknown): void {
    const [old, now] = [isObj(before) ? before : {}, isObj(after) ? after : {}];
    const delta = diff(old, now);
    if (delta === undefined) return;
    const places = [textPointers(this.after), textPointers(this.before)];
    for (const path of changedKeys(delta, old, now)) {
      const [was, is] = [old[path], now[path]];
      const pointer = `/${escapePointer(path)}`;
      const segments = places[0].get(path) ?? places[1].get(path);
      const document = places[0].has(path) ? this.after : this.before;
      const where = segments ? `Engelse vertaling › ${locate(document, segments).where}` : 'Engelse vertaling';
      const subject = `Engelse vertaling van ${quote(path)}`;
      const push = (kind: ChangeKind, sentence: string, at: string) => this.pending.push({ change: { kind, where, text: sentence, path: at }, section: 0 });
      const [wasEn, isEn] = [get(was, 'en'), get(is, 'en')];
      if (was === undefined) push('toegevoegd', `${subject} toegevoegd: ${show(isEn ?? is)}.`, pointer);
      else if (is === undefined) push('verwijderd', `${subject} verwijderd (was ${show(wasEn ?? was)}).`, pointer);
      else if (typeof wasEn === 'string' && typeof isEn === 'string' && wasEn !== isEn) {
        const [from, to] = textPair(wasEn, isEn);
        push('gewijzigd', `${subject} gewijzigd van ${from} naar ${to}.`, `${pointer}/en`);
      } else if (typeof get(was, 'nl') === 'string' && typeof get(is, 'nl') === 'string' && get(was, 'nl') !== get(is, 'nl') && wasEn === isEn) {
        const [from, to] = textPair(get(was, 'nl') as string, get(is, 'nl') as string);
        push('gewijzigd', `Nederlandse brontekst bij de Engelse vertaling van ${quote(path)} gewijzigd van ${from} naar ${to}.`, `${pointer}/nl`);
      } else push('gewijzigd', `${subject} gewijzigd van ${shortJson(was)} naar ${shortJson(is)}.`, pointer);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers of the walk

/** A `oneOf`/`anyOf` that lists the options of one field (each with `const`) rather than groups of fields. */
function isOptionList(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0 && value.every((option) => has(option, 'const'));
}

function optionsText(value: unknown): string {
  const optionText = (option: unknown): string => {
    const constant = get(option, 'const');
    return (
      titleOf(option) ??
      (typeof constant === 'string' || typeof constant === 'number' || typeof constant === 'boolean' ? String(constant) : (JSON.stringify(constant) ?? '?'))
    );
  };
  return quote(list(value).map(optionText).join(', '));
}

/** Every field path of a step schema in order, also within groups, repeating groups and the parts of conditions. */
function fieldOrder(schema: unknown, prefix = ''): string[] {
  if (!isObj(schema)) return [];
  const paths: string[] = [];
  for (const [name, child] of Object.entries(isObj(schema.properties) ? schema.properties : {})) {
    const path = join(prefix, name);
    paths.push(path, ...fieldOrder(child, path));
  }
  if (isObj(schema.items)) paths.push(...fieldOrder(schema.items, prefix));
  for (const key of ['allOf', 'oneOf', 'anyOf']) for (const branch of list(schema[key])) paths.push(...fieldOrder(branch, prefix));
  for (const key of ['then', 'else']) paths.push(...fieldOrder(schema[key], prefix));
  for (const key of ['dependencies', 'dependentSchemas'])
    for (const branch of Object.values(isObj(schema[key]) ? schema[key] : {})) paths.push(...fieldOrder(branch, prefix));
  return [...new Set(paths)];
}

/** Where each translatable text of a document stands: text path (as the English file keys it) -> pointer segments. */
function textPointers(document: unknown): Map<string, string[]> {
  const paths: string[] = [];
  const mark = (index: number) => `\u0000tekst:${index}\u0000`;
  const marked = mapTextsAt(document, (path) => {
    paths.push(path);
    return mark(paths.length - 1);
  });
  const found = new Map<string, string[]>();
  const walk = (node: unknown, segments: string[]): void => {
    if (typeof node === 'string') {
      // eslint-disable-next-line no-control-regex -- NUL marks a placeholder no text can contain
      const match = /^\u0000tekst:(\d+)\u0000$/.exec(node);
      if (match) found.set(paths[Number(match[1])], segments);
    } else if (Array.isArray(node)) node.forEach((item, index) => walk(item, [...segments, String(index)]));
    else if (isObj(node)) for (const [key, value] of Object.entries(node)) walk(value, [...segments, key]);
  };
  walk(marked, []);
  return found;
}
