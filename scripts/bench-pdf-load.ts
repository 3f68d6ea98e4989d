/**
 * `npm run bench:pdf-load [-- seconds]`: what PDF downloads do to everybody else. Starts the built
 * server twice, once with the PDF worker pool (default size, or BENCH_PDF_WORKERS) and once with
 * PDF_WORKERS=0 (rendering on the main thread, as before). In each, autocannon measures a trivial
 * GET (/api/health) first on an idle server and then for `seconds` (default 10) while five clients
 * download printed application forms in a loop (POST /api/<flow>/bevestiging with the whole model,
 * which is never cached, so every download is rendered). Prints p50/p99 latency and req/s of the
 * GET for both, the ratios, and the forms per second. Target: p99 <= 10 ms with the pool.
 *
 * Run after `npm run build`; BENCH_SERVER_ENTRY=<path to main.js> measures another build of the
 * server (its pdfWorker.js must sit next to it).
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startBuiltServer, type BenchServer } from './benchSupport';

const seconds = Number(process.argv[2] ?? 10);
const entry = process.env.BENCH_SERVER_ENTRY ?? 'dist/server/main.js';
const CLIENTS = 5;
const GET_CONNECTIONS = 10;

/** Valid models of the flows whose application form is made from the model the browser sends. */
const FORMS = [
  { flow: 'abonneeregistratie-zorgverlener', fixture: '02-geldig-artikel2-krm-mondhygienist-postadres-en-gemachtigde.json' },
  { flow: 'abonneeregistratie-zorgverlener', fixture: '01-geldig-artikel1-arts-met-specialisme.json' },
  { flow: 'abonneeregistratie-zorginstelling', fixture: '02-geldig-type8-postadres-en-gemachtigde.json' },
].map(({ flow, fixture }) => ({
  url: `/api/${flow}/bevestiging`,
  body: JSON.stringify((JSON.parse(readFileSync(path.join('tests/fixtures', flow, fixture), 'utf8')) as { data: unknown }).data),
}));

interface GetFigures {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

interface RunFigures {
  label: string;
  idle: GetFigures;
  loaded: GetFigures;
  formsPerSecond: number;
}

function measureGet(base: string, duration: number): Promise<GetFigures> {
  return new Promise((resolve, reject) =>
    autocannon({ url: `${base}/api/health`, connections: GET_CONNECTIONS, duration }, (error, result) =>
      error
        ? reject(error)
        : resolve({ p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, errors: result.errors + result.non2xx }),
    ),
  );
}

/** The XSRF cookie and header of one browser session. */
async function session(base: string): Promise<Record<string, string>> {
  const response = await fetch(`${base}/`);
  await response.arrayBuffer();
  const token = /XSRF-TOKEN=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('no XSRF cookie');
  return { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': decodeURIComponent(token), 'content-type': 'application/json' };
}

async function downloadForm(base: string, headers: Record<string, string>, n: number): Promise<void> {
  const form = FORMS[n % FORMS.length];
  const response = await fetch(`${base}${form.url}`, { method: 'POST', headers, body: form.body });
  const bytes = await response.arrayBuffer();
  if (response.status !== 200 || response.headers.get('content-type') !== 'application/pdf') {
    throw new Error(`${form.url}: status ${response.status} ${Buffer.from(bytes).toString('utf8').slice(0, 300)}`);
  }
}

async function run(label: string, port: number, pdfWorkers: string): Promise<RunFigures> {
  const server: BenchServer = await startBuiltServer(port, { entry, fixed: { PDF_WORKERS: pdfWorkers } });
  try {
    const { base } = server;
    const headers = await session(base);
    // Warm-up: every form a few times (JIT, font caches, worker start), and the GET path.
    for (let i = 0; i < FORMS.length * 5; i++) await downloadForm(base, headers, i);
    await measureGet(base, 1);
    const idle = await measureGet(base, Math.min(5, seconds));

    let stop = false;
    let downloads = 0;
    const clients = Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = client; !stop; i += CLIENTS) {
        await downloadForm(base, headers, i);
        downloads++;
      }
    });
    // Let the download loop get going before the measurement starts.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = downloads;
    const started = performance.now();
    const loaded = await measureGet(base, seconds);
    const formsPerSecond = (downloads - before) / ((performance.now() - started) / 1000);
    stop = true;
    await Promise.all(clients);
    return { label, idle, loaded, formsPerSecond };
  } finally {
    server.stop();
  }
}

const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
const line = (name: string, f: GetFigures) =>
  `  ${name.padEnd(26)} p50 ${fmt(f.p50).padStart(7)}   p99 ${fmt(f.p99).padStart(7)}   ${Math.round(f.rps).toString().padStart(6)} req/s${f.errors ? `   ${f.errors} errors` : ''}`;

console.log(`GET /api/health (autocannon, ${GET_CONNECTIONS} connections), idle and while ${CLIENTS} clients download forms for ${seconds} s; server ${entry}`);
const results: RunFigures[] = [];
results.push(await run(`pool (PDF_WORKERS=${process.env.BENCH_PDF_WORKERS || 'default'})`, 3460, process.env.BENCH_PDF_WORKERS ?? ''));
results.push(await run('main thread (PDF_WORKERS=0)', 3461, '0'));
for (const r of results) {
  console.log(r.label);
  console.log(line('idle', r.idle));
  console.log(line(`${CLIENTS} clients downloading`, r.loaded));
  console.log(`  forms rendered: ${r.formsPerSecond.toFixed(1)}/s`);
}
const [pool, main] = results;
// autocannon measures latency in whole milliseconds: a 0 ms figure counts as 1 ms in the ratios.
const ratio = (slow: number, fast: number) => `${(Math.max(slow, 1) / Math.max(fast, 1)).toFixed(1)}x`;
console.log(
  `main thread / pool under load: p50 ${ratio(main.loaded.p50, pool.loaded.p50)}, p99 ${ratio(main.loaded.p99, pool.loaded.p99)}; ` +
    `GET req/s pool / main thread ${(pool.loaded.rps / Math.max(main.loaded.rps, 1)).toFixed(1)}x`,
);
console.log(`target p99 <= 10 ms with the pool: ${pool.loaded.p99 <= 10 ? 'met' : 'NOT met'} (${fmt(pool.loaded.p99)})`);
