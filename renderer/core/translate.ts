/**
 * Translation of a flow document's texts. Flow texts are written in Dutch; a per-flow resource map
 * (`flows/i18n/<flow>.<lang>.json`) maps each Dutch text to its translation. Only text-bearing keys
 * are translated, so identifiers and schema keywords never change.
 */
const TEXT_KEYS = new Set([
  'title', 'description', 'text', 'label', 'message', 'headerName', 'submitLabel', 'changeLabel', 'startLabel',
  'failureMessage', 'codeHeading', 'errorMessage', 'errorSrText', 'fileLabel', 'ui:help', 'ui:description',
  'ui:title', 'ui:placeholder', 'checkboxLabel', 'legend',
]);
const TEXT_LIST_KEYS = new Set(['items', 'x-enumNames']);
const TEXT_MAP_KEYS = new Set(['x-messages', 'codeMessages', 'scenarioTitles']);

/** In a variable's json-logic, the texts are the outcomes of `if` (then/else), never `var` paths. */
function mapLogicTexts(rule: unknown, visit: (text: string) => string): unknown {
  if (Array.isArray(rule)) return rule.map((item) => mapLogicTexts(item, visit));
  if (!rule || typeof rule !== 'object') return rule;
  return Object.fromEntries(
    Object.entries(rule).map(([op, args]) => {
      if (op === 'if' && Array.isArray(args)) {
        return [op, args.map((arg, index) => (typeof arg === 'string' && (index % 2 === 1 || index === args.length - 1) ? visit(arg) : mapLogicTexts(arg, visit)))];
      }
      return [op, op === 'var' ? args : mapLogicTexts(args, visit)];
    }),
  );
}

/** Calls `visit` for every translatable text of a document; the result replaces the text. */
export function mapTexts<T>(document: T, visit: (text: string) => string): T {
  const walk = (node: unknown, key?: string): unknown => {
    if (typeof node === 'string') return key !== undefined && TEXT_KEYS.has(key) ? visit(node) : node;
    if (Array.isArray(node)) {
      return node.map((item) => (typeof item === 'string' && key && TEXT_LIST_KEYS.has(key) ? visit(item) : walk(item)));
    }
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [childKey, value] of Object.entries(node)) {
      if (TEXT_MAP_KEYS.has(childKey) && value && typeof value === 'object') {
        out[childKey] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? visit(v) : v]));
      } else if (childKey === 'variables' && value && typeof value === 'object') {
        out[childKey] = Object.fromEntries(Object.entries(value).map(([name, rule]) => [name, mapLogicTexts(rule, visit)]));
      } else if (childKey === 'messages' && value && typeof value === 'object') {
        out[childKey] = Object.fromEntries(
          Object.entries(value).map(([field, byKeyword]) => [field, mapTexts({ 'x-messages': byKeyword }, visit)['x-messages']]),
        );
      } else {
        out[childKey] = walk(value, childKey);
      }
    }
    return out;
  };
  return walk(document) as T;
}

/** Every translatable text of a document (for the completeness check). */
export function collectTexts(document: unknown): string[] {
  const texts = new Set<string>();
  mapTexts(document, (text) => {
    texts.add(text);
    return text;
  });
  return [...texts];
}

/** Translates a document with a Dutch -> target map; untranslated texts stay Dutch. */
export function translateDocument<T>(document: T, translations: Record<string, string>): T {
  return mapTexts(document, (text) => (Object.hasOwn(translations, text) ? translations[text] : text));
}
