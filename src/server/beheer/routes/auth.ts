/**
 * Signing in and out of the back office, the session's state and keepalive, and the second factor
 * of a local account. Apart from signing in (and the OpenID Connect redirects), every call here
 * needs a session; state-changing ones also the CSRF header, like every POST of the portal.
 *
 * - `GET  /api/beheer/inloggen` -> `{ oidc }`: which ways of signing in this deployment offers.
 * - `POST /api/beheer/inloggen` `{ email, wachtwoord, code? }` -> the signed-in user (and the cookie).
 * - `POST /api/beheer/uitloggen` -> 204; the session ends on every process (401 without one).
 * - `GET  /api/beheer/sessie` -> the signed-in user, the four-eyes setting and the seconds left.
 * - `GET  /api/beheer/keepalive[?keepalive=true]` -> `{ session: { ttl } }`, extended with the flag.
 * - `POST /api/beheer/account/tweede-factor` -> `{ secret, uri }` to set up an authenticator app.
 * - `POST /api/beheer/account/tweede-factor/bevestigen` `{ code }` -> 204; asked from then on.
 * - `POST /api/beheer/account/tweede-factor/uitzetten` `{ code }` -> 204.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerConfig } from '../../config';
import { ApiError, CODES } from '../../errors';
import type { BeheerAccount, BeheerSession, BeheerStore } from '../../storage';
import { NOT_SIGNED_IN, requireSession, sessionOf } from '../guard';
import { localAccountOf } from '../localAccount';
import { currentSession, endSession, startSession } from '../session';
import { signInLocal } from '../signIn';
import { newTotpSecret, totpStep, totpUri } from '../totp';
import type { TotpSeal } from '../totpSeal';
import type { BeheerUser, CodeBody, SecondFactorSetup, SessionAnswer, SignInBody, SignInOptions } from '../../../shared/beheer';
import type { KeepaliveAnswer } from '../../../shared/session';

const CODE_BODY = {
  type: 'object',
  required: ['code'],
  additionalProperties: false,
  properties: { code: { type: 'string', maxLength: 12 } },
} as const;

function noStore(reply: FastifyReply): void {
  reply.header('Cache-Control', 'no-store');
}

export function registerBeheerAuthRoutes(app: FastifyInstance, config: ServerConfig, store: BeheerStore, seal: TotpSeal): void {
  const guard = requireSession(store, config);
  const ttlOf = (session: BeheerSession) => Math.max(0, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000));
  const userOf = async (session: BeheerSession): Promise<BeheerUser> => {
    const account = session.accountId ? await store.findAccount(session.accountId) : undefined;
    return {
      naam: session.username,
      rollen: session.roles,
      vorigeLogin: session.previousLoginAt?.toISOString() ?? null,
      lokaal: account !== undefined,
      tweedeFactor: account?.totpEnabled ?? false,
    };
  };

  app.get('/api/beheer/inloggen', async (_request, reply): Promise<SignInOptions> => {
    noStore(reply);
    return { oidc: config.beheer.oidc !== undefined };
  });

  /** Who is signed in and how the session runs: the same after signing in as when asked later. */
  const answerOf = async (session: BeheerSession): Promise<SessionAnswer> => ({
    gebruiker: await userOf(session),
    sessie: { ttl: ttlOf(session), popup: config.beheer.popupSeconds },
    vierOgen: config.beheer.fourEyes,
  });

  app.post<{ Body: SignInBody }>(
    '/api/beheer/inloggen',
    {
      config: { rateLimit: { max: config.beheer.loginRateLimit.max, timeWindow: config.beheer.loginRateLimit.timeWindowMs } },
      schema: {
        body: {
          type: 'object',
          required: ['email', 'wachtwoord'],
          additionalProperties: false,
          properties: {
            email: { type: 'string', minLength: 1, maxLength: 254 },
            wachtwoord: { type: 'string', minLength: 1, maxLength: 200 },
            code: { type: 'string', maxLength: 12 },
          },
        },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { email, wachtwoord, code } = request.body;
      const who = await signInLocal(store, config.beheer, seal, { email, password: wachtwoord, ...(code ? { code } : {}) });
      // A session the browser still held (another user on this computer) ends first.
      await endSession(request, reply, store, config);
      const session = await startSession(reply, store, config, who);
      request.log.info({ roles: session.roles }, 'beheer: ingelogd');
      return answerOf(session);
    },
  );

  app.post('/api/beheer/uitloggen', async (request, reply) => {
    noStore(reply);
    // Without a session there is nothing to end: 401 like every other call (a stale cookie is cleared all the same).
    const signedIn = (await currentSession(request, store, config, false)) !== undefined;
    await endSession(request, reply, store, config);
    if (!signedIn) throw NOT_SIGNED_IN();
    return reply.code(204).send();
  });

  app.get('/api/beheer/sessie', { preValidation: guard }, async (request, reply) => {
    noStore(reply);
    return answerOf(sessionOf(request));
  });

  app.get<{ Querystring: { keepalive?: string } }>('/api/beheer/keepalive', async (request, reply): Promise<KeepaliveAnswer> => {
    noStore(reply);
    const session = await currentSession(request, store, config, request.query.keepalive === 'true');
    if (!session) throw NOT_SIGNED_IN();
    return { session: { ttl: ttlOf(session) } };
  });

  const localAccount = (session: BeheerSession) => localAccountOf(store, session);
  const wrongCode = () => new ApiError(400, 'De verificatiecode is onjuist.', [{ code: CODES.invalidField, extraInfo: ['code'] }]);
  /** Whether the code is one of the account's secret now, used for the first time (a code works once, here as at sign-in). */
  const codeUsed = async (account: BeheerAccount, code: string): Promise<boolean> => {
    const secret = account.totpSecret === undefined ? undefined : seal.open(account.totpSecret);
    const step = secret === undefined ? undefined : await totpStep(secret, code);
    return step !== undefined && store.useTotpStep(account.id, step);
  };

  app.post('/api/beheer/account/tweede-factor', { preValidation: guard }, async (request, reply): Promise<SecondFactorSetup> => {
    noStore(reply);
    const account = await localAccount(sessionOf(request));
    if (account.totpEnabled) throw new ApiError(409, 'De verificatiecode staat al aan.', [{ code: CODES.malformed, extraInfo: [] }]);
    const secret = newTotpSecret();
    await store.setTotp(account.id, seal.seal(secret), false);
    return { secret, uri: totpUri(secret, account.email, config.applicationName) };
  });

  app.post<{ Body: CodeBody }>(
    '/api/beheer/account/tweede-factor/bevestigen',
    { preValidation: guard, schema: { body: CODE_BODY } },
    async (request, reply) => {
      noStore(reply);
      const account = await localAccount(sessionOf(request));
      if (!account.totpSecret || account.totpEnabled || !(await codeUsed(account, request.body.code))) throw wrongCode();
      await store.setTotp(account.id, account.totpSecret, true);
      return reply.code(204).send();
    },
  );

  app.post<{ Body: CodeBody }>('/api/beheer/account/tweede-factor/uitzetten', { preValidation: guard, schema: { body: CODE_BODY } }, async (request, reply) => {
    noStore(reply);
    const account = await localAccount(sessionOf(request));
    if (!account.totpEnabled || !(await codeUsed(account, request.body.code))) throw wrongCode();
    await store.setTotp(account.id, undefined, false);
    return reply.code(204).send();
  });
}
