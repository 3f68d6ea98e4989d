/**
 * English texts of flows, shared field definitions and reference data, keyed by a stable path
 * (see `textPaths.ts` for the scheme) with the Dutch source kept next to each English text, like
 * gettext's msgid next to msgstr. A Dutch text that changed after it was translated is found
 * ("stale"), a text without translation is "missing", a translation whose text is gone "orphaned".
 * English is used only while it is current: a stale entry gives the Dutch text, as a missing one
 * does, until its `nl` is the current Dutch again (confirmed). Framework-free: the server
 * translates with it, `flows:check` reports with it and the back office edits with it.
 */
import { withPartIds } from './partIds';
import { mapBaseDataTextsAt, mapLabelMapTextsAt, mapTextsAt, type TextVisitor, type TextWalkOptions } from './textPaths';

/** One translated text: the Dutch it was translated from and its English. */
export interface TranslationEntry {
  nl: string;
  en: string;
}

/** The English texts of one document (a flow, the field definitions, a reference-data set): path -> entry. */
export type TranslationFile = Record<string, TranslationEntry>;

/** A Dutch text of a document and where it is. */
export interface TextAt {
  path: string;
  text: string;
  /** Its key from before options and parts had identities (by position), when that differs from `path`. */
  legacy?: string;
}

/** How a flow's options are found: a `$ref` to a shared definition brings that definition's options. */
export type FlowTextOptions = Pick<TextWalkOptions, 'resolveRef'>;

/** What a translation file lacks or holds in excess for a document's current texts. */
export interface TranslationReport {
  /** Texts without an entry (or with an empty English text). */
  missing: TextAt[];
  /** Entries whose Dutch source differs from the current text; `was` is the Dutch they were translated from. */
  stale: { path: string; text: string; was: string }[];
  /** Paths of entries whose text no longer exists. */
  orphaned: string[];
}

function collect(map: (visit: TextVisitor) => unknown): TextAt[] {
  const texts: TextAt[] = [];
  map((path, text, legacy) => {
    texts.push(legacy === path ? { path, text } : { path, text, legacy });
    return text;
  });
  return texts;
}

/** The English of an entry, when the file has a usable one at `path`. */
function englishAt(file: TranslationFile, path: string): string | undefined {
  const entry: unknown = Object.hasOwn(file, path) ? file[path] : undefined;
  if (!entry || typeof entry !== 'object') return undefined;
  const { en } = entry as Partial<TranslationEntry>;
  return typeof en === 'string' && en !== '' ? en : undefined;
}

/**
 * Replaces a text by the English of its entry while that entry was written for the current Dutch;
 * a text without entry, or whose Dutch changed since (stale), stays Dutch.
 */
const translator =
  (file: TranslationFile): TextVisitor =>
  (path, text) => {
    const english = englishAt(file, path);
    return english !== undefined && file[path].nl === text ? english : text;
  };

/**
 * Every translatable text of a flow document as written (`$ref`s not inlined), with its path; a part
 * without an id is named by the id the pipeline gives it (`partIds.ts`).
 */
export function flowTexts(document: unknown, options: FlowTextOptions = {}): TextAt[] {
  return collect((visit) => mapTextsAt(withPartIds(document), visit, options));
}

/** Every text of one shared field definition; paths start with the definition's file base name (`adres.properties.land.title`). */
export function definitionTexts(name: string, schema: unknown): TextAt[] {
  return collect((visit) => mapTextsAt(schema, visit, { prefix: [name] }));
}

/** Every text of the item lists of one reference-data set: `<list>.<item Value>.<key>` (`.<index>` for a string list). */
export function baseDataTexts(lists: Record<string, unknown>): TextAt[] {
  return collect((visit) => mapBaseDataTextsAt(lists, visit));
}

/** The labels of the lists of a reference-data set written as label -> value maps: `<list>.<value>`. */
export function labelMapTexts(lists: Record<string, unknown>): TextAt[] {
  return collect((visit) => mapLabelMapTextsAt(lists, visit));
}

/** A copy of a written flow document (with the ids of its parts) with every text that has current English in English. */
export function translateFlow<T>(document: T, file: TranslationFile, options: FlowTextOptions = {}): T {
  return mapTextsAt(withPartIds(document), translator(file), options);
}

/** A copy of a shared field definition with every text that has current English in English. */
export function translateDefinition<T>(name: string, schema: T, file: TranslationFile): T {
  return mapTextsAt(schema, translator(file), { prefix: [name] });
}

/** A copy of a reference-data set with every item text that has current English in English (label maps stay as written). */
export function translateBaseData<T extends Record<string, unknown>>(lists: T, file: TranslationFile): T {
  return mapBaseDataTextsAt(lists, translator(file));
}

/** A copy of a reference-data set whose label -> value maps have English labels where the file has them. */
export function translateLabelMaps<T extends Record<string, unknown>>(lists: T, file: TranslationFile): T {
  return mapLabelMapTextsAt(lists, translator(file));
}

/** Compares a document's current texts with its translation file. */
export function translationReport(texts: TextAt[], file: TranslationFile): TranslationReport {
  const report: TranslationReport = { missing: [], stale: [], orphaned: [] };
  const current = new Set<string>();
  for (const { path, text } of texts) {
    current.add(path);
    if (englishAt(file, path) === undefined) report.missing.push({ path, text });
    else if (file[path].nl !== text) report.stale.push({ path, text, was: file[path].nl });
  }
  report.orphaned = Object.keys(file).filter((path) => !current.has(path));
  return report;
}

/** An English entry to move from its old key to its new one. */
export interface EntryMove {
  from: string;
  to: string;
}

/** Whether two keys differ in exactly one segment that is a position in both (the same list, another item). */
function sameListOtherItem(a: string, b: string): boolean {
  const [left, right] = [a.split('.'), b.split('.')];
  if (left.length !== right.length) return false;
  const differing = left.flatMap((segment, index) => (segment === right[index] ? [] : [index]));
  return differing.length === 1 && /^\d+$/.test(left[differing[0]]) && /^\d+$/.test(right[differing[0]]);
}

/**
 * The moves that take a file keyed the old way (options and parts by position) to the new keys:
 * each text without an entry at its key gets the entry of its old key. An entry written for exactly
 * the text's Dutch at another position of the same list is taken first (options moved before the
 * keys were migrated keep their English), then the entry at the text's own old position. An entry
 * moves once; keys already in use stay.
 */
export function entryMoves(texts: TextAt[], file: TranslationFile): EntryMove[] {
  const has = (key: string) => Object.hasOwn(file, key);
  const current = new Set(texts.map(({ path }) => path));
  const open = texts.filter((entry): entry is TextAt & { legacy: string } => entry.legacy !== undefined && !has(entry.path));
  const oldKeys = new Set(open.map(({ legacy }) => legacy).filter((key) => has(key) && !current.has(key)));
  const moves: EntryMove[] = [];
  const claim = (from: string, to: string) => {
    oldKeys.delete(from);
    moves.push({ from, to });
  };
  const rest = open.filter(({ path, text, legacy }) => {
    const exact = [legacy, ...oldKeys].find((key) => oldKeys.has(key) && (key === legacy || sameListOtherItem(key, legacy)) && file[key]?.nl === text);
    if (exact === undefined) return true;
    claim(exact, path);
    return false;
  });
  for (const { path, legacy } of rest) if (oldKeys.has(legacy)) claim(legacy, path);
  return moves;
}
