/**
 * The flow versions this server process serves: the published version of every flow, kept in step
 * with the database by polling a counter that every publish raises (so a version published by any
 * process or command reaches every process within one poll), and earlier versions on demand — for
 * an applicant who started on one, and for receipts of what was stored against one.
 */
import type { Lang } from '../../../renderer/core/i18n';
import type { FlowVersionRecord, Storage } from '../storage';
import type { FlowIndexEntry } from '../../shared/flowIndex';
import { activate, type ActiveFlowVersion } from './version';

export type { FlowIndexEntry };

export interface RegistryLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RegistryOptions {
  /** How often the database is asked whether versions changed. 0: never (tests). */
  pollMs: number;
  /** How long after a version was replaced an applicant who started on it may still finish on it. */
  graceMs: number;
  /** Whether example flows (`example: true`, flows/voorbeelden) are served: outside production only. */
  examples?: boolean;
  log: RegistryLog;
}

/** Earlier versions kept in memory at most (each holds its compiled validators). */
const CACHE_SIZE = 50;

export class FlowRegistry {
  private current = new Map<string, ActiveFlowVersion>();
  /** Raised whenever the set of published versions changes (answers built from all of them follow it). */
  private changes = 0;
  private readonly earlier = new Map<string, ActiveFlowVersion>();
  private counter: number | undefined;
  private refreshing: Promise<void> | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  private constructor(
    private readonly storage: Storage,
    private readonly options: RegistryOptions,
  ) {}

  /**
   * Loads the published versions and starts polling. `compiled` are versions this process has just
   * compiled itself (from the shipped files), reused instead of being built a second time.
   */
  static async start(storage: Storage, options: RegistryOptions, compiled: ActiveFlowVersion[] = []): Promise<FlowRegistry> {
    const registry = new FlowRegistry(storage, options);
    for (const version of compiled) registry.remember(version);
    await registry.refresh();
    if (options.pollMs > 0) {
      registry.timer = setInterval(
        () =>
          void registry
            .refresh()
            .catch((error: unknown) =>
              options.log.error({ err: { type: (error as Error).name, message: (error as Error).message } }, 'flowversies niet bijgewerkt'),
            ),
        options.pollMs,
      );
      registry.timer.unref();
    }
    return registry;
  }

  /** Picks up versions published since the last look (by any process). */
  refresh(): Promise<void> {
    this.refreshing ??= this.load().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async load(): Promise<void> {
    const counter = await this.storage.flowVersionCounter();
    if (counter === this.counter) return;
    const published = await this.storage.publishedFlowVersions();
    const next = new Map<string, ActiveFlowVersion>();
    for (const record of published) {
      const active = this.serves(this.activateSafely(record) ?? this.current.get(record.flowId));
      if (active) next.set(record.flowId, active.hash === record.hash ? { ...active, publishedAt: record.publishedAt } : active);
    }
    for (const [flowId, active] of this.current) if (!next.has(flowId)) this.remember(active);
    for (const [flowId, active] of next) {
      const before = this.current.get(flowId);
      if (before && before.hash !== active.hash) this.remember(before);
      if (!before || before.hash !== active.hash) this.options.log.info({ flow: flowId, version: active.version }, 'flowversie in gebruik');
    }
    this.current = next;
    this.counter = counter;
    this.changes += 1;
  }

  /** Whether this process serves the version: an example flow only outside production. */
  private serves(version: ActiveFlowVersion | undefined): ActiveFlowVersion | undefined {
    return version && (this.options.examples || !version.content.documents.nl.example) ? version : undefined;
  }

  /** A stored version as it runs; a version that no longer builds is logged and left out. */
  private activateSafely(record: FlowVersionRecord): ActiveFlowVersion | undefined {
    const known = this.current.get(record.flowId);
    if (known?.hash === record.hash) return { ...known, version: record.version };
    const cached = this.earlier.get(`${record.flowId}:${record.hash}`);
    if (cached) return { ...cached, version: record.version };
    try {
      return activate(record);
    } catch (error) {
      this.options.log.error(
        { flow: record.flowId, version: record.version, reason: (error as Error).message },
        'flowversie kan niet worden geladen; de vorige blijft in gebruik',
      );
      return undefined;
    }
  }

  private remember(version: ActiveFlowVersion): void {
    const key = `${version.flowId}:${version.hash}`;
    this.earlier.delete(key);
    this.earlier.set(key, version);
    while (this.earlier.size > CACHE_SIZE) this.earlier.delete(this.earlier.keys().next().value as string);
  }

  /** A number that changes whenever the published versions do. */
  get generation(): number {
    return this.changes;
  }

  /** The published version of a flow. */
  get(flowId: string): ActiveFlowVersion | undefined {
    return this.current.get(flowId);
  }

  all(): ActiveFlowVersion[] {
    return [...this.current.values()];
  }

  /**
   * The published version of a flow when it is the one asked for (no hash, or its hash), from memory
   * and without a promise; undefined when it is not ({@link forApplicant} and {@link forRecord} look
   * further).
   */
  publishedAs(flowId: string, hash?: string): ActiveFlowVersion | undefined {
    const current = this.current.get(flowId);
    return current !== undefined && (hash === undefined || current.hash === hash) ? current : undefined;
  }

  /**
   * The version an applicant works on: the published one, or the one with `hash` while it is
   * published or was replaced less than the grace period ago. Undefined when it cannot be used.
   */
  async forApplicant(flowId: string, hash?: string): Promise<ActiveFlowVersion | undefined> {
    const current = this.current.get(flowId);
    if (!hash || current?.hash === hash) return current;
    const record = await this.storage.getFlowVersion(flowId, { hash });
    if (!record || record.state === 'draft') return undefined;
    if (record.state === 'retired' && (!record.retiredAt || record.retiredAt.getTime() < Date.now() - this.options.graceMs)) return undefined;
    return this.serves(this.version(record));
  }

  /** Any version that was ever published with `hash` (receipts of what was stored against it). */
  async forRecord(flowId: string, hash: string): Promise<ActiveFlowVersion | undefined> {
    const current = this.current.get(flowId);
    if (current?.hash === hash) return current;
    const record = await this.storage.getFlowVersion(flowId, { hash });
    return record && record.state !== 'draft' ? this.serves(this.version(record)) : undefined;
  }

  private version(record: FlowVersionRecord): ActiveFlowVersion | undefined {
    const key = `${record.flowId}:${record.hash}`;
    const cached = this.earlier.get(key);
    if (cached) return cached;
    const active = this.activateSafely(record);
    if (active) this.remember(active);
    return active;
  }

  /** The flow whose published version posts to `url` (its submit call or its 'bevestiging' call). */
  flowAt(url: string): string | undefined {
    for (const version of this.current.values()) {
      const flow = version.content.documents.nl;
      if (('url' in flow.submit && flow.submit.url === url) || flow.confirmation.download?.url === url) return version.flowId;
    }
    return undefined;
  }

  /** The reference-data set `name` in a language, from the published version of a flow that uses it. */
  baseData(name: string, lang: Lang): Record<string, unknown> | undefined {
    for (const version of this.current.values()) if (version.content.documents.nl.baseData === name) return version.content.lists[lang];
    return undefined;
  }

  index(lang: Lang): FlowIndexEntry[] {
    return this.all().map((version) => {
      const flow = version.content.documents[lang];
      return { id: version.flowId, scenarios: flow.scenarios, title: flow.title, headerName: flow.headerName };
    });
  }

  close(): void {
    clearInterval(this.timer);
  }
}

/** The browser's validator module of each step of a version (named by its own hash, so cached for good). */
export function validatorUrls(
  version: ActiveFlowVersion,
  base = `/api/flows/${version.flowId}/versies/${version.hash}/validatiemodules`,
): Record<string, string> {
  return Object.fromEntries(Object.entries(version.runtime.modules).map(([stepId, module]) => [stepId, `${base}/${stepId}.js?v=${module.hash}`]));
}
