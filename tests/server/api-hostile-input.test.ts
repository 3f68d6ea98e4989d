// Hostile request bodies and busy clients, over real HTTP: a body of 5000 nested arrays (10 KB)
// answers 400 with the error body on every route that takes a body, signed in to the back office
// or not, before anything walks it; every route that does work counts its requests per client and
// answers 429 past its limit (the shared flow answers count the versions they look up in the
// database), the health checks never do. (How fast health answers during such an
// attack is measured by `npm run bench:hostile`, not here.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/server/app';
import { CODES } from '../../src/server/errors';
import { TOO_DEEP_MESSAGE } from '../../src/server/http/jsonBody';
import { beheerLogin, BOOTSTRAP, withBeheer, type BeheerCookie } from '../helpers/beheer';
import { expectError, startServer, type Session, type TestServer } from '../helpers/server';

const NESTED = '['.repeat(5000) + ']'.repeat(5000);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A plausible value per path parameter, so each request reaches its route. */
const PARAMETER_VALUES: Record<string, string> = {
  flowPath: 'aanleveren-documenten',
  flowId: 'aanleveren-documenten',
  id: 'aanleveren-documenten',
  hash: 'a'.repeat(64),
  file: 'stap1.js',
  step: 'stap1',
  version: '1',
  name: 'voorbeeld',
};

/** The route's pattern with a plausible value for each parameter. */
function addressOf(route: RouteEntry): string {
  return route.url.replace(/:([A-Za-z]+)/g, (_match, name: string) => PARAMETER_VALUES[name] ?? 'x');
}

/** The answers that are the same for everyone (GET and HEAD only, served from memory) and the health checks. */
function uncounted(route: RouteEntry): boolean {
  return /^\/api\/(flows|base-data)(\/|$)/.test(route.url) || /^\/api\/health(\/|$)/.test(route.url);
}

describe('deeply nested JSON', () => {
  let server: TestServer;
  let page: Session;
  let admin: BeheerCookie;

  beforeAll(async () => {
    server = await startServer({ env: { BEHEER_ADMIN_EMAIL: BOOTSTRAP.email, BEHEER_ADMIN_PASSWORD: BOOTSTRAP.password } });
    page = await server.session();
    admin = await beheerLogin(server, page);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 400 with the error body on every route that takes a body, signed in or not', async () => {
    const routes = server.routes.filter((route) => BODY_METHODS.has(route.method));
    expect(routes.length).toBeGreaterThan(20);
    // An address no route has goes to the not-found handler, which parses the body too.
    for (const route of [...routes, { method: 'POST', url: '/api/bestaat-niet' }]) {
      for (const headers of [{ cookie: page.cookie, 'x-xsrf-token': page.token }, withBeheer(page, admin)]) {
        const response = await server.fetch(addressOf(route), {
          method: route.method,
          body: NESTED,
          headers: { ...headers, 'content-type': 'application/json' },
        });
        // A route that takes only small bodies refuses this one as too large, unread (413).
        expect([400, 413], `${route.method} ${route.url}`).toContain(response.status);
        const body = await expectError(response, response.status);
        if (response.status === 400) {
          expect(body.detail, `${route.method} ${route.url}`).toBe(TOO_DEEP_MESSAGE);
          expect(body.errors).toEqual([{ code: CODES.malformed, extraInfo: [] }]);
        }
      }
    }
  });

  it('refuses a saved application whose answers nest too deeply, inside a multipart body', async () => {
    const flow = 'aanleveren-documenten';
    const hash = server.registry.get(flow)!.hash;
    const answers = `{"model":{"gegevens":{"lijst":${NESTED}}},"drafts":{},"wizard":{"current":"stap1"}}`;
    const header = `{"flowId":"${flow}","scenario":"uzi","hash":"${hash}","path":"/uzi/${flow}/stap1","answers":${answers},"files":[]}`;
    const form = new FormData();
    form.append('gegevens', header);
    const response = await server.postMultipart('/api/opslaan', form, page);
    const body = await expectError(response, 400);
    expect(body.detail).toBe('De gegevens zijn te diep genest.');
    expect(body.errors).toEqual([{ code: CODES.malformed, extraInfo: ['gegevens'] }]);
  });

  it('still takes a body nested as deep as the limit allows', async () => {
    const nested = (depth: number) => '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);
    // Feedback refuses the shape (400, not the depth message); the depth check lets it through.
    const within = await server.postJson('/api/useropinion', nested(64), page);
    expect((await expectError(within, 400)).detail).not.toBe(TOO_DEEP_MESSAGE);
    const beyond = await server.postJson('/api/useropinion', nested(65), page);
    expect((await expectError(beyond, 400)).detail).toBe(TOO_DEEP_MESSAGE);
    // The media type with parameters, in another case, is the same parser.
    for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
      const typed = await server.postJson('/api/uitloggen', NESTED, page, { 'content-type': type });
      expect((await expectError(typed, 400)).detail, type).toBe(TOO_DEEP_MESSAGE);
    }
    // Brackets inside strings are text, not nesting.
    const inText = await server.postJson('/api/useropinion', JSON.stringify({ comment: '['.repeat(5000) }), page);
    expect(inText.status).not.toBe(500);
    if (inText.status === 400) expect((await expectError(inText, 400)).detail).not.toBe(TOO_DEEP_MESSAGE);
  });
});

describe('rate limits', () => {
  const LIMIT = 3;
  /** More than the highest limit in play (the resume code's ten a minute). */
  const ATTEMPTS = 12;
  let server: TestServer;
  let page: Session;

  beforeAll(async () => {
    server = await startServer({
      env: {
        REQUEST_RATE_LIMIT_MAX: String(LIMIT),
        UPLOAD_RATE_LIMIT_MAX: String(LIMIT),
        POSTCODE_RATE_LIMIT_MAX: String(LIMIT),
        USEROPINION_RATE_LIMIT_MAX: String(LIMIT),
        BEHEER_LOGIN_RATE_LIMIT_MAX: String(LIMIT),
      },
    });
    page = await server.session();
  });
  afterAll(async () => {
    await server?.close();
  });

  const send = (route: RouteEntry) =>
    server.fetch(addressOf(route), {
      method: route.method,
      headers: { cookie: page.cookie, 'x-xsrf-token': page.token, ...(BODY_METHODS.has(route.method) ? { 'content-type': 'application/json' } : {}) },
      ...(BODY_METHODS.has(route.method) ? { body: '{}' } : {}),
    });

  it('answers 429 with the error body on every route that does work, /api/uitloggen included', async () => {
    const counted = server.routes.filter((route) => !uncounted(route));
    expect(counted.map((route) => `${route.method} ${route.url}`)).toContain('POST /api/uitloggen');
    const unlimited: string[] = [];
    for (const route of counted) {
      let limited: Response | undefined;
      for (let attempt = 0; attempt < ATTEMPTS && !limited; attempt += 1) {
        const response = await send(route);
        if (response.status === 429) limited = response;
        else await response.arrayBuffer();
      }
      if (!limited) unlimited.push(`${route.method} ${route.url}`);
      // A HEAD answer has no body to check.
      else if (route.method !== 'HEAD') await expectError(limited, 429);
    }
    expect(unlimited).toEqual([]);
  });

  it('counts look-ups of flow versions that are not in memory, never the published ones', async () => {
    for (const address of [
      '/api/flows/aanleveren-documenten?v=' + 'b'.repeat(64),
      `/api/flows/aanleveren-documenten/versies/${'c'.repeat(64)}/validatiemodules/stap1.js`,
    ]) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < ATTEMPTS && !statuses.includes(429); attempt += 1) {
        const response = await server.fetch(address);
        statuses.push(response.status);
        if (response.status === 429) await expectError(response, 429);
        else await response.arrayBuffer();
      }
      expect(statuses, address).toContain(429);
    }
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const response = await server.fetch('/api/flows/aanleveren-documenten');
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
  });

  it('counts the pages and unknown addresses too', async () => {
    let status = 0;
    for (let attempt = 0; attempt < ATTEMPTS && status !== 429; attempt += 1) {
      const response = await server.fetch('/api/bestaat-niet');
      status = response.status;
      await response.arrayBuffer();
    }
    expect(status).toBe(429);
  });

  it('never limits the health checks', async () => {
    for (const route of server.routes.filter((entry) => /^\/api\/health(\/|$)/.test(entry.url))) {
      for (let attempt = 0; attempt < ATTEMPTS * 2; attempt += 1) {
        const response = await send(route);
        expect(response.status, `${route.method} ${route.url}`).toBe(200);
        await response.arrayBuffer();
      }
    }
  });
});
