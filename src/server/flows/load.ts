/**
 * Reads what every flow may refer to from disk: the shared field definitions, the reference lists
 * and their English texts. The flow files themselves go through the pipeline one by one
 * (sources.ts), so a broken one is refused alone.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { OptionList } from '../../../renderer/core/resolve';
import type { TranslationFile } from '../../../renderer/core/translations';
import type { JsonSchema } from '../../../renderer/core/types';

export interface FlowSources {
  definitions: Map<string, JsonSchema>;
  baseData: Record<string, Record<string, OptionList>>;
  /** File base name of each shared field definition by `$id`: it prefixes the paths of the definition's texts. */
  definitionNames: Map<string, string>;
  /** English texts by path: of the field definitions and of each reference-data set (a flow's own come with the flow). */
  translations: { definitions: TranslationFile; baseData: Record<string, TranslationFile> };
}

function readJson<T>(file: string): T {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (error) {
    throw new Error(`${path.basename(file)}: ${(error as Error).message}`);
  }
}

function jsonFiles(dir: string, suffix = '.json'): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith(suffix))
        .sort()
    : [];
}

/** The shared field definitions by `$id`; `names` receives the file base name of each (by `$id`) when given. */
export function loadDefinitions(schemasDir: string, names = new Map<string, string>()): Map<string, JsonSchema> {
  const definitions = new Map<string, JsonSchema>();
  for (const name of jsonFiles(path.join(schemasDir, 'velden'))) {
    const schema = readJson<JsonSchema>(path.join(schemasDir, 'velden', name));
    if (!schema.$id) throw new Error(`velden/${name}: $id ontbreekt`);
    definitions.set(schema.$id, schema);
    names.set(schema.$id, name.replace(/\.json$/, ''));
  }
  return definitions;
}

export function loadBaseData(dataDir: string): Record<string, Record<string, OptionList>> {
  const dir = path.join(dataDir, 'base-data');
  return Object.fromEntries(jsonFiles(dir).map((name) => [name.replace(/\.json$/, ''), readJson(path.join(dir, name))]));
}

/** An English translation file; empty when there is none. */
function englishFile(file: string): TranslationFile {
  return existsSync(file) ? readJson<TranslationFile>(file) : {};
}

/** The `<name>.en.json` files of a folder by name. */
function englishFiles(dir: string): Record<string, TranslationFile> {
  return Object.fromEntries(jsonFiles(dir, '.en.json').map((name) => [name.replace(/\.en\.json$/, ''), englishFile(path.join(dir, name))]));
}

export function loadSources(rootDir: string): FlowSources {
  const definitionNames = new Map<string, string>();
  return {
    definitions: loadDefinitions(path.join(rootDir, 'schemas'), definitionNames),
    baseData: loadBaseData(path.join(rootDir, 'data')),
    definitionNames,
    translations: {
      definitions: englishFile(path.join(rootDir, 'schemas', 'velden', 'i18n', 'en.json')),
      baseData: englishFiles(path.join(rootDir, 'data', 'base-data', 'i18n')),
    },
  };
}
