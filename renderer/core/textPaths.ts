/**
 * Where the translatable texts of the portal's documents are, each with a stable path. Translations
 * are keyed by that path instead of by the Dutch text, so correcting a Dutch text keeps its English
 * (and the change is noticed) rather than silently orphaning it; and never by a position, so adding,
 * moving or removing an option or a block leaves every other text's English where it was.
 *
 * Which values are texts:
 * - a string under one of TEXT_KEYS (`title`, `text`, `ui:help`, …);
 * - every string item of an array under TEXT_LIST_KEYS (`x-enumNames`, `ui:enumNames`, and `items`
 *   of a `list` block written before its items had ids);
 * - every string value of an object under TEXT_MAP_KEYS (`x-messages`, `codeMessages`, `scenarioTitles`,
 *   and `ui:enumNames` written as a map from value to text);
 * - in `messages` (field -> keyword -> text), every text;
 * - the string `examples` (suggestions) of a field without `format`, each by its position
 *   (`…naam.examples.0`); an example of an e-mail address, web address, telephone number or date,
 *   and a number, reads the same in every language and is no text;
 * - in `variables` (name -> json-logic), the outcomes of `if` (then/else), never `var` paths.
 *
 * Path scheme: the keys from the document's root joined with '.', as written (a key is never
 * escaped). An array item is named by
 * - an option's value after '=' (`optionSegment`): the texts of `x-enumNames` and `ui:enumNames`
 *   (a list in the order of the field's `enum`, or a map value -> text) and the `{ const, title }`
 *   items of `oneOf`/`anyOf`: `…aanvragerIdentificeren.x-enumNames.=1`, `…talen.items.oneOf.=nl.title`;
 * - else an object's string `id` (steps, boxes, rules, variants, and the content blocks, `list`
 *   items, required documents and signers that `partIds.ts` names): `confirmation.blocks.kosten.text`,
 *   `confirmation.blocks.kosten.items.factuur.text`, `confirmation.download.signers.aanvrager.title`;
 * - else its index (the options of a `oneOf` of groups of fields: `schema.oneOf.0.title`).
 * More examples: `title`, `steps.stap1.schema.properties.naam.title`, `steps.stap1.uiSchema.naam.ui:help`,
 * `steps.stap2.boxes.let-op.text`, `steps.stap1.messages.email.format`, `variables.aanvrager.if.1`.
 *
 * The walk also gives each text its key from before options and parts had identities (every option
 * and every part by its position, a `ui:enumNames` map by its key as written), so `flows:check --fix`
 * can move English from old keys to new ones.
 *
 * Reference data (`data/base-data/<set>.json`): in a list of items, every string of an item except
 * its `Value`, at `<list>.<item Value>.<key>`, and every string of a string list of an item at
 * `<list>.<item Value>.<key>.<index>` (an item without `Value` is named by its index). A list written
 * as a label -> value map has its labels at `<list>.<value>`.
 */
import { constantOf, isConstantList } from './defaultWidget';
import { isPartListKey } from './partIds';
import { schemaAt } from './schemaPaths';
import type { JsonSchema } from './types';

const TEXT_KEYS = new Set([
  'title',
  'description',
  'text',
  'label',
  'message',
  'headerName',
  'submitLabel',
  'changeLabel',
  'startLabel',
  'failureMessage',
  'codeHeading',
  'errorMessage',
  'errorSrText',
  'fileLabel',
  'ui:help',
  'ui:description',
  'ui:title',
  'ui:placeholder',
  'checkboxLabel',
  'legend',
  'heading',
  'itemTitle',
  'addLabel',
  'x-choiceLabel',
]);
const TEXT_LIST_KEYS = new Set(['items', 'x-enumNames', 'ui:enumNames']);
// `ui:enumNames` is a list in enum order or a map from value to text (rjsf reads both).
const TEXT_MAP_KEYS = new Set(['x-messages', 'codeMessages', 'scenarioTitles', 'ui:enumNames']);
/** Lists whose `{ const, title }` items are options of a field. */
const OPTION_OBJECT_LISTS = new Set(['oneOf', 'anyOf']);

/**
 * Receives a text, its path and its key from before options and parts had identities (`legacy`,
 * equal to `path` where nothing changed); what it returns replaces the text.
 */
export type TextVisitor = (path: string, text: string, legacy: string) => string;

/** Options of the walk. */
export interface TextWalkOptions {
  /** Path segments the paths start with (a field definition's file name). */
  prefix?: readonly string[];
  /** The shared field definition a `$ref` names, so the options of a field built on one are keyed by value too. */
  resolveRef?: (ref: string) => JsonSchema | undefined;
}

/** A place in the document: its path now and its path in the old, positional scheme. */
interface Place {
  path: readonly string[];
  legacy: readonly string[];
}

interface Walk {
  visit: TextVisitor;
  resolveRef?: (ref: string) => JsonSchema | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a string would read as another JSON value (`1`, `true`, `null`, `"x"`): then it is written quoted. */
function readsAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The path segment of an option by its value: '=' and the value — a string as it is (`=nl`, `=a.b`),
 * any other value as JSON (`=1`, `=true`, `=null`), and a string that would read as another value
 * quoted (`="1"`), so two different values never share a key.
 */
export function optionSegment(value: unknown): string {
  return `=${typeof value === 'string' && !readsAsJson(value) ? value : JSON.stringify(value)}`;
}

const child = (place: Place, key: string, legacyKey = key): Place => ({ path: [...place.path, key], legacy: [...place.legacy, legacyKey] });
const same = (place: Place, ...keys: string[]): Place => ({ path: [...place.path, ...keys], legacy: [...place.legacy, ...keys] });
const text = (walk: Walk, place: Place, value: string) => walk.visit(place.path.join('.'), value, place.legacy.filter((segment) => segment !== '').join('.'));

/** A schema with what its `$ref` brings (its own keys win), when the definition is known. */
function resolved(schema: unknown, walk: Walk): JsonSchema | undefined {
  if (!isRecord(schema)) return undefined;
  const ref = schema.$ref;
  const definition = typeof ref === 'string' && walk.resolveRef ? walk.resolveRef(ref) : undefined;
  return definition ? { ...definition, ...schema } : (schema as JsonSchema);
}

/** The option values of a field, in order: its `enum`, its `{ const }` options, or those of its items (a multiple choice). */
function enumValues(schema: unknown, walk: Walk): unknown[] | undefined {
  const node = resolved(schema, walk);
  if (!node) return undefined;
  if (Array.isArray(node.enum)) return node.enum;
  // A field written as parts (`allOf`) has its choices in one of them.
  const part = Array.isArray(node.allOf) ? (node.allOf as unknown[]).find((item) => isRecord(item) && Array.isArray(item.enum)) : undefined;
  if (isRecord(part)) return part.enum as unknown[];
  for (const keyword of OPTION_OBJECT_LISTS) {
    const options = node[keyword];
    if (isConstantList(options)) return options.map((option) => constantOf(option)!.value);
  }
  return isRecord(node.items) ? enumValues(node.items, walk) : undefined;
}

/** The schema of a uiSchema entry `key` below the schema of its parent entry. */
function uiChildSchema(schema: JsonSchema | undefined, key: string, walk: Walk): JsonSchema | undefined {
  const node = resolved(schema, walk);
  if (!node) return undefined;
  if (key === 'items') return resolved(node.items, walk);
  return resolved(schemaAt(node, key), walk);
}

/** Maps the string values of a text map (`x-messages` and the like); other values stay. */
function mapTextMap(map: Record<string, unknown>, place: Place, walk: Walk): Record<string, unknown> {
  return Object.fromEntries(Object.entries(map).map(([key, value]) => [key, typeof value === 'string' ? text(walk, same(place, key), value) : value]));
}

/** `ui:enumNames` as a map value -> text: each text by its option's value (a key names the value whose text it is). */
function mapOptionMap(map: Record<string, unknown>, place: Place, walk: Walk, values: unknown[] | undefined): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(map).map(([key, value]) => {
      const option = values?.find((candidate) => String(candidate) === key) ?? key;
      return [key, typeof value === 'string' ? text(walk, child(place, optionSegment(option), key), value) : value];
    }),
  );
}

/** In a variable's json-logic, the texts are the outcomes of `if` (then/else), never `var` paths. */
function mapLogicTexts(rule: unknown, place: Place, walk: Walk): unknown {
  if (Array.isArray(rule)) return rule.map((item, index) => mapLogicTexts(item, same(place, String(index)), walk));
  if (!isRecord(rule)) return rule;
  return Object.fromEntries(
    Object.entries(rule).map(([op, args]) => {
      if (op === 'if' && Array.isArray(args)) {
        const isOutcome = (index: number) => index % 2 === 1 || index === args.length - 1;
        return [
          op,
          args.map((arg, index) =>
            typeof arg === 'string' && isOutcome(index)
              ? text(walk, same(place, op, String(index)), arg)
              : mapLogicTexts(arg, same(place, op, String(index)), walk),
          ),
        ];
      }
      return [op, op === 'var' ? args : mapLogicTexts(args, same(place, op), walk)];
    }),
  );
}

/** Where the walk is: the key of the node, the object it is in, and the schema of a uiSchema node. */
interface Position {
  key?: string;
  parent?: unknown;
  /** Set inside a uiSchema (or a definition's `x-ui`): the schema of the field the node describes. */
  uiOf?: JsonSchema;
  /** Set on an item of a `list` block (a plain string before items had ids). */
  stringItem?: boolean;
}

function mapChild(key: string, value: unknown, node: Record<string, unknown>, place: Place, walk: Walk, position: Position): unknown {
  // A `list` item was a plain string before items had ids: its old key is the item's own.
  const at = key === 'text' && position.stringItem ? child(place, key, '') : same(place, key);
  // Inside a uiSchema, each entry below describes the field of the same name.
  const uiOf = position.uiOf !== undefined && !key.startsWith('ui:') ? uiChildSchema(position.uiOf, key, walk) : position.uiOf;
  if (key === 'ui:enumNames') {
    const values = enumValues(position.uiOf, walk);
    if (isRecord(value)) return mapOptionMap(value, at, walk, values);
    return walkNode(value, at, walk, { key, parent: node, options: values });
  }
  if (key === 'examples' && Array.isArray(value) && position.uiOf === undefined && node.format === undefined)
    return value.map((item, index) => (typeof item === 'string' ? text(walk, same(at, String(index)), item) : item));
  if (!isRecord(value)) {
    const options = key === 'x-enumNames' ? enumValues(node, walk) : undefined;
    return walkNode(value, at, walk, { key, parent: node, options, uiOf: position.uiOf === undefined ? undefined : uiOf });
  }
  if (TEXT_MAP_KEYS.has(key)) return mapTextMap(value, at, walk);
  if (key === 'variables') {
    return Object.fromEntries(Object.entries(value).map(([name, rule]) => [name, mapLogicTexts(rule, same(at, name), walk)]));
  }
  if (key === 'messages') {
    return Object.fromEntries(
      Object.entries(value).map(([field, byKeyword]) => [field, isRecord(byKeyword) ? mapTextMap(byKeyword, same(at, field), walk) : byKeyword]),
    );
  }
  // A step's uiSchema speaks of the step's schema; a definition's `x-ui` of the definition itself.
  const uiRoot = key === 'uiSchema' && isRecord(node.schema) ? (node.schema as JsonSchema) : key === 'x-ui' ? (node as JsonSchema) : undefined;
  return walkNode(value, at, walk, { key, parent: node, uiOf: uiRoot ?? (position.uiOf === undefined ? undefined : uiOf) });
}

/** The segments of an array item: now, and in the old positional scheme. */
function itemSegments(item: unknown, index: number, position: Position & { options?: unknown[] }): [string, string] {
  const atIndex = String(index);
  const constant = OPTION_OBJECT_LISTS.has(position.key ?? '') ? constantOf(item) : undefined;
  if (constant) return [optionSegment(constant.value), atIndex];
  if (isRecord(item) && typeof item.id === 'string') return [item.id, isPartListKey(position.key, position.parent) ? atIndex : item.id];
  return [atIndex, atIndex];
}

function walkNode(node: unknown, place: Place, walk: Walk, position: Position & { options?: unknown[] }): unknown {
  const { key } = position;
  if (typeof node === 'string') return key !== undefined && TEXT_KEYS.has(key) ? text(walk, place, node) : node;
  if (Array.isArray(node)) {
    const textList = key !== undefined && TEXT_LIST_KEYS.has(key);
    const { options } = position;
    return node.map((item, index) => {
      if (typeof item === 'string' && textList) {
        const segment = options && index < options.length ? optionSegment(options[index]) : String(index);
        return text(walk, child(place, segment, String(index)), item);
      }
      const [segment, legacy] = itemSegments(item, index, position);
      const stringItem = key === 'items' && isRecord(position.parent) && position.parent.kind === 'list';
      return walkNode(item, child(place, segment, legacy), walk, { uiOf: position.uiOf, stringItem });
    });
  }
  if (!isRecord(node)) return node;
  return Object.fromEntries(Object.entries(node).map(([childKey, value]) => [childKey, mapChild(childKey, value, node, place, walk, position)]));
}

/**
 * Calls `visit` for every translatable text of a document (a flow or a field definition) with its
 * path, optionally below `prefix`; returns a copy in which each text is replaced by what `visit` returned.
 */
export function mapTextsAt<T>(document: T, visit: TextVisitor, options: TextWalkOptions = {}): T {
  const prefix = options.prefix ?? [];
  return walkNode(document, { path: prefix, legacy: prefix }, { visit, resolveRef: options.resolveRef }, {}) as T;
}

/** Reference data keeps its keys (items by their `Value`): the old key is the key. */
const visitAt = (visit: TextVisitor, path: readonly string[], value: string) => visit(path.join('.'), value, path.join('.'));

/** An item's path segment in a reference list: its `Value`, else its index. */
function baseDataItemSegment(item: Record<string, unknown>, index: number): string {
  return typeof item.Value === 'string' || typeof item.Value === 'number' ? String(item.Value) : String(index);
}

function mapItemTexts(item: Record<string, unknown>, path: readonly string[], visit: TextVisitor): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(item).map(([key, value]) => {
      if (key === 'Value') return [key, value];
      if (typeof value === 'string') return [key, visitAt(visit, [...path, key], value)];
      if (Array.isArray(value))
        return [key, value.map((entry, index) => (typeof entry === 'string' ? visitAt(visit, [...path, key, String(index)], entry) : entry))];
      return [key, value];
    }),
  );
}

/**
 * Calls `visit` for every text of the item lists of a reference-data set (names, descriptions,
 * document lines); values, codes and lists written as label -> value maps stay as they are.
 */
export function mapBaseDataTextsAt<T extends Record<string, unknown>>(lists: T, visit: TextVisitor): T {
  return Object.fromEntries(
    Object.entries(lists).map(([name, list]) => [
      name,
      Array.isArray(list) ? list.map((item, index) => (isRecord(item) ? mapItemTexts(item, [name, baseDataItemSegment(item, index)], visit) : item)) : list,
    ]),
  ) as T;
}

/**
 * Calls `visit` for every label of the lists of a reference-data set written as label -> value maps
 * (`{ "Nieuwe aanvraag": 1 }`), at `<list>.<value>`; item lists stay as they are.
 */
export function mapLabelMapTextsAt<T extends Record<string, unknown>>(lists: T, visit: TextVisitor): T {
  return Object.fromEntries(
    Object.entries(lists).map(([name, list]) => [
      name,
      isRecord(list)
        ? Object.fromEntries(
            Object.entries(list).map(([label, value]) => [
              typeof value === 'string' || typeof value === 'number' ? visitAt(visit, [name, String(value)], label) : label,
              value,
            ]),
          )
        : list,
    ]),
  ) as T;
}
