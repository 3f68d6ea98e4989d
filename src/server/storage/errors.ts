// Database errors can carry the rejected values (PostgreSQL's `detail`, e.g. "Failing row
// contains (…)", and some messages quote input), and error loggers serialise every property of an
// error. Because the stored data is personal data, the storage layer never lets a driver error
// escape: it throws a StorageError that names only the operation, error code and schema objects.
import { databaseFault, type DatabaseFault } from './faults.js';
import type { StorageEngine } from './types.js';

/** Thrown by the storage layer when the database fails; contains no stored values. */
export class StorageError extends Error {
  override readonly name = 'StorageError';

  /**
   * @param message safe description (operation, engine, code, schema object names only)
   * @param code driver error code, e.g. SQLSTATE `23505` or `SQLITE_CONSTRAINT_NOTNULL`
   * @param constraint name of the violated constraint or column, when the driver reports it
   * @param fault why the database cannot be used now (see faults.ts); undefined for other errors
   */
  constructor(
    message: string,
    readonly code?: string,
    readonly constraint?: string,
    readonly fault?: DatabaseFault,
  ) {
    super(message);
  }
}

/** The SQLite folder or file could not be made or opened; names the path (never data). */
export class StorageOpenError extends StorageError {
  constructor(
    message: string,
    code: string,
    fault: DatabaseFault,
    /** What failed: making the data folder, or opening the database file. */
    readonly target: 'folder' | 'file',
    readonly path: string,
  ) {
    super(message, code, undefined, fault);
  }
}

/** Fields of better-sqlite3's SqliteError and pg's DatabaseError that are safe to read. */
interface DriverErrorFields {
  code?: unknown;
  message?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
}

function fieldsOf(error: unknown): DriverErrorFields {
  return typeof error === 'object' && error !== null ? (error as DriverErrorFields) : {};
}

function stringField(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Converts any error from a database operation into a {@link StorageError} without personal data.
 * SQLite's constraint messages only name table and column (`NOT NULL constraint failed: t.c`), so
 * those are kept; PostgreSQL messages may quote values, so only its structured fields are used.
 */
export function toStorageError(operation: string, engine: StorageEngine, error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  const fields = fieldsOf(error);
  const code = stringField(fields.code);
  const fault = databaseFault(error);
  // A fault without a code (pg's own time limits and lost connections) is named by its fault.
  const shownCode = code ?? fault ?? 'error';
  if (engine === 'sqlite') {
    const message = stringField(fields.message);
    const safeMessage = code?.startsWith('SQLITE_CONSTRAINT') && message ? `: ${message}` : '';
    return new StorageError(`${operation} failed (sqlite ${shownCode})${safeMessage}`, code, undefined, fault);
  }
  const table = stringField(fields.table);
  const column = stringField(fields.column);
  const constraint = stringField(fields.constraint);
  const objects = [table && `table ${table}`, column && `column ${column}`, constraint && `constraint ${constraint}`].filter(Boolean).join(', ');
  return new StorageError(`${operation} failed (postgres ${shownCode}${objects ? `; ${objects}` : ''})`, code, constraint ?? column, fault);
}

/** True when `error` is the unique-constraint violation on `submissions.kenmerk`. */
export function isKenmerkCollision(error: unknown): boolean {
  const { code, message, constraint } = fieldsOf(error);
  if (code === '23505') return constraint === 'submissions_kenmerk_unique';
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('submissions.kenmerk');
}
