/**
 * Passwords of local accounts: changed by their holder, reset by a beheerder, set again with the
 * reset code. Like every POST of the portal each needs the CSRF header; nothing here logs a code, a
 * password or an address.
 *
 * - `POST /api/beheer/account/wachtwoord` `{ huidig, nieuw }` -> 204; the account's other sessions end.
 * - `POST /api/beheer/accounts/:id/wachtwoord-herstel` `{ tweedeFactorUit? }` -> 201 `{ code, geldigTot }`
 *   (role 'beheerder', not for the own account); the account's sessions end and its password stops.
 * - `POST /api/beheer/wachtwoord-instellen` `{ code, wachtwoord }` -> 204; without a session, limited
 *   per client like signing in.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';
import { ApiError, CODES } from '../../errors';
import type { BeheerStore } from '../../storage';
import { MAX_PASSWORD_LENGTH } from '../../../shared/passwordPolicy';
import { requireSession, sessionOf } from '../guard';
import { changeOwnPassword } from '../passwordChange';
import { finishPasswordReset, startPasswordReset } from '../passwordReset';
import type { PasswordChangeBody, PasswordResetAnswer, PasswordResetBody, PasswordSetBody } from '../../../shared/beheer';

const PASSWORD = { type: 'string', maxLength: MAX_PASSWORD_LENGTH } as const;

export function registerBeheerPasswordRoutes(app: FastifyInstance, config: ServerConfig, store: BeheerStore): void {
  app.post<{ Body: PasswordChangeBody }>(
    '/api/beheer/account/wachtwoord',
    {
      preValidation: requireSession(store, config),
      schema: {
        body: {
          type: 'object',
          required: ['huidig', 'nieuw'],
          additionalProperties: false,
          properties: { huidig: { ...PASSWORD, minLength: 1 }, nieuw: PASSWORD },
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      try {
        await changeOwnPassword(store, config.beheer, sessionOf(request), { current: request.body.huidig, next: request.body.nieuw });
      } catch (error) {
        if (error instanceof ApiError && error.status === 429) request.log.warn({}, 'beheer: account vergrendeld na onjuist huidig wachtwoord');
        throw error;
      }
      request.log.info({}, 'beheer: wachtwoord gewijzigd');
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { id: string }; Body: PasswordResetBody }>(
    '/api/beheer/accounts/:id/wachtwoord-herstel',
    {
      preValidation: requireSession(store, config, ['beheerder']),
      schema: { body: { type: 'object', additionalProperties: false, properties: { tweedeFactorUit: { type: 'boolean' } } } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (sessionOf(request).accountId === request.params.id) {
        throw new ApiError(409, "U kunt uw eigen wachtwoord hier niet opnieuw instellen. Wijzig het onder 'Mijn account'.", [
          { code: CODES.invalidField, extraInfo: [] },
        ]);
      }
      const turnOffTotp = request.body?.tweedeFactorUit === true;
      const started = await startPasswordReset(store, request.params.id, { turnOffTotp, by: sessionOf(request).username });
      if (!started) throw new ApiError(404, 'Dit account bestaat niet.', [{ code: CODES.notFound, extraInfo: [] }]);
      request.log.info({ tweedeFactorUit: turnOffTotp }, 'beheer: wachtwoord opnieuw ingesteld, herstelcode gemaakt');
      return reply.code(201).send({ code: started.code, geldigTot: started.expiresAt.toISOString() } satisfies PasswordResetAnswer);
    },
  );

  app.post<{ Body: PasswordSetBody }>(
    '/api/beheer/wachtwoord-instellen',
    {
      config: { rateLimit: { max: config.beheer.loginRateLimit.max, timeWindow: config.beheer.loginRateLimit.timeWindowMs } },
      schema: {
        body: {
          type: 'object',
          required: ['code', 'wachtwoord'],
          additionalProperties: false,
          properties: { code: { type: 'string', maxLength: 64 }, wachtwoord: PASSWORD },
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      try {
        await finishPasswordReset(store, request.body.code, request.body.wachtwoord);
      } catch (error) {
        if (error instanceof ApiError && error.errors.some((item) => item.extraInfo[0] === 'code'))
          request.log.warn({ status: error.status }, 'beheer: herstelcode geweigerd');
        throw error;
      }
      request.log.info({}, 'beheer: wachtwoord ingesteld met herstelcode');
      return reply.code(204).send();
    },
  );
}
