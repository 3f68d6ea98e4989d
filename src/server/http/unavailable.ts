/**
 * The answer while the database cannot be used (down, restarting, frozen, read-only, disk full):
 * 503 with Retry-After and the spec's error body, from the error handler and the readiness check
 * alike. Which errors count is decided in storage/faults.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CODES, errorBody } from '../errors';
import type { DatabaseFault } from '../storage';

/** Seconds a client is asked to wait: long enough for a database restart or fail-over. */
export const RETRY_AFTER_SECONDS = 30;

export const UNAVAILABLE_DETAIL = 'Het portaal is even niet beschikbaar. Probeer het over een paar minuten opnieuw.';

/** Sends the 503 and logs the fault (a word such as 'unreachable'; never data or a URL). */
export function replyUnavailable(request: FastifyRequest, reply: FastifyReply, fault: DatabaseFault): FastifyReply {
  request.log.warn({ fault }, 'database niet beschikbaar');
  return reply
    .code(503)
    .header('Retry-After', String(RETRY_AFTER_SECONDS))
    .header('Cache-Control', 'no-store')
    .send(errorBody(503, UNAVAILABLE_DETAIL, request.id, [{ code: CODES.unavailable, extraInfo: [] }]));
}
