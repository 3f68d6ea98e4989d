// The security headers over real HTTP: every answer (pages, API, errors, the shared flow answers)
// carries a Permissions-Policy that switches off the browser's device and payment features and no
// X-Frame-Options beside the policy's frame-ancestors; every error answer (400 of each kind, 403,
// 404, 405, 429) and every upload answer says Cache-Control: no-store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIED_FEATURES } from '../../src/server/security/headers';
import { DOCUMENT_FIELDS, minimalPdf, minimalPng, multipartForm, startServer, type Session, type TestServer } from '../helpers/server';

const UPLOAD = '/api/aanleveren-documenten/upload';

describe('header policy', () => {
  let server: TestServer;
  let session: Session;

  beforeAll(async () => {
    server = await startServer({ env: { USEROPINION_RATE_LIMIT_MAX: '2' } });
    session = await server.session('/uzi/aanleveren-documenten');
  });
  afterAll(async () => {
    await server?.close();
  });

  const json = (path: string, body: string, method = 'POST') =>
    server.fetch(path, { method, body, headers: { cookie: session.cookie, 'x-xsrf-token': session.token, 'content-type': 'application/json' } });

  it('sends a Permissions-Policy and no X-Frame-Options on pages, API answers and errors', async () => {
    const answers = [
      await server.fetch('/'),
      await server.fetch('/beheer'),
      await server.fetch('/api/instellingen'),
      await server.fetch('/api/flows'),
      await server.fetch('/api/health/live'),
      await server.fetch('/api/bestaat-niet'),
      await json('/api/useropinion', '{'),
      await server.fetch('/api/flows/%E0%A4%A'),
    ];
    for (const response of answers) {
      const policy = response.headers.get('permissions-policy') ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(policy, response.url).toContain(`${feature}=()`);
      expect(policy.split(', ').sort()).toEqual(DENIED_FEATURES.map((feature) => `${feature}=()`).sort());
      expect(response.headers.get('x-frame-options'), response.url).toBeNull();
      expect(response.headers.get('content-security-policy'), response.url).toContain("frame-ancestors 'none'");
      await response.arrayBuffer();
    }
  });

  it('sends no-store on every kind of error answer', async () => {
    const answers: Array<[string, Response]> = [
      ['400 broken JSON', await json('/api/useropinion', '{')],
      ['400 control character', await json('/api/useropinion', JSON.stringify({ rating: 5, comment: 'a\u0000' }))],
      ['400 bad percent-encoding', await server.fetch('/api/flows/%E0%A4%A')],
      ['403 CSRF', await server.fetch('/api/uitloggen', { method: 'POST' })],
      ['404 unknown address', await server.fetch('/api/bestaat-niet')],
      ['404 unknown flow', await server.fetch('/api/flows/bestaat-niet')],
      ['404 validator module', await server.fetch(`/api/flows/aanleveren-documenten/versies/${'a'.repeat(64)}/validatiemodules/stap1.js`)],
      ['405 wrong method', await server.fetch('/api/flows', { method: 'DELETE', headers: { cookie: session.cookie, 'x-xsrf-token': session.token } })],
      ['400 upload without files', await server.postMultipart(UPLOAD, multipartForm(DOCUMENT_FIELDS), session)],
    ];
    for (let attempt = 0; attempt < 3; attempt += 1) answers.push(['useropinion', await json('/api/useropinion', JSON.stringify({ rating: 5 }))]);
    expect(answers.some(([, response]) => response.status === 429)).toBe(true);
    for (const [label, response] of answers) {
      await response.arrayBuffer();
      if (response.status < 400) continue;
      expect(response.headers.get('cache-control'), `${label}: ${response.status}`).toBe('no-store');
    }
  });

  it('sends no-store on an accepted upload', async () => {
    const files = [
      { name: 'aanvraagformulier.pdf', bytes: minimalPdf('Aanvraagformulier'), type: 'application/pdf' },
      { name: 'uittreksel-kvk.png', bytes: minimalPng(), type: 'image/png' },
    ];
    const response = await server.postMultipart(UPLOAD, multipartForm(DOCUMENT_FIELDS, files), session);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    await response.arrayBuffer();
  });
});
