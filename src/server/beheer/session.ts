/**
 * Back-office sessions: a random token in an HttpOnly cookie of its own (apart from the applicants'
 * session cookie), only its SHA-256 in the database, so any process finds the session, signing out
 * ends it everywhere, and a copy of the database opens nothing. A session ends after a spell without
 * activity (every call counts) and in any case some hours after signing in.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BeheerConfig, ServerConfig } from '../config';
import type { BeheerRole, BeheerSession, BeheerStore } from '../storage';

export const BEHEER_COOKIE = 'beheer_sessie';
const COOKIE_PATH = '/api/beheer';
/**
 * A session is written back at most once a minute, not on every call — and for a short session
 * every tenth of it, so that continuous work never lets it run down to the session dialog (with two
 * minutes and a one-minute step, it would stand a minute short of its length and warn at once).
 */
const EXTEND_STEP_MS = 60_000;
const extendStep = (settings: BeheerConfig) => Math.min(EXTEND_STEP_MS, (settings.idleSeconds * 1000) / 10);

const idOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The id of the session the request's cookie names (a well-formed token only). */
function sessionIdOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[BEHEER_COOKIE];
  return token && token.length <= 100 ? idOf(token) : undefined;
}

function cookieOptions(config: ServerConfig) {
  return { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict' as const, secure: config.secureCookies };
}

/** The end of a session at `now`: a spell of inactivity from now, never past the longest a session may last. */
function endAt(session: Pick<BeheerSession, 'createdAt'>, settings: BeheerConfig, now: number): Date {
  return new Date(Math.min(now + settings.idleSeconds * 1000, session.createdAt.getTime() + settings.maxSeconds * 1000));
}

export interface SignIn {
  accountId?: string;
  username: string;
  roles: BeheerRole[];
  previousLoginAt?: Date;
}

export async function startSession(reply: FastifyReply, store: BeheerStore, config: ServerConfig, who: SignIn, now = new Date()): Promise<BeheerSession> {
  const token = randomBytes(32).toString('base64url');
  const session: BeheerSession = { id: idOf(token), ...who, createdAt: now, expiresAt: new Date(0) };
  session.expiresAt = endAt(session, config.beheer, now.getTime());
  await store.createSession(session);
  reply.setCookie(BEHEER_COOKIE, token, cookieOptions(config));
  return session;
}

/** The session the request's cookie opens, extended for this activity unless `extend` is false. */
export async function currentSession(
  request: FastifyRequest,
  store: BeheerStore,
  config: ServerConfig,
  extend = true,
  now = new Date(),
): Promise<BeheerSession | undefined> {
  const id = sessionIdOf(request);
  if (!id) return undefined;
  const session = await store.findSession(id, now);
  if (!session || !extend) return session;
  const next = endAt(session, config.beheer, now.getTime());
  if (next.getTime() - session.expiresAt.getTime() >= extendStep(config.beheer)) {
    await store.extendSession(session.id, next);
    session.expiresAt = next;
  }
  return session;
}

export async function endSession(request: FastifyRequest, reply: FastifyReply, store: BeheerStore, config: ServerConfig): Promise<void> {
  const id = sessionIdOf(request);
  if (id) await store.deleteSession(id);
  reply.clearCookie(BEHEER_COOKIE, cookieOptions(config));
}
