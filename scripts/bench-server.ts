/**
 * `npm run bench:server [-- --runs N]`: measures the built server as a separate process on this
 * machine, started as `npm start` starts it (its Node options; BENCH_NODE_OPTIONS to compare others).
 * - RSS of the server process while 10 uploads of 10 MB run at once, and, on a fresh process, while
 *   10 applications with a 10 MB file are saved with 'Opslaan en later verder' at once: idle (after
 *   one small request of the same kind, once the process has settled), peak, and the rise from idle
 *   to peak (target ≤ 40 MB: files are streamed to temporary files and stored in chunks, never held
 *   whole). With `--runs N` each is measured N times on fresh processes, with the spread.
 * - requests per second of `GET /api/base-data/aanleveren-documenten` (autocannon, 10 s)
 * - requests per second of a valid PKCS#10 upload (real RSA 4096 CSR, stored each time)
 * - for both, the server's CPU time per request, which other work on the machine skews far less than
 *   the rate (autocannon itself runs on the same cores)
 * The machine's load average is printed at the start and the end (other work on it skews the figures).
 * Run after `npm run build`. BENCH_PORT picks the port (default 3300); BENCH_SERVER_ENTRY another
 * bundle of src/server/main.ts than dist/server/main.js.
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { makeRsaCsr } from '../tests/helpers/openssl';
import { startBuiltServer, type BenchServer } from './benchSupport';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '1' } } });
const runs = Math.max(1, Number(args.runs));
const port = Number(process.env.BENCH_PORT ?? 3300);
const FLOW = 'aanleveren-documenten';
const TEN_MB = 10 * 1024 * 1024;

function start(): Promise<BenchServer> {
  return startBuiltServer(port, {
    defaults: { UPLOAD_CONCURRENCY: '4' },
    fixed: { UPLOAD_RATE_LIMIT_MAX: '1000000', REQUEST_RATE_LIMIT_MAX: '1000000' },
    ...(process.env.BENCH_SERVER_ENTRY ? { entry: process.env.BENCH_SERVER_ENTRY } : {}),
  });
}

/** Stops the server and waits until its port is free for the next one. */
async function stop(server: BenchServer): Promise<void> {
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.stop();
  await exited;
}

function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

/** CPU time (user and system) the server process has used so far, in ms. */
function cpuMs(server: BenchServer): number {
  const fields = readFileSync(`/proc/${server.process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** autocannon's result with the server's CPU time per request (steadier than req/s on a busy machine). */
async function measured(server: BenchServer, options: autocannon.Options): Promise<{ result: autocannon.Result; cpu: string }> {
  const before = cpuMs(server);
  const result = await run(options);
  const perRequest = ((cpuMs(server) - before) * 1000) / Math.max(1, result.requests.total);
  return { result, cpu: perRequest >= 1000 ? `${(perRequest / 1000).toFixed(1)} ms` : `${perRequest.toFixed(0)} µs` };
}

function rssMb(server: BenchServer): number {
  const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

interface Session {
  cookie: string;
  token: string;
}

async function session(base: string): Promise<Session> {
  const response = await fetch(`${base}/uzi/${FLOW}`);
  const token = /XSRF-TOKEN=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('no XSRF cookie');
  return { cookie: `XSRF-TOKEN=${token}`, token };
}

async function serialize(base: string, form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const request = new Request(base, { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

/** A valid PDF of `size` bytes: a comment line of padding after the header, then a catalog and its cross-reference table. */
function paddedPdf(size: number): Blob {
  const tailFor = (at: number) => {
    const objects = ['<</Type/Catalog/Pages 2 0 R>>', '<</Type/Pages/Kids[]/Count 0>>'];
    let text = '';
    const offsets = objects.map((object, index) => {
      const offset = at + text.length;
      text += `${index + 1} 0 obj${object}endobj\n`;
      return offset;
    });
    const xrefAt = at + text.length;
    text += `xref\n0 3\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
    return `${text}trailer<</Size 3/Root 1 0 R>>\nstartxref\n${xrefAt}\n%%EOF\n`;
  };
  const head = Buffer.from('%PDF-1.4\n%', 'latin1');
  let tail = Buffer.from(tailFor(size), 'latin1');
  tail = Buffer.from(tailFor(size - tail.length), 'latin1');
  const padding = Buffer.alloc(size - head.length - tail.length - 1, 0x41);
  return new Blob([new Uint8Array(Buffer.concat([head, padding, Buffer.from('\n'), tail]))], { type: 'application/pdf' });
}

/** An upload of the document-delivery flow with one file. */
function uploadForm(file: Blob, name: string): FormData {
  const form = new FormData();
  form.append('abonneeNaam', 'Zorggroep Bench');
  form.append('naamContactpersoon', 'Bench Tester');
  form.append('emailAdresContactpersoon', 'bench@example.nl');
  form.append('aanvraag', '1');
  form.append('aanvraagType', '1');
  form.append('documenten', file, name);
  return form;
}

/** 'Opslaan en later verder' on the document-delivery flow's second step, with one file. */
function saveForm(hash: string, file: Blob, name: string): FormData {
  const form = new FormData();
  form.append(
    'gegevens',
    JSON.stringify({
      flowId: FLOW,
      scenario: 'uzi',
      hash,
      path: `/uzi/${FLOW}/stap2`,
      answers: { model: { gegevens: { abonneeNaam: 'Zorggroep Bench' } }, drafts: {} },
      files: [{ id: 'f1', field: 'documenten.documenten' }],
    }),
  );
  form.append('documenten.documenten', file, name);
  return form;
}

interface Kind {
  label: string;
  path: string;
  status: number;
  form: (file: Blob, name: string) => FormData;
}

/**
 * On a fresh process: one small request of `kind` (idle is a server that has loaded that code, not
 * a cold one), a second to let it settle (start-up work such as the PDF worker thread has finished
 * by then), then ten of 10 MB at once while RSS is sampled every 20 ms.
 */
async function rssRise(kind: Kind): Promise<{ rise: number; line: string }> {
  const server = await start();
  try {
    const { cookie, token } = await session(server.base);
    const send = (form: FormData) => fetch(`${server.base}${kind.path}`, { method: 'POST', body: form, headers: { cookie, 'x-xsrf-token': token } });
    const warm = await send(kind.form(paddedPdf(64 * 1024), 'warm.pdf'));
    if (warm.status !== kind.status) throw new Error(`warm-up ${kind.label} answered ${warm.status}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = rssMb(server);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server));
    }, 20);
    const started = performance.now();
    const big = paddedPdf(TEN_MB);
    const statuses = await Promise.all(Array.from({ length: 10 }, async (_, i) => (await send(kind.form(big, `document-${i}.pdf`))).status));
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(server));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return {
      rise: peak - idle,
      line: `statuses ${[...new Set(statuses)].join(',')}, ${seconds} s, server RSS idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, rise ${(peak - idle).toFixed(0)} MB (target ≤ 40 MB)`,
    };
  } finally {
    await stop(server);
  }
}

async function flowHash(): Promise<string> {
  const server = await start();
  try {
    return ((await (await fetch(`${server.base}/api/flows/${FLOW}`)).json()) as { hash: string }).hash;
  } finally {
    await stop(server);
  }
}

console.log(`load average at start: ${loadAverage()}`);
const hash = await flowHash();
const kinds: Kind[] = [
  { label: '10 x 10 MB uploads at once', path: `/api/${FLOW}/upload`, status: 200, form: uploadForm },
  { label: '10 x 10 MB saves at once  ', path: '/api/opslaan', status: 201, form: (file, name) => saveForm(hash, file, name) },
];
for (const kind of kinds) {
  const rises: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const { rise, line } = await rssRise(kind);
    rises.push(rise);
    console.log(`${kind.label}: ${line}${runs > 1 ? ` [run ${index + 1}, load ${loadAverage()}]` : ''}`);
  }
  if (runs > 1) console.log(`${kind.label}: rise over ${runs} runs ${Math.min(...rises).toFixed(0)}–${Math.max(...rises).toFixed(0)} MB`);
}

const server = await start();
try {
  const { base } = server;
  const { cookie, token } = await session(base);
  const { result: get, cpu: getCpu } = await measured(server, { url: `${base}/api/base-data/${FLOW}`, connections: 20, duration: 10 });
  console.log(
    `GET base-data:     ${Math.round(get.requests.average)} req/s, server CPU ${getCpu} per request (p99 latency ${get.latency.p99} ms, errors ${get.non2xx + get.errors})`,
  );

  const csr = makeRsaCsr(4096, { cn: 'www.zorg.example.nl' });
  const form = new FormData();
  form.append('abonneeNummer', '123456');
  form.append('fullDomainname', 'www.zorg.example.nl');
  form.append('scenario', '1');
  form.append('bestand', new Blob([new Uint8Array(csr)]), 'aanvraag.csr');
  const upload = await serialize(base, form);
  const { result: post, cpu: postCpu } = await measured(server, {
    url: `${base}/api/aanleveren-pkcs-10-bestand/upload`,
    method: 'POST',
    connections: 10,
    duration: 10,
    headers: { 'content-type': upload.contentType, cookie, 'x-xsrf-token': token },
    body: upload.body,
  });
  console.log(
    `POST PKCS#10:      ${Math.round(post.requests.average)} req/s, server CPU ${postCpu} per request (p99 latency ${post.latency.p99} ms, non-2xx ${post.non2xx}, errors ${post.errors})`,
  );
} finally {
  await stop(server);
}
console.log(`load average at end: ${loadAverage()}`);
