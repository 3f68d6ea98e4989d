/**
 * The storage engines a storage test runs on: SQLite in a temporary folder always, PostgreSQL in a
 * fresh schema when TEST_DATABASE_URL is set. `open` may be called more than once per backend: each
 * call opens another connection to the same database (as a second server process would).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createStorage, type Storage } from '../../src/server/storage/index.js';
import { freshPostgresSchema } from './server';

export interface StorageBackend {
  open(): Promise<Storage>;
  /**
   * Runs one statement on the database behind the storage, outside it (to set up what the storage
   * itself would never write, such as back-dated rows); answers the rows. Placeholders: `?` on
   * SQLite, `$1` on PostgreSQL — use `param(n)`.
   */
  execute(statement: (param: (n: number) => string) => string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  dispose(): Promise<void>;
}

export interface StorageEngineCase {
  label: string;
  /**
   * Whether two connections of one process may write at once. Not on SQLite: its driver waits for
   * a lock synchronously, so a second connection in the same process blocks the first one's
   * transaction (separate processes, as in production, wait for each other normally).
   */
  concurrentConnections: boolean;
  create(): Promise<StorageBackend>;
}

async function sqliteBackend(): Promise<StorageBackend> {
  const root = await mkdtemp(join(tmpdir(), 'uzi-storage-test-'));
  return {
    open: () => createStorage({ dataDir: root }),
    async execute(statement, params = []) {
      const database = new BetterSqlite3(join(root, 'portal.sqlite'));
      try {
        const prepared = database.prepare(statement(() => '?'));
        return prepared.reader ? (prepared.all(...params) as Record<string, unknown>[]) : (prepared.run(...params), []);
      } finally {
        database.close();
      }
    },
    dispose: () => rm(root, { recursive: true, force: true }),
  };
}

async function postgresBackend(databaseUrl: string): Promise<StorageBackend> {
  const schema = await freshPostgresSchema(databaseUrl);
  return {
    open: () => createStorage({ databaseUrl: schema.url, dataDir: '/nonexistent/unused' }),
    async execute(statement, params = []) {
      const client = new pg.Client({ connectionString: schema.url });
      await client.connect();
      try {
        return (
          await client.query(
            statement((n) => `$${n}`),
            params,
          )
        ).rows as Record<string, unknown>[];
      } finally {
        await client.end();
      }
    },
    dispose: schema.drop,
  };
}

/** SQLite, and PostgreSQL when TEST_DATABASE_URL is set. */
export function storageEngines(): StorageEngineCase[] {
  const databaseUrl = process.env.TEST_DATABASE_URL?.trim();
  return [
    { label: 'SQLite', concurrentConnections: false, create: sqliteBackend },
    ...(databaseUrl ? [{ label: 'PostgreSQL', concurrentConnections: true, create: () => postgresBackend(databaseUrl) }] : []),
  ];
}

/** The storage and the database behind it while a test of the calling `describe` runs. */
export interface OpenStorage {
  readonly storage: Storage;
  readonly backend: StorageBackend;
}

/**
 * A fresh database of `engine`, opened before and closed after every test of the calling
 * `describe` (`each`), or once for all of them (`all`).
 */
function freshStorage(engine: StorageEngineCase, before: typeof beforeEach, after: typeof afterEach): OpenStorage {
  let backend: StorageBackend | undefined;
  let storage: Storage | undefined;
  before(async () => {
    backend = await engine.create();
    storage = await backend.open();
  });
  after(async () => {
    await storage?.close();
    await backend?.dispose();
  });
  return {
    get storage() {
      if (!storage) throw new Error('storage is only open during a test');
      return storage;
    },
    get backend() {
      if (!backend) throw new Error('the database is only there during a test');
      return backend;
    },
  };
}

export const freshStorageEach = (engine: StorageEngineCase): OpenStorage => freshStorage(engine, beforeEach, afterEach);
export const freshStorageAll = (engine: StorageEngineCase): OpenStorage => freshStorage(engine, beforeAll, afterAll);
