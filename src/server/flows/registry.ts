/**
 * All flows of the portal, resolved, translated and compiled once at start-up: the server validates
 * with them and serves them (and their precompiled validators) to the browser.
 */
import { createHash } from 'node:crypto';
import type { Lang } from '../../../renderer/core/i18n';
import { resolveFlow, type ResolveContext } from '../../../renderer/core/resolve';
import { landen } from '../postcode/landen';
import { translateDocument } from '../../../renderer/core/translate';
import type { FlowDocument, Scenario } from '../../../renderer/core/types';
import type { ValidatorSet } from '../../../renderer/core/validate';
import { compileFlow } from './compile';
import { loadSources, type FlowSources } from './load';

export interface FlowEntry {
  id: string;
  /** Content hash of the version. */
  hash: string;
  /** Resolved flow per language. */
  documents: Record<Lang, FlowDocument>;
  validators: ValidatorSet;
  /** Browser validator module per step id, with a short content hash that versions its URL. */
  modules: Record<string, { code: string; hash: string }>;
}

export interface FlowIndexItem {
  id: string;
  scenarios: Scenario[];
  title: string;
  headerName: string;
}

export class FlowRegistry {
  private readonly entries = new Map<string, FlowEntry>();
  private readonly translatedBaseData = new Map<string, Record<string, unknown>>();

  constructor(readonly sources: FlowSources) {
    for (const name of Object.keys(sources.baseData)) {
      this.translatedBaseData.set(`${name}:en`, translateBaseData(sources.baseData[name], englishFor(sources, name)));
    }
    for (const written of sources.documents) {
      // Each language resolves with its own lists (country names), then English texts are translated.
      const resolve = (lang: Lang) => resolveFlow(written, { definitions: sources.definitions, lists: resolveLists(sources, written, lang) });
      const resolved = resolve('nl');
      const { validators, modules } = compileFlow(resolved);
      const en = sources.translations[written.id]?.en ?? {};
      this.entries.set(written.id, {
        id: written.id,
        hash: createHash('sha256').update(JSON.stringify(resolved)).digest('hex'),
        documents: { nl: resolved, en: translateDocument(resolve('en'), en) },
        validators,
        modules: Object.fromEntries(
          Object.entries(modules).map(([stepId, code]) => [stepId, { code, hash: createHash('sha256').update(code).digest('hex').slice(0, 16) }]),
        ),
      });
    }
  }

  static fromDisk(rootDir: string): FlowRegistry {
    return new FlowRegistry(loadSources(rootDir));
  }

  /** The reference lists a flow refers to (empty when it has none). */
  listsOf(flow: FlowDocument, lang: Lang = 'nl'): Record<string, unknown> {
    return flow.baseData ? this.baseData(flow.baseData, lang) ?? {} : {};
  }

  /** A reference-data set in a language: texts of list items translated where the flows say how. */
  baseData(name: string, lang: Lang): Record<string, unknown> | undefined {
    const lists = this.sources.baseData[name] as Record<string, unknown> | undefined;
    if (!lists || lang === 'nl') return lists;
    return this.translatedBaseData.get(`${name}:${lang}`) ?? lists;
  }

  get(id: string): FlowEntry | undefined {
    return this.entries.get(id);
  }

  all(): FlowEntry[] {
    return [...this.entries.values()];
  }

  index(lang: Lang): FlowIndexItem[] {
    return this.all().map((entry) => {
      const flow = entry.documents[lang];
      return {
        id: entry.id,
        scenarios: flow.scenarios,
        title: flow.title,
        headerName: flow.headerName,
      };
    });
  }
}

/** The browser's validator module of each step, by step id (versioned, so cached for good). */
export function validatorUrls(entry: FlowEntry): Record<string, string> {
  return Object.fromEntries(
    Object.entries(entry.modules).map(([stepId, module]) => [stepId, `/api/flows/${entry.id}/validators/${stepId}.js?v=${module.hash}`]),
  );
}

/** The lists a flow's `x-options` may name: its own reference data and the shared lists. */
export function resolveLists(sources: FlowSources, flow: FlowDocument, lang: Lang): ResolveContext['lists'] {
  const own = flow.baseData ? sources.baseData[flow.baseData] ?? {} : {};
  return { ...sharedLists(lang), ...own } as ResolveContext['lists'];
}

/** Lists every flow may name in `x-options`, besides its own reference data: the countries. */
function sharedLists(lang: Lang): Record<string, { Value: string; Description: string }[]> {
  return { Landen: landen(lang).map((land) => ({ Value: land.code, Description: land.omschrijving })) };
}

/** The English texts of every flow that uses the reference-data set `name`. */
export function englishFor(sources: FlowSources, name: string): Record<string, string> {
  return Object.assign(
    {},
    ...sources.documents.filter((flow) => flow.baseData === name).map((flow) => sources.translations[flow.id]?.en ?? {}),
  ) as Record<string, string>;
}

/** The texts of a reference-data set: strings of list items and their string lists (documents). */
export function baseDataTexts(lists: Record<string, unknown>): string[] {
  const texts: string[] = [];
  mapBaseDataTexts(lists, (text) => {
    texts.push(text);
    return text;
  });
  return [...new Set(texts)];
}

function translateBaseData(lists: Record<string, unknown>, english: Record<string, string>): Record<string, unknown> {
  return mapBaseDataTexts(lists, (text) => english[text] ?? text);
}

/** Maps every text of the item lists; values, codes and the name-to-value maps stay as they are. */
function mapBaseDataTexts(lists: Record<string, unknown>, visit: (text: string) => string): Record<string, unknown> {
  const mapValue = (value: unknown): unknown => {
    if (typeof value === 'string') return visit(value);
    if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? visit(item) : item));
    return value;
  };
  return Object.fromEntries(
    Object.entries(lists).map(([name, list]) => [
      name,
      Array.isArray(list)
        ? list.map((item) =>
            item && typeof item === 'object' ? Object.fromEntries(Object.entries(item as Record<string, unknown>).map(([key, value]) => [key, mapValue(value)])) : item,
          )
        : list,
    ]),
  );
}
