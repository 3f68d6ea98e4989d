/**
 * Starts the portal server as a separate Node process (`src/server/main.ts` through tsx), for tests
 * that must show that state travels between processes (a session cookie issued by one process and
 * accepted by another). The caller passes the environment; SQLite lives in a temporary folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ServerProcess {
  baseUrl: string;
  port: number;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Sends a signal to the process (SIGTERM, SIGKILL, …). */
  kill(signal: NodeJS.Signals): void;
  /** Settles when the process has ended, with its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** What the process wrote to stdout and stderr so far. */
  output(): string;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(server: ServerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let ended: number | null | undefined;
  void server.exited.then((code) => (ended = code));
  while (Date.now() < deadline) {
    if (ended !== undefined) throw new Error(`server process ended (${ended}): ${server.output().slice(-2000)}`);
    try {
      const response = await fetch(`${server.baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server process did not start within ${timeoutMs} ms: ${server.output().slice(-2000)}`);
}

function spawnServer(tempDir: string, port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(tempDir, 'data'),
      CLIENT_DIR: join(tempDir, 'client'),
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** How a server process that was expected to fail ended. */
export interface ServerExit {
  /** Exit status, or undefined when it was still running at the deadline (then it was killed). */
  code: number | undefined;
  stdout: string;
  stderr: string;
  /** Milliseconds from spawn to exit (or to the deadline). */
  ms: number;
}

/** Starts the server process and waits for it to exit by itself, at most `timeoutMs`. */
export async function runServerProcessToExit(env: Record<string, string>, timeoutMs: number): Promise<ServerExit> {
  const tempDir = mkdtempSync(join(tmpdir(), 'uzi-process-test-'));
  const started = Date.now();
  const child = spawnServer(tempDir, await freePort(), env);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const code = await new Promise<number | undefined>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(undefined);
      }, timeoutMs);
      // 'close' rather than 'exit': all of stderr has arrived by then.
      child.once('close', (status) => {
        clearTimeout(timer);
        resolve(status ?? undefined);
      });
    });
    return { code, stdout, stderr, ms: Date.now() - started };
  } finally {
    rmSync(tempDir, { recursive: true, force: true });
  }
}

/** Starts the process without waiting for it to answer (for tests of start-up failures). */
export async function spawnServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const tempDir = mkdtempSync(join(tmpdir(), 'uzi-process-test-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawnServer(tempDir, port, env);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(tempDir, { recursive: true, force: true });
  };
  return {
    baseUrl,
    port,
    fetch: (path, init) => fetch(`${baseUrl}${path}`, { redirect: 'manual', ...init }),
    kill: (signal) => child.kill(signal),
    exited,
    output: () => log,
    close,
  };
}

/** Starts the process and waits until it answers /api/health. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const server = await spawnServerProcess(env);
  try {
    await waitForHealth(server, 30_000);
  } catch (error) {
    await server.close();
    throw error;
  }
  return server;
}
