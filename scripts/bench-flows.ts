/**
 * `npm run bench:flows` (after `npm run build`): how long the flow pipeline takes (compileFlow per
 * flow and for all six, median of 20 after a warm-up), and how long a published version takes to
 * reach a second server process on the same database (10 publications, time from the commit until
 * both processes serve the new version; SQLite, and PostgreSQL with BENCH_DATABASE_URL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createPipeline, type FlowInput } from '../src/server/flows/pipeline/compileFlow';
import { publishCompiled } from '../src/server/flows/publish';
import { flowInputs, loadPipelineSources } from '../src/server/flows/sources';
import { createStorage } from '../src/server/storage';
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

/** The documents flow with a numbered first-step title, compiled. */
function edition(input: FlowInput, number: number) {
  const document = JSON.parse(input.text) as { steps: { title: string }[] };
  document.steps[0].title = `Uw gegevens (editie ${number})`;
  const result = compile({ ...input, text: JSON.stringify(document) });
  if (!result.ok) throw new Error('editie geweigerd');
  return { flow: result.flow, title: document.steps[0].title };
}

async function propagation(label: string, database: Record<string, string>, port: number): Promise<void> {
  const servers: BenchServer[] = [];
  try {
    servers.push(await startBuiltServer(port, { fixed: database }), await startBuiltServer(port + 1, { fixed: database }));
    const storage = await createStorage({ databaseUrl: database.DATABASE_URL || undefined, dataDir: database.DATA_DIR ?? '' });
    const documents = inputs.find((input) => input.expectedId === 'aanleveren-documenten')!;
    const times: number[] = [];
    for (let number = 1; number <= 10; number += 1) {
      const { flow, title } = edition(documents, number);
      await publishCompiled(storage, flow, { origin: 'publicatie', author: 'bench' });
      const start = performance.now();
      for (;;) {
        const titles = await Promise.all(
          servers.map(async (server) => ((await (await fetch(`${server.base}/api/flows/aanleveren-documenten`)).json()) as { flow: { steps: { title: string }[] } }).flow.steps[0].title),
        );
        if (titles.every((shown) => shown === title)) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      times.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 1000));
    }
    await storage.close();
    console.log(`  ${label}: mediaan ${ms(median(times))}, langste ${ms(Math.max(...times))} (10 publicaties, beide processen)`);
  } finally {
    for (const server of servers) server.stop();
  }
}

console.log(`\nVan publiceren tot beide serverprocessen de nieuwe versie tonen (peilen elke ${process.env.FLOW_POLL_SECONDS ?? 2} s):`);
const shared = mkdtempSync(path.join(tmpdir(), 'bench-flows-'));
try {
  await propagation('SQLite', { DATA_DIR: shared, DATABASE_URL: '' }, Number(process.env.BENCH_PORT ?? 3411));
} finally {
  rmSync(shared, { recursive: true, force: true });
}
if (process.env.BENCH_DATABASE_URL) await propagation('PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL }, Number(process.env.BENCH_PORT ?? 3411) + 2);
