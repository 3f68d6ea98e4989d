/**
 * A real OpenID Connect provider for the tests (`oidc-provider`), with its development sign-in
 * form: any login name signs in, and the name decides the roles claim — 'publicist' gets
 * ['publicist'], 'redacteur-publicist' both, 'geen-rol' none. The e-mail claim is `<name>@oidc.example.nl`.
 * Consent is taken as given (a first-party client), so the form is the only screen.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export const OIDC_CLIENT = { id: 'uzi-beheer', secret: 'test-geheim-van-de-client' };

function rolesOf(login: string): string[] {
  return login === 'geen-rol' ? [] : login.split('-').filter((role) => ['redacteur', 'publicist', 'beheerder'].includes(role));
}

export async function startOidcProvider(port: number, redirectUris: string[]): Promise<{ issuer: string; close: () => Promise<void> }> {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email'], profile: ['preferred_username', 'roles'] },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, email: `${sub}@oidc.example.nl`, preferred_username: sub, roles: rolesOf(sub) }),
    }),
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'preferred_username', 'roles']);
      await grant.save();
      return grant;
    },
  });
  const server: Server = provider.listen(port);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const actual = (server.address() as AddressInfo).port;
  if (actual !== port) throw new Error(`provider op poort ${actual} in plaats van ${port}`);
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
