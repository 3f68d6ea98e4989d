/**
 * Several server processes share their rate limits through a real Redis (REDIS_URL): two processes
 * on one database (SQLite, and PostgreSQL with TEST_DATABASE_URL) count feedback from one client
 * against one limit. Redis going away mid-run does not stop the portal (each process counts on its
 * own, with a warning in the log) and the counts are shared again when it is back; a Redis that
 * cannot be reached at start-up stops the process with one line that names no password.
 * Needs TEST_REDIS_URL (`bash scripts/redis-test.sh` starts one); without it the tests are skipped,
 * in CI they fail. Every run uses a key prefix of its own and removes its keys.
 *   TEST_REDIS_URL="$(bash scripts/redis-test.sh)" npx vitest run tests/server/shared-rate-limit.test.ts
 */
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, Socket, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { issueToken } from '../../src/server/security/csrf';
import { createStorage } from '../../src/server/storage';
import { freshPostgresSchema, testDatabaseUrl } from '../helpers/server';
import { spawnServerProcess, startServerProcess, type ServerProcess } from '../helpers/serverProcess';

const redisUrl = process.env.TEST_REDIS_URL?.trim();
const inCi = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';
const CSRF_SECRET = 'gedeeld-csrf-geheim';
const LIMIT = 6;

const token = issueToken(CSRF_SECRET);
function postOpinion(server: ServerProcess): Promise<Response> {
  return server.fetch('/api/useropinion', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
    body: JSON.stringify({ rating: 5, comment: 'Goed te doen.', url: '/uzi/stap1', device: { userAgent: 'test', orientation: 'portrait' } }),
  });
}

async function removeKeys(prefix: string): Promise<void> {
  const client = new Redis(redisUrl!, { lazyConnect: true });
  await client.connect();
  const keys = await client.keys(`${prefix}*`);
  if (keys.length > 0) await client.del(...keys);
  await client.quit();
}

/** A TCP relay in front of Redis that the test can cut and restore: a Redis outage, for real sockets. */
async function relayTo(target: string): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let server: Server;
  const listen = (onPort: number) =>
    new Promise<void>((resolve) => {
      server = createServer((incoming) => {
        const outgoing = new Socket().connect(Number(port || 6379), hostname);
        for (const socket of [incoming, outgoing]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        incoming.pipe(outgoing).pipe(incoming);
      });
      server.listen(onPort, '127.0.0.1', resolve);
    });
  await listen(0);
  const relayPort = (server!.address() as AddressInfo).port;
  const cut = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  return { url: `redis://127.0.0.1:${relayPort}`, cut, restore: () => listen(relayPort), close: cut };
}

if (!redisUrl) {
  describe('shared rate limits through Redis', () => {
    if (inCi) {
      it('requires TEST_REDIS_URL in CI', () => {
        throw new Error('TEST_REDIS_URL is not set, but CI is: start Redis with `bash scripts/redis-test.sh` (npm run test:all does).');
      });
    } else {
      it.skip('TEST_REDIS_URL is not set: start Redis with `bash scripts/redis-test.sh` and set TEST_REDIS_URL to its URL', () => {});
    }
  });
} else {
  const databaseUrl = testDatabaseUrl();
  const engines: { label: string; database(): Promise<{ env: Record<string, string>; dispose(): Promise<void> }> }[] = [
    {
      label: 'SQLite',
      database: async () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'uzi-shared-'));
        return { env: { DATA_DIR: dataDir }, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
      },
    },
    ...(databaseUrl
      ? [
          {
            label: 'PostgreSQL',
            database: async () => {
              const schema = await freshPostgresSchema(databaseUrl);
              return { env: { DATABASE_URL: schema.url, DATA_DIR: '/nonexistent/unused' }, dispose: schema.drop };
            },
          },
        ]
      : []),
  ];

  describe.each(engines)('two server processes on $label and one Redis', ({ database }) => {
    const prefix = `test-${randomUUID()}:`;
    let servers: ServerProcess[] = [];
    let db: Awaited<ReturnType<typeof database>>;

    beforeAll(async () => {
      db = await database();
      const env = { ...db.env, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix, CSRF_SECRET, USEROPINION_RATE_LIMIT_MAX: String(LIMIT), PDF_WORKERS: '0' };
      // One after the other: the first creates the database, the second finds it.
      servers = [await startServerProcess(env)];
      servers.push(await startServerProcess(env));
    }, 90_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.close()));
      await db?.dispose();
      await removeKeys(prefix);
    });

    it('count one client against one limit: requests split over both processes stop at the configured total', async () => {
      const statuses: number[] = [];
      for (let n = 0; n < LIMIT * 2; n++) statuses.push((await postOpinion(servers[n % 2])).status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(LIMIT);
      expect(statuses.slice(LIMIT).every((status) => status === 429)).toBe(true);

      const refused = await postOpinion(servers[0]);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ status: 429, errors: [{ code: 'UREQ-03' }] });

      // Only what was let through is stored, once.
      const storage = await createStorage({ databaseUrl: db.env.DATABASE_URL || undefined, dataDir: db.env.DATA_DIR });
      try {
        expect(await storage.listUserOpinions()).toHaveLength(LIMIT);
      } finally {
        await storage.close();
      }

      // The counter is in Redis under this run's prefix.
      const client = new Redis(redisUrl, { lazyConnect: true });
      await client.connect();
      const keys = await client.keys(`${prefix}rate-limit:POST /api/useropinion:*`);
      await client.quit();
      expect(keys).toHaveLength(1);
    }, 60_000);
  });

  describe('Redis going away and coming back', () => {
    const prefix = `test-${randomUUID()}:`;
    let relay: Awaited<ReturnType<typeof relayTo>>;
    let server: ServerProcess;
    let dataDir: string;

    beforeAll(async () => {
      relay = await relayTo(redisUrl);
      dataDir = mkdtempSync(join(tmpdir(), 'uzi-shared-'));
      server = await startServerProcess({
        DATA_DIR: dataDir,
        REDIS_URL: relay.url,
        REDIS_KEY_PREFIX: prefix,
        CSRF_SECRET,
        USEROPINION_RATE_LIMIT_MAX: String(LIMIT),
        PDF_WORKERS: '0',
        LOG_LEVEL: 'info',
      });
    }, 60_000);

    afterAll(async () => {
      await server?.close();
      await relay?.close();
      rmSync(dataDir, { recursive: true, force: true });
      await removeKeys(prefix);
    });

    it('keeps answering and counting in the process while Redis is down, and shares the counts again when it is back', async () => {
      expect((await postOpinion(server)).status).toBe(201);
      expect((await postOpinion(server)).status).toBe(201);

      await relay.cut();
      const during: number[] = [];
      for (let n = 0; n < LIMIT + 1; n++) during.push((await postOpinion(server)).status);
      // Counted by the process alone, from zero: the limit still holds, nothing failed.
      expect(during.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(201));
      expect(during[LIMIT]).toBe(429);
      expect(server.output()).toContain('Redis is niet bereikbaar');

      await relay.restore();
      await vi.waitFor(() => expect(server.output()).toContain('Redis is weer bereikbaar'), { timeout: 30_000, interval: 100 });
      // Back on the shared counter, which still holds the two requests from before the outage.
      expect((await postOpinion(server)).status).toBe(201);
      const client = new Redis(redisUrl, { lazyConnect: true });
      await client.connect();
      const [key] = await client.keys(`${prefix}rate-limit:POST /api/useropinion:*`);
      expect(await client.get(key)).toBe('3');
      await client.quit();
    }, 60_000);
  });

  describe('start-up without Redis', () => {
    it('ends by itself with one line naming the server, never the password', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));

      const server = await spawnServerProcess({ REDIS_URL: `redis://:heel-geheim-wachtwoord@127.0.0.1:${port}/0`, PDF_WORKERS: '0' });
      const code = await server.exited;
      await server.close();
      expect(code).toBe(1);
      const lines = server.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Opstarten mislukt: Redis op redis://127\\.0\\.0\\.1:${port} is niet bereikbaar`));
      expect(server.output()).not.toContain('heel-geheim-wachtwoord');
    }, 30_000);
  });
}
