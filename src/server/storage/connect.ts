// Opens a kysely instance on the configured engine: PostgreSQL when a URL is given, otherwise a
// SQLite file in the data directory. Everything engine-specific about connecting lives here, so
// the query code in createStorage.ts is identical for both engines.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import type { StorageConfig, StorageEngine } from './types.js';

/** File name of the SQLite database inside `StorageConfig.dataDir`. */
export const SQLITE_FILE_NAME = 'portal.sqlite';

/** How long a SQLite statement waits for a lock held by another process before failing. */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * Page cache per connection, in KiB (SQLite's own default; better-sqlite3 builds with 16 MB). Stored
 * files pass through the cache chunk by chunk and are not read again soon, so a larger cache would
 * only hold their pages: 10 MB uploads would grow the process by the whole 16 MB.
 */
const SQLITE_CACHE_KIB = 2000;

/** An open database plus the engine it runs on. */
export interface Connection {
  db: Kysely<Database>;
  engine: StorageEngine;
}

/** Opens the database described by `config` (no migrations; see createStorage). */
export function connect(config: StorageConfig): Connection {
  if (config.databaseUrl) {
    return { db: connectPostgres(config.databaseUrl), engine: 'postgres' };
  }
  return { db: connectSqlite(config.dataDir), engine: 'sqlite' };
}

function connectSqlite(dataDir: string): Kysely<Database> {
  // 0700: the file holds personal data. The mode only applies when the folder is created here.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const database = new BetterSqlite3(join(dataDir, SQLITE_FILE_NAME));
  try {
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    database.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  } catch (error) {
    database.close();
    throw error;
  }
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}

function connectPostgres(connectionString: string): Kysely<Database> {
  const pool = new pg.Pool({ connectionString });
  // Without a listener, an error on an idle pooled connection (e.g. a server restart) would crash
  // the process. The pool discards the broken connection itself; report only the error code.
  pool.on('error', (error: Error & { code?: string }) => {
    console.error(`storage: idle PostgreSQL connection failed (${error.code ?? 'no code'})`);
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
