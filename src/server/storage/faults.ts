// Which database errors mean "the database cannot be used right now" rather than "this request or
// this code is wrong". The one place that sorts driver errors of both engines into such faults: the
// storage layer stamps them on StorageError, the error handler answers them with 503 and
// Retry-After, and start-up names them in its one line. Nothing here reads a message that could
// quote stored values; only codes and the drivers' fixed texts for their own timeouts.

/** Why the database cannot be used at the moment. */
export type DatabaseFault =
  /** Nobody listens, or the connection was refused, reset or closed (a restart, a crash). */
  | 'unreachable'
  /** The server or a statement did not answer within its time limit. */
  | 'timeout'
  /** The server refused the user name or password. */
  | 'credentials'
  /** Writes are impossible: a read-only file, a read-only server or transaction. */
  | 'readOnly'
  /** The disk is full. */
  | 'full'
  /** Locked by another process, or out of connections, for too long. */
  | 'busy'
  /** The SQLite file (or its folder) cannot be opened. */
  | 'cannotOpen'
  /** Reading or writing the file failed, or it is not a database. */
  | 'io'
  /** The server is starting up or recovering and does not take connections yet. */
  | 'starting';

/** Node's socket errors: nothing listens, or the connection broke on the way. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'ECONNABORTED']);

/** The texts pg and pg-pool use for their own time limits and lost connections (they carry no code). */
const PG_TIMEOUT_TEXTS = [
  'timeout expired',
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
];
const PG_CLOSED_TEXTS = ['Connection terminated', 'Client has encountered a connection error and is not queryable', 'Client was closed and is not queryable'];

/**
 * The fault behind a database error, or undefined when the error is not about the database being
 * available (a constraint, bad input, a bug).
 */
export function databaseFault(error: unknown): DatabaseFault | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, fault, cause } = error as { code?: unknown; message?: unknown; fault?: unknown; cause?: unknown };
  if (typeof fault === 'string') return fault as DatabaseFault;
  if (typeof code === 'string') {
    const byCode = faultOfCode(code);
    if (byCode) return byCode;
  }
  if (typeof message === 'string') {
    if (PG_TIMEOUT_TEXTS.some((text) => message.startsWith(text))) return 'timeout';
    if (PG_CLOSED_TEXTS.some((text) => message.startsWith(text))) return 'unreachable';
  }
  // pg-pool wraps the socket error of a failed connection attempt.
  return cause !== undefined && cause !== error ? databaseFault(cause) : undefined;
}

function faultOfCode(code: string): DatabaseFault | undefined {
  if (SOCKET_CODES.has(code)) return code === 'ETIMEDOUT' ? 'timeout' : 'unreachable';
  // PostgreSQL SQLSTATEs: class 08 connection exceptions, 28 authorisation, 57 operator
  // intervention (57014 is a cancelled statement: statement_timeout), 53 insufficient resources.
  if (code.startsWith('08')) return 'unreachable';
  if (code === '28000' || code === '28P01') return 'credentials';
  if (code === '57014' || code === '25P03') return 'timeout';
  if (code === '57P01' || code === '57P02') return 'unreachable';
  if (code === '57P03') return 'starting';
  if (code === '25006') return 'readOnly';
  if (code === '53100') return 'full';
  if (code === '53300') return 'busy';
  if (code === '58030') return 'io';
  // SQLite extended result codes start with their primary code.
  if (code.startsWith('SQLITE_READONLY')) return 'readOnly';
  if (code.startsWith('SQLITE_FULL')) return 'full';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
  if (code.startsWith('SQLITE_CANTOPEN')) return 'cannotOpen';
  if (code.startsWith('SQLITE_IOERR') || code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') return 'io';
  return undefined;
}
