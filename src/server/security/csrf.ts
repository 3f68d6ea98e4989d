/**
 * CSRF protection by double submit, stateless so any server process can check it: the page gets a
 * readable cookie XSRF-TOKEN (random value + HMAC with the deployment's secret) and every
 * state-changing call must echo it in the X-XSRF-TOKEN header. A missing, different or unsigned
 * token is refused with 403; a token this deployment did not sign (a stale one after a change of
 * secret, a damaged cookie) is replaced in that answer, so the browser can retry once.
 */
import type { FastifyReply } from 'fastify';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER as XSRF_HEADER_NAME } from '../../shared/csrf';

export { XSRF_COOKIE };
/** As Node gives header names: in lower case. */
export const XSRF_HEADER = XSRF_HEADER_NAME.toLowerCase();

function sign(nonce: string, secret: string): string {
  return createHmac('sha256', secret).update(nonce).digest('base64url');
}

export function issueToken(secret: string): string {
  const nonce = randomBytes(24).toString('base64url');
  return `${nonce}.${sign(nonce, secret)}`;
}

export function isSignedToken(token: string | undefined, secret: string): boolean {
  if (!token) return false;
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(nonce, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** True when the header echoes the cookie and the cookie carries our signature. */
export function checkCsrf(cookie: string | undefined, header: string | undefined, secret: string): boolean {
  if (!cookie || !header || cookie.length !== header.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(header)) && isSignedToken(cookie, secret);
}

/** Gives the page a fresh token when the one it holds is not ours (served pages and refused calls). */
export function renewTokenIfForeign(cookie: string | undefined, reply: FastifyReply, secret: string, secure: boolean | 'auto'): void {
  if (isSignedToken(cookie, secret)) return;
  reply.setCookie(XSRF_COOKIE, issueToken(secret), { path: '/', httpOnly: false, sameSite: 'strict', secure });
}
