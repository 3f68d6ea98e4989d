// Every route renamed under the naming rule (docs/decisions/0004-route-names.md) still answers
// under its former name exactly as under its new one, over real HTTP: without any token or session,
// with the page's CSRF pair only, and signed in to the back office with a session of the applicant,
// the former name gets the same status, headers and body. So the CSRF check and the back-office
// guard hold for the former name as for the new one, and a page loaded before the rename, a
// bookmark or another caller is not broken by it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENAMED_ROUTES, type RenamedRoute } from '../../src/server/routeNames';
import { SESSION_COOKIE } from '../../src/server/routes/session';
import { beheerLogin, BOOTSTRAP, type BeheerCookie } from '../helpers/beheer';
import { setCookies, startServer, type Session, type TestServer } from '../helpers/server';

const FLOW = 'aanleveren-documenten';
const key = (route: RenamedRoute) => `${route.method} ${route.current}`;

/** The address of `pattern` with the parameter values `address` has for `filled` (the same pattern shape). */
function sameParameters(filled: string, address: string, pattern: string): string {
  const [path, query] = address.split('?');
  const values = new Map<string, string>();
  const have = path.split('/');
  filled.split('/').forEach((segment, index) => {
    if (!segment.startsWith(':')) return;
    const suffix = segment.includes('.') ? segment.slice(segment.indexOf('.')) : '';
    values.set(segment, suffix ? have[index].slice(0, -suffix.length) : have[index]);
  });
  const built = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const suffix = segment.includes('.') ? segment.slice(segment.indexOf('.')) : '';
      const value = values.get(segment);
      if (value === undefined) throw new Error(`${pattern}: no value for ${segment}`);
      return value + suffix;
    })
    .join('/');
  return query === undefined ? built : `${built}?${query}`;
}

/** What an answer comes to, the parts that differ per request (trace id, the new CSRF token) left out. */
async function outcome(response: Response) {
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  let body: unknown = text;
  if (type.startsWith('application/json') && text !== '') {
    const { traceId, ...rest } = JSON.parse(text) as Record<string, unknown>;
    body = traceId === undefined ? rest : { ...rest, traceId: 'trace' };
  }
  const cookies = [...setCookies(response)].map(([name, { value }]) => `${name}=${name === 'XSRF-TOKEN' ? 'token' : value}`);
  return {
    status: response.status,
    type,
    cacheControl: response.headers.get('cache-control'),
    allow: response.headers.get('allow'),
    cookies,
    body,
  };
}

describe('former route names', () => {
  let server: TestServer;
  let page: Session;
  let admin: BeheerCookie;
  let applicant: string;
  /** A concrete address under the new name of each renamed route. */
  let addresses: Map<string, string>;

  beforeAll(async () => {
    server = await startServer({ env: { BEHEER_ADMIN_EMAIL: BOOTSTRAP.email, BEHEER_ADMIN_PASSWORD: BOOTSTRAP.password } });
    page = await server.session();
    admin = await beheerLogin(server, page);
    const started = await server.fetch('/api/keepalive?keepalive=true');
    applicant = `${SESSION_COOKIE}=${setCookies(started).get(SESSION_COOKIE)?.value}`;
    const flow = (await (await server.fetch(`/api/flows/${FLOW}`)).json()) as { validators: Record<string, string> };
    const preview = (await (await server.fetch(`/api/beheer/flows/${FLOW}/voorbeeld`, { headers: { cookie: `${page.cookie}; ${admin.cookie}` } })).json()) as {
      validators: Record<string, string>;
    };
    addresses = new Map([
      ['POST /api/uitloggen', '/api/uitloggen'],
      ['GET /api/instellingen', '/api/instellingen'],
      ['GET /api/flows/:id/versies/:hash/validatiemodules/:file', flow.validators.stap1],
      ['GET /api/beheer/flows/:flowId/voorbeeld/validatiemodules/:step.js', preview.validators.stap1],
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Who sends the request: nobody known, a page with its CSRF pair, or a signed-in administrator with an applicant's session. */
  const senders: Record<string, () => Record<string, string>> = {
    'without a token or session': () => ({}),
    'with the CSRF pair only': () => ({ cookie: page.cookie, 'x-xsrf-token': page.token }),
    'signed in, with a session': () => ({ cookie: `${page.cookie}; ${admin.cookie}; ${applicant}`, 'x-xsrf-token': page.token }),
  };

  it('has an address for every renamed route, each under its new name', () => {
    expect([...addresses.keys()].sort()).toEqual(RENAMED_ROUTES.map(key).sort());
    for (const route of RENAMED_ROUTES) expect(sameParameters(route.current, addresses.get(key(route))!, route.current)).toBe(addresses.get(key(route)));
  });

  for (const route of RENAMED_ROUTES) {
    for (const [who, headers] of Object.entries(senders)) {
      it(`${route.method} ${route.former} answers as ${route.current}, ${who}`, async () => {
        const current = addresses.get(key(route))!;
        const former = sameParameters(route.current, current, route.former);
        expect(former).not.toBe(current);
        const send = (address: string, method: string = route.method) =>
          server.fetch(address, {
            method,
            headers: { ...headers(), ...(method === 'GET' || method === 'HEAD' ? {} : { 'content-type': 'application/json' }) },
            ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{}' }),
          });
        expect(await outcome(await send(former))).toEqual(await outcome(await send(current)));
        if (route.method === 'GET') expect(await outcome(await send(former, 'HEAD'))).toEqual(await outcome(await send(current, 'HEAD')));
      });
    }
  }

  it('goes through the same checks: the CSRF token for logging out, the back-office session for a preview module', async () => {
    const logout = RENAMED_ROUTES.find((route) => route.current === '/api/uitloggen')!;
    const refused = await server.fetch(logout.former, { method: 'POST', headers: { cookie: applicant } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { errors: { code: string }[] }).errors).toEqual([{ code: 'UCSRF-01', extraInfo: [] }]);
    const done = await server.fetch(logout.former, { method: 'POST', headers: { cookie: `${page.cookie}; ${applicant}`, 'x-xsrf-token': page.token } });
    expect(done.status).toBe(204);
    expect(setCookies(done).get(SESSION_COOKIE)?.value).toBe('');

    const preview = RENAMED_ROUTES.find((route) => route.current.startsWith('/api/beheer/'))!;
    const former = sameParameters(preview.current, addresses.get(key(preview))!, preview.former);
    expect((await server.fetch(former, { headers: { cookie: page.cookie } })).status).toBe(401);
    const module = await server.fetch(former, { headers: { cookie: `${page.cookie}; ${admin.cookie}` } });
    expect(module.status).toBe(200);
    expect(await module.text()).toContain('export default');
  });
});
