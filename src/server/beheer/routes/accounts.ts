/**
 * Local accounts, for the role 'beheerder' only.
 *
 * - `GET  /api/beheer/accounts` -> every account: address, roles, second factor on, last sign-in, and
 *   until when an open password reset's code works.
 * - `POST /api/beheer/accounts` `{ email, wachtwoord, rollen }` -> the new account (201).
 * - `PUT  /api/beheer/accounts/:id` `{ rollen }` -> other roles (its sessions end: they carry the old ones).
 * - `DELETE /api/beheer/accounts/:id` -> 204; the account and its sessions are gone.
 * Nobody takes the role 'beheerder' from themselves or removes their own account, so there is
 * always someone left who manages accounts. Resetting a password: routes/passwords.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../config';
import { ApiError, CODES } from '../../errors';
import { BEHEER_ROLES, type BeheerStore } from '../../storage';
import { requireSession, sessionOf } from '../guard';
import { MAX_PASSWORD_LENGTH, passwordProblem } from '../../../shared/passwordPolicy';
import { hashPassword } from '../passwords';
import type { AccountRow, AccountsAnswer, NewAccountBody, RolesBody } from '../../../shared/beheer';

const ROLES = { type: 'array', minItems: 1, uniqueItems: true, items: { enum: [...BEHEER_ROLES] } } as const;

export function registerBeheerAccountRoutes(app: FastifyInstance, config: ServerConfig, store: BeheerStore): void {
  const guard = requireSession(store, config, ['beheerder']);

  app.get('/api/beheer/accounts', { preValidation: guard }, async (_request, reply): Promise<AccountsAnswer> => {
    reply.header('Cache-Control', 'no-store');
    const [accounts, resets] = await Promise.all([store.listAccounts(), store.listPasswordResets(new Date())]);
    const resetUntil = new Map(resets.map((reset) => [reset.accountId, reset.expiresAt.toISOString()]));
    return {
      accounts: accounts.map((account) => ({
        id: account.id,
        email: account.email,
        rollen: account.roles,
        tweedeFactor: account.totpEnabled,
        laatsteLogin: account.lastLoginAt?.toISOString() ?? null,
        herstelTot: resetUntil.get(account.id) ?? null,
      })),
    };
  });

  app.post<{ Body: NewAccountBody }>(
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
            wachtwoord: { type: 'string', maxLength: MAX_PASSWORD_LENGTH },
            rollen: ROLES,
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { email, wachtwoord, rollen } = request.body;
      const errors = [];
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()))
        errors.push({ code: CODES.invalidField, extraInfo: ['email', "Het veld 'E-mailadres' is geen geldig e-mailadres."] });
      const weak = passwordProblem(wachtwoord);
      if (weak) errors.push({ code: CODES.invalidField, extraInfo: ['wachtwoord', weak] });
      if (errors.length > 0) throw new ApiError(400, 'Het account is niet aangemaakt: controleer de gegevens.', errors);
      if (await store.findAccountByEmail(email)) {
        throw new ApiError(409, 'Er is al een account met dit e-mailadres.', [{ code: CODES.invalidField, extraInfo: ['email'] }]);
      }
      const account = await store.createAccount({ email, passwordHash: await hashPassword(wachtwoord), roles: rollen, by: sessionOf(request).username });
      request.log.info({ roles: account.roles }, 'beheer: account aangemaakt');
      return reply
        .code(201)
        .send({ id: account.id, email: account.email, rollen: account.roles, tweedeFactor: false, laatsteLogin: null, herstelTot: null } satisfies AccountRow);
    },
  );

  const notFound = () => new ApiError(404, 'Dit account bestaat niet.', [{ code: CODES.notFound, extraInfo: [] }]);
  /** An account may not take away the means to manage accounts from the one using it. */
  const own = (request: FastifyRequest<{ Params: { id: string } }>) => sessionOf(request).accountId === request.params.id;

  app.put<{ Params: { id: string }; Body: RolesBody }>(
    '/api/beheer/accounts/:id',
    { preValidation: guard, schema: { body: { type: 'object', required: ['rollen'], additionalProperties: false, properties: { rollen: ROLES } } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { rollen } = request.body;
      if (own(request) && !rollen.includes('beheerder')) {
        throw new ApiError(409, "U kunt uw eigen rol 'Beheerder' niet afnemen. Vraag een andere beheerder.", [
          { code: CODES.invalidField, extraInfo: ['rollen'] },
        ]);
      }
      if (!(await store.setAccountRoles(request.params.id, rollen, { by: sessionOf(request).username, at: new Date() }))) throw notFound();
      request.log.info({ roles: rollen }, 'beheer: rollen gewijzigd');
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { id: string } }>('/api/beheer/accounts/:id', { preValidation: guard }, async (request, reply) => {
    if (own(request))
      throw new ApiError(409, 'U kunt uw eigen account niet verwijderen. Vraag een andere beheerder.', [{ code: CODES.invalidField, extraInfo: [] }]);
    if (!(await store.deleteAccount(request.params.id))) throw notFound();
    request.log.info({}, 'beheer: account verwijderd');
    return reply.code(204).send();
  });
}
