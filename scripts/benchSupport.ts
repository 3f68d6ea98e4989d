/**
 * What the benchmark scripts share: the built server as a process of its own with a throw-away
 * data folder, and Debian's Chromium started the way the end-to-end tests start it.
 */
import { chromium, type Browser } from 'playwright-core';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { CompiledFlow } from '../src/server/flows/pipeline/compileFlow';
import type { FlowDocument, JsonSchema } from '../renderer/core/types';
import { serverNodeOptions } from './startCommand';

export interface BenchServer {
  base: string;
  process: ChildProcess;
  /** Stops the server and removes its data folder once it has ended. */
  stop: () => void;
}

/**
 * Starts `dist/server/main.js` (or another built `entry`) on `port`, with the Node options of
 * `npm start` (or BENCH_NODE_OPTIONS), and waits until it answers. `defaults` may be overridden from the environment;
 * `fixed` may not. A benchmark sends far more requests from one address than a person does: the
 * general rate limit is raised out of reach unless `keepRateLimits` says to measure with it.
 */
export async function startBuiltServer(
  port: number,
  {
    defaults = {},
    fixed = {},
    entry = 'dist/server/main.js',
    keepRateLimits = false,
  }: { defaults?: Record<string, string>; fixed?: Record<string, string>; entry?: string; keepRateLimits?: boolean } = {},
): Promise<BenchServer> {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-portal-'));
  // BENCH_NODE_OPTIONS (space-separated) instead of those of `npm start`, to compare.
  const nodeOptions = process.env.BENCH_NODE_OPTIONS === undefined ? serverNodeOptions() : process.env.BENCH_NODE_OPTIONS.split(/\s+/).filter(Boolean);
  const server = spawn(process.execPath, [...nodeOptions, entry], {
    env: {
      ...(keepRateLimits ? {} : { REQUEST_RATE_LIMIT_MAX: '1000000000' }),
      ...defaults,
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      CSRF_SECRET: 'bench',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...fixed,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A server that ended (its port taken by another process, say) must not be mistaken for the one answering.
  let ended: number | null | undefined;
  server.once('exit', (code) => (ended = code));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  // The data folder goes once the server has ended: the requests it still finishes while it stops
  // (those a load generator left open) keep their files until then.
  const stop = () => {
    if (ended !== undefined) return removeData();
    server.once('exit', removeData);
    server.kill('SIGTERM');
  };
  // Seeding the flows takes a few seconds, more on a busy machine.
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    if (ended !== undefined) {
      stop();
      throw new Error(`server ended (exit code ${ended}) before it answered on port ${port}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, process: server, stop };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error('server did not start');
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** Gzipped size (level 9, as the server would send it compressed) of the scripts at `urls`. */
export async function gzippedSize(urls: Iterable<string>): Promise<number> {
  let total = 0;
  for (const url of urls) total += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
  return total;
}

/** Fields a user fills in: the leaves of the schema (a repeating group's item counted once). */
export function fieldCount(schema: unknown): number {
  if (!schema || typeof schema !== 'object') return 0;
  const node = schema as JsonSchema & Record<string, unknown>;
  let count = 0;
  const properties = node.properties as Record<string, unknown> | undefined;
  if (properties) for (const child of Object.values(properties)) count += fieldCount(child) || 1;
  if (node.items && typeof node.items === 'object') count += fieldCount(node.items);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = node[key];
    if (Array.isArray(list)) for (const child of list) count += fieldCount(child);
  }
  for (const key of ['then', 'else'] as const) count += fieldCount(node[key]);
  return count;
}

/**
 * The shipped flows' first steps (Dutch), largest first: most fields, then the longest resolved
 * schema. The first is "the largest first step" the benchmarks compare.
 */
export function firstStepsBySize(flows: Iterable<CompiledFlow>): { flow: FlowDocument; schema: JsonSchema; fields: number; size: number }[] {
  const candidates = [...flows].map((compiled) => {
    const flow = compiled.content.documents.nl;
    const schema = flow.steps[0].schema;
    return { flow, schema, fields: fieldCount(schema), size: JSON.stringify(schema).length };
  });
  return candidates.sort((a, b) => b.fields - a.fields || b.size - a.size);
}
