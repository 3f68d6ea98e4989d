/**
 * Health checks for operators and load balancers (docs/operator.md 'Health checks'):
 * - `GET /api/health/live`: 200 while the process runs and answers HTTP (restart it when not).
 * - `GET /api/health/ready`: 200 only when the database answers and takes a write (a one-row
 *   upsert) and the data folder has more free space than its reserve, else 503 with Retry-After and
 *   the spec's error body (send no traffic for now).
 * - `GET /api/health`: the older single check, now the same as ready, so it never says 200 while
 *   the database is down, read-only or full.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODES, errorBody } from '../errors';
import { replyUnavailable, RETRY_AFTER_SECONDS } from '../http/unavailable';
import { hasRoomFor, type DiskSpace } from '../quota/diskSpace';
import { StorageError, type DatabaseFault, type Storage } from '../storage';

/** A check that takes longer than this counts as a database that does not answer. */
const READY_DEADLINE_MS = 5_000;

/**
 * Checks that the database takes a write; answers the fault when it does not. Probes that arrive
 * while a check runs share it, so a frozen database does not collect a pile of waiting writes.
 */
function readinessCheck(storage: Storage): () => Promise<DatabaseFault | undefined> {
  let running: Promise<DatabaseFault | undefined> | undefined;
  const check = async (): Promise<DatabaseFault | undefined> => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<DatabaseFault>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), READY_DEADLINE_MS);
    });
    const write = storage.checkWritable().then(
      () => undefined,
      // A StorageError without a fault (say a missing table) still means: not ready.
      (error: unknown): DatabaseFault => (error instanceof StorageError && error.fault) || 'io',
    );
    try {
      return await Promise.race([write, deadline]);
    } finally {
      clearTimeout(timer);
    }
  };
  return () => {
    running ??= check().finally(() => {
      running = undefined;
    });
    return running;
  };
}

/** The readiness answer while the data folder is below its reserve: this process stores nothing more. */
const LOW_DISK_DETAIL = 'Er is te weinig vrije schijfruimte in de datamap: het portaal slaat niets meer op.';

export function registerHealthRoutes(app: FastifyInstance, storage: Storage, disk: DiskSpace): void {
  const ready = readinessCheck(storage);
  const answerReady = async (request: FastifyRequest, reply: FastifyReply) => {
    const fault = await ready();
    if (fault) return replyUnavailable(request, reply, fault);
    if (!(await hasRoomFor(disk, 0))) {
      request.log.warn('te weinig vrije schijfruimte in de datamap');
      return reply
        .code(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .header('Cache-Control', 'no-store')
        .send(errorBody(503, LOW_DISK_DETAIL, request.id, [{ code: CODES.diskFull, extraInfo: [] }]));
    }
    return reply.header('Cache-Control', 'no-store').send({ status: 'ok' });
  };
  // Never counted: a load balancer asks often, and a busy client must not make the portal look down.
  const unlimited = { config: { rateLimit: false as const } };
  app.get('/api/health/live', unlimited, async (_request, reply) => reply.header('Cache-Control', 'no-store').send({ status: 'ok' }));
  app.get('/api/health/ready', unlimited, answerReady);
  app.get('/api/health', unlimited, answerReady);
}
