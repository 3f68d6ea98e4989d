// Opens a kysely instance on the configured engine: PostgreSQL when a URL is given, otherwise a
// SQLite file in the data directory. Everything engine-specific about connecting lives here, so
// the query code in createStorage.ts is identical for both engines.
import { chmodSync, closeSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { makeFolders } from '../shared/makeFolders.js';
import { StorageOpenError } from './errors.js';
import { databaseFault, type DatabaseFault } from './faults.js';
import type { Database } from './schema.js';
import type { PostgresTimeouts, StorageConfig, StorageEngine } from './types.js';

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

/**
 * Time limits on PostgreSQL when the configuration sets none: a server that accepts connections
 * but never answers, or a statement stuck on a lock, must not hold a request (or start-up) forever.
 */
export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = {
  connectMs: 5_000,
  statementMs: 15_000,
  queryMs: 20_000,
  idleInTransactionMs: 30_000,
};

/**
 * Opens the database described by `config` (no migrations; see createStorage).
 * @throws {StorageOpenError} with a fault and the path when the SQLite folder or file cannot be made or opened.
 */
export function connect(config: StorageConfig): Connection {
  if (config.databaseUrl) {
    return { db: connectPostgres(config.databaseUrl, config.postgresTimeouts ?? DEFAULT_POSTGRES_TIMEOUTS), engine: 'postgres' };
  }
  return { db: connectSqlite(config.dataDir), engine: 'sqlite' };
}

/** A file-system or SQLite error on opening, as a StorageOpenError that names the path (never data). */
function openError(target: 'folder' | 'file', path: string, error: unknown): StorageOpenError {
  const code = (error as { code?: unknown } | null)?.code;
  const shown = typeof code === 'string' ? code : 'error';
  const fault: DatabaseFault = databaseFault(error) ?? (shown === 'ENOSPC' ? 'full' : shown === 'EROFS' ? 'readOnly' : 'cannotOpen');
  const what = target === 'folder' ? 'create data folder' : 'open database file';
  return new StorageOpenError(`${what} failed (sqlite ${shown}): ${path}`, shown, fault, target, path);
}

function connectSqlite(dataDir: string): Kysely<Database> {
  // 0700: the file holds personal data. The mode only applies when the folder is created here.
  try {
    makeFolders(dataDir, 0o700);
  } catch (error) {
    throw openError('folder', dataDir, error);
  }
  const file = join(dataDir, SQLITE_FILE_NAME);
  let database: BetterSqlite3.Database;
  try {
    restrictFileModes(file);
    database = new BetterSqlite3(file);
  } catch (error) {
    throw openError('file', file, error);
  }
  try {
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    database.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  } catch (error) {
    database.close();
    throw openError('file', file, error);
  }
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}

/**
 * Makes the database file 0600 before SQLite opens it: SQLite creates a new file 0644 (less the
 * umask), and its `-wal` and `-shm` files take the mode of the database file. A file left readable
 * by others (an older version made it so) is tightened, and so are its `-wal` and `-shm`.
 */
function restrictFileModes(file: string): void {
  try {
    closeSync(openSync(file, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    const info = statSync(path, { throwIfNoEntry: false });
    if (!info?.isFile() || (info.mode & 0o077) === 0) continue;
    try {
      chmodSync(path, 0o600);
    } catch {
      // A file the process may read but not change (another owner, read-only): SQLite says so.
    }
  }
}

function connectPostgres(connectionString: string, timeouts: PostgresTimeouts): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString,
    // Connecting (also: waiting for a free pooled connection) and each statement have a limit, on
    // the server (statement_timeout, idle_in_transaction_session_timeout) and in the client
    // (query_timeout: a server that stops answering altogether).
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.queryMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // Notices a connection whose peer vanished (a crashed host) instead of waiting on it.
    keepAlive: true,
  });
  // A connection's errors come as 'error' events, and an event without a listener ends the
  // process. pg-pool listens only while a connection is idle; a restart or crash of the server
  // (57P01, "Connection terminated unexpectedly") also reaches the connections that requests hold.
  // Every connection therefore gets a listener of its own for its whole life: the statement in
  // progress fails by itself (and its request answers 503), the connection is marked broken and
  // closed when it is handed back, and the next request gets a new one.
  const broken = new WeakSet<pg.Client>();
  pool.on('connect', (client: pg.PoolClient) => {
    client.on('error', (error: Error & { code?: string }) => {
      if (broken.has(client)) return;
      broken.add(client);
      // Only the code or the fault: a message may quote data.
      console.error(`storage: PostgreSQL connection failed (${error.code ?? databaseFault(error) ?? 'no code'})`);
    });
  });
  // pg-pool also reports an idle connection's error on the pool, and an unheard 'error' would end
  // the process; the connection's own listener above has logged it already.
  pool.on('error', () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: guardedPool(pool, (client) => broken.has(client)) }) });
}

/** node-pg's error for a statement the server did not answer within `query_timeout`. */
const READ_TIMEOUT_MESSAGE = 'Query read timeout';

/**
 * The pool as Kysely uses it, returning a connection to the pool only in a known state. After a
 * client-side time limit (a frozen server) node-pg gives up on the statement, but the server may
 * still run it, and the connection sends its next statements after it: a `begin` that timed out
 * could later open a transaction in which the next user's writes run, never committed, holding
 * their locks until `idle_in_transaction_session_timeout`. Such a connection, one that failed
 * (`isBroken`: the server restarted or went away), and any connection handed back inside a
 * transaction, is closed instead of reused (the server then rolls back).
 */
export function guardedPool(
  pool: pg.Pool,
  isBroken: (client: pg.PoolClient) => boolean = () => false,
): { connect(): Promise<{ query: pg.PoolClient['query']; release(): void }>; end(): Promise<void> } {
  return {
    async connect() {
      const client = await pool.connect();
      let timedOut = false;
      const query = ((...args: Parameters<pg.PoolClient['query']>) =>
        (client.query as (...all: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) => {
          if (error instanceof Error && error.message === READ_TIMEOUT_MESSAGE) timedOut = true;
          throw error;
        })) as pg.PoolClient['query'];
      const release = () => {
        const status = (client as pg.PoolClient & { getTransactionStatus?: () => string | null }).getTransactionStatus?.();
        const unsafe = timedOut || isBroken(client) || status === 'T' || status === 'E';
        client.release(unsafe ? new Error('PostgreSQL-verbinding in onbekende staat: gesloten') : undefined);
      };
      return { query, release };
    },
    end: () => pool.end(),
  };
}
