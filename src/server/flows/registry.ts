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
  /** Resolved flow per language. */
  documents: Record<Lang, FlowDocument>;
  validators: ValidatorSet;
  moduleCode: string;
  /** Short content hash, used to version the validator module URL. */
  moduleHash: string;
}

export interface FlowIndexItem {
  id: string;
  scenarios: Scenario[];
  title: string;
  headerName: string;
  validatorsUrl: string;
}

export class FlowRegistry {
  private readonly entries = new Map<string, FlowEntry>();

  constructor(readonly sources: FlowSources) {
    for (const written of sources.documents) {
      // Each language resolves with its own lists (country names), then English texts are translated.
      const resolve = (lang: Lang) => resolveFlow(written, { definitions: sources.definitions, lists: resolveLists(sources, written, lang) });
      const resolved = resolve('nl');
      const { validators, moduleCode } = compileFlow(resolved);
      const en = sources.translations[written.id]?.en ?? {};
      this.entries.set(written.id, {
        id: written.id,
        documents: { nl: resolved, en: translateDocument(resolve('en'), en) },
        validators,
        moduleCode,
        moduleHash: createHash('sha256').update(moduleCode).digest('hex').slice(0, 16),
      });
    }
  }

  static fromDisk(rootDir: string): FlowRegistry {
    return new FlowRegistry(loadSources(rootDir));
  }

  /** The reference lists a flow refers to (empty when it has none). */
  listsOf(flow: FlowDocument): Record<string, unknown> {
    return flow.baseData ? (this.sources.baseData[flow.baseData] as Record<string, unknown> | undefined) ?? {} : {};
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
        validatorsUrl: validatorsUrl(entry),
      };
    });
  }
}

export function validatorsUrl(entry: FlowEntry): string {
  return `/api/flows/${entry.id}/validators.js?v=${entry.moduleHash}`;
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
