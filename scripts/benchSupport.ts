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

export interface BenchServer {
  base: string;
  process: ChildProcess;
  /** Stops the server and removes its data folder. */
  stop: () => void;
}

/**
 * Starts `dist/server/main.js` (or another built `entry`) on `port` and waits until it answers.
 * `defaults` may be overridden from the environment; `fixed` may not.
 */
export async function startBuiltServer(
  port: number,
  { defaults = {}, fixed = {}, entry = 'dist/server/main.js' }: { defaults?: Record<string, string>; fixed?: Record<string, string>; entry?: string } = {},
): Promise<BenchServer> {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-portal-'));
  const server = spawn(process.execPath, [entry], {
    env: { ...defaults, ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test', DATA_DIR: dataDir, CSRF_SECRET: 'bench', LOG_LEVEL: 'warn', DATABASE_URL: '', ...fixed },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  // A server that ended (its port taken by another process, say) must not be mistaken for the one answering.
  let ended: number | null | undefined;
  server.once('exit', (code) => (ended = code));
  // Seeding the flows takes a few seconds, more on a busy machine.
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
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
