/**
 * Local accounts, for the role 'beheerder' only.
 *
 * - `GET  /api/beheer/accounts` -> every account: address, roles, second factor on, last sign-in.
 * - `POST /api/beheer/accounts` `{ email, wachtwoord, rollen }` -> the new account (201).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';
import { ApiError, CODES } from '../../errors';
import { BEHEER_ROLES, type BeheerRole, type BeheerStore } from '../../storage';
import { requireSession } from '../guard';
import { hashPassword, MIN_PASSWORD_LENGTH } from '../passwords';

export function registerBeheerAccountRoutes(app: FastifyInstance, config: ServerConfig, store: BeheerStore): void {
  const guard = requireSession(store, config, ['beheerder']);

  app.get('/api/beheer/accounts', { preValidation: guard }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const accounts = await store.listAccounts();
    return {
      accounts: accounts.map((account) => ({
        id: account.id,
        email: account.email,
        rollen: account.roles,
        tweedeFactor: account.totpEnabled,
        laatsteLogin: account.lastLoginAt?.toISOString() ?? null,
      })),
    };
  });

  app.post<{ Body: { email: string; wachtwoord: string; rollen: BeheerRole[] } }>(
    '/api/beheer/accounts',
    {
      preValidation: guard,
      schema: {
        body: {
          type: 'object',
          required: ['email', 'wachtwoord', 'rollen'],
          additionalProperties: false,
          properties: {
            email: { type: 'string', minLength: 3, maxLength: 254 },
            wachtwoord: { type: 'string', maxLength: 200 },
            rollen: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: [...BEHEER_ROLES] } },
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { email, wachtwoord, rollen } = request.body;
      const errors = [];
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) errors.push({ code: CODES.invalidField, extraInfo: ['email', "Het veld 'E-mailadres' is geen geldig e-mailadres."] });
      if (wachtwoord.length < MIN_PASSWORD_LENGTH) errors.push({ code: CODES.invalidField, extraInfo: ['wachtwoord', `Het wachtwoord moet minimaal ${MIN_PASSWORD_LENGTH} tekens hebben.`] });
      if (errors.length > 0) throw new ApiError(400, 'Het account is niet aangemaakt: controleer de gegevens.', errors);
      if (await store.findAccountByEmail(email)) {
        throw new ApiError(409, 'Er is al een account met dit e-mailadres.', [{ code: CODES.invalidField, extraInfo: ['email'] }]);
      }
      const account = await store.createAccount({ email, passwordHash: await hashPassword(wachtwoord), roles: rollen });
      request.log.info({ roles: account.roles }, 'beheer: account aangemaakt');
      return reply.code(201).send({ id: account.id, email: account.email, rollen: account.roles, tweedeFactor: false, laatsteLogin: null });
    },
  );
}
