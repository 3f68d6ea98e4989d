/**
 * Reads the flow documents, the shared field definitions, the reference lists and the translation
 * maps from disk. Read once at start-up: editing a flow file and restarting the server changes the
 * portal without rebuilding the client.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { OptionList } from '../../../renderer/core/resolve';
import type { FlowDocument, JsonSchema } from '../../../renderer/core/types';

export interface FlowSources {
  documents: FlowDocument[];
  definitions: Map<string, JsonSchema>;
  baseData: Record<string, Record<string, OptionList>>;
  /** flow id -> language -> Dutch text -> translation */
  translations: Record<string, Record<string, Record<string, string>>>;
}

function readJson<T>(file: string): T {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (error) {
    throw new Error(`${path.basename(file)}: ${(error as Error).message}`);
  }
}

function jsonFiles(dir: string, suffix = '.json'): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(suffix)).sort() : [];
}

export function loadDefinitions(schemasDir: string): Map<string, JsonSchema> {
  const definitions = new Map<string, JsonSchema>();
  for (const name of jsonFiles(path.join(schemasDir, 'velden'))) {
    const schema = readJson<JsonSchema>(path.join(schemasDir, 'velden', name));
    if (!schema.$id) throw new Error(`velden/${name}: $id ontbreekt`);
    definitions.set(schema.$id, schema);
  }
  return definitions;
}

export function loadBaseData(dataDir: string): Record<string, Record<string, OptionList>> {
  const dir = path.join(dataDir, 'base-data');
  return Object.fromEntries(jsonFiles(dir).map((name) => [name.replace(/\.json$/, ''), readJson(path.join(dir, name))]));
}

export function loadSources(rootDir: string): FlowSources {
  const flowsDir = path.join(rootDir, 'flows');
  const documents = jsonFiles(flowsDir, '.flow.json').map((name) => readJson<FlowDocument>(path.join(flowsDir, name)));
  const translations: FlowSources['translations'] = {};
  for (const name of jsonFiles(path.join(flowsDir, 'i18n'))) {
    const match = /^(.+)\.([a-z]{2})\.json$/.exec(name);
    if (!match) continue;
    const [, flowId, lang] = match;
    (translations[flowId] ??= {})[lang] = readJson(path.join(flowsDir, 'i18n', name));
  }
  return {
    documents,
    definitions: loadDefinitions(path.join(rootDir, 'schemas')),
    baseData: loadBaseData(path.join(rootDir, 'data')),
    translations,
  };
}
