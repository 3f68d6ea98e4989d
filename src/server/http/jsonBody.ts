/**
 * The parser of JSON request bodies: Fastify's own (which refuses `__proto__` and `constructor`
 * keys), after a linear check that the body does not nest deeper than any real request does. A
 * deeper body is refused with 400 before anything parses or walks it (shared/jsonDepth.ts).
 */
import type { FastifyInstance } from 'fastify';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../shared/jsonDepth';
import { ApiError, CODES } from '../errors';

export const TOO_DEEP_MESSAGE = 'Het verzoek is te diep genest en wordt niet verwerkt.';

/** Replaces the JSON body parser of `app` (and the scopes it registers) with the depth-checking one. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new ApiError(400, TOO_DEEP_MESSAGE, [{ code: CODES.malformed, extraInfo: [] }]), undefined);
      return;
    }
    parse(request, text, done);
  });
}
