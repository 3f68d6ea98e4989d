/**
 * A portal server of its own for specs that need other settings than the shared web server (a short
 * session, a database the spec reads): the built server (`dist/server/main.js`) on its own port with
 * a fresh SQLite folder. Run `npm run build` first, as for every browser test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createStorage, type Storage } from '../../src/server/storage';
import { E2E_PORT } from './portalSettings';

export interface OwnServer {
  baseURL: string;
  /** Its SQLite folder (for the flow commands an administrator runs against it). */
  dataDir: string;
  /** The server's database, opened by the spec (SQLite in WAL mode allows both). */
  storage(): Promise<Storage>;
  close(): Promise<void>;
}

/** E2E_PORT plus `offset` (each spec that starts a server takes its own offset, 1–19 but 9). */
export function ownPort(offset: number): number {
  return E2E_PORT + offset;
}

export async function startOwnServer(port: number, env: Record<string, string>): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-own-server-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      CSRF_SECRET: 'e2e-secret',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} ended with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`server on ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  let storage: Storage | undefined;
  return {
    baseURL,
    dataDir,
    storage: async () => (storage ??= await createStorage({ dataDir })),
    async close() {
      await storage?.close();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        // A connection a browser keeps open must not hold the suite: after 10 s the server is stopped hard.
        const hard = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(hard);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
