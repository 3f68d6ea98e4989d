/**
 * Renders PDFs off the event loop: a piscina pool of worker threads (worker.ts), so a download of
 * 5–11 ms of pdfkit work does not hold up every other request. Sized to the machine (all cores but
 * one, at least one); `PDF_WORKERS` overrides it, and `PDF_WORKERS=0` renders on the main thread as
 * before (the benchmark's peer).
 *
 * Also holds a small cache for documents that never change (the receipt or form of a stored
 * submission, see routes/confirmations.ts). It holds personal data: memory only, bounded in bytes,
 * and every entry is dropped after its lifetime, whether it was used again or not.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { PdfDocumentModel } from './model.js';
import { pdfWorkerCount } from '../config';
import { renderPdf } from './renderPdf.js';
import type { RenderedPdf } from './worker.js';

export interface PdfCacheOptions {
  /** Total size of the cached PDFs (default 32 MB). */
  maxBytes?: number;
  /** Lifetime of an entry from the moment it was rendered (default 10 minutes). */
  ttlMs?: number;
}

export interface PdfRendererOptions {
  /** Worker threads; 0 renders on the main thread. Default: the machine's ({@link pdfWorkerCount} without PDF_WORKERS). */
  workers?: number;
  cache?: PdfCacheOptions;
  /** Told when a worker thread fails outside a task (a failing task rejects its own render). */
  log?: { error(object: object, message: string): void };
  /** Milliseconds clock for the cache lifetimes (tests). */
  clock?: () => number;
}

export interface PdfRendererStats {
  workers: number;
  /** Documents rendered in a worker thread. */
  workerRenders: number;
  /** Documents rendered on the main thread (PDF_WORKERS=0). */
  mainThreadRenders: number;
  /** The distinct thread ids that rendered documents (the main thread is 0). */
  threadIds: number[];
  cache: { hits: number; misses: number; entries: number; bytes: number };
}

export interface PdfRenderer {
  readonly workers: number;
  /** Renders a document (in a worker thread unless workers is 0). */
  render(model: PdfDocumentModel): Promise<Buffer>;
  /**
   * The PDF cached under `key`, else `build()` rendered and cached. Only for documents that are
   * fully determined by the key (a stored submission, its flow version, the language, the kind and
   * the printed date); never for a model the client sent.
   */
  cached(key: string, build: () => PdfDocumentModel): Promise<Buffer>;
  stats(): PdfRendererStats;
  /** Empties the cache and stops the worker threads. */
  close(): Promise<void>;
}

const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;
const DEFAULT_CACHE_TTL_MS = 10 * 60 * 1000;
const PRUNE_INTERVAL_MS = 60 * 1000;
const WORKER_NICE_INCREMENT = 10;

// Read with the other settings (config.ts); exported here too for the pool's tests.
export { pdfWorkerCount };

/**
 * The worker module and the Node options of its threads. From the bundle (dist/server/main.js) the
 * worker is its sibling pdfWorker.js (a second esbuild entry point); from source (vitest, tsx) it is
 * worker.ts, which the thread can only load with tsx's hooks. tsx's `--import tsx` registers them
 * in the main thread only on Node 20, so the thread registers them itself through tsx's API.
 */
function workerSource(): { filename: string; execArgv?: string[]; fromSource: boolean } {
  if (!import.meta.url.endsWith('.ts')) {
    const file = new URL('./pdfWorker.js', import.meta.url);
    if (!existsSync(fileURLToPath(file))) throw new Error(`PDF-worker ${fileURLToPath(file)} ontbreekt: bouw de server opnieuw (npm run build:server).`);
    return { filename: file.href, fromSource: false };
  }
  // The ESM build of tsx's API (its CommonJS build cannot be imported from an ES module).
  const api = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const register = `data:text/javascript,${encodeURIComponent(`import { register } from ${JSON.stringify(api)}; register();`)}`;
  return { filename: new URL('./worker.ts', import.meta.url).href, execArgv: ['--import', register], fromSource: true };
}

/** Cached PDFs by key in order of rendering, so the oldest (first to expire) come first. */
class PdfCache {
  private readonly entries = new Map<string, { pdf: Buffer; expires: number }>();
  private total = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly ttlMs: number,
    private readonly clock: () => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }

  get(key: string): Buffer | undefined {
    this.prune();
    const entry = this.entries.get(key);
    if (entry) this.hits++;
    else this.misses++;
    return entry?.pdf;
  }

  set(key: string, pdf: Buffer): void {
    if (pdf.length > this.maxBytes || this.ttlMs <= 0) return;
    this.delete(key);
    this.entries.set(key, { pdf, expires: this.clock() + this.ttlMs });
    this.total += pdf.length;
    // Over budget: drop the oldest entries.
    for (const oldest of this.entries.keys()) {
      if (this.total <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Drops the expired entries (they are at the front). */
  prune(): void {
    const now = this.clock();
    for (const [key, entry] of this.entries) {
      if (entry.expires > now) break;
      this.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.pdf.length;
  }
}

export function createPdfRenderer(options: PdfRendererOptions = {}): PdfRenderer {
  const workers = options.workers ?? pdfWorkerCount({});
  const clock = options.clock ?? Date.now;
  const cache = new PdfCache(options.cache?.maxBytes ?? DEFAULT_CACHE_BYTES, options.cache?.ttlMs ?? DEFAULT_CACHE_TTL_MS, clock);
  /** Renders of a key under way, so that simultaneous downloads of one document render it once. */
  const pending = new Map<string, Promise<Buffer>>();
  const threadIds = new Set<number>();
  let workerRenders = 0;
  let mainThreadRenders = 0;

  let pool: Piscina<PdfDocumentModel, RenderedPdf> | undefined;
  if (workers > 0) {
    const { fromSource, ...source } = workerSource();
    // From the bundle all threads start right away and load the fonts then, not during the first
    // download. From source (tests, development) a thread first compiles the renderer with tsx,
    // which costs seconds of CPU: there they start with the first document. Either way they stay.
    // The threads run at a lower priority (Linux nice, through piscina's @napi-rs/nice): when the
    // cores are busy, the event loop that answers everybody else goes before the next PDF.
    pool = new Piscina<PdfDocumentModel, RenderedPdf>({
      ...source,
      minThreads: fromSource ? 0 : workers,
      maxThreads: workers,
      idleTimeout: Infinity,
      niceIncrement: WORKER_NICE_INCREMENT,
    });
    pool.on('error', (error: Error) => options.log?.error({ err: { type: error.name, message: error.message } }, 'pdf-worker mislukt'));
  }

  // Expired entries go even when nobody asks for the cache any more.
  const pruneTimer = setInterval(() => cache.prune(), PRUNE_INTERVAL_MS);
  pruneTimer.unref();

  async function render(model: PdfDocumentModel): Promise<Buffer> {
    if (!pool) {
      const pdf = await renderPdf(model);
      mainThreadRenders++;
      threadIds.add(threadId);
      return pdf;
    }
    const result = await pool.run(model);
    workerRenders++;
    threadIds.add(result.threadId);
    return Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength);
  }

  return {
    workers,
    render,
    async cached(key, build) {
      const hit = cache.get(key);
      if (hit) return hit;
      const running = pending.get(key);
      if (running) return running;
      const rendering = render(build()).then((pdf) => {
        cache.set(key, pdf);
        return pdf;
      });
      pending.set(key, rendering);
      try {
        return await rendering;
      } finally {
        pending.delete(key);
      }
    },
    stats: () => ({
      workers,
      workerRenders,
      mainThreadRenders,
      threadIds: [...threadIds],
      cache: { hits: cache.hits, misses: cache.misses, entries: cache.size, bytes: cache.bytes },
    }),
    async close() {
      clearInterval(pruneTimer);
      cache.clear();
      await pool?.close();
    },
  };
}
