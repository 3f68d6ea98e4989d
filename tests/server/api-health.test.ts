/**
 * `/api/health/live`, `/api/health/ready` and `/api/health` on a running server, on both engines;
 * the readiness write refused for a SQLite file that cannot be written; the SQLite file, its -wal and -shm
 * 0600 and a DATA_DIR made by the server 0700.
 */
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, StorageError } from '../../src/server/storage';
import { canMakeImmutable, whileImmutable } from '../helpers/immutable';
import { startServer, testDatabaseUrl } from '../helpers/server';

const mode = (path: string) => statSync(path).mode & 0o777;

for (const [label, databaseUrl] of [
  ['SQLite', undefined],
  ['PostgreSQL', testDatabaseUrl()],
] as const) {
  describe.skipIf(label === 'PostgreSQL' && !databaseUrl)(`health checks on ${label}`, () => {
    it('live, ready and /api/health answer 200 with the database up', async () => {
      const server = await startServer({ databaseUrl });
      try {
        for (const path of ['/api/health/live', '/api/health/ready', '/api/health']) {
          const response = await server.fetch(path);
          expect(response.status, path).toBe(200);
          expect(response.headers.get('cache-control')).toBe('no-store');
          expect(await response.json()).toEqual({ status: 'ok' });
        }
      } finally {
        await server.close();
      }
    });
  });
}

describe('a SQLite database file', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'uzi-health-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is made 0600 with its -wal and -shm, in a DATA_DIR made 0700', async () => {
    const dataDir = join(root, 'nieuw', 'data');
    const server = await startServer({ env: { DATA_DIR: dataDir } });
    try {
      expect((await server.fetch('/api/health/ready')).status).toBe(200);
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(join(root, 'nieuw'))).toBe(0o700);
      const file = join(dataDir, 'portal.sqlite');
      expect(mode(file)).toBe(0o600);
      for (const companion of [`${file}-wal`, `${file}-shm`]) {
        expect(existsSync(companion), companion).toBe(true);
        expect(mode(companion), companion).toBe(0o600);
      }
    } finally {
      await server.close();
    }
  });

  it('left readable by others by an older version is made 0600 when opened', async () => {
    const dataDir = join(root, 'oud');
    await (await createStorage({ dataDir })).close();
    const file = join(dataDir, 'portal.sqlite');
    chmodSync(file, 0o644);
    const storage = await createStorage({ dataDir });
    try {
      expect(mode(file)).toBe(0o600);
    } finally {
      await storage.close();
    }
  });

  it.skipIf(!canMakeImmutable())('that cannot be written fails the readiness write (what /api/health/ready runs)', async () => {
    const dataDir = join(root, 'alleen-lezen');
    await (await createStorage({ dataDir })).close();
    const file = join(dataDir, 'portal.sqlite');
    // SQLite finds out on opening that the file cannot be written, and then opens it to read only.
    await whileImmutable(file, async () => {
      const storage = await createStorage({ dataDir });
      try {
        const error = await storage.checkWritable().then(
          () => undefined,
          (failure: unknown) => failure,
        );
        expect(error).toBeInstanceOf(StorageError);
        // The fault the route answers 503 for, as for a read-only PostgreSQL (database-outage.test.ts).
        expect((error as StorageError).fault).toBe('readOnly');
        expect((error as StorageError).message).toBe('checkWritable failed (sqlite SQLITE_READONLY)');
      } finally {
        await storage.close();
      }
    });
  });
});
