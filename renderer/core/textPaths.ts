/**
 * Where the translatable texts of the portal's documents are, each with a stable path. Translations
 * are keyed by that path instead of by the Dutch text, so correcting a Dutch text keeps its English
 * (and the change is noticed) rather than silently orphaning it.
 *
 * Which values are texts (unchanged from the text-keyed translations before):
 * - a string under one of TEXT_KEYS (`title`, `text`, `ui:help`, …);
 * - every string item of an array under TEXT_LIST_KEYS (`items`, `x-enumNames`, `ui:enumNames`);
 * - every string value of an object under TEXT_MAP_KEYS (`x-messages`, `codeMessages`, `scenarioTitles`,
 *   and `ui:enumNames` written as a map from value to text);
 * - in `messages` (field -> keyword -> text), every text;
 * - in `variables` (name -> json-logic), the outcomes of `if` (then/else), never `var` paths.
 *
 * Path scheme: the keys from the document's root joined with '.', as written (a key is never
 * escaped). An array item is named by its index, except an object with a string `id` (steps, boxes,
 * rules, variants), which is named by that id. Examples: `title`, `steps.stap1.title`,
 * `steps.stap1.schema.properties.naam.title`, `steps.stap1.uiSchema.naam.ui:help`,
 * `steps.stap2.boxes.let-op.text`, `steps.stap1.intro.0.text`, `confirmation.blocks.2.items.1`,
 * `steps.stap1.messages.email.format`, `variables.aanvrager.if.1`.
 *
 * Reference data (`data/base-data/<set>.json`): in a list of items, every string of an item except
 * its `Value`, at `<list>.<item Value>.<key>`, and every string of a string list of an item at
 * `<list>.<item Value>.<key>.<index>` (an item without `Value` is named by its index). A list written
 * as a label -> value map has its labels at `<list>.<value>`.
 */

const TEXT_KEYS = new Set([
  'title', 'description', 'text', 'label', 'message', 'headerName', 'submitLabel', 'changeLabel', 'startLabel',
  'failureMessage', 'codeHeading', 'errorMessage', 'errorSrText', 'fileLabel', 'ui:help', 'ui:description',
  'ui:title', 'ui:placeholder', 'checkboxLabel', 'legend', 'heading', 'itemTitle', 'addLabel', 'x-choiceLabel',
]);
const TEXT_LIST_KEYS = new Set(['items', 'x-enumNames', 'ui:enumNames']);
// `ui:enumNames` is a list in enum order or a map from value to text (rjsf reads both).
const TEXT_MAP_KEYS = new Set(['x-messages', 'codeMessages', 'scenarioTitles', 'ui:enumNames']);

/** Receives a text and its path; what it returns replaces the text. */
export type TextVisitor = (path: string, text: string) => string;

type Path = readonly string[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const at = (path: Path, ...keys: string[]): string => [...path, ...keys].join('.');

/** An array item's path segment: the id of an object that has one, else the index. */
function itemSegment(item: unknown, index: number): string {
  return isRecord(item) && typeof item.id === 'string' ? item.id : String(index);
}

/** Maps the string values of a text map (`x-messages` and the like); other values stay. */
function mapTextMap(map: Record<string, unknown>, path: Path, visit: TextVisitor): Record<string, unknown> {
  return Object.fromEntries(Object.entries(map).map(([key, value]) => [key, typeof value === 'string' ? visit(at(path, key), value) : value]));
}

/** In a variable's json-logic, the texts are the outcomes of `if` (then/else), never `var` paths. */
function mapLogicTexts(rule: unknown, path: Path, visit: TextVisitor): unknown {
  if (Array.isArray(rule)) return rule.map((item, index) => mapLogicTexts(item, [...path, String(index)], visit));
  if (!isRecord(rule)) return rule;
  return Object.fromEntries(
    Object.entries(rule).map(([op, args]) => {
      if (op === 'if' && Array.isArray(args)) {
        const isOutcome = (index: number) => index % 2 === 1 || index === args.length - 1;
        return [op, args.map((arg, index) => (typeof arg === 'string' && isOutcome(index) ? visit(at(path, op, String(index)), arg) : mapLogicTexts(arg, [...path, op, String(index)], visit)))];
      }
      return [op, op === 'var' ? args : mapLogicTexts(args, [...path, op], visit)];
    }),
  );
}

function mapChild(key: string, value: unknown, path: Path, visit: TextVisitor): unknown {
  const childPath = [...path, key];
  if (!isRecord(value)) return walk(value, childPath, key, visit);
  if (TEXT_MAP_KEYS.has(key)) return mapTextMap(value, childPath, visit);
  if (key === 'variables') {
    return Object.fromEntries(Object.entries(value).map(([name, rule]) => [name, mapLogicTexts(rule, [...childPath, name], visit)]));
  }
  if (key === 'messages') {
    return Object.fromEntries(
      Object.entries(value).map(([field, byKeyword]) => [field, isRecord(byKeyword) ? mapTextMap(byKeyword, [...childPath, field], visit) : byKeyword]),
    );
  }
  return walk(value, childPath, key, visit);
}

function walk(node: unknown, path: Path, key: string | undefined, visit: TextVisitor): unknown {
  if (typeof node === 'string') return key !== undefined && TEXT_KEYS.has(key) ? visit(at(path), node) : node;
  if (Array.isArray(node)) {
    const textList = key !== undefined && TEXT_LIST_KEYS.has(key);
    return node.map((item, index) =>
      typeof item === 'string' && textList ? visit(at(path, String(index)), item) : walk(item, [...path, itemSegment(item, index)], undefined, visit),
    );
  }
  if (!isRecord(node)) return node;
  return Object.fromEntries(Object.entries(node).map(([childKey, value]) => [childKey, mapChild(childKey, value, path, visit)]));
}

/**
 * Calls `visit` for every translatable text of a document (a flow or a field definition) with its
 * path, optionally below `prefix`; returns a copy in which each text is replaced by what `visit` returned.
 */
export function mapTextsAt<T>(document: T, visit: TextVisitor, prefix: readonly string[] = []): T {
  return walk(document, prefix, undefined, visit) as T;
}

/** An item's path segment in a reference list: its `Value`, else its index. */
function baseDataItemSegment(item: Record<string, unknown>, index: number): string {
  return typeof item.Value === 'string' || typeof item.Value === 'number' ? String(item.Value) : String(index);
}

function mapItemTexts(item: Record<string, unknown>, path: Path, visit: TextVisitor): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(item).map(([key, value]) => {
      if (key === 'Value') return [key, value];
      if (typeof value === 'string') return [key, visit(at(path, key), value)];
      if (Array.isArray(value)) return [key, value.map((text, index) => (typeof text === 'string' ? visit(at(path, key, String(index)), text) : text))];
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
      Array.isArray(list)
        ? list.map((item, index) => (isRecord(item) ? mapItemTexts(item, [name, baseDataItemSegment(item, index)], visit) : item))
        : list,
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
            Object.entries(list).map(([label, value]) => [typeof value === 'string' || typeof value === 'number' ? visit(at([name], String(value)), label) : label, value]),
          )
        : list,
    ]),
  ) as T;
}
