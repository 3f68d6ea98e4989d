/**
 * `npm run bench:throughput`: the built portal against a bare Fastify route sending the same bytes.
 *
 * Starts `dist/server/main.js` (as it is: run `npm run build` first), fetches the document of the
 * largest flow (`GET /api/flows/:id`) and the validator module of its first step once with
 * `accept-encoding: br, gzip`, and records the exact bytes and headers it sent (content-type,
 * content-encoding, etag, cache-control, vary). A bare Fastify app in a process of its own (plain
 * `node`, the same fastify package) then serves those bytes with those headers on the same paths,
 * one static route per resource. autocannon (10 connections, 10 s, the same request headers) loads
 * both in turn — portal, bare, then bare, portal, … so drift in the machine's load hits both alike —
 * each measurement after a 2 s warm-up of the same server; prints req/s, p50/p99 latency and the
 * ratio portal/bare (target ≥ 0.8), and the load average at start and end.
 *
 *   npm run bench:throughput [-- rounds]      (default 2 rounds of portal + bare per resource)
 */
import autocannon from 'autocannon';
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startBuiltServer } from './benchSupport';

const PORTAL_PORT = 3491;
const BARE_PORT = 3492;
const CONNECTIONS = 10;
const DURATION_S = 10;
const WARMUP_S = 2;
const RECORDED_HEADERS = ['content-type', 'content-encoding', 'etag', 'cache-control', 'vary'] as const;
/**
 * With `BENCH_ALL_HEADERS=1` the bare route sends every header the portal sent (the security headers
 * and the CSP included; not those the connection sets), so the comparison is the whole answer, not the body.
 */
const ALL_HEADERS = process.env.BENCH_ALL_HEADERS === '1';
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
const REQUEST_HEADERS = { 'accept-encoding': 'br, gzip' };
const rounds = Math.max(1, Number(process.argv[2] ?? 2));

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
console.log(`Node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? '?'}); load average at start ${load()}`);

const CLOCK_TICKS = (() => {
  try {
    return Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time (user + system, all threads) a process has used, in ms: per request it says what a
 * response costs the server, a figure the other load on a busy machine disturbs far less than req/s.
 */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

interface Recorded {
  status: number;
  body: Buffer;
  headers: Record<string, string>;
}

/** One GET with node:http, so the body is the bytes as sent (fetch would decompress them). */
function rawGet(base: string, pathAndQuery: string, headers: Record<string, string>): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${pathAndQuery}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const recorded: Record<string, string> = {};
        const names = ALL_HEADERS ? Object.keys(response.headers).filter((name) => !CONNECTION_HEADERS.has(name)) : RECORDED_HEADERS;
        for (const name of names) {
          const value = response.headers[name];
          if (value !== undefined) recorded[name] = Array.isArray(value) ? value.join(', ') : String(value);
        }
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), headers: recorded });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** The bare Fastify app: one static route per resource, the recorded bytes and headers, nothing else. */
const BARE_APP = `
import { readFileSync } from 'node:fs';
const { default: Fastify } = await import(process.env.FASTIFY_URL);
const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const app = Fastify({ logger: false });
for (const route of spec.routes) {
  const body = readFileSync(route.file);
  app.get(route.path, (request, reply) => {
    reply.headers(route.headers);
    reply.send(body);
  });
}
await app.listen({ port: spec.port, host: '127.0.0.1' });
console.log('ready');
`;

async function startBare(dir: string, routes: { path: string; body: Buffer; headers: Record<string, string> }[]): Promise<ChildProcess> {
  const spec = {
    port: BARE_PORT,
    routes: routes.map((route, index) => {
      const file = path.join(dir, `body-${index}`);
      writeFileSync(file, route.body);
      return { path: route.path, file, headers: route.headers };
    }),
  };
  writeFileSync(path.join(dir, 'spec.json'), JSON.stringify(spec));
  writeFileSync(path.join(dir, 'bare.mjs'), BARE_APP);
  const fastifyUrl = pathToFileURL(createRequire(import.meta.url).resolve('fastify')).href;
  const child = spawn(process.execPath, [path.join(dir, 'bare.mjs'), path.join(dir, 'spec.json')], {
    env: { ...process.env, FASTIFY_URL: fastifyUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return child;
}

function cannon(url: string, duration: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration, headers: REQUEST_HEADERS }, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

const server = await startBuiltServer(PORTAL_PORT);
const dir = mkdtempSync(path.join(tmpdir(), 'bench-bare-'));
let bare: ChildProcess | undefined;
try {
  const { base } = server;
  // The largest flow: the longest document (uncompressed) of the flows the portal lists.
  const index = (await (await fetch(`${base}/api/flows`)).json()) as { id: string }[];
  const sizes = await Promise.all(index.map(async ({ id }) => ({ id, size: (await (await fetch(`${base}/api/flows/${id}`)).arrayBuffer()).byteLength })));
  const largest = sizes.sort((a, b) => b.size - a.size)[0];
  const answer = (await (await fetch(`${base}/api/flows/${largest.id}`)).json()) as { flow: { steps: { id: string }[] }; validators: Record<string, string> };
  const firstStep = answer.flow.steps[0].id;
  const resources = [
    { name: `flow document (${largest.id})`, path: `/api/flows/${largest.id}` },
    { name: `validator module (${firstStep})`, path: answer.validators[firstStep] },
  ];

  const recorded = await Promise.all(resources.map((resource) => rawGet(base, resource.path, REQUEST_HEADERS)));
  recorded.forEach((response, i) => {
    if (response.status !== 200) throw new Error(`${resources[i].path}: status ${response.status}`);
    console.log(`${resources[i].name}: GET ${resources[i].path}`);
    console.log(`  ${response.body.byteLength} bytes as sent; ${JSON.stringify(response.headers)}`);
  });

  bare = await startBare(
    dir,
    resources.map((resource, i) => ({ path: resource.path.split('?')[0], body: recorded[i].body, headers: recorded[i].headers })),
  );
  const bareBase = `http://127.0.0.1:${BARE_PORT}`;
  // The bare app must answer the very same bytes and headers.
  for (const [i, resource] of resources.entries()) {
    const copy = await rawGet(bareBase, resource.path, REQUEST_HEADERS);
    if (!copy.body.equals(recorded[i].body) || JSON.stringify(copy.headers) !== JSON.stringify(recorded[i].headers)) {
      throw new Error(`bare answer differs for ${resource.path}: ${JSON.stringify(copy.headers)}`);
    }
  }

  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per measurement after a ${WARMUP_S} s warm-up, headers ${JSON.stringify(REQUEST_HEADERS)}; ${rounds} round(s) per resource`,
  );
  console.log(['resource'.padEnd(44), 'server', '   req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'µs CPU/req', 'load (1 min)'].join('  '));
  const summary: string[] = [];
  for (const [i, resource] of resources.entries()) {
    const totals = { portal: [] as number[], bare: [] as number[] };
    const cpu = { portal: [] as number[], bare: [] as number[] };
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? (['portal', 'bare'] as const) : (['bare', 'portal'] as const);
      for (const target of order) {
        const url = `${target === 'portal' ? base : bareBase}${resource.path}`;
        const pid = target === 'portal' ? server.process.pid! : bare.pid!;
        await cannon(url, WARMUP_S);
        const cpuBefore = cpuMs(pid);
        const result = await cannon(url, DURATION_S);
        const cpuPerRequest = ((cpuMs(pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
        cpu[target].push(cpuPerRequest);
        if (result.non2xx > 0 || result.errors > 0) console.warn(`  ! ${target}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        const bytesPerResponse = result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0;
        if (Math.abs(bytesPerResponse - recorded[i].body.byteLength) > 2048)
          console.warn(`  ! ${target}: ${bytesPerResponse} bytes per response (recorded body ${recorded[i].body.byteLength})`);
        totals[target].push(result.requests.average);
        console.log(
          [
            (round === 0 && target === order[0] ? resource.name : '').padEnd(44),
            target.padEnd(6),
            Math.round(result.requests.average).toString().padStart(8),
            String(result.latency.p50).padStart(6),
            String(result.latency.p99).padStart(6),
            String(result.non2xx).padStart(7),
            String(result.errors).padStart(6),
            cpuPerRequest.toFixed(0).padStart(10),
            loadavg()[0].toFixed(2).padStart(12),
          ].join('  '),
        );
      }
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const ratio = mean(totals.portal) / mean(totals.bare);
    const cpuRatio = mean(cpu.bare) / mean(cpu.portal);
    summary.push(
      `${resource.name}: portal ${Math.round(mean(totals.portal))} req/s, bare ${Math.round(mean(totals.bare))} req/s, portal/bare ${ratio.toFixed(2)} (${ratio >= 0.8 ? 'meets' : 'BELOW'} the target of 0.8); ` +
        `server CPU per request portal ${mean(cpu.portal).toFixed(0)} µs, bare ${mean(cpu.bare).toFixed(0)} µs (bare/portal ${cpuRatio.toFixed(2)})`,
    );
  }
  for (const line of summary) console.log(line);
} finally {
  bare?.kill('SIGTERM');
  server.stop();
  rmSync(dir, { recursive: true, force: true });
  console.log(`Load average at end ${load()}`);
}
