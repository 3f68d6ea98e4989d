/**
 * `npm run bench:flows` (after `npm run build`): how long the flow pipeline takes (compileFlow per
 * flow and for all six, median of 20 after a warm-up), and how long a version published in the back
 * office takes to reach a second server process on the same database (10 publications, time from
 * sending 'Publiceren' until the second process, and then both, serve it; SQLite, and PostgreSQL with
 * BENCH_DATABASE_URL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createPipeline, type FlowInput } from '../src/server/flows/pipeline/compileFlow';
import { flowInputs, loadPipelineSources } from '../src/server/flows/sources';
import { startBuiltServer, type BenchServer } from './benchSupport';

const RUNS = 20;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${value.toFixed(1)} ms`;

const root = process.cwd();
const started = performance.now();
const sources = loadPipelineSources(root);
console.log(`Bronnen laden (definities, referentiegegevens, widgets, Engels): ${ms(performance.now() - started)}`);
const compile = createPipeline(sources);
const inputs = flowInputs(root);

console.log(`\ncompileFlow, mediaan van ${RUNS}:`);
for (const input of inputs) {
  compile(input);
  const times = Array.from({ length: RUNS }, () => {
    const start = performance.now();
    const result = compile(input);
    if (!result.ok) throw new Error(`${input.file} geweigerd`);
    return performance.now() - start;
  });
  console.log(`  ${input.expectedId?.padEnd(36)} ${ms(median(times))} (p95 ${ms([...times].sort((a, b) => a - b)[Math.ceil(RUNS * 0.95) - 1])})`);
}
const all = Array.from({ length: RUNS }, () => {
  const start = performance.now();
  for (const input of inputs) compile(input);
  return performance.now() - start;
});
console.log(`  ${'alle zes'.padEnd(36)} ${ms(median(all))}`);

/** The documents flow's text with a numbered first-step title, as an administrator would save it. */
function edition(input: FlowInput, number: number): { text: string; title: string } {
  const title = `Uw gegevens (editie ${number})`;
  return { text: input.text.replace('"title": "Uw gegevens"', `"title": "${title}"`), title };
}

/** Signs in to the back office of `base`: the cookies and CSRF header every later call sends. */
async function signIn(base: string): Promise<Record<string, string>> {
  const page = await fetch(`${base}/beheer`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const headers = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf), 'content-type': 'application/json' };
  const login = await fetch(`${base}/api/beheer/inloggen`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: ADMIN.email, wachtwoord: ADMIN.password }),
  });
  const session = /beheer_sessie=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error(`inloggen mislukt (${login.status})`);
  return { ...headers, cookie: `${headers.cookie}; beheer_sessie=${session}` };
}

const ADMIN = { email: 'bench@example.nl', password: 'bench-wachtwoord-123' };

/**
 * From the moment 'Publiceren' is sent to the back office of one process until the second process
 * (and then both) serve the new version: the draft is saved first, as an administrator does.
 */
async function propagation(label: string, database: Record<string, string>, port: number): Promise<void> {
  const servers: BenchServer[] = [];
  try {
    const env = { ...database, BEHEER_ADMIN_EMAIL: ADMIN.email, BEHEER_ADMIN_PASSWORD: ADMIN.password };
    servers.push(await startBuiltServer(port, { fixed: env }), await startBuiltServer(port + 1, { fixed: env }));
    const [first, second] = servers;
    const headers = await signIn(first.base);
    const documents = inputs.find((input) => input.expectedId === 'aanleveren-documenten')!;
    const titleAt = async (server: BenchServer) =>
      ((await (await fetch(`${server.base}/api/flows/aanleveren-documenten`)).json()) as { flow: { steps: { title: string }[] } }).flow.steps[0].title;
    const toSecond: number[] = [];
    const toBoth: number[] = [];
    for (let number = 1; number <= 10; number += 1) {
      const { text, title } = edition(documents, number);
      const draft = await fetch(`${first.base}/api/beheer/flows/aanleveren-documenten/concept`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ document: text, ...(documents.english ? { english: documents.english.text } : {}) }),
      });
      if (!draft.ok) throw new Error(`concept niet opgeslagen (${draft.status})`);
      // Publishing names the draft as saved (the back office refuses any other).
      const { updatedAt } = ((await draft.json()) as { draft: { updatedAt: string } }).draft;
      const start = performance.now();
      const published = await fetch(`${first.base}/api/beheer/flows/aanleveren-documenten/publiceren`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ note: `Editie ${number}`, updatedAt }),
      });
      if (!published.ok) throw new Error(`niet gepubliceerd (${published.status}): ${await published.text()}`);
      while ((await titleAt(second)) !== title) await new Promise((resolve) => setTimeout(resolve, 10));
      toSecond.push(performance.now() - start);
      while ((await titleAt(first)) !== title) await new Promise((resolve) => setTimeout(resolve, 10));
      toBoth.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 1000));
    }
    console.log(
      `  ${label}: tweede proces mediaan ${ms(median(toSecond))}, langste ${ms(Math.max(...toSecond))}; beide processen langste ${ms(Math.max(...toBoth))} (10 publicaties via het beheer)`,
    );
  } finally {
    for (const server of servers) server.stop();
  }
}

console.log(`\nVan 'Publiceren' in het beheer tot een tweede serverproces de nieuwe versie toont (peilen elke ${process.env.FLOW_POLL_SECONDS ?? 2} s):`);
const shared = mkdtempSync(path.join(tmpdir(), 'bench-flows-'));
try {
  await propagation('SQLite', { DATA_DIR: shared, DATABASE_URL: '' }, Number(process.env.BENCH_PORT ?? 3411));
} finally {
  rmSync(shared, { recursive: true, force: true });
}
if (process.env.BENCH_DATABASE_URL)
  await propagation('PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL }, Number(process.env.BENCH_PORT ?? 3411) + 2);
