/**
 * The OpenID Connect redirects (only when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set):
 *
 * - `GET /api/beheer/oidc/start` -> 302 to the provider (PKCE, state, nonce in a signed cookie).
 * - `GET /api/beheer/oidc/terug?code&state` -> 302 to /beheer, signed in; on failure to
 *   /beheer?fout=inloggen-mislukt, or ?fout=geen-rol when the claim holds no back-office role.
 *
 * The cookie of the pending sign-in is SameSite=Lax: the provider's redirect back is a navigation
 * from another site, on which a Strict cookie would not come along.
 */
import type { FastifyInstance } from 'fastify';
import type { OidcConfig, ServerConfig } from '../../config';
import type { BeheerStore } from '../../storage';
import { OidcRelyingParty, oidcKey, openPending, PENDING_MS, sealPending } from '../oidc';
import { endSession, startSession } from '../session';

const PENDING_COOKIE = 'beheer_oidc';
const COOKIE_PATH = '/api/beheer/oidc';

export function registerBeheerOidcRoutes(app: FastifyInstance, config: ServerConfig, settings: OidcConfig, store: BeheerStore): void {
  const party = new OidcRelyingParty(settings);
  const key = oidcKey(config.session.secret);
  const cookie = { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };

  app.get('/api/beheer/oidc/start', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      const { url, pending } = await party.start(Date.now());
      reply.setCookie(PENDING_COOKIE, sealPending(pending, key), { ...cookie, maxAge: PENDING_MS / 1000 });
      return reply.redirect(url.href, 302);
    } catch (error) {
      request.log.error({ err: { type: (error as Error).name, message: (error as Error).message } }, 'beheer: inlogdienst niet bereikbaar');
      return reply.redirect('/beheer?fout=inloggen-mislukt', 302);
    }
  });

  app.get('/api/beheer/oidc/terug', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const pending = openPending(request.cookies[PENDING_COOKIE], key, Date.now());
    reply.clearCookie(PENDING_COOKIE, cookie);
    if (!pending) return reply.redirect('/beheer?fout=inloggen-mislukt', 302);
    try {
      // The address the provider sent the browser to, as registered (not as a proxy may have rewritten it).
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const who = await party.finish(new URL(`${settings.redirectUri}${query}`), pending);
      if (who.roles.length === 0) {
        request.log.warn({}, 'beheer: inloggen via de inlogdienst zonder beheerrol');
        return reply.redirect('/beheer?fout=geen-rol', 302);
      }
      await endSession(request, reply, store, config);
      await startSession(reply, store, config, { username: who.username, roles: who.roles });
      request.log.info({ roles: who.roles }, 'beheer: ingelogd via de inlogdienst');
      return reply.redirect('/beheer', 302);
    } catch (error) {
      request.log.warn({ err: { type: (error as Error).name, message: (error as Error).message } }, 'beheer: inloggen via de inlogdienst mislukt');
      return reply.redirect('/beheer?fout=inloggen-mislukt', 302);
    }
  });
}
