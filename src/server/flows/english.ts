/**
 * The English sources of the portal: written flow documents, shared field definitions and reference
 * data, each translated with its own path-keyed file before flows are resolved, so a definition or a
 * reference list has one English text wherever it is used. Also lists what those files lack or hold
 * in excess for one flow, for `flows:check`.
 */
import type { OptionList } from '../../../renderer/core/resolve';
import {
  baseDataTexts,
  definitionTexts,
  flowTexts,
  labelMapTexts,
  translateBaseData,
  translateDefinition,
  translateFlow,
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
  /** The written flow documents, translated (`$ref`s not inlined yet). */
  documents: FlowDocument[];
  /** The shared field definitions by `$id`, translated. */
  definitions: Map<string, JsonSchema>;
  /** Each reference-data set as it is served in English: item texts translated, label -> value maps as written. */
  baseData: BaseDataSets;
  /** Each reference-data set as options of English fields need it: the labels of label -> value maps translated too. */
  lists: BaseDataSets;
}

/** What a flow's English lacks or holds in excess, as Dutch lines naming the file and the path. */
export interface TranslationProblems {
  /** Texts without English: they fail the check. */
  missing: string[];
  /** Texts whose Dutch changed after they were translated: they fail the check. */
  stale: string[];
  /** English of texts that no longer exist: warnings only. */
  orphaned: string[];
}

const FLOW_FILE = (id: string) => `flows/i18n/${id}.en.json`;
const DEFINITIONS_FILE = 'schemas/velden/i18n/en.json';
const BASE_DATA_FILE = (name: string) => `data/base-data/i18n/${name}.en.json`;

/** Translates every written flow document, field definition and reference-data set with its own file. */
export function englishSources(sources: FlowSources): EnglishSources {
  const { flows, definitions, baseData } = sources.translations;
  const translatedSets = Object.entries(sources.baseData).map(([name, lists]) => [name, translateBaseData(lists, baseData[name] ?? {})] as const);
  return {
    documents: sources.documents.map((document) => translateFlow(document, flows[document.id] ?? {})),
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

/** Adds the report of one translation file to `problems` as Dutch lines. */
function addReport(problems: TranslationProblems, fileName: string, texts: TextAt[], file: TranslationFile): void {
  const report = translationReport(texts, file);
  for (const { path, text } of report.missing) problems.missing.push(`${fileName}: ${path}: geen Engelse vertaling van ${JSON.stringify(text)}`);
  for (const { path, text, was } of report.stale) {
    problems.stale.push(`${fileName}: ${path}: de Nederlandse tekst is gewijzigd sinds de vertaling (${JSON.stringify(text)} was ${JSON.stringify(was)}); vertaal opnieuw`);
  }
  for (const path of report.orphaned) problems.orphaned.push(`${fileName}: ${path}: deze tekst bestaat niet meer; verwijder de vertaling`);
}

/** The entries of the definitions' file that belong to the named definitions or to no definition at all. */
function definitionEntries(file: TranslationFile, names: string[], allNames: string[]): TranslationFile {
  const belongsTo = (path: string, name: string) => path.startsWith(`${name}.`);
  return Object.fromEntries(
    Object.entries(file).filter(([path]) => names.some((name) => belongsTo(path, name)) || !allNames.some((name) => belongsTo(path, name))),
  );
}

/**
 * The missing, stale and orphaned English of one flow: of its own texts, of the shared field
 * definitions it refers to (directly or through other definitions) and of its reference-data set.
 */
export function translationProblems(sources: FlowSources, flowId: string): TranslationProblems {
  const flow = sources.documents.find((document) => document.id === flowId);
  if (!flow) throw new Error(`onbekende flow '${flowId}'`);
  const { flows, definitions, baseData } = sources.translations;
  const problems: TranslationProblems = { missing: [], stale: [], orphaned: [] };
  addReport(problems, FLOW_FILE(flowId), flowTexts(flow), flows[flowId] ?? {});

  const ids = [...referencedDefinitions(flow, sources.definitions)].filter((id) => sources.definitions.has(id));
  const names = ids.map((id) => definitionName(sources, id));
  const allNames = [...sources.definitions.keys()].map((id) => definitionName(sources, id));
  const texts = ids.flatMap((id) => definitionTexts(definitionName(sources, id), sources.definitions.get(id)));
  addReport(problems, DEFINITIONS_FILE, texts, definitionEntries(definitions, names, allNames));

  const lists = flow.baseData ? sources.baseData[flow.baseData] : undefined;
  if (flow.baseData && lists) {
    addReport(problems, BASE_DATA_FILE(flow.baseData), [...baseDataTexts(lists), ...labelMapTexts(lists)], baseData[flow.baseData] ?? {});
  }
  return problems;
}
