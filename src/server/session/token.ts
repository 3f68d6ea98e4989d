/**
 * The applicant's session as a signed cookie value, so every server process of a deployment can
 * check and extend it without a shared store: `<id>.<expiresAtMs>.<signature>`, the signature an
 * HMAC-SHA256 over id and expiry with a key derived from the deployment's secret. The cookie holds
 * no personal data: a random id and a time.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface SessionClaims {
  /** Random session id (128 bits, base64url). */
  id: string;
  /** End of the session, milliseconds since the epoch. */
  expiresAt: number;
}

const TOKEN = /^([A-Za-z0-9_-]{22})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/**
 * The signing key for sessions. Derived from the secret with a fixed label, so a deployment may use
 * one secret for CSRF tokens and sessions without one ever passing for the other.
 */
export function sessionKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('uzi-portaal/sessie/v1').digest();
}

function signature(id: string, expiresAt: number, key: Buffer): string {
  return createHmac('sha256', key).update(`${id}.${expiresAt}`).digest('base64url');
}

export function newSessionId(): string {
  return randomBytes(16).toString('base64url');
}

export function signSession(claims: SessionClaims, key: Buffer): string {
  return `${claims.id}.${claims.expiresAt}.${signature(claims.id, claims.expiresAt, key)}`;
}

/** The claims of a well-formed, correctly signed and unexpired token; otherwise undefined. */
export function readSession(token: string | undefined, key: Buffer, now: number): SessionClaims | undefined {
  const match = token ? TOKEN.exec(token) : null;
  if (!match) return undefined;
  const [, id, expires, given] = match;
  const expiresAt = Number(expires);
  const expected = Buffer.from(signature(id, expiresAt, key));
  if (!timingSafeEqual(expected, Buffer.from(given))) return undefined;
  return expiresAt > now ? { id, expiresAt } : undefined;
}
