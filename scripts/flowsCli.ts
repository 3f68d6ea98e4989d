/**
 * What the three flow commands (`flows:publish`, `flows:versions`, `flows:rollback`) share: the
 * server's own configuration (DATABASE_URL, or DATA_DIR for the embedded database), the storage,
 * the name to record as author, and plain Dutch output with a non-zero exit on failure.
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig, type ServerConfig } from '../src/server/config';
import { createStorage, type Storage } from '../src/server/storage';

export interface Command {
  positionals: string[];
  note?: string;
  author: string;
  config: ServerConfig;
}

export function readCommand(usage: string): Command {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { note: { type: 'string' }, author: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const author = values.author ?? process.env.FLOWS_AUTHOR ?? safeUserName();
  return { positionals, note: values.note, author, config: loadConfig() };
}

function safeUserName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'onbekend';
  }
}

/** Runs `body` with the storage open; prints a failure plainly and exits 1. */
export async function withStorage(config: ServerConfig, body: (storage: Storage) => Promise<void>): Promise<void> {
  let storage: Storage | undefined;
  try {
    storage = await createStorage({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, postgresTimeouts: config.databaseTimeouts });
    await body(storage);
  } catch (error) {
    fail((error as Error).message);
  } finally {
    await storage?.close();
  }
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** A date and time as administrators read them (Dutch, local time). */
export function when(date: Date | undefined): string {
  return date ? date.toLocaleString('nl-NL', { dateStyle: 'short', timeStyle: 'medium' }) : '-';
}
