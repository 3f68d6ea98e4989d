/**
 * The applicant's session as a signed cookie value, so every server process of a deployment can
 * check and extend it without a shared store: `<id>.<startedAtMs>.<expiresAtMs>.<signature>`, the
 * signature an HMAC-SHA256 over id, start and expiry with a key derived from the deployment's
 * secret. The start stays the same when a keepalive extends the session, so the server can end
 * every session a fixed time after it began, whatever expiry its cookie carries. The cookie holds
 * no personal data: a random id and two times.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface SessionClaims {
  /** Random session id (128 bits, base64url). */
  id: string;
  /** Start of the session, milliseconds since the epoch. */
  startedAt: number;
  /** End of the session, milliseconds since the epoch. */
  expiresAt: number;
}

const TOKEN = /^([A-Za-z0-9_-]{22})\.(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/**
 * The signing key for sessions. Derived from the secret with a fixed label, so a deployment may use
 * one secret for CSRF tokens and sessions without one ever passing for the other.
 */
export function sessionKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('uzi-portaal/sessie/v1').digest();
}

function signature(id: string, startedAt: number, expiresAt: number, key: Buffer): string {
  return createHmac('sha256', key).update(`${id}.${startedAt}.${expiresAt}`).digest('base64url');
}

export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

export function signSession(claims: SessionClaims, key: Buffer): string {
  return `${claims.id}.${claims.startedAt}.${claims.expiresAt}.${signature(claims.id, claims.startedAt, claims.expiresAt, key)}`;
}

/**
 * The claims of a well-formed, correctly signed token of a session that has not ended: neither its
 * expiry nor `maxMs` after its start has passed. Its expiry is never later than that limit.
 */
export function readSession(token: string | undefined, key: Buffer, now: number, maxMs: number): SessionClaims | undefined {
  const match = token ? TOKEN.exec(token) : null;
  if (!match) return undefined;
  const [, id, started, expires, given] = match;
  const startedAt = Number(started);
  const expiresAt = Math.min(Number(expires), startedAt + maxMs);
  const expected = Buffer.from(signature(id, startedAt, Number(expires), key));
  if (!timingSafeEqual(expected, Buffer.from(given))) return undefined;
  return startedAt <= now && expiresAt > now ? { id, startedAt, expiresAt } : undefined;
}

/** The session after a keepalive at `now`: the current one (or a new one) until `ttlMs` from now, never past `maxMs` after its start. */
export function extendSession(current: SessionClaims | undefined, now: number, ttlMs: number, maxMs: number): SessionClaims {
  const id = current?.id ?? newSessionId();
  const startedAt = current?.startedAt ?? now;
  return { id, startedAt, expiresAt: Math.min(now + ttlMs, startedAt + maxMs) };
}
