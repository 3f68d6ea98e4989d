/**
 * The storage engines a storage test runs on: SQLite in a temporary folder always, PostgreSQL in a
 * fresh schema when TEST_DATABASE_URL is set. `open` may be called more than once per backend: each
 * call opens another connection to the same database (as a second server process would).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStorage, type Storage } from '../../src/server/storage/index.js';
import { freshPostgresSchema } from './server';

export interface StorageBackend {
  open(): Promise<Storage>;
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
  return { open: () => createStorage({ dataDir: root }), dispose: () => rm(root, { recursive: true, force: true }) };
}

async function postgresBackend(databaseUrl: string): Promise<StorageBackend> {
  const schema = await freshPostgresSchema(databaseUrl);
  return { open: () => createStorage({ databaseUrl: schema.url, dataDir: '/nonexistent/unused' }), dispose: schema.drop };
}

/** SQLite, and PostgreSQL when TEST_DATABASE_URL is set. */
export function storageEngines(): StorageEngineCase[] {
  const databaseUrl = process.env.TEST_DATABASE_URL?.trim();
  return [
    { label: 'SQLite', concurrentConnections: false, create: sqliteBackend },
    ...(databaseUrl ? [{ label: 'PostgreSQL', concurrentConnections: true, create: () => postgresBackend(databaseUrl) }] : []),
  ];
}
