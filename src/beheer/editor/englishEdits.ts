/**
 * The English texts of a flow next to its Dutch ones, for the back office: every translatable text
 * of the document (found by the same walk the server translates with) with its English and whether
 * that English is there and still written for the current Dutch. Changes are written into the text
 * of the English file with `jsonc-parser`'s edits, so everything else in it stays exactly as written.
 */
import { applyEdits, modify, parse, printParseErrorCode, type JSONPath, type ParseError } from 'jsonc-parser';
import { jsonSyntaxText, lineAndColumn } from '../../shared/jsonSyntax';
import { withPartIds } from '../../../renderer/core/partIds';
import { flowTexts, translationReport, type FlowTextOptions, type TranslationFile } from '../../../renderer/core/translations';

/** One Dutch text of the document with its English. */
export interface EnglishRow {
  /** The text's path key (see `renderer/core/textPaths.ts`). */
  path: string;
  /** The Dutch text as it is in the document now. */
  dutch: string;
  /** The English of the entry, or '' when there is none. */
  english: string;
  status: 'ok' | 'ontbreekt' | 'verouderd';
  /** The Dutch the English was written for, when it is outdated. */
  previousDutch?: string;
}

type Json = Record<string, unknown>;

const FORMAT = { insertSpaces: true, tabSize: 2, eol: '\n' };

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The parsed object, or the first syntax problem (in Dutch). */
function parseObject(text: string, what: string): { value: Json } | { problem: string } {
  if (text.trim() === '') return { value: {} };
  const errors: ParseError[] = [];
  const value = parse(text, errors, { allowTrailingComma: false, disallowComments: true }) as unknown;
  if (errors.length > 0) {
    const first = errors[0];
    const { line, column } = lineAndColumn(text, first.offset);
    return { problem: `${what} is geen geldige JSON: ${jsonSyntaxText(printParseErrorCode(first.error))} (regel ${line}, kolom ${column}).` };
  }
  if (!isObject(value)) return { problem: `${what} is geen JSON-object.` };
  return { value };
}

/** Both texts parsed, or the first problem. An empty English text counts as `{}`. */
function parseBoth(documentText: string, englishText: string): { document: Json; file: TranslationFile } | { problem: string } {
  if (documentText.trim() === '') return { problem: 'De flow is leeg.' };
  const document = parseObject(documentText, 'De flow');
  if ('problem' in document) return document;
  const file = parseObject(englishText, 'Het bestand met Engelse teksten');
  if ('problem' in file) return file;
  return { document: document.value, file: file.value as TranslationFile };
}

/**
 * Every text of the document in document order with its English and status, or why the texts cannot
 * be read. `options` finds the options of a field built on a shared definition (keyed by value as the
 * server keys them).
 */
export function englishRows(documentText: string, englishText: string, options: FlowTextOptions = {}): { rows: EnglishRow[] } | { problem: string } {
  const parsed = parseBoth(documentText, englishText);
  if ('problem' in parsed) return parsed;
  const { document, file } = parsed;
  const texts = flowTexts(document, options);
  const report = translationReport(texts, file);
  const missing = new Set(report.missing.map(({ path }) => path));
  const stale = new Map(report.stale.map(({ path, was }) => [path, was]));
  return {
    rows: texts.map(({ path, text }) => {
      const entry: unknown = Object.hasOwn(file, path) ? file[path] : undefined;
      const english = isObject(entry) && typeof entry.en === 'string' ? entry.en : '';
      if (missing.has(path)) return { path, dutch: text, english, status: 'ontbreekt' };
      if (stale.has(path)) {
        const was: unknown = stale.get(path);
        return { path, dutch: text, english, status: 'verouderd', previousDutch: typeof was === 'string' ? was : '' };
      }
      return { path, dutch: text, english, status: 'ok' };
    }),
  };
}

/** Paths of the English file whose text no longer exists in the document ([] when either text cannot be read). */
export function unusedEntries(documentText: string, englishText: string, options: FlowTextOptions = {}): string[] {
  const parsed = parseBoth(documentText, englishText);
  if ('problem' in parsed) return [];
  return translationReport(flowTexts(parsed.document, options), parsed.file).orphaned;
}

function edit(text: string, path: JSONPath, value: unknown, getInsertionIndex?: (properties: string[]) => number): string {
  return applyEdits(text, modify(text, path, value, { formattingOptions: FORMAT, getInsertionIndex }));
}

/**
 * Writes `{ nl: dutch, en: english }` at `path` of the English file's text; an empty `english`
 * removes the entry. An existing entry is changed in its `nl` and `en` only. A new entry goes after
 * the last entry that comes earlier in `documentOrder` (the document's text paths, when given),
 * else at the end. An empty text starts as `{}`.
 */
export function setEnglish(englishText: string, path: string, dutch: string, english: string, documentOrder?: readonly string[]): string {
  const empty = englishText.trim() === '';
  if (english === '') return empty ? englishText : edit(englishText, [path], undefined);
  const text = empty ? '{}\n' : englishText;
  const file = parse(text) as unknown;
  const entry = isObject(file) && Object.hasOwn(file, path) ? file[path] : undefined;
  if (isObject(entry)) {
    let result = text;
    if (entry.nl !== dutch) result = edit(result, [path, 'nl'], dutch);
    if (entry.en !== english) result = edit(result, [path, 'en'], english);
    return result;
  }
  const rank = new Map((documentOrder ?? []).map((textPath, index) => [textPath, index]));
  const own = rank.get(path);
  const insertionIndex =
    own === undefined
      ? undefined
      : (properties: string[]) => properties.reduce((index, property, position) => ((rank.get(property) ?? Infinity) < own ? position + 1 : index), 0);
  return edit(text, [path], { nl: dutch, en: english }, insertionIndex);
}

/** Removes the entries at `paths` from the English file's text; the rest stays as written. */
export function removeEntries(englishText: string, paths: readonly string[]): string {
  return paths.reduce((text, path) => edit(text, [path], undefined), englishText);
}

/** The summary of the rows in one Dutch sentence. */
export function englishSummary(rows: readonly EnglishRow[]): string {
  const missing = rows.filter((row) => row.status === 'ontbreekt').length;
  const outdated = rows.filter((row) => row.status === 'verouderd').length;
  if (missing === 0 && outdated === 0) {
    if (rows.length === 0) return 'Deze flow heeft geen teksten om te vertalen.';
    return rows.length === 1 ? 'De enige tekst is vertaald.' : `Alle ${rows.length} teksten zijn vertaald.`;
  }
  const parts: string[] = [];
  if (missing > 0) parts.push(missing === 1 ? '1 tekst ontbreekt' : `${missing} teksten ontbreken`);
  if (outdated > 0) {
    const subject = missing > 0 ? `${outdated}` : `${outdated} ${outdated === 1 ? 'tekst' : 'teksten'}`;
    parts.push(`${subject} ${outdated === 1 ? 'is' : 'zijn'} verouderd`);
  }
  return `${parts.join(', ')}.`;
}

/* Readable paths: `steps.stap1.schema.properties.abonneeNaam.title` -> "Stap 1 › Naam abonnee › label". */

/** Names of the text keys when they end a path. */
const LEAF_NAMES: Record<string, string> = {
  title: 'titel',
  description: 'omschrijving',
  text: 'tekst',
  label: 'label',
  message: 'melding',
  headerName: 'naam in de kop',
  submitLabel: 'knoptekst versturen',
  changeLabel: 'knoptekst wijzigen',
  startLabel: 'knoptekst starten',
  failureMessage: 'foutmelding',
  codeHeading: 'kop boven foutcodes',
  errorMessage: 'foutmelding',
  errorSrText: 'foutmelding voor schermlezers',
  fileLabel: 'bestandslabel',
  'ui:help': 'helptekst',
  'ui:description': 'omschrijving',
  'ui:title': 'label',
  'ui:placeholder': 'voorbeeldtekst',
  checkboxLabel: 'label bij het vinkje',
  legend: 'groepslabel',
  heading: 'kop',
  itemTitle: 'titel per item',
  addLabel: 'knoptekst toevoegen',
  'x-choiceLabel': 'keuzelabel',
};

/** The parts of a document that are no step. */
const AREAS: Record<string, string> = {
  intro: 'Startpagina',
  review: 'Controlestap',
  submit: 'Versturen',
  confirmation: 'Bevestiging',
};

/** Validation keywords of `messages.<field>.<keyword>`. */
const KEYWORDS: Record<string, string> = {
  required: 'verplicht',
  format: 'formaat',
  pattern: 'patroon',
  minLength: 'minimale lengte',
  maxLength: 'maximale lengte',
  minimum: 'minimum',
  maximum: 'maximum',
  minItems: 'minimaal aantal',
  maxItems: 'maximaal aantal',
  enum: 'keuze',
  type: 'soort waarde',
};

const BLOCK_LISTS: Record<string, string | undefined> = { intro: 'inleiding', outro: 'afsluiting', blocks: undefined };

/** Dutch names of the block kinds that have no words of their own. */
const BLOCK_KINDS: Record<string, string> = {
  postAddress: 'postadres',
  optionItems: 'lijst uit de referentiegegevens',
  requiredDocuments: 'mee te sturen documenten',
  list: 'opsomming',
};

const isIndex = (segment: string | undefined): segment is string => segment !== undefined && /^\d+$/.test(segment);
const ordinal = (segment: string) => Number(segment) + 1;
const quoted = (text: string) => `‘${text}’`;
const NAME_LENGTH = 60;
/** A text as a name: its first words, on one line. */
const short = (text: string) => {
  const flat = text
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > NAME_LENGTH ? `${flat.slice(0, NAME_LENGTH - 1)}…` : flat;
};

/** What a path names besides its segments: the Dutch text at the path (an option is named by it). */
interface Naming {
  dutch?: string;
}

/** The label of a field: its Dutch title, else its key. */
function fieldLabel(field: unknown, key: string): string {
  return isObject(field) && typeof field.title === 'string' && field.title.trim() !== '' ? field.title : key;
}

/** An option named by its Dutch label and its value: "keuze ‘Via de balie’ (waarde 0)". */
function optionName(segment: string, naming: Naming): string {
  const value = segment.slice(1);
  return naming.dutch !== undefined ? `keuze ${quoted(short(naming.dutch))} (waarde ${value})` : `keuze met waarde ${value}`;
}

/** A leaf text key, or an option of a text list (`x-enumNames.=0`; `x-enumNames.0` written before options had keys by value). */
function leaf(rest: string[], inField: boolean, naming: Naming): string[] | null {
  if (rest.length === 1) {
    const [key] = rest;
    if (inField && (key === 'title' || key === 'ui:title')) return ['label'];
    return LEAF_NAMES[key] !== undefined ? [LEAF_NAMES[key]] : null;
  }
  // A value may hold dots (`=zorg.nl`): everything after '=' is the value.
  if (rest.length >= 2 && ['x-enumNames', 'ui:enumNames'].includes(rest[0]) && rest[1].startsWith('=')) return [optionName(rest.slice(1).join('.'), naming)];
  if (rest.length === 2 && ['x-enumNames', 'ui:enumNames'].includes(rest[0]))
    return [isIndex(rest[1]) ? `keuze ${ordinal(rest[1])}` : `keuze ${quoted(rest[1])}`];
  // An option of a `oneOf`/`anyOf` of `{ const, title }`, by its value.
  if (rest.length >= 3 && ['oneOf', 'anyOf'].includes(rest[0]) && rest[1].startsWith('=') && rest.at(-1) === 'title')
    return [optionName(rest.slice(1, -1).join('.'), naming)];
  return null;
}

/** A path below a field of a schema (`properties.<key>` repeated, `items`) to its labels. */
function schemaField(rest: string[], node: unknown, naming: Naming): string[] | null {
  if (rest[0] === 'properties' && rest[1] !== undefined) {
    const properties = isObject(node) && isObject(node.properties) ? node.properties : {};
    const field = properties[rest[1]];
    const below = schemaField(rest.slice(2), field, naming);
    return below && [fieldLabel(field, rest[1]), ...below];
  }
  if (rest[0] === 'items' && rest.length > 1) return schemaField(rest.slice(1), isObject(node) ? node.items : undefined, naming);
  return leaf(rest, true, naming);
}

/** A path below a field of a ui schema (`<key>` nested like the schema's properties) to its labels. */
function uiField(rest: string[], schema: unknown, naming: Naming): string[] | null {
  const [key, ...below] = rest;
  if (key === undefined) return null;
  if (key === 'ui:options' || key === 'ui:helpText') {
    const own = leaf(below, false, naming);
    return own && (key === 'ui:helpText' ? ['uitleg', ...own] : own);
  }
  const ownLeaf = leaf(rest, true, naming);
  if (ownLeaf) return ownLeaf;
  const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
  const field = properties[key];
  const labels = uiField(below, isObject(field) && field.type === 'array' && isObject(field.items) ? field.items : field, naming);
  return labels && [fieldLabel(field, key), ...labels];
}

/** An item of a list of parts, by its id (or by its place, in a key written before parts had ids). */
function partOf(list: unknown, segment: string): Json | undefined {
  if (!Array.isArray(list)) return undefined;
  const found: unknown = isIndex(segment) ? list[Number(segment)] : list.find((item) => isObject(item) && item.id === segment);
  return isObject(found) ? found : undefined;
}

/** The words a block is known by: its title, its text, its first point, else what kind of block it is. */
function blockWords(block: Json): string | undefined {
  if (typeof block.title === 'string') return block.title;
  if (typeof block.text === 'string') return block.text;
  const first: unknown = Array.isArray(block.items) ? block.items[0] : undefined;
  if (block.kind === 'list' && (typeof first === 'string' || (isObject(first) && typeof first.text === 'string')))
    return typeof first === 'string' ? first : (first as { text: string }).text;
  return typeof block.kind === 'string' ? BLOCK_KINDS[block.kind] : undefined;
}

/** "tekstblok ‘Wat gebeurt er nu?’" (or "tekstblok 3" for a block not found by a key written before blocks had ids). */
function blockName(block: Json | undefined, segment: string): string {
  const words = block && blockWords(block);
  if (words) return `tekstblok ${quoted(short(words))}`;
  return isIndex(segment) ? `tekstblok ${ordinal(segment)}` : `tekstblok ${quoted(segment)}`;
}

/** "punt ‘…’" of a list, "document ‘…’" of the documents to send. */
function itemName(block: Json | undefined, segment: string): string {
  const item = partOf(block?.items, segment);
  const kind = block?.kind === 'requiredDocuments' ? 'document' : 'punt';
  const text = typeof item?.text === 'string' ? item.text : undefined;
  if (text) return `${kind} ${quoted(short(text))}`;
  return isIndex(segment) ? `${kind} ${ordinal(segment)}` : `${kind} ${quoted(segment)}`;
}

/** A path inside a step or another part of the document (`scope`) to its labels. */
function within(rest: string[], scope: unknown, naming: Naming): string[] | null {
  const node = isObject(scope) ? scope : {};
  const [first, second, ...more] = rest;
  if (first === 'schema' && second !== undefined) return schemaField(rest.slice(1), node.schema, naming);
  if (first === 'uiSchema' && second !== undefined) return uiField(rest.slice(1), node.schema, naming);
  if (first === 'messages' && second !== undefined && more.length === 1) {
    const schema = isObject(node.schema) && isObject(node.schema.properties) ? node.schema.properties : {};
    return [fieldLabel(schema[second], second), `melding (${KEYWORDS[more[0]] ?? more[0]})`];
  }
  if (first in BLOCK_LISTS && second !== undefined && Array.isArray(node[first])) {
    const list = BLOCK_LISTS[first];
    const block = partOf(node[first], second);
    const name = blockName(block, second);
    const blockParts = list ? [list, name] : [name];
    if (more.length === 1 && more[0] === 'text') return blockParts;
    if (more.length === 1 && more[0] === 'title') return [...blockParts, 'titel'];
    if (more[0] === 'items' && more[1] !== undefined && (more.length === 2 || (more.length === 3 && more[2] === 'text')))
      return [...blockParts, itemName(block, more[1])];
    return null;
  }
  if (first === 'boxes' && second !== undefined) {
    const own = leaf(more, false, naming);
    return own && [`kader ${quoted(second)}`, ...own];
  }
  if (first === 'rules' && second !== undefined) {
    const own = leaf(more, false, naming);
    return own && [`regel ${quoted(second)}`, ...own];
  }
  if (first === 'codeMessages' && second !== undefined && more.length === 0) return [`melding bij code ${second}`];
  if (first === 'signers' && second !== undefined) {
    const signer = partOf(node.signers, second);
    const own = leaf(more, false, naming);
    const name =
      typeof signer?.title === 'string'
        ? `ondertekenaar ${quoted(short(signer.title))}`
        : isIndex(second)
          ? `ondertekenaar ${ordinal(second)}`
          : `ondertekenaar ${quoted(second)}`;
    return own && [name, ...own];
  }
  if (first === 'download' && second !== undefined) {
    const own = within(rest.slice(1), node.download, naming);
    return own && ['download', ...own];
  }
  return leaf(rest, false, naming);
}

/** The labels of a path from the document's root, or null when the path is of a kind not described. */
function describe(segments: string[], document: unknown, naming: Naming): string[] | null {
  const root = isObject(document) ? document : {};
  const [first, second, ...rest] = segments;
  if (first === 'steps' && second !== undefined) {
    const steps = Array.isArray(root.steps) ? root.steps : [];
    const index = steps.findIndex((step) => isObject(step) && step.id === second);
    const number = index >= 0 ? String(index + 1) : isIndex(second) ? String(ordinal(second)) : quoted(second);
    const step: unknown = index >= 0 ? steps[index] : isIndex(second) ? steps[Number(second)] : undefined;
    const labels = within(rest, step, naming);
    return labels && [`Stap ${number}`, ...labels];
  }
  if (first in AREAS && isObject(root[first]) && second !== undefined) {
    const labels = within(segments.slice(1), root[first], naming);
    return labels && [AREAS[first], ...labels];
  }
  if (first === 'variants' && second !== undefined) {
    const own = leaf(rest, false, naming);
    return own && [`Variant ${quoted(second)}`, ...own];
  }
  if (first === 'scenarioTitles' && second !== undefined && rest.length === 0) return [`Scenario ${quoted(second)}`, 'titel'];
  if (first === 'variables' && second !== undefined && rest.length === 2 && rest[0] === 'if' && isIndex(rest[1])) {
    const position = Number(rest[1]);
    return [`Variabele ${quoted(second)}`, position % 2 === 1 ? `uitkomst ${(position + 1) / 2}` : 'uitkomst anders'];
  }
  const own = leaf(segments, false, naming);
  return own && ['Flow', ...own];
}

/**
 * A readable name of a text path of the document, in Dutch: "Stap 1 › Naam abonnee › label",
 * "Bevestiging › tekstblok ‘Wat gebeurt er nu?’", "Stap 1 › Hoe wilt u zich identificeren? › keuze
 * ‘Via de pasuitgifteorganisatie’ (waarde 0)". A block is named by its words, an option by its Dutch
 * label and value. A path of a kind not described here stays as it is.
 */
export function readablePath(path: string, document: unknown): string {
  const named = withPartIds(document);
  const dutch = flowTexts(named).find((text) => text.path === path)?.text;
  const labels = describe(path.split('.'), named, { dutch });
  return labels ? labels.join(' › ') : path;
}

/** The readable path of every row's text, by path (the document parsed once). */
export function readablePaths(documentText: string, paths: readonly string[], options: FlowTextOptions = {}): Map<string, string> {
  const parsed = parseObject(documentText, 'De flow');
  const document = withPartIds('value' in parsed ? parsed.value : {});
  const dutch = new Map(flowTexts(document, options).map((text) => [text.path, text.text]));
  return new Map(paths.map((path) => [path, describe(path.split('.'), document, { dutch: dutch.get(path) })?.join(' › ') ?? path]));
}
