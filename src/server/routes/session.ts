/**
 * The applicant's session (doc 2 §4 'Session timeout', §7 keepalive). The portal has no login: the
 * session measures the applicant's activity, so the browser can warn before it ends and log out
 * when nobody is there. It lives only in a signed HttpOnly cookie (session/token.ts),
 * so any process of the deployment answers for it.
 *
 * - `GET /api/keepalive` -> `{ session: { ttl } }`, the seconds left; 0 when the cookie is missing,
 *   expired or not ours (a bad cookie is then removed). Does not extend the session.
 * - `GET /api/keepalive?keepalive=true` -> extends the session to the full ttl, or starts a new one
 *   when there is none (that is how a visit, or a visit after a timeout, begins). Never past the
 *   session's maximum lifetime (SESSION_MAX_HOURS after its start): then the ttl answered is what
 *   is left, and once that has passed the session has ended like any timed-out one.
 * - `POST /api/uitloggen` (formerly `/api/logout`) -> removes the cookie (204). CSRF-protected like
 *   every POST.
 *
 * Other /api calls do not look at the session: what an applicant enters stays in the browser until
 * it is sent, and every state-changing call is protected by the CSRF check. A stateless cookie
 * cannot be revoked: a copy stays valid until its expiry, at most one ttl after the last keepalive
 * and never past the maximum lifetime.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { withFormerNames } from '../routeNames';
import type { KeepaliveAnswer } from '../../shared/session';
import { extendSession, readSession, sessionKey, signSession } from '../session/token';

export const SESSION_COOKIE = 'portal_sessie';
export const KEEPALIVE_PATH = '/api/keepalive';

const ANSWER_SCHEMA = {
  type: 'object',
  properties: { session: { type: 'object', properties: { ttl: { type: 'integer' } }, required: ['ttl'] } },
  required: ['session'],
} as const;

export function registerSessionRoutes(app: FastifyInstance, config: ServerConfig, now: () => number = Date.now): void {
  const key = sessionKey(config.session.secret);
  const ttlSeconds = config.session.ttlSeconds;
  const maxMs = config.session.maxSeconds * 1000;
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.secureCookies,
  };
  const clear = (reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, cookieOptions);

  app.get<{ Querystring: Record<string, string | string[] | undefined> }>(
    KEEPALIVE_PATH,
    { schema: { response: { 200: ANSWER_SCHEMA } } },
    async (request, reply): Promise<KeepaliveAnswer> => {
      reply.header('Cache-Control', 'no-store');
      const at = now();
      const given = request.cookies[SESSION_COOKIE];
      const current = readSession(given, key, at, maxMs);
      if (request.query.keepalive === 'true') {
        // Extended to the full ttl, but never past the session's maximum lifetime from its start.
        const next = extendSession(current, at, ttlSeconds * 1000, maxMs);
        const ttl = Math.floor((next.expiresAt - at) / 1000);
        reply.setCookie(SESSION_COOKIE, signSession(next, key), { ...cookieOptions, maxAge: ttl });
        return { session: { ttl } };
      }
      if (!current) {
        if (given !== undefined) clear(reply);
        return { session: { ttl: 0 } };
      }
      // Rounded down: the browser rather warns a moment early than late.
      return { session: { ttl: Math.floor((current.expiresAt - at) / 1000) } };
    },
  );

  const logOut = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-store');
    clear(reply);
    return reply.code(204).send();
  };
  for (const url of withFormerNames('POST', '/api/uitloggen')) app.post(url, logOut);
}
