/**
 * English texts of flows, shared field definitions and reference data, keyed by a stable path
 * (see `textPaths.ts` for the scheme) with the Dutch source kept next to each English text, like
 * gettext's msgid next to msgstr. A Dutch text that changed after it was translated is found
 * ("stale"), a text without translation is "missing", a translation whose text is gone "orphaned".
 * Framework-free: the server translates with it and `flows:check` reports with it.
 */
import { mapBaseDataTextsAt, mapLabelMapTextsAt, mapTextsAt, type TextVisitor } from './textPaths';

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
}

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
  map((path, text) => {
    texts.push({ path, text });
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

/** Replaces a text by the English of its entry (also of a stale one); a text without entry stays Dutch. */
const translator = (file: TranslationFile): TextVisitor => (path, text) => englishAt(file, path) ?? text;

/** Every translatable text of a flow document as written (`$ref`s not inlined), with its path. */
export function flowTexts(document: unknown): TextAt[] {
  return collect((visit) => mapTextsAt(document, visit));
}

/** Every text of one shared field definition; paths start with the definition's file base name (`adres.properties.land.title`). */
export function definitionTexts(name: string, schema: unknown): TextAt[] {
  return collect((visit) => mapTextsAt(schema, visit, [name]));
}

/** Every text of the item lists of one reference-data set: `<list>.<item Value>.<key>` (`.<index>` for a string list). */
export function baseDataTexts(lists: Record<string, unknown>): TextAt[] {
  return collect((visit) => mapBaseDataTextsAt(lists, visit));
}

/** The labels of the lists of a reference-data set written as label -> value maps: `<list>.<value>`. */
export function labelMapTexts(lists: Record<string, unknown>): TextAt[] {
  return collect((visit) => mapLabelMapTextsAt(lists, visit));
}

/** A copy of a written flow document with every text that has an entry in English. */
export function translateFlow<T>(document: T, file: TranslationFile): T {
  return mapTextsAt(document, translator(file));
}

/** A copy of a shared field definition with every text that has an entry in English. */
export function translateDefinition<T>(name: string, schema: T, file: TranslationFile): T {
  return mapTextsAt(schema, translator(file), [name]);
}

/** A copy of a reference-data set with every item text that has an entry in English (label maps stay as written). */
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
