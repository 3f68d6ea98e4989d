/**
 * The answers for what goes wrong before a route runs — a request that is too slow, too large, of
 * an unsupported type or not HTTP at all — each with the spec's error body (doc 2 §3), so every
 * status the server sends has one body. Requests Node refuses while parsing (headers too large,
 * malformed, too slow) never reach Fastify: their answer is written on the socket here.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ApiError, CODES, errorBody, type ErrorBody } from '../errors';

/** Detail and code of the statuses the edge answers itself. */
const EDGE_ANSWERS: Record<number, { detail: string; code: string }> = {
  400: { detail: 'Het verzoek is niet juist opgebouwd.', code: CODES.malformed },
  404: { detail: 'Deze functie bestaat niet.', code: CODES.notFound },
  405: { detail: 'Deze functie kan niet op deze manier worden gebruikt.', code: CODES.methodNotAllowed },
  408: { detail: 'Het verzoek duurde te lang. Probeer het opnieuw.', code: CODES.timedOut },
  413: { detail: 'Het verzoek is te groot.', code: CODES.bodyTooLarge },
  415: { detail: 'Dit soort verzoek wordt niet ondersteund.', code: CODES.mediaType },
  431: { detail: 'Het verzoek bevat te veel kopregels of cookies. Verwijder de cookies van deze website en probeer het opnieuw.', code: CODES.headersTooLarge },
};

/** The error body for one of the statuses above (400 for any other). */
export function edgeErrorBody(status: number, traceId: string): ErrorBody {
  const known = Object.hasOwn(EDGE_ANSWERS, status) ? status : 400;
  const { detail, code } = EDGE_ANSWERS[known];
  return errorBody(known, detail, traceId, [{ code, extraInfo: [] }]);
}

/** The same as an ApiError, for a route or hook to throw. */
export function edgeError(status: number): ApiError {
  const body = edgeErrorBody(status, '');
  return new ApiError(body.status, body.detail, body.errors);
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** The methods `path` has a route for (empty when it has none): the Allow header of a 405. */
export function allowedMethods(app: FastifyInstance, path: string): string[] {
  return METHODS.filter((method) => app.findRoute({ method, url: path }) !== null);
}

/** The status for an error Node's HTTP parser or its timers raise on a connection. */
function statusOf(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/**
 * Fastify's `clientErrorHandler`: writes a complete HTTP response with the error body on the raw
 * socket and closes it. Logs the error code only: the raw packet Node attaches holds the request's
 * headers, cookies included.
 */
export function clientErrorHandler(log: () => FastifyBaseLogger) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = statusOf(error.code);
    const traceId = randomUUID();
    log().debug({ code: error.code, status, traceId }, 'verbinding geweigerd');
    // An answer already under way cannot be replaced; the connection just ends.
    const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent === true;
    if (!socket.writable || answering) {
      socket.destroy();
      return;
    }
    const body = JSON.stringify(edgeErrorBody(status, traceId));
    socket.end(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
    // A client that does not read its answer does not keep the connection either.
    setTimeout(() => socket.destroy(), 2_000).unref();
  };
}
