/**
 * The answers that are the same for every applicant — the flow index, a flow document, a validator
 * module, a flow's reference lists — are served without the cookie, upload and request-body hooks
 * of the rest of the portal. What an answer needs stays: the security headers and CSP, the ETag and
 * 304, brotli/gzip/identity by Accept-Encoding with Vary, the error bodies, the CSRF refusal of any
 * other method on their addresses, and the request's log line when its level is logged. Raw HTTP
 * (node:http): fetch would unpack the answers and hide what was sent.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../src/server/security/headers';
import { CSRF_SECRET, errorBodyOf, expectError, startServer, type Session, type TestServer } from '../helpers/server';
import { issueToken } from '../../src/server/security/csrf';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let server: TestServer;
let session: Session;
/** The addresses of the shared answers: index, flow document, validator module, reference lists. */
let paths: { index: string; flow: string; module: string; lists: string };

function rawRequest(urlPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .request(`${server.baseUrl}${urlPath}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}

function unpack(answer: RawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  expect(encoding).toBeUndefined();
  return answer.body;
}

/** Every security header (names in lower case, as node:http gives them) with the value the portal sets. */
const SECURITY_HEADERS = Object.entries(securityHeaders(false)).map(([name, value]) => [name.toLowerCase(), value] as const);

function expectSecurityHeaders(answer: RawAnswer, where: string): void {
  expect(SECURITY_HEADERS.length, where).toBeGreaterThan(8);
  for (const [name, value] of SECURITY_HEADERS) expect(answer.headers[name], `${where}: ${name}`).toBe(value);
}

beforeAll(async () => {
  server = await startServer();
  session = await server.session();
  const flow = '/api/flows/aanleveren-documenten';
  const answer = JSON.parse((await rawRequest(flow)).body.toString('utf8')) as {
    flow: { steps: { id: string }[]; baseData: string };
    validators: Record<string, string>;
  };
  paths = { index: '/api/flows', flow, module: answer.validators[answer.flow.steps[0].id], lists: `/api/base-data/${answer.flow.baseData}` };
});

afterAll(async () => {
  await server?.close();
});

describe('an answer that is the same for everyone', () => {
  it('carries the security headers and the CSP of every other answer, on 200, 304 and 404 alike', async () => {
    const page = await rawRequest('/');
    expectSecurityHeaders(page, 'page');
    for (const [name, urlPath] of Object.entries(paths)) {
      const first = await rawRequest(urlPath, { 'accept-encoding': 'br, gzip' });
      expect(first.status, name).toBe(200);
      expectSecurityHeaders(first, name);
      expect(first.headers['content-security-policy'], name).toBe(page.headers['content-security-policy']);
      const again = await rawRequest(urlPath, { 'accept-encoding': 'br, gzip', 'if-none-match': first.headers.etag! });
      expect(again.status, name).toBe(304);
      expectSecurityHeaders(again, `${name} (304)`);
    }
    const missing = await rawRequest(paths.module.replace('.js?', '-nergens.js?'));
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing, 'unknown module');
    const body = JSON.parse(missing.body.toString('utf8')) as { errors: { code: string }[]; traceId: string };
    expect(body.errors).toEqual([{ code: 'UREQ-02', extraInfo: [] }]);
    expect(body.traceId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a repeat visit with 304 and no body for any form of its ETag, and 200 for another', async () => {
    const first = await rawRequest(paths.module, { 'accept-encoding': 'gzip' });
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/"[^"]+"$/);
    for (const ifNoneMatch of [etag, etag.slice(2), `W/"anders", ${etag}`, '*']) {
      const again = await rawRequest(paths.module, { 'accept-encoding': 'gzip', 'if-none-match': ifNoneMatch });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.body.byteLength, ifNoneMatch).toBe(0);
      expect(again.headers.etag, ifNoneMatch).toBe(etag);
      expect(again.headers.vary, ifNoneMatch).toBe('Accept-Encoding');
    }
    const other = await rawRequest(paths.module, { 'accept-encoding': 'gzip', 'if-none-match': 'W/"anders"' });
    expect(other.status).toBe(200);
    expect(unpack(other).equals(unpack(first))).toBe(true);
  });

  it('sends brotli, gzip or the plain bytes as each Accept-Encoding asks, the same every time it is asked', async () => {
    const cases: [string | undefined, string | undefined][] = [
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
      [undefined, undefined],
      ['gzip, br;q=0', 'gzip'],
      ['identity', undefined],
      ['br;q=0, gzip;q=0', undefined],
      ['*', 'br'],
      ['GZIP', 'gzip'],
      ['br;q=0, *;q=0.5', 'gzip'],
      ['', undefined],
    ];
    const plain = unpack(await rawRequest(paths.module));
    // Twice round, each value between others: an encoding remembered per value must not leak to another.
    for (const round of [1, 2]) {
      for (const [accept, encoding] of cases) {
        const where = `${accept ?? '(none)'} (round ${round})`;
        const answer = await rawRequest(paths.module, accept === undefined ? {} : { 'accept-encoding': accept });
        expect(answer.status, where).toBe(200);
        expect(answer.headers['content-encoding'], where).toBe(encoding);
        expect(answer.headers.vary, where).toBe('Accept-Encoding');
        expect(answer.headers['content-type'], where).toBe('text/javascript; charset=utf-8');
        expect(answer.headers['cache-control'], where).toBe('public, max-age=31536000, immutable');
        expect(unpack(answer).equals(plain), where).toBe(true);
      }
    }
    const lists = await rawRequest(paths.lists, { 'accept-encoding': 'gzip' });
    expect(lists.headers.vary).toBe('Accept-Language, Accept-Encoding');
    expect(lists.headers['content-encoding']).toBe('gzip');
  });

  it('reads no cookie and sets none, whatever cookie comes with it', async () => {
    const foreign = 'XSRF-TOKEN=niet-van-ons.handtekening; portal_sessie=iets';
    for (const urlPath of Object.values(paths)) {
      const answer = await rawRequest(urlPath, { cookie: foreign });
      expect(answer.status, urlPath).toBe(200);
      expect(answer.headers['set-cookie'], urlPath).toBeUndefined();
    }
    // A page still reads the cookie: it replaces the foreign token and keeps our own.
    expect((await rawRequest('/', { cookie: foreign })).headers['set-cookie']?.join(';')).toContain('XSRF-TOKEN=');
    expect((await rawRequest('/', { cookie: session.cookie })).headers['set-cookie']?.join(';') ?? '').not.toContain('XSRF-TOKEN=');
  });
});

describe('another method on their addresses', () => {
  it('is refused without the CSRF token, and answered 405 (GET, HEAD) with it', async () => {
    for (const urlPath of Object.values(paths)) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const where = `${method} ${urlPath}`;
        const refused = await server.fetch(urlPath, { method, headers: { cookie: session.cookie } });
        const body = await expectError(refused, 403);
        expect(body.errors, where).toEqual([{ code: 'UCSRF-01', extraInfo: [] }]);
        const withToken = await server.fetch(urlPath, { method, headers: { cookie: session.cookie, 'x-xsrf-token': session.token } });
        expect(withToken.status, where).toBe(405);
        expect(withToken.headers.get('allow'), where).toBe('GET, HEAD');
        await errorBodyOf(withToken);
      }
    }
  });

  it('with a token this deployment did not sign, gets a fresh one with the refusal', async () => {
    const foreign = issueToken(`${CSRF_SECRET}-anders`);
    const refused = await server.fetch(paths.module, { method: 'POST', headers: { cookie: `XSRF-TOKEN=${foreign}`, 'x-xsrf-token': foreign } });
    await expectError(refused, 403);
    expect(refused.headers.getSetCookie().join(';')).toContain('XSRF-TOKEN=');
  });
});

describe('the request log', () => {
  it('logs each answer with its route pattern and request id when info is logged, and nothing of the URL', async () => {
    const lines: string[] = [];
    const logged = await startServer({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line: string) => void lines.push(line) } });
    try {
      const hash = /\/versies\/([0-9a-f]+)\//.exec(paths.module)?.[1];
      expect(hash).toBeDefined();
      expect((await logged.fetch(paths.module)).status).toBe(200);
      expect((await logged.fetch('/api/bestaat-niet')).status).toBe(404);
      const requests = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'verzoek afgehandeld');
      expect(requests.map(({ route, status, method }) => ({ route, status, method }))).toEqual([
        { route: '/api/flows/:id/versies/:hash/validatiemodules/:file', status: 200, method: 'GET' },
        { route: 'onbekend', status: 404, method: 'GET' },
      ]);
      for (const line of requests) expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(requests[0].reqId).not.toBe(requests[1].reqId);
      expect(lines.join('')).not.toContain(paths.module.split('?')[1]);
      expect(lines.join('')).not.toContain(hash);
    } finally {
      await logged.close();
    }
  });

  it('writes no request line when info is not logged', async () => {
    const lines: string[] = [];
    const quiet = await startServer({ env: { LOG_LEVEL: 'warn' }, logStream: { write: (line: string) => void lines.push(line) } });
    try {
      expect((await quiet.fetch(paths.module)).status).toBe(200);
      expect((await quiet.fetch('/api/flows')).status).toBe(200);
    } finally {
      await quiet.close();
    }
    expect(lines.filter((line) => line.includes('verzoek afgehandeld'))).toEqual([]);
  });
});
