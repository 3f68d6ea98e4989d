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
  fetch(path: string, init?: RequestInit): Promise<Response>;
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

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server process ended (${child.exitCode}): ${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server process did not start within ${timeoutMs} ms: ${output()}`);
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

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const tempDir = mkdtempSync(join(tmpdir(), 'uzi-process-test-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawnServer(tempDir, port, env);
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(tempDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, () => log.slice(-2000), 30_000);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    baseUrl,
    fetch: (path, init) => fetch(`${baseUrl}${path}`, { redirect: 'manual', ...init }),
    close,
  };
}
