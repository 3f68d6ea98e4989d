/**
 * The limits a field can take, by what it holds: lengths and a pattern for text, a range and whole
 * numbers or decimals for a number, the date rule for a date (the engine knows 'any valid date' and
 * 'not in the future', `datum` and `datum-verleden` in renderer/core/formats.ts; it has no earliest
 * or latest date), the number of choices or items for a list. A field built on a shared definition
 * takes them as overrides next to its `$ref` (the resolver merges them over the definition); an
 * override equal to the definition's value is not written. What is typed is checked before it is
 * written: a length is a whole number of 0 or more, a number a number, a pattern must compile.
 */
import type { JSONPath } from 'jsonc-parser';
import { setAt } from './documentEdits';
import { readFieldSchema, type SharedFields } from './fieldEdits';

type Json = Record<string, unknown>;

/** What kind of limits a field takes. */
export type LimitKind = 'tekst' | 'getal' | 'datum' | 'keuzes' | 'items' | 'geen';

export type LimitKeyword = 'minLength' | 'maxLength' | 'pattern' | 'minimum' | 'maximum' | 'minItems' | 'maxItems';

/** The date rules the engine can check: a date as dd-mm-jjjj, in the past or not. */
export const DATE_RULES = [
  { format: 'datum', label: 'Elke geldige datum' },
  { format: 'datum-verleden', label: 'Niet in de toekomst (vandaag of eerder)' },
] as const;
export type DateFormat = (typeof DATE_RULES)[number]['format'];

export interface FieldLimits {
  kind: LimitKind;
  /** Where the field's own keywords are written. */
  path: JSONPath;
  /** The field's own value of each limit (an override of its definition for a `$ref` field). */
  own: Partial<Record<LimitKeyword, number | string>>;
  /** The definition's value of each limit (for a field built on a shared definition). */
  inherited: Partial<Record<LimitKeyword, number | string>>;
  /** For a number: whether only whole numbers are allowed (`integer`). */
  integer?: boolean;
  /** For a date: its format (`date` is stored as jjjj-mm-dd and has no 'not in the future'). */
  format?: string;
  /** Whether the field is built on a shared definition. */
  shared: boolean;
}

const KEYWORDS: LimitKeyword[] = ['minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'minItems', 'maxItems'];
const DATE_FORMATS = new Set(['datum', 'datum-verleden', 'date']);
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function values(schema: Json): Partial<Record<LimitKeyword, number | string>> {
  return Object.fromEntries(
    KEYWORDS.filter((keyword) => typeof schema[keyword] === 'number' || typeof schema[keyword] === 'string').map((keyword) => [
      keyword,
      schema[keyword] as number | string,
    ]),
  );
}

const hasChoices = (schema: Json) =>
  Array.isArray(schema.enum) || Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf) || typeof schema['x-options'] === 'string' || 'const' in schema;
const typeOf = (schema: Json) => (Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type);

function kindOf(schema: Json): LimitKind {
  const type = typeOf(schema);
  if (type === 'array') {
    if (schema['x-files']) return 'geen';
    const items = isObject(schema.items) ? schema.items : {};
    return hasChoices(items) ? 'keuzes' : isObject(items.properties) || items.type === 'object' ? 'items' : 'geen';
  }
  if (hasChoices(schema)) return 'geen';
  if (type === 'string') return typeof schema.format === 'string' && DATE_FORMATS.has(schema.format) ? 'datum' : 'tekst';
  if (type === 'number' || type === 'integer') return 'getal';
  return 'geen';
}

/** The limits of a field as it is and as its definition says; undefined when there is no such field. */
export function readLimits(text: string, step: number, key: string, sharedFields?: SharedFields): FieldLimits | undefined {
  const field = readFieldSchema(text, step, key, sharedFields);
  if (!field) return undefined;
  const kind = kindOf(field.effective);
  return {
    kind,
    path: field.path,
    own: values(field.own),
    inherited: values(field.inherited),
    shared: typeof field.own.$ref === 'string',
    ...(kind === 'getal' ? { integer: typeOf(field.effective) === 'integer' } : {}),
    ...(kind === 'datum' ? { format: String(field.effective.format) } : {}),
  };
}

/** A field's own keyword, or its removal; an override equal to the definition's value is removed. */
function setOwn(text: string, limits: FieldLimits, keyword: string, value: unknown, inherited: unknown): string {
  const own = value !== undefined && value !== inherited ? value : undefined;
  return setAt(text, [...limits.path, keyword], own);
}

/** Sets (or with undefined removes) a limit of the field. */
export function setLimit(
  text: string,
  step: number,
  key: string,
  keyword: LimitKeyword,
  value: number | string | undefined,
  sharedFields?: SharedFields,
): string {
  const limits = readLimits(text, step, key, sharedFields);
  if (!limits) return text;
  return setOwn(text, limits, keyword, value === '' ? undefined : value, limits.inherited[keyword]);
}

/** Allows only whole numbers (`integer`) or also decimals (`number`) in a number field. */
export function setWholeNumbers(text: string, step: number, key: string, whole: boolean, sharedFields?: SharedFields): string {
  const limits = readLimits(text, step, key, sharedFields);
  const field = readFieldSchema(text, step, key, sharedFields);
  if (!limits || !field || limits.kind !== 'getal') return text;
  const type = whole ? 'integer' : 'number';
  return limits.shared ? setOwn(text, limits, 'type', type, typeOf(field.inherited)) : setAt(text, [...limits.path, 'type'], type);
}

/** Sets the date rule of a date field written as dd-mm-jjjj. */
export function setDateRule(text: string, step: number, key: string, format: DateFormat, sharedFields?: SharedFields): string {
  const limits = readLimits(text, step, key, sharedFields);
  const field = readFieldSchema(text, step, key, sharedFields);
  if (!limits || !field || limits.kind !== 'datum' || limits.format === 'date') return text;
  return limits.shared ? setOwn(text, limits, 'format', format, field.inherited.format) : setAt(text, [...limits.path, 'format'], format);
}

// ---------------------------------------------------------------------------------------------
// What is typed

export type Parsed<T> = { value: T | undefined } | { problem: string };

/** A length or a number of items: empty, or a whole number of 0 or more. */
export function parseCount(input: string): Parsed<number> {
  const trimmed = input.trim();
  if (trimmed === '') return { value: undefined };
  return /^\d+$/.test(trimmed) ? { value: Number(trimmed) } : { problem: 'Vul een geheel getal van 0 of meer in, bijvoorbeeld 10.' };
}

/** A number limit: empty, or a number with a decimal comma or point. */
export function parseLimit(input: string, whole: boolean): Parsed<number> {
  const trimmed = input.trim();
  if (trimmed === '') return { value: undefined };
  if (whole) return /^-?\d+$/.test(trimmed) ? { value: Number(trimmed) } : { problem: 'Vul een geheel getal in, bijvoorbeeld 10 of -5.' };
  return /^-?\d+(?:[.,]\d+)?$/.test(trimmed) ? { value: Number(trimmed.replace(',', '.')) } : { problem: 'Vul een getal in, bijvoorbeeld 10 of 2,5.' };
}

/** A pattern: empty, or a regular expression as the validators compile it (with the `u` flag). */
export function parsePattern(input: string): Parsed<string> {
  if (input === '') return { value: undefined };
  try {
    new RegExp(input, 'u');
    return { value: input };
  } catch {
    return { problem: 'Dit patroon is geen geldige reguliere expressie en is niet opgeslagen. Controleer bijvoorbeeld of elk haakje wordt gesloten.' };
  }
}

/** A number as the administrator reads it (decimal comma). */
export const shownNumber = (value: number | string | undefined) => (value === undefined ? '' : String(value).replace('.', ','));

/** The sentence when a lower limit lies above an upper one (both as they apply, own or inherited), else undefined. */
export function rangeProblem(limits: FieldLimits, low: LimitKeyword, high: LimitKeyword, names: [string, string]): string | undefined {
  const lowValue = limits.own[low] ?? limits.inherited[low];
  const highValue = limits.own[high] ?? limits.inherited[high];
  if (typeof lowValue !== 'number' || typeof highValue !== 'number' || lowValue <= highValue) return undefined;
  return `${names[0]} (${shownNumber(lowValue)}) is groter dan ${names[1].toLowerCase()} (${shownNumber(highValue)}).`;
}
