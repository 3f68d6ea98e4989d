/**
 * The English sources of the portal: shared field definitions and reference data, each translated
 * with its own path-keyed file before flows are resolved, so a definition or a reference list has
 * one English text wherever it is used (a flow's own texts are translated by the pipeline with the
 * flow's file). Also lists what those files lack or hold in excess for one flow.
 */
import type { OptionList } from '../../../renderer/core/resolve';
import {
  baseDataTexts,
  definitionTexts,
  flowTexts,
  labelMapTexts,
  translateBaseData,
  translateDefinition,
  translateLabelMaps,
  translationReport,
  type TextAt,
  type TranslationFile,
} from '../../../renderer/core/translations';
import type { FlowDocument, JsonSchema } from '../../../renderer/core/types';
import type { FlowSources } from './load';

type BaseDataSets = Record<string, Record<string, OptionList>>;

/** The sources with their texts in English (texts without a translation stay Dutch). */
export interface EnglishSources {
  /** The shared field definitions by `$id`, translated. */
  definitions: Map<string, JsonSchema>;
  /** Each reference-data set as it is served in English: item texts translated, label -> value maps as written. */
  baseData: BaseDataSets;
  /** Each reference-data set as options of English fields need it: the labels of label -> value maps translated too. */
  lists: BaseDataSets;
}

/** One gap in a flow's English: a text without English, English of a changed Dutch text, or English of a text that is gone. */
export interface TranslationIssue {
  /** The English file, e.g. `flows/i18n/<id>.en.json`. */
  file: string;
  /** The text's path key in that file. */
  path: string;
  kind: 'missing' | 'stale' | 'orphaned';
  /** What to do, in Dutch (without file and path). */
  message: string;
  /** The current Dutch text of a missing or stale text: what applicants get instead of English. */
  text?: string;
}

const FLOW_FILE = (id: string) => `flows/i18n/${id}.en.json`;
const DEFINITIONS_FILE = 'schemas/velden/i18n/en.json';
const BASE_DATA_FILE = (name: string) => `data/base-data/i18n/${name}.en.json`;

/** Translates every field definition and reference-data set with its own file (a flow's own texts are translated per flow). */
export function englishSources(sources: FlowSources): EnglishSources {
  const { definitions, baseData } = sources.translations;
  const translatedSets = Object.entries(sources.baseData).map(([name, lists]) => [name, translateBaseData(lists, baseData[name] ?? {})] as const);
  return {
    definitions: new Map([...sources.definitions].map(([id, schema]) => [id, translateDefinition(definitionName(sources, id), schema, definitions)])),
    baseData: Object.fromEntries(translatedSets),
    lists: Object.fromEntries(translatedSets.map(([name, lists]) => [name, translateLabelMaps(lists, baseData[name] ?? {})])),
  };
}

function definitionName(sources: FlowSources, id: string): string {
  return sources.definitionNames.get(id) ?? id;
}

/** The `$id`s a node refers to with `$ref`, also through the definitions it refers to. */
function referencedDefinitions(node: unknown, definitions: Map<string, JsonSchema>, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) referencedDefinitions(item, definitions, found);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key !== '$ref') referencedDefinitions(value, definitions, found);
      else if (typeof value === 'string' && !found.has(value)) {
        found.add(value);
        referencedDefinitions(definitions.get(value), definitions, found);
      }
    }
  }
  return found;
}

/** The issues of one translation file. */
function issuesOf(fileName: string, texts: TextAt[], file: TranslationFile): TranslationIssue[] {
  const report = translationReport(texts, file);
  return [
    ...report.missing.map(({ path, text }) => ({
      file: fileName,
      path,
      kind: 'missing' as const,
      message: `geen Engelse vertaling van ${JSON.stringify(text)}`,
      text,
    })),
    ...report.stale.map(({ path, text, was }) => ({
      file: fileName,
      path,
      kind: 'stale' as const,
      message: `de Nederlandse tekst is gewijzigd sinds de vertaling (${JSON.stringify(text)} was ${JSON.stringify(was)}); tot de vertaling is bijgewerkt, krijgen aanvragers de Nederlandse tekst`,
      text,
    })),
    ...report.orphaned.map((path) => ({ file: fileName, path, kind: 'orphaned' as const, message: 'deze tekst bestaat niet meer; verwijder de vertaling' })),
  ];
}

/** The Dutch texts an English page of the flow shows because their English is missing or out of date. */
export function dutchTexts(issues: readonly TranslationIssue[]): string[] {
  return [...new Set(issues.flatMap((issue) => (issue.kind !== 'orphaned' && issue.text !== undefined ? [issue.text] : [])))];
}

/** The entries of the definitions' file that belong to the named definitions or to no definition at all. */
function definitionEntries(file: TranslationFile, names: string[], allNames: string[]): TranslationFile {
  const belongsTo = (path: string, name: string) => path.startsWith(`${name}.`);
  return Object.fromEntries(
    Object.entries(file).filter(([path]) => names.some((name) => belongsTo(path, name)) || !allNames.some((name) => belongsTo(path, name))),
  );
}

/**
 * The missing, stale and orphaned English of one flow as written, with its own English file: of its
 * own texts, of the shared field definitions it refers to (directly or through other definitions)
 * and of its reference-data set.
 */
export function translationIssues(sources: FlowSources, flow: FlowDocument, flowFile: TranslationFile): TranslationIssue[] {
  const { definitions, baseData } = sources.translations;
  const issues = issuesOf(FLOW_FILE(flow.id), flowTexts(flow, { resolveRef: (ref) => sources.definitions.get(ref) }), flowFile);
  const ids = [...referencedDefinitions(flow, sources.definitions)].filter((id) => sources.definitions.has(id));
  const names = ids.map((id) => definitionName(sources, id));
  const allNames = [...sources.definitions.keys()].map((id) => definitionName(sources, id));
  const texts = ids.flatMap((id) => definitionTexts(definitionName(sources, id), sources.definitions.get(id)));
  issues.push(...issuesOf(DEFINITIONS_FILE, texts, definitionEntries(definitions, names, allNames)));
  const lists = flow.baseData ? sources.baseData[flow.baseData] : undefined;
  if (flow.baseData && lists)
    issues.push(...issuesOf(BASE_DATA_FILE(flow.baseData), [...baseDataTexts(lists), ...labelMapTexts(lists)], baseData[flow.baseData] ?? {}));
  return issues;
}
