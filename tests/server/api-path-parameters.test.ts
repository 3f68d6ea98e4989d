// What an address carries is checked before SQL, on SQLite and (with TEST_DATABASE_URL)
// PostgreSQL, which refuses NUL in text and numbers beyond its integer column: every route with a
// path parameter answers a NUL in each parameter, and a version number beyond any column, with
// 404 and the error body (signed in to the back office, so the request gets past the guards); a
// version beyond the column in a body or a page number beyond reason answer 400; a NUL in a query
// value 400. A route whose parameter has no known shape cannot be added.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/server/app';
import { CODES } from '../../src/server/errors';
import { checkRequestShapes, WRONG_ADDRESS_MESSAGE } from '../../src/server/http/requestShape';
import { beheerLogin, BOOTSTRAP, withBeheer, type BeheerCookie } from '../helpers/beheer';
import { expectError, startServer, testDatabaseUrl, type Session, type TestServer } from '../helpers/server';

const FLOW = 'aanleveren-documenten';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PLAUSIBLE: Record<string, string> = {
  flowPath: FLOW,
  flowId: FLOW,
  id: FLOW,
  hash: 'a'.repeat(64),
  file: 'stap1.js',
  step: 'stap1',
  version: '1',
  name: 'voorbeeld.json',
};
const NAMES = /:([A-Za-z0-9_]+)/g;

/** The route's address with `value` (already encoded) for parameter `target` and a plausible value for the others. */
function addressWith(route: RouteEntry, target: string, value: string): string {
  return route.url.replace(NAMES, (_match, name: string) => (name === target ? value : PLAUSIBLE[name]));
}

for (const engine of [{ label: 'SQLite' }, ...(testDatabaseUrl() ? [{ label: 'PostgreSQL', databaseUrl: testDatabaseUrl() }] : [])]) {
  describe(`path parameters and numbers on ${engine.label}`, () => {
    let server: TestServer;
    let page: Session;
    let admin: BeheerCookie;

    beforeAll(async () => {
      server = await startServer({ databaseUrl: engine.databaseUrl, env: { BEHEER_ADMIN_EMAIL: BOOTSTRAP.email, BEHEER_ADMIN_PASSWORD: BOOTSTRAP.password } });
      page = await server.session();
      admin = await beheerLogin(server, page);
    });
    afterAll(async () => {
      await server?.close();
    });

    const send = (method: string, address: string, body?: string) =>
      server.fetch(address, {
        method,
        headers: { ...withBeheer(page, admin), ...(BODY_METHODS.has(method) ? { 'content-type': 'application/json' } : {}) },
        ...(BODY_METHODS.has(method) ? { body: body ?? '{}' } : {}),
      });

    it('answers 404 with the error body for a NUL in any path parameter of any route', async () => {
      const routes = server.routes.filter((route) => route.url.includes('/:') && route.method !== 'HEAD');
      expect(routes.length).toBeGreaterThan(20);
      const wrong: string[] = [];
      for (const route of routes) {
        for (const [, name] of route.url.matchAll(NAMES)) {
          for (const value of ['%00', `${encodeURIComponent(PLAUSIBLE[name])}%00`]) {
            const address = addressWith(route, name, value);
            const response = await send(route.method, address);
            if (response.status !== 404) {
              wrong.push(`${route.method} ${address}: ${response.status}`);
              await response.arrayBuffer();
              continue;
            }
            const body = await expectError(response, 404);
            expect(body.detail).toBe(WRONG_ADDRESS_MESSAGE);
            expect(body.errors).toEqual([{ code: CODES.notFound, extraInfo: [] }]);
          }
        }
      }
      expect(wrong).toEqual([]);
    });

    it('answers 404 for a version number no integer column holds, in every route that takes one', async () => {
      const routes = server.routes.filter((route) => route.url.includes(':version') && route.method !== 'HEAD');
      expect(routes.length).toBeGreaterThan(0);
      for (const route of routes) {
        for (const value of ['1e308', '99999999999', '2147483648', '-1', '0', '1.5']) {
          const response = await send(route.method, addressWith(route, 'version', value));
          expect(response.status, `${route.method} ${route.url} ${value}`).toBe(404);
          await expectError(response, 404);
        }
      }
    });

    it('answers 400 for a version beyond the column in a body and a page beyond reason', async () => {
      for (const version of ['1e308', '2147483648', '99999999999999999999']) {
        const response = await send('POST', `/api/beheer/flows/${FLOW}/publiceren`, `{"version": ${version}, "note": "Proef"}`);
        expect(response.status, version).toBe(400);
        await expectError(response, 400);
      }
      for (const pagina of ['1e308', '99999999999']) {
        const response = await send('GET', `/api/beheer/feedback/opmerkingen?pagina=${pagina}`);
        expect(response.status, pagina).toBe(400);
        await expectError(response, 400);
      }
    });

    it('answers 400 for a NUL in a query value', async () => {
      for (const address of [`/api/flows/${FLOW}?v=%00`, `/api/beheer/flows/${FLOW}/gebruik?veld=%00`, `/api/referencedata/postcodedata?postcode=1234%00`]) {
        const response = await send('GET', address);
        expect(response.status, address).toBe(400);
        const body = await expectError(response, 400);
        expect(body.errors[0].code).toBe(CODES.controlCharacters);
      }
    });
  });
}

describe('a route whose path parameter has no shape', () => {
  it('cannot be added', async () => {
    const app = Fastify();
    checkRequestShapes(app);
    expect(() => app.get('/api/iets/:onbekend', async () => 'x')).toThrow(/onbekend/);
    await app.close();
  });
});
