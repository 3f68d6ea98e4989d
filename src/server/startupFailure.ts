/**
 * The one line start-up prints when it fails (Dutch, like the configuration errors): what failed,
 * where, and the error code — never a password or a database URL with its credentials, never a
 * stack trace. main.ts prints it on stderr and exits non-zero.
 */
import path from 'node:path';
import type { ServerConfig } from './config';
import { SQLITE_FILE_NAME, StorageError, StorageOpenError, type DatabaseFault } from './storage';

/** Host, port and database of a PostgreSQL URL: no user name, password or options. */
export function postgresTarget(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
    return `PostgreSQL op ${url.hostname || 'localhost'}:${url.port || '5432'}${database ? ` (database ${database})` : ''}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL is geen geldige URL)';
  }
}

function postgresLine(fault: DatabaseFault | undefined, target: string, code: string, config: Pick<ServerConfig, 'databaseTimeouts'>): string {
  switch (fault) {
    case 'unreachable':
      return `${target} is niet bereikbaar (${code}).`;
    case 'timeout':
      return `${target} antwoordt niet binnen ${config.databaseTimeouts.connectMs / 1000} seconden (${code}).`;
    case 'credentials':
      return `${target} weigert de gebruikersnaam of het wachtwoord uit DATABASE_URL (${code}).`;
    case 'starting':
      return `${target} start nog op of wordt afgesloten (${code}).`;
    case 'readOnly':
      return `${target} staat alleen lezen toe (${code}).`;
    case undefined:
      return `de database kon niet worden bijgewerkt in ${target} (${code}).`;
    default:
      return `${target} is niet bruikbaar (${code}).`;
  }
}

function sqliteLine(error: StorageError, config: Pick<ServerConfig, 'dataDir'>, code: string): string {
  if (error instanceof StorageOpenError && error.target === 'folder') {
    return `de map DATA_DIR ${error.path} kan niet worden gemaakt (${code}).`;
  }
  const file = error instanceof StorageOpenError ? error.path : path.join(config.dataDir, SQLITE_FILE_NAME);
  switch (error.fault) {
    case 'readOnly':
      return `het databasebestand ${file} kan niet worden beschreven (${code}).`;
    case 'full':
      return `de schijf met het databasebestand ${file} is vol (${code}).`;
    case 'busy':
      return `het databasebestand ${file} is bezet door een ander proces (${code}).`;
    case undefined:
      return `het databasebestand ${file} kon niet worden bijgewerkt (${code}).`;
    default:
      return `het databasebestand ${file} kan niet worden geopend (${code}).`;
  }
}

/**
 * The line for an error thrown while starting. `config` is undefined when reading the
 * configuration itself failed; those messages are already written for this line.
 */
/** A failure at start whose message names what failed and was written to hold no secret (Redis, for one). */
export class StartupProblem extends Error {}

export function startupFailureLine(
  error: unknown,
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'databaseTimeouts' | 'host' | 'port'> | undefined,
): string {
  const prefix = 'Opstarten mislukt: ';
  if (!config) return prefix + (error instanceof Error ? error.message : String(error));
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof StorageError) {
    const shown = error.code ?? error.fault ?? 'fout';
    return prefix + (config.databaseUrl ? postgresLine(error.fault, postgresTarget(config.databaseUrl), shown, config) : sqliteLine(error, config, shown));
  }
  if (error instanceof StartupProblem) return prefix + error.message;
  if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
    return `${prefix}de server kan niet luisteren op ${config.host}:${config.port} (${code}).`;
  }
  // Anything else: its kind and code only (a message might quote configuration or data).
  const name = error instanceof Error ? error.name : typeof error;
  return `${prefix}onverwachte fout (${name}${typeof code === 'string' ? ` ${code}` : ''}).`;
}
