/**
 * All flows of the portal, resolved, translated and compiled once at start-up: the server validates
 * with them and serves them (and their precompiled validators) to the browser.
 */
import { createHash } from 'node:crypto';
import type { Lang } from '../../../renderer/core/i18n';
import { resolveFlow, type ResolveContext } from '../../../renderer/core/resolve';
import { landen } from '../postcode/landen';
import type { FlowDocument, Scenario } from '../../../renderer/core/types';
import type { ValidatorSet } from '../../../renderer/core/validate';
import { compileFlow } from './compile';
import { englishSources } from './english';
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
    const english = englishSources(sources);
    for (const name of Object.keys(sources.baseData)) this.translatedBaseData.set(`${name}:en`, english.baseData[name]);
    for (const written of sources.documents) {
      const resolved = resolveFlow(written, { definitions: sources.definitions, lists: resolveLists(sources, written, 'nl') });
      const { validators, modules } = compileFlow(resolved);
      // English: the translated written document with the translated definitions and lists (country names per language).
      const lists = resolveLists({ ...sources, baseData: english.lists }, written, 'en');
      const en = resolveFlow(english.documents[sources.documents.indexOf(written)], { definitions: english.definitions, lists });
      this.entries.set(written.id, {
        id: written.id,
        hash: createHash('sha256').update(JSON.stringify(resolved)).digest('hex'),
        documents: { nl: resolved, en },
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

  /** A reference-data set in a language: texts of list items translated where its English file has them. */
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
