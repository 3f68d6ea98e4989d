// Signing in to the back office through a real OpenID Connect provider (oidc-provider), over real
// HTTP: the portal sends the browser away with PKCE, state and nonce; the provider's sign-in form
// sends it back with a code; the portal exchanges it and opens a session with the roles of the
// claim. Without a back-office role, with a forged state or without the pending cookie: no session.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_CLIENT, startOidcProvider } from '../helpers/oidcProvider';
import { setCookies, startServer, type Session, type TestServer } from '../helpers/server';
import { withBeheer } from '../helpers/beheer';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A small cookie jar for the provider's own cookies (name=value, by name). */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const [name, { value }] of setCookies(response)) this.cookies.set(name, value);
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

describe('back-office sign-in through OpenID Connect', () => {
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  let server: TestServer;
  let page: Session;

  beforeAll(async () => {
    const providerPort = await freePort();
    const portalPort = await freePort();
    const redirectUri = `http://127.0.0.1:${portalPort}/api/beheer/oidc/terug`;
    provider = await startOidcProvider(providerPort, [redirectUri]);
    server = await startServer({
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: OIDC_CLIENT.id,
        OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
        PUBLIC_URL: `http://127.0.0.1:${portalPort}`,
        PORT: String(portalPort),
      },
      port: portalPort,
    });
    page = await server.session('/beheer');
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  /** Goes from the portal to the provider, signs in as `login`, and answers the portal's callback address and the pending cookie. */
  async function throughProvider(login: string): Promise<{ callback: string; pending: string }> {
    const start = await server.fetch('/api/beheer/oidc/start');
    expect(start.status).toBe(302);
    const pending = setCookies(start).get('beheer_oidc');
    expect(pending?.attributes.get('httponly')).toBe(true);
    expect(String(pending?.attributes.get('samesite')).toLowerCase()).toBe('lax');
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();

    const jar = new Jar();
    let location = authorize.href;
    for (let hop = 0; hop < 10; hop += 1) {
      if (location.startsWith(`${server.baseUrl}/`) || location.includes('/api/beheer/oidc/terug'))
        return { callback: location, pending: `beheer_oidc=${pending!.value}` };
      const response = await fetch(new URL(location, provider.issuer), { redirect: 'manual', headers: { cookie: jar.header() } });
      jar.take(response);
      if (response.status >= 300 && response.status < 400) {
        location = new URL(response.headers.get('location')!, provider.issuer).href;
        continue;
      }
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`geen formulier bij de inlogdienst (${response.status})`);
      const form = await fetch(new URL(action.replaceAll('&amp;', '&'), provider.issuer), {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'elk-wachtwoord' }),
      });
      jar.take(form);
      location = new URL(form.headers.get('location')!, provider.issuer).href;
    }
    throw new Error('de inlogdienst stuurde niet terug');
  }

  it('opens a session with the roles of the claim and the e-mail address as user name', async () => {
    const { callback, pending } = await throughProvider('redacteur-publicist');
    const url = new URL(callback);
    const back = await server.fetch(`${url.pathname}${url.search}`, { headers: { cookie: `${page.cookie}; ${pending}` } });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/beheer');
    const session = setCookies(back).get('beheer_sessie');
    expect(session?.value).toBeTruthy();
    const answer = await server.fetch('/api/beheer/sessie', { headers: withBeheer(page, { cookie: `beheer_sessie=${session!.value}` }) });
    const body = (await answer.json()) as { gebruiker: { naam: string; rollen: string[]; lokaal: boolean } };
    expect(body.gebruiker).toEqual(expect.objectContaining({ naam: 'redacteur-publicist@oidc.example.nl', rollen: ['redacteur', 'publicist'], lokaal: false }));
    const accounts = await server.fetch('/api/beheer/accounts', { headers: withBeheer(page, { cookie: `beheer_sessie=${session!.value}` }) });
    expect(accounts.status).toBe(403);
  });

  it('opens no session without a back-office role, with a forged state, or without the pending cookie', async () => {
    const none = await throughProvider('geen-rol');
    const noneUrl = new URL(none.callback);
    const refused = await server.fetch(`${noneUrl.pathname}${noneUrl.search}`, { headers: { cookie: `${page.cookie}; ${none.pending}` } });
    expect(refused.headers.get('location')).toBe('/beheer?fout=geen-rol');
    expect(setCookies(refused).get('beheer_sessie')?.value ?? '').toBe('');

    const forged = await throughProvider('publicist');
    const forgedUrl = new URL(forged.callback);
    forgedUrl.searchParams.set('state', 'een-andere-state');
    const wrongState = await server.fetch(`${forgedUrl.pathname}${forgedUrl.search}`, { headers: { cookie: `${page.cookie}; ${forged.pending}` } });
    expect(wrongState.headers.get('location')).toBe('/beheer?fout=inloggen-mislukt');

    const bare = await throughProvider('publicist');
    const bareUrl = new URL(bare.callback);
    const noCookie = await server.fetch(`${bareUrl.pathname}${bareUrl.search}`, { headers: { cookie: page.cookie } });
    expect(noCookie.headers.get('location')).toBe('/beheer?fout=inloggen-mislukt');
  });
});
