/**
 * `npm run bench:server`: measures the built server as a separate process on this machine.
 * - requests per second of `GET /api/base-data/aanleveren-documenten` (autocannon, 10 s)
 * - requests per second of a valid PKCS#10 upload (real RSA 4096 CSR, stored each time)
 * - RSS of the server process while 10 uploads of 10 MB run at once: idle (after one small upload,
 *   so the upload code is loaded), peak, and the rise from idle to peak (target ≤ 40 MB: uploads are
 *   streamed to temporary files and stored in chunks, never held whole)
 * Run after `npm run build`. BENCH_PORT picks the port (default 3300); BENCH_SERVER_ENTRY another
 * bundle of src/server/main.ts than dist/server/main.js.
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { makeRsaCsr } from '../tests/helpers/openssl';
import { startBuiltServer } from './benchSupport';

const server = await startBuiltServer(Number(process.env.BENCH_PORT ?? 3300), {
  defaults: { UPLOAD_CONCURRENCY: '4' },
  fixed: { UPLOAD_RATE_LIMIT_MAX: '1000000' },
  ...(process.env.BENCH_SERVER_ENTRY ? { entry: process.env.BENCH_SERVER_ENTRY } : {}),
});
const { base } = server;

function rssMb(): number {
  const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function session(): Promise<{ cookie: string; token: string }> {
  const response = await fetch(`${base}/uzi/aanleveren-documenten`);
  const token = /XSRF-TOKEN=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('no XSRF cookie');
  return { cookie: `XSRF-TOKEN=${token}`, token };
}

async function serialize(form: FormData): Promise<{ body: Buffer; contentType: string }> {
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

function documentsForm(file: Blob, name: string): FormData {
  const form = new FormData();
  form.append('abonneeNaam', 'Zorggroep Bench');
  form.append('naamContactpersoon', 'Bench Tester');
  form.append('emailAdresContactpersoon', 'bench@example.nl');
  form.append('aanvraag', '1');
  form.append('aanvraagType', '1');
  form.append('documenten', file, name);
  return form;
}

try {
  const { cookie, token } = await session();
  // One small upload first: idle is a server that has loaded its upload code, not a cold one.
  const warm = await fetch(`${base}/api/aanleveren-documenten/upload`, { method: 'POST', body: documentsForm(paddedPdf(64 * 1024), 'warm.pdf'), headers: { cookie, 'x-xsrf-token': token } });
  if (warm.status !== 200) throw new Error(`warm-up upload answered ${warm.status}`);
  const idle = rssMb();

  // Memory first, on a fresh process, so the figure is not inflated by the load phases.
  let peak = rssMb();
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 20);
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: 10 }, async (_, i) => {
      const big = documentsForm(paddedPdf(10 * 1024 * 1024), `document-${i}.pdf`);
      const response = await fetch(`${base}/api/aanleveren-documenten/upload`, { method: 'POST', body: big, headers: { cookie, 'x-xsrf-token': token } });
      return response.status;
    }),
  );
  clearInterval(sampler);
  peak = Math.max(peak, rssMb());
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `10 x 10 MB at once: statuses ${[...new Set(results)].join(',')}, ${seconds} s, server RSS idle ${idle.toFixed(0)} MB, ` +
      `peak ${peak.toFixed(0)} MB, rise ${(peak - idle).toFixed(0)} MB (target ≤ 40 MB)`,
  );
  const get = await run({ url: `${base}/api/base-data/aanleveren-documenten`, connections: 20, duration: 10 });
  console.log(`GET base-data:     ${Math.round(get.requests.average)} req/s (p99 latency ${get.latency.p99} ms, errors ${get.non2xx + get.errors})`);

  const csr = makeRsaCsr(4096, { cn: 'www.zorg.example.nl' });
  const form = new FormData();
  form.append('abonneeNummer', '123456');
  form.append('fullDomainname', 'www.zorg.example.nl');
  form.append('scenario', '1');
  form.append('bestand', new Blob([new Uint8Array(csr)]), 'aanvraag.csr');
  const upload = await serialize(form);
  const post = await run({
    url: `${base}/api/aanleveren-pkcs-10-bestand/upload`,
    method: 'POST',
    connections: 10,
    duration: 10,
    headers: { 'content-type': upload.contentType, cookie, 'x-xsrf-token': token },
    body: upload.body,
  });
  console.log(`POST PKCS#10:      ${Math.round(post.requests.average)} req/s (p99 latency ${post.latency.p99} ms, non-2xx ${post.non2xx}, errors ${post.errors})`);

} finally {
  server.stop();
}
