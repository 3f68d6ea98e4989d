/**
 * The applicant's session over real HTTP: keepalive answers and extension, the cookie's flags, a
 * tampered, foreign or expired cookie counting as no session, logout, and a second server process
 * with the same secret accepting a cookie the first one issued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { SESSION_COOKIE } from '../../src/server/routes/session';
import { readSession, sessionKey, signSession } from '../../src/server/session/token';
import { expectError, setCookies, startServer, type TestServer } from '../helpers/server';
import { startServerProcess, type ServerProcess } from '../helpers/serverProcess';

const SECRET = 'sessie-test-geheim';
const TTL = 600;

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ env: { SESSION_SECRET: SECRET, SESSION_TTL_SECONDS: String(TTL), SESSION_POPUP_SECONDS: '45' } });
});

afterAll(async () => {
  await server?.close();
});

async function keepalive(target: { fetch: TestServer['fetch'] }, cookie?: string, extend = false) {
  const response = await target.fetch(`/api/keepalive${extend ? '?keepalive=true' : ''}`, { headers: cookie ? { cookie } : {} });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = (await response.json()) as { session: { ttl: number } };
  return { response, body, ttl: body.session.ttl, cookie: setCookies(response).get(SESSION_COOKIE) };
}

/** Starts a session and returns the Cookie header value for it. */
async function newSession(target: { fetch: TestServer['fetch'] } = server): Promise<string> {
  const { cookie } = await keepalive(target, undefined, true);
  expect(cookie).toBeDefined();
  return `${SESSION_COOKIE}=${cookie!.value}`;
}

const key = sessionKey(SECRET);
const MAX_MS = 12 * 3_600_000;
const tokenOf = (cookieHeader: string) => cookieHeader.slice(SESSION_COOKIE.length + 1);

describe('GET /api/keepalive', () => {
  it('answers ttl 0 without a session and sets no cookie', async () => {
    const { body, cookie } = await keepalive(server);
    expect(body).toEqual({ session: { ttl: 0 } });
    expect(cookie).toBeUndefined();
  });

  it('starts a session with ?keepalive=true: the full ttl, an HttpOnly SameSite=Strict cookie for the whole site', async () => {
    const { body, cookie } = await keepalive(server, undefined, true);
    expect(body).toEqual({ session: { ttl: TTL } });
    expect(cookie).toBeDefined();
    expect(cookie!.attributes.get('httponly')).toBe(true);
    expect(String(cookie!.attributes.get('samesite')).toLowerCase()).toBe('strict');
    expect(cookie!.attributes.get('path')).toBe('/');
    expect(cookie!.attributes.get('max-age')).toBe(String(TTL));
    // Plain http and no proxy telling otherwise: not Secure (SECURE_COOKIES=auto).
    expect(cookie!.attributes.has('secure')).toBe(false);
    // The cookie holds a random id and two times (start and end), nothing else.
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{22}\.\d+\.\d+\.[A-Za-z0-9_-]{43}$/);
  });

  it('reports the remaining time without extending the session', async () => {
    const session = await newSession();
    const before = readSession(tokenOf(session), key, Date.now(), MAX_MS)!;
    const { ttl, cookie } = await keepalive(server, session);
    expect(ttl).toBeGreaterThanOrEqual(TTL - 2);
    expect(ttl).toBeLessThanOrEqual(TTL);
    expect(cookie).toBeUndefined();
    expect(before.expiresAt).toBeGreaterThan(Date.now());
  });

  it('extends a running session only with ?keepalive=true, keeping its id', async () => {
    const id = 'AAAAAAAAAAAAAAAAAAAAAA';
    const nearlyOver = `${SESSION_COOKIE}=${signSession({ id, startedAt: Date.now() - 60_000, expiresAt: Date.now() + 5_000 }, key)}`;
    const plain = await keepalive(server, nearlyOver);
    expect(plain.ttl).toBeGreaterThanOrEqual(3);
    expect(plain.ttl).toBeLessThanOrEqual(5);
    expect(plain.cookie).toBeUndefined();

    const extended = await keepalive(server, nearlyOver, true);
    expect(extended.ttl).toBe(TTL);
    const claims = readSession(extended.cookie!.value, key, Date.now(), MAX_MS);
    expect(claims?.id).toBe(id);
    expect(claims!.expiresAt - Date.now()).toBeGreaterThan((TTL - 5) * 1000);
    const after = await keepalive(server, `${SESSION_COOKIE}=${extended.cookie!.value}`);
    expect(after.ttl).toBeGreaterThanOrEqual(TTL - 2);
  });

  it('treats an expired session as none; ?keepalive=true then starts a new one', async () => {
    const id = 'BBBBBBBBBBBBBBBBBBBBBB';
    const expired = `${SESSION_COOKIE}=${signSession({ id, startedAt: Date.now() - 60_000, expiresAt: Date.now() - 1 }, key)}`;
    const plain = await keepalive(server, expired);
    expect(plain.ttl).toBe(0);
    expect(plain.cookie?.value).toBe('');
    const renewed = await keepalive(server, expired, true);
    expect(renewed.ttl).toBe(TTL);
    expect(readSession(renewed.cookie!.value, key, Date.now(), MAX_MS)?.id).not.toBe(id);
  });

  it('rejects a tampered cookie: changed signature, changed expiry, another secret, garbage', async () => {
    const session = await newSession();
    const token = tokenOf(session);
    const [id, started, expires, signature] = token.split('.');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const claims = { id, startedAt: Number(started), expiresAt: Number(expires) };
    const candidates = [
      `${id}.${started}.${expires}.${flipped}`,
      `${id}.${started}.${Number(expires) + 3_600_000}.${signature}`,
      `${id}.${Number(started) + 3_600_000}.${expires}.${signature}`,
      // The format without a start (before sessions had a maximum lifetime).
      `${id}.${expires}.${signature}`,
      signSession(claims, sessionKey('een-ander-geheim')),
      signSession(claims, sessionKey(server.config.csrfSecret)),
      'kapot',
      `${token}.extra`,
    ];
    for (const candidate of candidates) {
      const { ttl, cookie } = await keepalive(server, `${SESSION_COOKIE}=${candidate}`);
      expect(ttl, candidate).toBe(0);
      // The bad cookie is removed.
      expect(cookie?.value, candidate).toBe('');
      const renewed = await keepalive(server, `${SESSION_COOKIE}=${candidate}`, true);
      expect(readSession(renewed.cookie!.value, key, Date.now(), MAX_MS)?.id, candidate).not.toBe(id);
    }
  });

  it('marks the cookie Secure behind a trusted https proxy (auto) and when configured, not for an untrusted X-Forwarded-Proto', async () => {
    const untrusted = await server.fetch('/api/keepalive?keepalive=true', { headers: { 'x-forwarded-proto': 'https' } });
    expect(setCookies(untrusted).get(SESSION_COOKIE)?.attributes.get('secure')).toBeUndefined();
    for (const trustProxy of ['1', '127.0.0.1', '127.0.0.0/8']) {
      const proxied = await startServer({ env: { TRUST_PROXY: trustProxy } });
      try {
        const viaProxy = await proxied.fetch('/api/keepalive?keepalive=true', { headers: { 'x-forwarded-proto': 'https' } });
        expect(setCookies(viaProxy).get(SESSION_COOKIE)?.attributes.get('secure'), trustProxy).toBe(true);
        const plain = await proxied.fetch('/api/keepalive?keepalive=true');
        expect(setCookies(plain).get(SESSION_COOKIE)?.attributes.get('secure'), trustProxy).toBeUndefined();
      } finally {
        await proxied.close();
      }
    }
    const secure = await startServer({ env: { SECURE_COOKIES: 'true' } });
    try {
      const response = await secure.fetch('/api/keepalive?keepalive=true');
      expect(setCookies(response).get(SESSION_COOKIE)?.attributes.get('secure')).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe('maximum lifetime of a session', () => {
  const HOUR = 3_600_000;
  const signed = (startedAt: number, expiresAt: number) => `${SESSION_COOKIE}=${signSession({ id: 'AAAAAAAAAAAAAAAAAAAAAA', startedAt, expiresAt }, key)}`;

  it('keeps the start of a session when a keepalive extends it', async () => {
    const startedAt = Date.now() - HOUR;
    const extended = await keepalive(server, signed(startedAt, Date.now() + 5_000), true);
    expect(extended.ttl).toBe(TTL);
    expect(readSession(extended.cookie!.value, key, Date.now(), MAX_MS)).toMatchObject({ id: 'AAAAAAAAAAAAAAAAAAAAAA', startedAt });
  });

  it('never extends past 12 hours from the start: the ttl answered is what is left', async () => {
    const startedAt = Date.now() - 12 * HOUR + 90_000;
    const extended = await keepalive(server, signed(startedAt, Date.now() + 5_000), true);
    expect(extended.ttl).toBeGreaterThan(80);
    expect(extended.ttl).toBeLessThanOrEqual(90);
    expect(Number(extended.cookie!.attributes.get('max-age'))).toBeLessThanOrEqual(90);
    expect(readSession(extended.cookie!.value, key, Date.now(), MAX_MS)!.expiresAt).toBeLessThanOrEqual(startedAt + 12 * HOUR);
  });

  it('ends a session 12 hours after its start whatever expiry its signed cookie carries', async () => {
    const old = signed(Date.now() - 12 * HOUR - 1_000, Date.now() + 10 * HOUR);
    const { ttl, cookie } = await keepalive(server, old);
    expect(ttl).toBe(0);
    expect(cookie?.value).toBe('');
    // A keepalive then starts a new session, as after any timeout.
    const renewed = await keepalive(server, old, true);
    expect(renewed.ttl).toBe(TTL);
    expect(readSession(renewed.cookie!.value, key, Date.now(), MAX_MS)?.id).not.toBe('AAAAAAAAAAAAAAAAAAAAAA');
  });

  it('counts a far expiry only up to the maximum, and refuses a start in the future', async () => {
    const { ttl } = await keepalive(server, signed(Date.now() - 1_000, Date.now() + 100 * HOUR));
    expect(ttl).toBeLessThanOrEqual(12 * 3600);
    expect(ttl).toBeGreaterThan(12 * 3600 - 10);
    expect((await keepalive(server, signed(Date.now() + HOUR, Date.now() + 2 * HOUR))).ttl).toBe(0);
  });

  it('takes SESSION_MAX_HOURS from the environment', async () => {
    expect(loadConfig({ NODE_ENV: 'test' }).session.maxSeconds).toBe(12 * 3600);
    expect(loadConfig({ NODE_ENV: 'test', SESSION_MAX_HOURS: '2' }).session.maxSeconds).toBe(2 * 3600);
    expect(() => loadConfig({ NODE_ENV: 'test', SESSION_MAX_HOURS: '0' })).toThrow(/SESSION_MAX_HOURS/);
    const short = await startServer({ env: { SESSION_SECRET: SECRET, SESSION_TTL_SECONDS: String(TTL), SESSION_MAX_HOURS: '1' } });
    try {
      const { ttl } = await keepalive(short, signed(Date.now() - HOUR - 1_000, Date.now() + 60_000));
      expect(ttl).toBe(0);
    } finally {
      await short.close();
    }
  });
});

describe('POST /api/uitloggen', () => {
  it('needs the CSRF token like every POST', async () => {
    const session = await newSession();
    await expectError(await server.fetch('/api/uitloggen', { method: 'POST', headers: { cookie: session } }), 403);
  });

  it('removes the session cookie', async () => {
    const csrf = await server.session();
    const session = await newSession();
    const response = await server.fetch('/api/uitloggen', {
      method: 'POST',
      headers: { cookie: `${csrf.cookie}; ${session}`, 'x-xsrf-token': csrf.token },
    });
    expect(response.status).toBe(204);
    const cleared = setCookies(response).get(SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.attributes.get('path')).toBe('/');
    expect(new Date(String(cleared?.attributes.get('expires'))).getTime()).toBeLessThan(Date.now());
  });
});

describe('GET /api/instellingen', () => {
  it('tells the browser how to run the timeout', async () => {
    const response = await server.fetch('/api/instellingen');
    const body = (await response.json()) as { session: unknown };
    expect(body.session).toEqual({ keepaliveUrl: '/api/keepalive', popupSeconds: 45, logoutUrl: '/uitgelogd', keepaliveOnRouteChange: true });
  });
});

describe('configuration', () => {
  it('has defaults: 15 minutes, a warning 60 s before the end, the portal logout page', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.session).toMatchObject({ ttlSeconds: 900, popupSeconds: 60, logoutUrl: '/uitgelogd', keepaliveOnRouteChange: true });
    expect(config.secureCookies).toBe('auto');
    expect(loadConfig({ NODE_ENV: 'production', CSRF_SECRET: 'x' }).secureCookies).toBe(true);
  });

  it('takes the settings from the environment and refuses nonsense', () => {
    const config = loadConfig({
      SESSION_TTL_SECONDS: '8',
      SESSION_POPUP_SECONDS: '0',
      SESSION_LOGOUT_URL: 'https://www.uziregister.nl',
      SESSION_KEEPALIVE_ON_ROUTE_CHANGE: 'false',
      SECURE_COOKIES: 'false',
    });
    expect(config.session).toMatchObject({ ttlSeconds: 8, popupSeconds: 0, logoutUrl: 'https://www.uziregister.nl', keepaliveOnRouteChange: false });
    expect(config.secureCookies).toBe(false);
    expect(() => loadConfig({ SESSION_TTL_SECONDS: '0' })).toThrow(/SESSION_TTL_SECONDS/);
    expect(() => loadConfig({ SESSION_POPUP_SECONDS: '-1' })).toThrow(/SESSION_POPUP_SECONDS/);
    expect(() => loadConfig({ SESSION_TTL_SECONDS: '1.5' })).toThrow(/SESSION_TTL_SECONDS/);
    expect(() => loadConfig({ SECURE_COOKIES: 'ja' })).toThrow(/SECURE_COOKIES/);
  });

  it('uses the CSRF secret for sessions when no session secret is set, and a random one per process otherwise', () => {
    expect(loadConfig({ CSRF_SECRET: 'gedeeld' }).session.secret).toBe('gedeeld');
    expect(loadConfig({ CSRF_SECRET: 'gedeeld', SESSION_SECRET: 'eigen' }).session.secret).toBe('eigen');
    expect(loadConfig({}).session.secret).not.toBe(loadConfig({}).session.secret);
  });
});

describe('several server processes', () => {
  let same: ServerProcess;
  let other: ServerProcess;

  beforeAll(async () => {
    [same, other] = await Promise.all([
      startServerProcess({ SESSION_SECRET: SECRET, CSRF_SECRET: 'proces-csrf', SESSION_TTL_SECONDS: String(TTL) }),
      startServerProcess({ SESSION_SECRET: 'een-ander-geheim', CSRF_SECRET: 'proces-csrf', SESSION_TTL_SECONDS: String(TTL) }),
    ]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([same?.close(), other?.close()]);
  });

  it('a second process with the same secret accepts and extends a cookie the first issued, and back', async () => {
    const first = await newSession(server);
    const there = await keepalive(same, first);
    expect(there.ttl).toBeGreaterThanOrEqual(TTL - 2);
    expect(there.cookie).toBeUndefined();

    const extended = await keepalive(same, first, true);
    expect(readSession(extended.cookie!.value, key, Date.now(), MAX_MS)?.id).toBe(readSession(tokenOf(first), key, Date.now(), MAX_MS)?.id);
    const back = await keepalive(server, `${SESSION_COOKIE}=${extended.cookie!.value}`);
    expect(back.ttl).toBeGreaterThanOrEqual(TTL - 2);
  });

  it('a process with another secret does not', async () => {
    const first = await newSession(server);
    const { ttl } = await keepalive(other, first);
    expect(ttl).toBe(0);
  });
});
