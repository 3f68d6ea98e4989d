/**
 * `npm run bench:peer` (after `npm run build`): the portal next to a plain RJSF app (bench/peer: the
 * stock @rjsf/core `Form` with the stock @rjsf/validator-ajv8 `validator`, liveValidate off, no
 * styling) rendering the same JSON Schema, measured in Debian Chromium in one run, alternating.
 *
 * - Schema: the largest first step of the shipped flows (most fields, then the longest resolved
 *   schema of `steps[0].schema` in the Dutch document), passed to the peer verbatim.
 * - Peer: built with Vite's JS API into a temporary folder (schema injected with `define`), a `.br`
 *   (brotli 11) and `.gz` (gzip 9) written next to every file, served by Fastify with
 *   `@fastify/static` `preCompressed: true`, with the security headers the portal sends on every
 *   answer (`registerSecurityHeaders`, the portal's own function): the plain app deployed as the
 *   portal would have to be. Those headers cost a page load time of their own in Chromium (a page
 *   with Cross-Origin-Opener-Policy opened from a new tab gets a browsing context group, and a
 *   process, of its own), so without them the two apps would not be compared on equal terms;
 *   `--peer-headers none` (or BENCH_PEER_HEADERS=none) serves the peer bare. Portal: the built server (dist/server/main.js),
 *   serving a copy of dist/client taken at the start (CLIENT_DIR), so a rebuild during the run
 *   does not break it. The report shows the Content-Encoding each app's responses came with: a ratio of bytes only compares
 *   the apps when both are served compressed; it also gives, for both, the response bodies
 *   re-compressed with brotli 11 (one unthrottled inventory run per app).
 * - Profiles: (a) 4x CPU slowdown (CDP Emulation.setCPUThrottlingRate), no network throttling;
 *   (b) 4x CPU and slow mobile (CDP Network.emulateNetworkConditions: 150 ms latency,
 *   1.6 Mbit/s down, 750 kbit/s up).
 * - N runs per app and profile (default 7; BENCH_RUNS or `--runs N`), each in a fresh browser
 *   context (empty cache), order alternating portal/peer and peer/portal per round.
 *
 * Per run:
 * - bytes: the sum of CDP Network.loadingFinished.encodedDataLength of every request of the page
 *   (document, scripts, styles, API calls, fonts, icons) from navigation until the page is quiet;
 *   split by CDP resource type: Script = JS, Stylesheet = CSS, the rest = other; "requests" leaves
 *   out data: URLs (0 bytes);
 * - first field shown: navigation start (the document's time origin) to the first MutationObserver
 *   callback that finds `main form :is(input, select, textarea)` in the DOM (an init script);
 * - whole step rendered: the time of the last DOM mutation (child list, attribute or text) inside
 *   `main form` (or adding a node that holds a form) before the page has been quiet for 1 s: no DOM
 *   mutation anywhere in the document and no request in flight or finished for 1 s. Both apps render
 *   their form inside a `<main>`. For the portal, the report checks that this time lies after the
 *   address field's own markup appeared (`[data-testid$="__lookup-status"]`, rendered by the
 *   AddressField only);
 * - key press to next paint: Event Timing API (PerformanceObserver type 'event', durationThreshold
 *   16, buffered) while `page.keyboard.type` types 30 characters (100 ms apart; BENCH_TYPE_DELAY)
 *   into the first text input of the form; per interaction (interactionId) the longest `duration`
 *   of its keydown/keypress/input/keyup entries. Entries without an interactionId are left out.
 *   Interactions under 16 ms are not reported by the browser: they count as "< 16 ms" in p50/p95,
 *   which are taken over every typed key of every run.
 *
 * `npm run bench:peer -- --fields 500`: a synthetic step of 500 string fields (and one of 1 field,
 * to take the fixed cost out), the same compiled schema for both: the portal serves it as a flow
 * of its own (the built server started with APP_ROOT pointing at a temporary folder whose flows/
 * holds only the generated flows and whose schemas/, data/ and widgets/ link to this repository's),
 * the peer renders its resolved step schema. The four pages are measured in the same rounds, each
 * once per round, the order turned by one every round. First-render time per field = (median whole
 * step rendered with 500 fields - the same with 1 field) / 499: the fixed cost (download, start-up)
 * drops out, the portal's larger flow document and validator module stay in; the report also gives
 * the median over the rounds of (500 fields - 1 field) / 499 within a round. Profile (a) only
 * unless `--profiles a,b`.
 *
 * Ports 3480-3484. BENCH_VERBOSE=1 prints every run and what the inventory runs fetched. Prints
 * os.loadavg() at start and end: on a busy machine the spread between runs is large.
 */
import fastifyStatic from '@fastify/static';
import react from '@vitejs/plugin-react';
import Fastify, { type FastifyInstance } from 'fastify';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Browser, CDPSession } from 'playwright-core';
import { build } from 'vite';
import { createPipeline } from '../src/server/flows/pipeline/compileFlow';
import { compileShippedFlows, loadPipelineSources } from '../src/server/flows/sources';
import type { FlowDocument, JsonSchema } from '../renderer/core/types';
import { answerHeaders, registerSecurityHeaders } from '../src/server/security/headers';
import { firstStepsBySize, launchChromium, startBuiltServer, type BenchServer } from './benchSupport';

const root = process.cwd();
const loadStart = os.loadavg();

// ---------------------------------------------------------------------------------------------
// Options

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  if (index >= 0) return process.argv[index + 1];
  const inline = process.argv.find((arg) => arg.startsWith(`${name}=`));
  return inline?.slice(name.length + 1);
}

const RUNS = Number(argValue('--runs') ?? process.env.BENCH_RUNS ?? 7);
const FIELDS = argValue('--fields') ? Number(argValue('--fields')) : undefined;
const TYPE_DELAY = Number(process.env.BENCH_TYPE_DELAY ?? 100);
const TYPED = 'Bench typen abcdefghij klmnopq'; // 30 characters
const QUIET_MS = 1000;
const PORTS = { portal: 3480, peer: 3481 };
/** 'portal': the peer's answers carry the portal's security headers; 'none': the peer is served bare. */
const PEER_HEADERS = argValue('--peer-headers') ?? process.env.BENCH_PEER_HEADERS ?? 'portal';

interface Profile {
  key: 'a' | 'b';
  label: string;
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}
const ALL_PROFILES: Profile[] = [
  { key: 'a', label: '(a) 4x CPU slowdown, no network throttling' },
  {
    key: 'b',
    label: '(b) 4x CPU slowdown + slow mobile (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up)',
    // CDP takes bytes per second.
    network: { latency: 150, downloadThroughput: (1.6 * 1_000_000) / 8, uploadThroughput: (750 * 1_000) / 8 },
  },
];
const profileKeys = (argValue('--profiles') ?? (FIELDS ? 'a' : 'a,b')).split(',');
const PROFILES = ALL_PROFILES.filter((profile) => profileKeys.includes(profile.key));

if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`runs: a whole number of at least 1, not ${RUNS}`);
if (FIELDS !== undefined && (!Number.isInteger(FIELDS) || FIELDS < 2)) throw new Error(`--fields: a whole number of at least 2, not ${FIELDS}`);
if (PEER_HEADERS !== 'portal' && PEER_HEADERS !== 'none') throw new Error(`--peer-headers: 'portal' or 'none', not ${PEER_HEADERS}`);

if (!existsSync(path.join(root, 'dist/server/main.js')) || !existsSync(path.join(root, 'dist/client/index.html'))) {
  console.error('No build found (dist/server/main.js, dist/client/index.html): run `npm run build` first.');
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Schemas

interface Target {
  label: string;
  /** Path of the step on the portal. */
  portalPath: string;
  schema: JsonSchema;
  fields: number;
}

function firstStepPath(flow: FlowDocument): string {
  const variant = flow.variants?.find((candidate) => candidate.default) ?? flow.variants?.[0];
  return `/${flow.scenarios[0]}/${flow.id}${variant ? `/${variant.id}` : ''}/${flow.steps[0].id}`;
}

function largestFirstStep(): Target {
  const candidates = firstStepsBySize(compileShippedFlows(root).values());
  const [chosen] = candidates;
  if (!chosen) throw new Error('no shipped flow compiled');
  console.log('First steps of the shipped flows (fields, resolved schema size):');
  for (const candidate of candidates)
    console.log(`  ${candidate.flow.id.padEnd(36)} ${String(candidate.fields).padStart(3)} fields, ${(candidate.size / 1024).toFixed(1)} KB`);
  return {
    label: `${chosen.flow.id} / ${chosen.flow.steps[0].id} ("${chosen.flow.steps[0].title}")`,
    portalPath: firstStepPath(chosen.flow),
    schema: chosen.schema,
    fields: chosen.fields,
  };
}

/** A flow of one step with `count` string fields, as an author would write it. */
function syntheticFlow(count: number): { id: string; text: string } {
  const id = `bench-velden-${count}`;
  const properties = Object.fromEntries(
    Array.from({ length: count }, (_, index) => [`veld${index + 1}`, { type: 'string', title: `Veld ${index + 1}`, maxLength: 100 }]),
  );
  const document = {
    id,
    scenarios: ['uzi'],
    languages: ['nl'],
    title: `Benchmark: ${count} velden`,
    headerName: `Benchmark: ${count} velden`,
    steps: [{ id: 'stap1', title: 'Velden', dataKey: 'velden', schema: { type: 'object', properties } }],
    review: { id: 'stap2', title: 'Controleren', submitLabel: 'Versturen' },
    submit: { kind: 'navigate' },
    confirmation: { title: 'Klaar', blocks: [{ kind: 'paragraph', text: 'Klaar.' }] },
  };
  return { id, text: JSON.stringify(document, null, 2) };
}

/** Compiles the synthetic flows with the real pipeline (so the portal will accept them) and answers their resolved step schemas. */
function compileSynthetic(flows: { id: string; text: string }[]): Map<string, JsonSchema> {
  const compile = createPipeline(loadPipelineSources(root));
  const schemas = new Map<string, JsonSchema>();
  for (const flow of flows) {
    const result = compile({ file: `flows/${flow.id}.flow.json`, text: flow.text, expectedId: flow.id });
    if (!result.ok) throw new Error(`${flow.id} refused by the flow pipeline:\n${result.problems.map((problem) => `  ${problem.message}`).join('\n')}`);
    schemas.set(flow.id, result.flow.content.documents.nl.steps[0].schema);
  }
  return schemas;
}

/** A root folder for the built server holding only `flows` (plus links to what the pipeline and the server read). */
function portalRootWith(flows: { id: string; text: string }[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-peer-root-'));
  for (const name of ['schemas', 'data', 'widgets']) symlinkSync(path.join(root, name), path.join(dir, name));
  mkdirSync(path.join(dir, 'flows'));
  for (const flow of flows) writeFileSync(path.join(dir, 'flows', `${flow.id}.flow.json`), flow.text);
  return dir;
}

// ---------------------------------------------------------------------------------------------
// The peer: Vite build, precompressed files, Fastify

async function buildPeer(schema: JsonSchema, outDir: string): Promise<void> {
  await build({
    root: path.join(root, 'bench/peer'),
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    define: { __PEER_SCHEMA__: JSON.stringify(schema) },
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 10_000 },
  });
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  for (const file of walk(outDir)) {
    const content = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

async function servePeer(dir: string, port: number): Promise<{ base: string; app: FastifyInstance }> {
  const app = Fastify();
  // The same function, with the same setting, as the built portal server the benchmark starts.
  if (PEER_HEADERS === 'portal') await registerSecurityHeaders(app, answerHeaders(false));
  await app.register(fastifyStatic, { root: dir, preCompressed: true });
  await app.listen({ port, host: '127.0.0.1' });
  return { base: `http://127.0.0.1:${port}`, app };
}

// ---------------------------------------------------------------------------------------------
// One measured page load

interface RunResult {
  firstField?: number;
  stepRendered?: number;
  settled: boolean;
  bytes: { total: number; js: number; css: number; other: number };
  requests: number;
  /** Bytes by the Content-Encoding they came with ('none' when uncompressed). */
  encodings: Record<string, number>;
  /** Longest event duration per key interaction (only those of at least 16 ms). */
  keys: number[];
  typed: number;
  /** Portal only: when the address field's own markup appeared. */
  probe?: number;
  /** Inventory run only: bodies re-compressed with brotli 11, and what was fetched. */
  brotliBodies?: number;
  fetched?: string[];
}

const FORM_FIELD = 'main form :is(input, select, textarea)';
const TEXT_INPUT = 'main form :is(input[type="text"], input:not([type]))';
const PROBE = 'main form [data-testid$="__lookup-status"]';

// A string, so the script runner's helpers do not end up in the page.
const INIT_SCRIPT = `(() => {
  const state = { firstField: undefined, lastForm: undefined, lastAny: 0, probe: undefined };
  window.__bench = state;
  const holdsForm = (node) => node.nodeType === 1 && (node.matches('main form') || !!node.querySelector('main form'));
  const inForm = (node) => {
    const element = node.nodeType === 1 ? node : node.parentElement;
    return !!element && !!element.closest('main form');
  };
  new MutationObserver((records) => {
    const now = performance.now();
    state.lastAny = now;
    if (state.firstField === undefined && document.querySelector(${JSON.stringify(FORM_FIELD)})) state.firstField = now;
    if (state.probe === undefined && document.querySelector(${JSON.stringify(PROBE)})) state.probe = now;
    for (const record of records) {
      if (inForm(record.target) || [...record.addedNodes].some(holdsForm)) {
        state.lastForm = now;
        break;
      }
    }
  }).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
})();`;

/**
 * Event Timing: per key interaction (interactionId) the longest duration of its keydown, keypress,
 * input and keyup entries from now on. Also a string (see above).
 */
const KEY_OBSERVER = `(() => {
  const names = new Set(['keydown', 'keypress', 'input', 'keyup']);
  const since = performance.now();
  const perInteraction = new Map();
  window.__keys = perInteraction;
  const take = (entries) => {
    for (const entry of entries) {
      if (!names.has(entry.name) || !entry.interactionId || entry.startTime < since) continue;
      perInteraction.set(entry.interactionId, Math.max(perInteraction.get(entry.interactionId) ?? 0, entry.duration));
    }
  };
  const observer = new PerformanceObserver((list) => take(list.getEntries()));
  observer.observe({ type: 'event', durationThreshold: 16, buffered: true });
  window.__keysFlush = () => take(observer.takeRecords());
})()`;

interface BenchState {
  firstField?: number;
  lastForm?: number;
  lastAny: number;
  probe?: number;
}

async function measure(browser: Browser, url: string, profile: Profile | undefined, options: { inventory?: boolean } = {}): Promise<RunResult> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    const types = new Map<string, string>();
    const urls = new Map<string, string>();
    const inFlight = new Set<string>();
    let lastNetwork = Date.now();
    const result: RunResult = { settled: false, bytes: { total: 0, js: 0, css: 0, other: 0 }, requests: 0, encodings: {}, keys: [], typed: 0 };
    const encodingOf = new Map<string, string>();
    const bodies: Promise<number>[] = [];
    let counting = true;
    cdp.on('Network.requestWillBeSent', (event) => {
      inFlight.add(event.requestId);
      types.set(event.requestId, event.type ?? 'Other');
      urls.set(event.requestId, event.request.url);
      lastNetwork = Date.now();
    });
    cdp.on('Network.responseReceived', (event) => {
      types.set(event.requestId, event.type ?? types.get(event.requestId) ?? 'Other');
      const headers = Object.fromEntries(Object.entries(event.response.headers).map(([key, value]) => [key.toLowerCase(), String(value)]));
      encodingOf.set(event.requestId, headers['content-encoding'] || 'none');
      lastNetwork = Date.now();
    });
    cdp.on('Network.dataReceived', () => {
      lastNetwork = Date.now();
    });
    cdp.on('Network.loadingFinished', (event) => {
      inFlight.delete(event.requestId);
      lastNetwork = Date.now();
      if (!counting) return;
      const bytes = event.encodedDataLength;
      const type = types.get(event.requestId);
      result.bytes.total += bytes;
      if (!urls.get(event.requestId)?.startsWith('data:')) result.requests += 1;
      if (type === 'Script') result.bytes.js += bytes;
      else if (type === 'Stylesheet') result.bytes.css += bytes;
      else result.bytes.other += bytes;
      const encoding = encodingOf.get(event.requestId) ?? 'none';
      result.encodings[encoding] = (result.encodings[encoding] ?? 0) + bytes;
      if (options.inventory) {
        (result.fetched ??= []).push(`${type} ${encodingOf.get(event.requestId) ?? 'none'} ${bytes} ${urls.get(event.requestId)}`);
        bodies.push(
          cdp
            .send('Network.getResponseBody', { requestId: event.requestId })
            .then(
              ({ body, base64Encoded }) =>
                brotliCompressSync(Buffer.from(body, base64Encoded ? 'base64' : 'utf8'), { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
            )
            .catch(() => 0),
        );
      }
    });
    cdp.on('Network.loadingFailed', (event) => {
      inFlight.delete(event.requestId);
      lastNetwork = Date.now();
    });
    await cdp.send('Network.enable');
    if (profile) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
    }
    await page.addInitScript(INIT_SCRIPT);
    await page.goto(url, { waitUntil: 'commit' });

    // Wait until the page is quiet: a form field shown, no request for 1 s, no DOM mutation for 1 s.
    const deadline = Date.now() + (profile?.network ? 90_000 : 45_000);
    let state: BenchState | undefined;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const networkQuiet = inFlight.size === 0 && Date.now() - lastNetwork >= QUIET_MS;
      if (!networkQuiet) continue;
      const probe = await page.evaluate(() => {
        const bench = (window as unknown as { __bench?: BenchState }).__bench;
        return bench ? { ...bench, now: performance.now() } : undefined;
      });
      if (probe && probe.firstField !== undefined && probe.now - probe.lastAny >= QUIET_MS && inFlight.size === 0 && Date.now() - lastNetwork >= QUIET_MS) {
        state = probe;
        result.settled = true;
        break;
      }
    }
    counting = false;
    state ??= await page.evaluate(() => (window as unknown as { __bench: BenchState }).__bench);
    result.firstField = state.firstField;
    result.stepRendered = state.lastForm;
    result.probe = state.probe;
    if (options.inventory) result.brotliBodies = (await Promise.all(bodies)).reduce((sum, size) => sum + size, 0);

    // Key press to next paint.
    const input = page.locator(TEXT_INPUT).first();
    if ((await input.count()) > 0) {
      await input.click();
      await page.waitForTimeout(300);
      await page.evaluate(KEY_OBSERVER);
      await page.keyboard.type(TYPED, { delay: TYPE_DELAY });
      result.typed = TYPED.length;
      await page.waitForTimeout(1000);
      result.keys = (await page.evaluate('(() => { window.__keysFlush(); return [...window.__keys.values()]; })()')) as number[];
    }
    return result;
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Statistics and output

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const all = sorted(values);
  return all[Math.min(all.length - 1, Math.max(0, Math.ceil((p / 100) * all.length) - 1))];
}
const defined = (values: (number | undefined)[]) => values.filter((value): value is number => value !== undefined);

/** Key latencies of all runs with the unreported (< 16 ms) interactions counted as -1. */
function keyPercentile(runs: RunResult[], p: number): number | undefined {
  const values = runs.flatMap((run) => [...run.keys, ...Array.from({ length: Math.max(0, run.typed - run.keys.length) }, () => -1)]);
  return percentile(values, p);
}

const fmtMs = (value: number | undefined) => (value === undefined ? 'n/a' : value < 0 ? '< 16' : value.toFixed(0));
const fmtKb = (value: number | undefined) => (value === undefined ? 'n/a' : (value / 1024).toFixed(1));
function ratio(portal: number | undefined, peer: number | undefined): string {
  if (portal === undefined || peer === undefined || portal < 0 || peer <= 0) return 'n/a';
  return `${(portal / peer).toFixed(2)}x`;
}

type Row = [label: string, portal: number | undefined, peer: number | undefined, format: (value: number | undefined) => string];

function printTable(title: string, rows: Row[]): void {
  console.log(`\n${title}`);
  console.log(`  ${''.padEnd(44)} ${'portal'.padStart(10)} ${'peer'.padStart(10)} ${'portal/peer'.padStart(12)}`);
  for (const [label, portal, peer, format] of rows) {
    console.log(`  ${label.padEnd(44)} ${format(portal).padStart(10)} ${format(peer).padStart(10)} ${ratio(portal, peer).padStart(12)}`);
  }
}

function standardRows(portal: RunResult[], peer: RunResult[]): Row[] {
  const med = (runs: RunResult[], pick: (run: RunResult) => number | undefined) => percentile(defined(runs.map(pick)), 50);
  const p95 = (runs: RunResult[], pick: (run: RunResult) => number | undefined) => percentile(defined(runs.map(pick)), 95);
  const count = (value: number | undefined) => (value === undefined ? 'n/a' : value.toFixed(0));
  return [
    ['bytes sent, KB (median)', med(portal, (run) => run.bytes.total), med(peer, (run) => run.bytes.total), fmtKb],
    ['  of which JS', med(portal, (run) => run.bytes.js), med(peer, (run) => run.bytes.js), fmtKb],
    ['  of which CSS', med(portal, (run) => run.bytes.css), med(peer, (run) => run.bytes.css), fmtKb],
    ['  of which other (HTML, API, fonts, ...)', med(portal, (run) => run.bytes.other), med(peer, (run) => run.bytes.other), fmtKb],
    ['requests (median)', med(portal, (run) => run.requests), med(peer, (run) => run.requests), count],
    ['first form field shown, ms (median)', med(portal, (run) => run.firstField), med(peer, (run) => run.firstField), fmtMs],
    ['first form field shown, ms (p95)', p95(portal, (run) => run.firstField), p95(peer, (run) => run.firstField), fmtMs],
    ['whole step rendered, ms (median)', med(portal, (run) => run.stepRendered), med(peer, (run) => run.stepRendered), fmtMs],
    ['whole step rendered, ms (p95)', p95(portal, (run) => run.stepRendered), p95(peer, (run) => run.stepRendered), fmtMs],
    ['key press to next paint, ms (p50)', keyPercentile(portal, 50), keyPercentile(peer, 50), fmtMs],
    ['key press to next paint, ms (p95)', keyPercentile(portal, 95), keyPercentile(peer, 95), fmtMs],
  ];
}

function notes(app: string, runs: RunResult[]): void {
  const unsettled = runs.filter((run) => !run.settled).length;
  if (unsettled) console.log(`  note: ${unsettled} ${app} run(s) never became quiet within the time limit (figures taken at the limit)`);
  const encodings: Record<string, number> = {};
  for (const run of runs) for (const [encoding, bytes] of Object.entries(run.encodings)) encodings[encoding] = (encodings[encoding] ?? 0) + bytes;
  const total = Object.values(encodings).reduce((sum, bytes) => sum + bytes, 0);
  const parts = Object.entries(encodings)
    .sort((a, b) => b[1] - a[1])
    .map(([encoding, bytes]) => `${encoding} ${((100 * bytes) / total).toFixed(0)}%`);
  console.log(
    `  ${app}: Content-Encoding of the bytes sent: ${parts.join(', ')}; interactions of >= 16 ms reported: ${runs.reduce((sum, run) => sum + run.keys.length, 0)} of ${runs.reduce((sum, run) => sum + run.typed, 0)} keys`,
  );
}

function addressCheck(runs: RunResult[]): void {
  const shown = runs.filter((run) => run.stepRendered !== undefined && run.probe !== undefined);
  const covered = shown.filter((run) => run.stepRendered! >= run.probe!);
  const gap = percentile(
    shown.map((run) => run.stepRendered! - run.probe!),
    50,
  );
  console.log(
    `  portal: whole step rendered includes the address field in ${covered.length} of ${runs.length} runs (its markup had appeared by then; median ${fmtMs(gap)} ms between the address field appearing and the last form mutation)`,
  );
}

// ---------------------------------------------------------------------------------------------
// Main

interface App {
  url: string;
}

type Pair = { portal: RunResult[]; peer: RunResult[] };

/**
 * Measures every page `RUNS` times per profile, one round after another; within a round each page
 * once, the order turned by one place every round (two pages: portal/peer, peer/portal, ...). Pages
 * compared with each other are measured in the same rounds, so a machine that is slower for a
 * while slows all of them alike.
 */
async function measureRounds(browser: Browser, pages: { key: string; app: App }[]): Promise<Map<Profile['key'], Map<string, RunResult[]>>> {
  const results = new Map<Profile['key'], Map<string, RunResult[]>>();
  for (const profile of PROFILES) {
    const runs = new Map(pages.map((page) => [page.key, [] as RunResult[]]));
    for (let round = 0; round < RUNS; round += 1) {
      const order = pages.map((_, index) => pages[(index + round) % pages.length]);
      for (const { key, app } of order) {
        const run = await measure(browser, app.url, profile);
        runs.get(key)!.push(run);
        if (process.env.BENCH_VERBOSE)
          console.log(
            `    ${profile.key} ${key} #${round + 1}: first field ${fmtMs(run.firstField)}, step ${fmtMs(run.stepRendered)}, ${fmtKb(run.bytes.total)} KB, keys [${run.keys.map((value) => value.toFixed(0)).join(' ')}]`,
          );
      }
    }
    results.set(profile.key, runs);
  }
  return results;
}

async function compare(browser: Browser, portal: App, peer: App): Promise<Map<Profile['key'], Pair>> {
  const measured = await measureRounds(browser, [
    { key: 'portal', app: portal },
    { key: 'peer', app: peer },
  ]);
  return new Map([...measured].map(([profile, runs]) => [profile, { portal: runs.get('portal')!, peer: runs.get('peer')! }]));
}

async function inventory(browser: Browser, portal: App, peer: App): Promise<void> {
  const [portalRun, peerRun] = [
    await measure(browser, portal.url, undefined, { inventory: true }),
    await measure(browser, peer.url, undefined, { inventory: true }),
  ];
  printTable('Inventory run (no throttling, not counted): what each app fetches', [
    ['bytes sent, KB', portalRun.bytes.total, peerRun.bytes.total, fmtKb],
    ['response bodies re-compressed with brotli 11, KB', portalRun.brotliBodies, peerRun.brotliBodies, fmtKb],
    ['requests', portalRun.requests, peerRun.requests, (value) => (value === undefined ? 'n/a' : String(value))],
  ]);
  if (process.env.BENCH_VERBOSE) for (const run of [portalRun, peerRun]) console.log(run.fetched?.map((line) => `    ${line}`).join('\n'));
  const uncompressed = (run: RunResult) => (run.encodings.none ?? 0) / Math.max(1, run.bytes.total);
  if (uncompressed(portalRun) > 0.5 && uncompressed(peerRun) < 0.5) {
    console.log(
      `  WARNING: the built portal server sent ${(100 * uncompressed(portalRun)).toFixed(0)}% of its bytes without Content-Encoding, the peer ${(100 * uncompressed(peerRun)).toFixed(0)}% (the rest compressed): the byte ratios and the slow-network timings below compare the servers as much as the apps. The brotli row above compares the apps.`,
    );
  }
}

/**
 * A copy of dist/client the portal server is started on (CLIENT_DIR), so a rebuild by someone else
 * during the run cannot pull the hashed assets from under it; taken when every script and
 * stylesheet index.html names is there (a build may be half written).
 */
async function snapshotClient(): Promise<{ dir: string; builtAt: Date }> {
  const source = path.join(root, 'dist/client');
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-peer-client-'));
    try {
      const builtAt = statSync(path.join(source, 'index.html')).mtime;
      cpSync(source, dir, { recursive: true });
      const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
      const named = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]);
      if (
        named.length > 0 &&
        named.every((file) => existsSync(path.join(dir, file))) &&
        statSync(path.join(source, 'index.html')).mtime.getTime() === builtAt.getTime()
      )
        return { dir, builtAt };
    } catch {
      // mid-build: try again
    }
    rmSync(dir, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
  throw new Error('dist/client stayed incomplete for 5 minutes (a build under way?)');
}

let finishing = false;
/** Says so when the built server ends before the benchmark does. */
function watchServer(server: BenchServer): void {
  server.process.on('exit', (code, signal) => {
    if (!finishing) console.error(`The portal server (${server.base}) ended during the run (code ${code}, signal ${signal}).`);
  });
}

const cleanups: (() => Promise<void> | void)[] = [];
const browser = await launchChromium();
cleanups.push(() => browser.close());
try {
  console.log(`Load average at start (1/5/15 min): ${loadStart.map((value) => value.toFixed(2)).join(' / ')} on ${os.cpus().length} CPUs`);
  const client = await snapshotClient();
  cleanups.push(() => rmSync(client.dir, { recursive: true, force: true }));
  console.log(
    `Portal: dist/client built ${client.builtAt.toISOString()} (served from a copy), dist/server/main.js built ${statSync(path.join(root, 'dist/server/main.js')).mtime.toISOString()}`,
  );
  console.log(`${RUNS} runs per app and profile, fresh browser context each, alternating; typing ${TYPED.length} characters ${TYPE_DELAY} ms apart`);
  console.log(
    PEER_HEADERS === 'portal'
      ? "Peer served with the portal's security headers (CSP, Cross-Origin-Opener-Policy, Origin-Agent-Cluster, ...; `--peer-headers none` serves it bare)"
      : 'Peer served without security headers (`--peer-headers none`); the portal sends its own',
  );

  if (FIELDS === undefined) {
    const target = largestFirstStep();
    console.log(`\nTaken: ${target.label}, ${target.fields} fields, portal page ${target.portalPath}`);
    const peerDir = mkdtempSync(path.join(os.tmpdir(), 'bench-peer-'));
    cleanups.push(() => rmSync(peerDir, { recursive: true, force: true }));
    await buildPeer(target.schema, peerDir);
    const peerServer = await servePeer(peerDir, PORTS.peer);
    cleanups.push(() => peerServer.app.close());
    const portalServer = await startBuiltServer(PORTS.portal, { fixed: { CLIENT_DIR: client.dir } });
    watchServer(portalServer);
    cleanups.push(() => portalServer.stop());
    const portal: App = { url: `${portalServer.base}${target.portalPath}` };
    const peer: App = { url: `${peerServer.base}/` };

    await inventory(browser, portal, peer);
    const results = await compare(browser, portal, peer);
    for (const profile of PROFILES) {
      const runs = results.get(profile.key)!;
      printTable(`Profile ${profile.label}; ${RUNS} runs each`, standardRows(runs.portal, runs.peer));
      notes('portal', runs.portal);
      notes('peer', runs.peer);
      addressCheck(runs.portal);
    }
  } else {
    const sizes = [FIELDS, 1];
    const flows = sizes.map(syntheticFlow);
    const schemas = compileSynthetic(flows);
    const portalRoot = portalRootWith(flows);
    cleanups.push(() => rmSync(portalRoot, { recursive: true, force: true }));
    const portalServer: BenchServer = await startBuiltServer(PORTS.portal + 2, { fixed: { APP_ROOT: portalRoot, CLIENT_DIR: client.dir } });
    watchServer(portalServer);
    cleanups.push(() => portalServer.stop());
    // The four pages (portal and peer, with FIELDS fields and with 1) are measured in the same rounds.
    const pages: { key: string; app: App }[] = [];
    for (const [index, count] of sizes.entries()) {
      const flow = flows[index];
      const peerDir = mkdtempSync(path.join(os.tmpdir(), 'bench-peer-'));
      cleanups.push(() => rmSync(peerDir, { recursive: true, force: true }));
      await buildPeer(schemas.get(flow.id)!, peerDir);
      const peerServer = await servePeer(peerDir, PORTS.peer + 2 + index);
      cleanups.push(() => peerServer.app.close());
      const portal: App = { url: `${portalServer.base}/uzi/${flow.id}/stap1` };
      const peer: App = { url: `${peerServer.base}/` };
      console.log(`\nSynthetic step of ${count} string field(s): portal ${portal.url}, peer ${peer.url}`);
      if (index === 0) await inventory(browser, portal, peer);
      pages.push({ key: `portal-${count}`, app: portal }, { key: `peer-${count}`, app: peer });
    }
    const measured = await measureRounds(browser, pages);
    for (const profile of PROFILES) {
      const runs = measured.get(profile.key)!;
      const big: Pair = { portal: runs.get(`portal-${FIELDS}`)!, peer: runs.get(`peer-${FIELDS}`)! };
      const one: Pair = { portal: runs.get('portal-1')!, peer: runs.get('peer-1')! };
      const med = (runs: RunResult[]) => percentile(defined(runs.map((run) => run.stepRendered)), 50);
      const medFirst = (runs: RunResult[]) => percentile(defined(runs.map((run) => run.firstField)), 50);
      const perField = (bigRuns: RunResult[], oneRuns: RunResult[]) => {
        const [b, o] = [med(bigRuns), med(oneRuns)];
        return b === undefined || o === undefined ? undefined : (b - o) / (FIELDS - 1);
      };
      // The same per round (both sizes of one app measured in the same round), then the median.
      const perFieldPaired = (bigRuns: RunResult[], oneRuns: RunResult[]) =>
        percentile(
          defined(
            bigRuns.map((run, round) =>
              run.stepRendered === undefined || oneRuns[round]?.stepRendered === undefined
                ? undefined
                : (run.stepRendered - oneRuns[round].stepRendered!) / (FIELDS - 1),
            ),
          ),
          50,
        );
      const perFieldMs = (value: number | undefined) => (value === undefined ? 'n/a' : value.toFixed(2));
      printTable(`Profile ${profile.label}; synthetic ${FIELDS} string fields vs 1; ${RUNS} runs each`, [
        [`whole step rendered, ${FIELDS} fields, ms (median)`, med(big.portal), med(big.peer), fmtMs],
        [`whole step rendered, 1 field, ms (median)`, med(one.portal), med(one.peer), fmtMs],
        [`first field shown, ${FIELDS} fields, ms (median)`, medFirst(big.portal), medFirst(big.peer), fmtMs],
        [`first render per field, ms ((${FIELDS} - 1) / ${FIELDS - 1})`, perField(big.portal, one.portal), perField(big.peer, one.peer), perFieldMs],
        [`the same, median of the rounds' differences`, perFieldPaired(big.portal, one.portal), perFieldPaired(big.peer, one.peer), perFieldMs],
        [`whole step / ${FIELDS}, ms per field (incl. fixed)`, (med(big.portal) ?? NaN) / FIELDS, (med(big.peer) ?? NaN) / FIELDS, perFieldMs],
        [`key press to next paint, ${FIELDS} fields, ms (p50)`, keyPercentile(big.portal, 50), keyPercentile(big.peer, 50), fmtMs],
        [`key press to next paint, ${FIELDS} fields, ms (p95)`, keyPercentile(big.portal, 95), keyPercentile(big.peer, 95), fmtMs],
        [
          `bytes sent, ${FIELDS} fields, KB (median)`,
          percentile(
            big.portal.map((run) => run.bytes.total),
            50,
          ),
          percentile(
            big.peer.map((run) => run.bytes.total),
            50,
          ),
          fmtKb,
        ],
      ]);
      notes(`portal (${FIELDS})`, big.portal);
      notes(`peer (${FIELDS})`, big.peer);
    }
  }
} finally {
  finishing = true;
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch {
      // keep cleaning up
    }
  }
  console.log(
    `\nLoad average at end (1/5/15 min): ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' / ')}`,
  );
}
