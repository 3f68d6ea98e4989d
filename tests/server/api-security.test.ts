/**
 * Security behaviour of the real server over HTTP: the XSRF cookie and CSP header of a served
 * page, the signed double-submit CSRF check on state-changing /api calls, and the routing around
 * the SPA (unknown /api paths, the external redirect, the client-side route fallback).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXTERNAL_PASS_REQUEST_URL,
  errorBodyOf,
  expectError,
  INDEX_MARKER,
  minimalPdf,
  multipartForm,
  sessionFrom,
  setCookies,
  startServer,
  type Session,
  type TestServer,
} from '../helpers/server';

const UPLOAD = '/api/aanleveren-documenten/upload';
const BEVESTIGING = '/api/aanleveren-documenten/bevestiging';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.close();
});

describe('a served page', () => {
  it('sets a readable XSRF-TOKEN cookie with SameSite=Strict', async () => {
    const response = await server.fetch('/');
    expect(response.status).toBe(200);
    const cookie = setCookies(response).get('XSRF-TOKEN');
    expect(cookie).toBeDefined();
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(cookie!.attributes.has('httponly')).toBe(false);
    expect(String(cookie!.attributes.get('samesite')).toLowerCase()).toBe('strict');
    expect(cookie!.attributes.get('path')).toBe('/');
  });

  it('keeps a valid cookie instead of issuing a new one', async () => {
    const session = await server.session();
    const response = await server.fetch('/uzi/aanleveren-documenten', { headers: { cookie: session.cookie } });
    expect(response.status).toBe(200);
    expect(setCookies(response).has('XSRF-TOKEN')).toBe(false);
  });

  it('replaces an unsigned cookie', async () => {
    const response = await server.fetch('/', { headers: { cookie: 'XSRF-TOKEN=vervalst.token' } });
    const cookie = setCookies(response).get('XSRF-TOKEN');
    expect(cookie?.value).toBeDefined();
    expect(cookie!.value).not.toBe('vervalst.token');
  });

  it('has a strict Content-Security-Policy', async () => {
    const response = await server.fetch('/');
    const csp = response.headers.get('content-security-policy');
    expect(csp).toBeTruthy();
    expect(csp).not.toContain("'unsafe-inline'");
    expect(csp).not.toContain("'unsafe-eval'");
    const directives = new Map(
      csp!.split(';').map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('gives the back-office page a fresh style nonce, handed to the page, and nothing else', async () => {
    const nonces = await Promise.all(
      [0, 1].map(async () => {
        const response = await server.fetch('/beheer/flows');
        const csp = response.headers.get('content-security-policy')!;
        expect(csp).not.toContain("'unsafe-inline'");
        expect(csp).toContain("script-src 'self';");
        const nonce = /style-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
        expect(nonce).toBeTruthy();
        expect(await response.text()).toContain(`<meta name="csp-nonce" content="${nonce}">`);
        return nonce;
      }),
    );
    expect(nonces[0]).not.toBe(nonces[1]);
    expect((await server.fetch('/')).headers.get('content-security-policy')).toContain("style-src 'self';");
  });

  it('sends the CSP on /api answers too', async () => {
    const response = await server.fetch('/api/flows');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('CSRF check on POST /api', () => {
  let session: Session;

  beforeAll(async () => {
    session = await server.session();
  });

  async function expectCsrfRefusal(response: Response): Promise<void> {
    const body = await expectError(response, 403);
    expect(body.errors).toEqual([{ code: 'UCSRF-01', extraInfo: [] }]);
  }

  it('refuses a call without the header (cookie only)', async () => {
    const response = await server.postMultipart(UPLOAD, multipartForm({}), undefined, { cookie: session.cookie });
    await expectCsrfRefusal(response);
  });

  it('refuses a call without cookie and header', async () => {
    await expectCsrfRefusal(await server.postJson(BEVESTIGING, { kenmerk: 'AAAA-AAAA-AAAA-AAAA' }));
  });

  it('refuses a header that differs from the cookie', async () => {
    const other = await server.session();
    expect(other.token).not.toBe(session.token);
    const response = await server.postMultipart(UPLOAD, multipartForm({}), undefined, {
      cookie: session.cookie,
      'x-xsrf-token': other.token,
    });
    await expectCsrfRefusal(response);
  });

  it('refuses the header without the cookie', async () => {
    const response = await server.postMultipart(UPLOAD, multipartForm({}), undefined, { 'x-xsrf-token': session.token });
    await expectCsrfRefusal(response);
  });

  it('refuses a forged (unsigned) token sent in both cookie and header', async () => {
    const forged = 'zelfbedacht-token.zonder-geldige-handtekening';
    const response = await server.postMultipart(UPLOAD, multipartForm({}), { cookie: `XSRF-TOKEN=${forged}`, token: forged });
    await expectCsrfRefusal(response);
  });

  it('refuses a token signed with another secret', async () => {
    const foreign = await startServer({ env: { CSRF_SECRET: 'een-ander-geheim' } });
    try {
      const foreignSession = await foreign.session();
      await expectCsrfRefusal(await server.postJson(BEVESTIGING, { kenmerk: 'AAAA-AAAA-AAAA-AAAA' }, foreignSession));
    } finally {
      await foreign.close();
    }
  });

  it('hands out a fresh token with the refusal of a token it did not sign, which then passes; a valid token is kept', async () => {
    const foreign = await startServer({ env: { CSRF_SECRET: 'een-ander-geheim' } });
    let stale: Session;
    try {
      stale = await foreign.session();
    } finally {
      await foreign.close();
    }
    const refused = await server.postJson(BEVESTIGING, { kenmerk: 'AAAA-AAAA-AAAA-AAAA' }, stale);
    const renewed = sessionFrom(refused);
    await expectCsrfRefusal(refused);
    expect(renewed?.token).toBeDefined();
    expect(renewed!.token).not.toBe(stale.token);
    expect((await server.postJson(BEVESTIGING, { kenmerk: 'AAAA-AAAA-AAAA-AAAA' }, renewed)).status).toBe(404);

    // A token of this deployment refused for a missing header is not replaced.
    const kept = await server.postMultipart(UPLOAD, multipartForm({}), undefined, { cookie: session.cookie });
    expect(sessionFrom(kept)).toBeUndefined();
    await expectCsrfRefusal(kept);
  });

  it('lets the right token through (the call then fails on its content, not on CSRF)', async () => {
    const before = await server.storage.countSubmissions();
    const response = await server.postMultipart(UPLOAD, multipartForm({}), session);
    expect(response.status).not.toBe(403);
    const body = await expectError(response, 400);
    expect(body.errors.map((error) => error.code)).not.toContain('UCSRF-01');
    expect(await server.storage.countSubmissions()).toBe(before);

    const confirmation = await server.postJson(BEVESTIGING, { kenmerk: 'AAAA-AAAA-AAAA-AAAA' }, session);
    expect(confirmation.status).toBe(404);
  });

  it.each(['/%61pi/aanleveren-documenten/upload', '/%61%70%69/aanleveren-documenten/upload', '/%2561pi/aanleveren-documenten/upload'])(
    'cannot be bypassed with a percent-encoded path (%s)',
    async (path) => {
      // The router decodes %61 to 'a', so a check on the raw URL alone would let this through.
      const before = await server.storage.countSubmissions();
      const form = multipartForm(
        {
          abonneeNaam: 'Zorggroep De Linde B.V.',
          naamContactpersoon: 'De Vries-Jansen',
          emailAdresContactpersoon: 'j.devries@zorggroep-delinde.nl',
          aanvraag: '1',
          aanvraagType: '1',
        },
        [{ name: 'scan.pdf', bytes: minimalPdf() }],
      );
      const response = await server.postMultipart(path, form);
      expect([403, 404]).toContain(response.status);
      const body = await errorBodyOf(response);
      if (response.status === 403) expect(body.errors[0].code).toBe('UCSRF-01');
      expect(await server.storage.countSubmissions()).toBe(before);
    },
  );

  it('cannot be bypassed on the confirmation download with a percent-encoded path', async () => {
    const response = await server.postJson('/%61pi/aanleveren-documenten/bevestiging', { kenmerk: 'AAAA-AAAA-AAAA-AAAA' });
    await expectCsrfRefusal(response);
  });

  it('does not require the token for GET /api calls', async () => {
    expect((await server.fetch('/api/flows')).status).toBe(200);
  });
});

describe('routing around the portal', () => {
  it('answers an unknown /api path with a 404 error body', async () => {
    const body = await expectError(await server.fetch('/api/bestaat-niet'), 404);
    expect(body.errors).toEqual([{ code: 'UREQ-02', extraInfo: [] }]);
  });

  it('answers an unknown /api flow with a 404 error body', async () => {
    const body = await expectError(await server.fetch('/api/flows/bestaat-niet'), 404);
    expect(body.errors[0].code).toBe('UREQ-02');
  });

  it('does not serve index.html for an unknown /api path', async () => {
    const response = await server.fetch('/api/uzi/aanleveren-documenten');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain(INDEX_MARKER);
  });

  it('redirects /uzi/aanvraag-servercertificaat/… to the configured external page', async () => {
    for (const path of ['/uzi/aanvraag-servercertificaat/iets', '/uzi/aanvraag-servercertificaat']) {
      const response = await server.fetch(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location'), path).toBe(EXTERNAL_PASS_REQUEST_URL);
      expect(server.config.externalPassRequestUrl).toBe(EXTERNAL_PASS_REQUEST_URL);
    }
  });

  it('serves index.html for a client-side route', async () => {
    const response = await server.fetch('/uzi/aanleveren-documenten/stap2');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toContain(INDEX_MARKER);
  });

  it('answers a POST to a page path with a 404 error body, not the page', async () => {
    const session = await server.session();
    const response = await server.fetch('/uzi/aanleveren-documenten', {
      method: 'POST',
      headers: { cookie: session.cookie, 'x-xsrf-token': session.token },
    });
    const body = await errorBodyOf(response);
    expect(response.status).toBe(404);
    expect(body.errors[0].code).toBe('UREQ-02');
  });
});
