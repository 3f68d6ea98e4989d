/**
 * The HTTP edge of the server over real sockets: timeouts for slow and silent clients, whose
 * address counts for the rate limits (TRUST_PROXY), one error body for every status the server
 * sends (404, 405, 413, 415, 400 for a bad URL or malformed HTTP, 431), route parameters named like
 * object properties, secrets kept out of the log at trace level, and text with control or invisible
 * characters refused before anything is stored (SQLite and, with TEST_DATABASE_URL, PostgreSQL).
 */
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowModel } from '../../renderer/core/types';
import { loadConfig, trustProxyOf } from '../../src/server/config';
import { validatorUrls } from '../../src/server/flows/registry';
import { BOOTSTRAP, beheerLogin, withBeheer } from '../helpers/beheer';
import { expectError, minimalPdf, multipartForm, startServer, testDatabaseUrl, type Session, type TestServer } from '../helpers/server';

// ---------------------------------------------------------------------------------------------
// Raw HTTP over a socket

interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
  /** Milliseconds from connecting until the server closed the connection. */
  closedAfterMs: number;
}

function portOf(server: TestServer): number {
  return Number(new URL(server.baseUrl).port);
}

/** Parses what the server wrote (status 0 when it wrote nothing). */
function parseRaw(text: string, closedAfterMs: number): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return { status: 0, headers: new Map(), body: text, closedAfterMs };
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(end + 4), closedAfterMs };
}

/**
 * Connects, lets `talk` write (it may keep writing until the connection closes), and collects
 * everything until the server closes; fails after `limitMs` (several times the server's own limits
 * in these tests), so a connection the server does not cut fails the test with that message.
 */
function rawExchange(port: number, talk: (socket: Socket, closed: () => boolean) => void, limitMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let closed = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`connection still open after ${limitMs} ms`));
    }, limitMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      clearTimeout(timer);
      resolve(parseRaw(Buffer.concat(chunks).toString('utf8'), Date.now() - started));
    });
    socket.on('connect', () => talk(socket, () => closed));
  });
}

/** Writes `lines` one by one, `everyMs` apart, for as long as the connection is open. */
function trickle(lines: () => string, everyMs: number) {
  return (socket: Socket, closed: () => boolean) => {
    const next = () => {
      if (closed()) return;
      socket.write(lines(), () => undefined);
      setTimeout(next, everyMs);
    };
    next();
  };
}

/** A raw answer as a fetch Response, for the error body checks. */
function asResponse(answer: RawAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: Object.fromEntries(answer.headers) });
}

// ---------------------------------------------------------------------------------------------

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.91 Safari/537.36';
const opinion = (overrides: Record<string, unknown> = {}) => ({
  device: { userAgent: CHROME, orientation: 'portrait' },
  url: 'https://portaal.example/uzi/aanleveren-documenten',
  rating: 4,
  comment: 'Prima',
  ...overrides,
});

describe('timeouts at the HTTP layer', () => {
  let server: TestServer;
  let session: Session;
  beforeAll(async () => {
    server = await startServer({
      env: { HTTP_HEADERS_TIMEOUT_SECONDS: '1', HTTP_REQUEST_TIMEOUT_SECONDS: '2', HTTP_KEEPALIVE_TIMEOUT_SECONDS: '1', HTTP_IDLE_TIMEOUT_SECONDS: '5' },
    });
    session = await server.session();
  });
  afterAll(() => server.close());

  it('has defaults that let a 10 MB upload over a slow mobile link finish, and refuses nonsense', () => {
    const { httpTimeouts } = loadConfig({ NODE_ENV: 'test' });
    expect(httpTimeouts).toEqual({ headersMs: 15_000, requestMs: 120_000, keepAliveMs: 65_000, idleMs: 60_000 });
    // 10 MB at 1.6 Mbit/s takes 50 s.
    expect(httpTimeouts.requestMs).toBeGreaterThan(((10 * 8) / 1.6) * 1000);
    expect(() => loadConfig({ NODE_ENV: 'test', HTTP_HEADERS_TIMEOUT_SECONDS: '0' })).toThrow(/HTTP_HEADERS_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ NODE_ENV: 'test', HTTP_HEADERS_TIMEOUT_SECONDS: '30', HTTP_REQUEST_TIMEOUT_SECONDS: '20' })).toThrow(
      /HTTP_REQUEST_TIMEOUT_SECONDS/,
    );
  });

  it('cuts off a client that sends its headers slowly, with 408 and the error body', async () => {
    let n = 0;
    const answer = await rawExchange(
      portOf(server),
      trickle(() => (n++ === 0 ? 'GET /api/flows HTTP/1.1\r\nHost: portaal\r\n' : `X-Langzaam-${n}: ja\r\n`), 200),
    );
    const body = await expectError(asResponse(answer), 408);
    expect(body.errors).toEqual([{ code: 'UREQ-04', extraInfo: [] }]);
  });

  it('cuts off a client that never finishes its headers', async () => {
    const answer = await rawExchange(portOf(server), (socket) => socket.write('GET /api/flows HTTP/1.1\r\nHost: portaal\r\n'));
    await expectError(asResponse(answer), 408);
  });

  it('cuts off a client that sends its body too slowly, and stores nothing', async () => {
    const before = (await server.storage.listUserOpinions(1000)).length;
    const json = JSON.stringify(opinion());
    let sent = 0;
    const answer = await rawExchange(
      portOf(server),
      trickle(() => {
        if (sent === 0) {
          sent = 1;
          return `POST /api/useropinion HTTP/1.1\r\nHost: portaal\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\nCookie: ${session.cookie}\r\nX-XSRF-TOKEN: ${session.token}\r\n\r\n`;
        }
        // One byte at a time, never the last one.
        return sent < json.length - 1 ? json[sent++ - 1] : '';
      }, 100),
    );
    const body = await expectError(asResponse(answer), 408);
    expect(body.errors[0].code).toBe('UREQ-04');
    expect(await server.storage.listUserOpinions(1000)).toHaveLength(before);
  });

  it('closes an idle kept-alive connection after the keep-alive timeout', async () => {
    const answer = await rawExchange(portOf(server), (socket) => socket.write('GET /api/flows HTTP/1.1\r\nHost: portaal\r\nConnection: keep-alive\r\n\r\n'));
    expect(answer.status).toBe(200);
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(900);
  });

  it('closes a connection on which nothing moves', async () => {
    const quiet = await startServer({ env: { HTTP_HEADERS_TIMEOUT_SECONDS: '20', HTTP_REQUEST_TIMEOUT_SECONDS: '30', HTTP_IDLE_TIMEOUT_SECONDS: '1' } });
    try {
      // Closed by the idle limit (1 s): rawExchange fails after 10 s, long before the 20 s header limit.
      await rawExchange(portOf(quiet), (socket) => socket.write('GET /api/flo'), 10_000);
    } finally {
      await quiet.close();
    }
  });
});

describe('TRUST_PROXY and the client address of the rate limits', () => {
  const limited = { USEROPINION_RATE_LIMIT_MAX: '2', USEROPINION_RATE_LIMIT_WINDOW_MS: '60000' };
  const send = (server: TestServer, session: Session, forwardedFor: string) =>
    server.postJson('/api/useropinion', opinion(), session, { 'x-forwarded-for': forwardedFor });

  it('reads a hop count or a list of addresses and ranges, and nothing else', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toBe(false);
    expect(trustProxyOf('')).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('1')).toBe(1);
    expect(trustProxyOf('10.0.0.1, 192.168.0.0/16,::1')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    for (const wrong of ['true', 'proxy.example', '10.0.0.0/33', '10.0.0.1/8/8', 'loopback']) expect(() => trustProxyOf(wrong), wrong).toThrow(/TRUST_PROXY/);
  });

  it('by default counts a forged X-Forwarded-For as the real client: the limit is reached all the same', async () => {
    const server = await startServer({ env: limited });
    try {
      const session = await server.session();
      expect((await send(server, session, '203.0.113.1')).status).toBe(201);
      expect((await send(server, session, '203.0.113.2')).status).toBe(201);
      const body = await expectError(await send(server, session, '203.0.113.3'), 429);
      expect(body.errors[0].code).toBe('UREQ-03');
      expect(await server.storage.listUserOpinions()).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('behind a proxy that is not the one named, the header is ignored too', async () => {
    const server = await startServer({ env: { ...limited, TRUST_PROXY: '10.1.2.3' } });
    try {
      const session = await server.session();
      await send(server, session, '203.0.113.1');
      await send(server, session, '203.0.113.2');
      await expectError(await send(server, session, '203.0.113.3'), 429);
    } finally {
      await server.close();
    }
  });

  for (const trustProxy of ['1', '127.0.0.1']) {
    it(`with TRUST_PROXY=${trustProxy} counts the address the proxy gives`, async () => {
      const server = await startServer({ env: { ...limited, TRUST_PROXY: trustProxy } });
      try {
        const session = await server.session();
        expect((await send(server, session, '203.0.113.1')).status).toBe(201);
        expect((await send(server, session, '203.0.113.1')).status).toBe(201);
        await expectError(await send(server, session, '203.0.113.1'), 429);
        // Another client behind the same proxy has its own count; with one hop trusted, what the
        // client itself wrote in front of it does not count.
        expect((await send(server, session, '203.0.113.2')).status).toBe(201);
        expect((await send(server, session, '198.51.100.7, 203.0.113.2')).status).toBe(201);
        await expectError(await send(server, session, '198.51.100.8, 203.0.113.2'), 429);
      } finally {
        await server.close();
      }
    });
  }
});

describe('one error body for every status', () => {
  let server: TestServer;
  let session: Session;
  beforeAll(async () => {
    server = await startServer({ env: { BEHEER_ADMIN_EMAIL: BOOTSTRAP.email, BEHEER_ADMIN_PASSWORD: BOOTSTRAP.password } });
    session = await server.session();
  });
  afterAll(() => server.close());

  it('answers an unknown /api/ route 404', async () => {
    const body = await expectError(await server.fetch('/api/bestaat-niet/echt-niet'), 404);
    expect(body.errors[0].code).toBe('UREQ-02');
  });

  it('answers a wrong method on an existing route 405 with an Allow header', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const response = await server.fetch('/api/aanleveren-documenten/upload', { method, headers: { cookie: session.cookie, 'x-xsrf-token': session.token } });
      const body = await expectError(response, 405);
      expect(body.type).toBe('urn:uzi-portaal:fout:methode-niet-toegestaan');
      expect(body.errors).toEqual([{ code: 'UREQ-06', extraInfo: [] }]);
      expect(response.headers.get('allow')).toBe('POST');
    }
    const onGet = await server.postJson('/api/flows', {}, session);
    await expectError(onGet, 405);
    expect(onGet.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers an unsupported content type 415 (mediaType), not as a technical error', async () => {
    const response = await server.postJson('/api/useropinion', '<mening/>', session, { 'content-type': 'application/xml' });
    const body = await expectError(response, 415);
    expect(body.type).toBe('urn:uzi-portaal:fout:ongeldig-formaat');
    expect(body.errors).toEqual([{ code: 'UREQ-07', extraInfo: [] }]);
  });

  it('answers a JSON body over the limit 413 (bodyTooLarge), not with the file code', async () => {
    for (const path of ['/api/useropinion', '/api/aanvraag-zorgverlenerpas/indienen?scenario=uzi']) {
      const body = await expectError(await server.postJson(path, { comment: 'x'.repeat(2 * 1024 * 1024) }, session), 413);
      expect(body.type).toBe('urn:uzi-portaal:fout:te-groot');
      expect(body.errors).toEqual([{ code: 'UREQ-10', extraInfo: [] }]);
    }
  });

  it('answers bad percent-encoding 400 with the error body, without echoing the URL', async () => {
    for (const path of ['/api/flows/%E0%A4%A', '/api/base-data/%zz-geheim', '/api/flows/%C0%AFgeheim/versies/x/validatiemodules/y.js']) {
      const response = await server.fetch(path);
      const text = await response.clone().text();
      const body = await expectError(response, 400);
      expect(body.errors[0].code).toBe('UREQ-01');
      expect(text).not.toContain('geheim');
      expect(text).not.toContain('%');
    }
  });

  it('answers request headers that are too large 431 with the error body as JSON', async () => {
    const answer = await rawExchange(portOf(server), (socket) =>
      socket.write(`GET /api/flows HTTP/1.1\r\nHost: portaal\r\nCookie: grote=${'x'.repeat(20_000)}\r\n\r\n`),
    );
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await expectError(asResponse(answer), 431);
    expect(body.type).toBe('urn:uzi-portaal:fout:kopregels-te-groot');
    expect(body.errors).toEqual([{ code: 'UREQ-08', extraInfo: [] }]);
    expect(answer.body).not.toContain('xxxx');
  });

  it('answers malformed HTTP 400 with the error body', async () => {
    for (const request of [
      'DIT IS GEEN HTTP\r\n\r\n',
      'GET /api/flows HTTP/1.1\r\nHost: portaal\r\nX-Nul: a\u0000b\r\n\r\n',
      'GET /api/flows HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\nHost: p\r\n\r\n',
    ]) {
      const answer = await rawExchange(portOf(server), (socket) => socket.write(request));
      const body = await expectError(asResponse(answer), 400);
      expect(body.errors[0].code).toBe('UREQ-01');
    }
  });

  it('answers route parameters named like object properties 404, never 200', async () => {
    const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
    const version = server.registry.get('aanleveren-documenten')!;
    const [step, url] = Object.entries(validatorUrls(version))[0];
    const moduleHash = new URL(url, server.baseUrl).searchParams.get('v')!;
    // The real module is there (and cached for good), so the refusals below are about the name.
    const real = await server.fetch(url);
    expect(real.status).toBe(200);
    expect(real.headers.get('cache-control')).toContain('immutable');
    for (const name of names) {
      const gets = [
        `/api/base-data/${name}`,
        `/api/flows/${name}`,
        `/api/flows/${name}/versies/${version.hash}/validatiemodules/${step}.js?v=${moduleHash}`,
        `/api/flows/${version.flowId}/versies/${version.hash}/validatiemodules/${name}.js?v=${moduleHash}`,
        `/api/flows/${version.flowId}/versies/${name}/validatiemodules/${step}.js?v=${moduleHash}`,
      ];
      for (const path of gets) {
        const response = await server.fetch(path);
        expect(response.status, path).toBe(404);
        expect(response.headers.get('cache-control') ?? '', path).not.toContain('immutable');
        await expectError(response, 404);
      }
      for (const path of [`/api/${name}/upload`, `/api/${name}/indienen?scenario=uzi`, `/api/${name}/bevestiging`]) {
        await expectError(await server.postJson(path, {}, session), 404);
      }
    }
  });

  it('answers back-office route parameters named like object properties 404', async () => {
    const beheer = await beheerLogin(server, session);
    const headers = withBeheer(session, beheer);
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      for (const path of [
        `/api/beheer/flows/${name}/concept`,
        `/api/beheer/flows/${name}/geschiedenis`,
        `/api/beheer/flows/${name}/voorbeeld`,
        `/api/beheer/flows/aanleveren-documenten/testgevallen/${name}/bestand`,
      ]) {
        const response = await server.fetch(path, { headers });
        expect(response.status, path).toBe(404);
        await expectError(response, 404);
      }
    }
  });
});

describe('secrets in the log', () => {
  it('never writes cookies, the CSRF token or authorization headers, also at trace level', async () => {
    const lines: string[] = [];
    const server = await startServer({ env: { LOG_LEVEL: 'trace' }, logStream: { write: (line: string) => void lines.push(line) } });
    const secrets = ['koekje-geheim-1', 'xsrf-geheim-2', 'Bearer drager-geheim-3', 'Basic proxy-geheim-4', 'sessie-geheim-5'];
    try {
      const session = await server.session();
      const headers = {
        cookie: `${session.cookie}; portal_sessie=${secrets[4]}; extra=${secrets[0]}`,
        'x-xsrf-token': secrets[1],
        authorization: secrets[2],
        'proxy-authorization': secrets[3],
      };
      await server.fetch('/api/flows', { headers });
      await server.fetch('/api/keepalive?keepalive=true', { headers });
      await server.postJson('/api/useropinion', opinion(), undefined, headers);
      await server.fetch('/api/bestaat-niet', { headers });
      // Refused by Node's parser: the error it raises carries the raw request.
      await rawExchange(portOf(server), (socket) =>
        socket.write(`GET /api/flows HTTP/1.1\r\nHost: p\r\nCookie: a=${secrets[0]}\r\nAuthorization: ${secrets[2]}\r\nX-Nul: a\u0000b\r\n\r\n`),
      );
      await rawExchange(portOf(server), (socket) => socket.write(`GET /api/flows HTTP/1.1\r\nHost: p\r\nCookie: a=${secrets[0]}${'x'.repeat(20_000)}\r\n\r\n`));
      // Whatever part of the server logs a request's or answer's headers, at whatever level, they are hidden.
      const requestHeaders = { cookie: headers.cookie, 'x-xsrf-token': secrets[1], authorization: secrets[2], 'proxy-authorization': secrets[3] };
      server.log.trace({ req: { headers: requestHeaders } }, 'verzoek');
      server.log.debug({ request: { headers: requestHeaders }, res: { headers: { 'set-cookie': [`portal_sessie=${secrets[4]}`] } } }, 'antwoord');
      server.log.info({ headers: requestHeaders }, 'kopregels');
      server.log.error({ upstream: { headers: requestHeaders } }, 'doorgestuurd');
    } finally {
      await server.close();
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.some((line) => line.includes('"level":10') || line.includes('"level":20'))).toBe(true);
    const all = lines.join('');
    for (const secret of secrets) expect(all).not.toContain(secret.split(' ').at(-1));
  });
});

// ---------------------------------------------------------------------------------------------
// Control and invisible characters, on both engines

const PAS = 'aanvraag-zorgverlenerpas';
const pasModel = (
  JSON.parse(readFileSync(`tests/fixtures/${PAS}/02-geldig-artikel34-kp-geen-abonnee-gemachtigde-buitenlands-adres.json`, 'utf8')) as { data: FlowModel }
).data;
const uploadFields = {
  abonneeNaam: 'Zorggroep',
  naamContactpersoon: 'Jan Jansen',
  emailAdresContactpersoon: 'jan@example.nl',
  aanvraag: '1',
  aanvraagType: '1',
};
const pdf = (name = 'brief.pdf') => [{ name, type: 'application/pdf', bytes: minimalPdf('Brief') }];

function withPashouder(changes: Record<string, unknown>, address: Record<string, unknown> = {}): FlowModel {
  const model = structuredClone(pasModel);
  Object.assign(model.gegevensPashouder.persoonsgegevens as object, changes);
  Object.assign((model.contactGegevensPashouder as { adresGegevens: object }).adresGegevens, address);
  return model;
}

function defineTextSuite(label: string, databaseUrl: string | undefined): void {
  describe(`control and invisible characters on ${label}`, () => {
    let server: TestServer;
    let session: Session;
    let submitUrl: string;
    beforeAll(async () => {
      server = await startServer({ databaseUrl, env: { USEROPINION_RATE_LIMIT_MAX: '1000' } });
      session = await server.session();
      const submit = server.registry.get(PAS)!.content.documents.nl.submit;
      submitUrl = 'url' in submit ? submit.url : '';
    });
    afterAll(() => server?.close());

    const CONTROLS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f'];

    it('refuses control characters in the feedback comment and user agent with 400, and stores nothing', async () => {
      for (const control of CONTROLS) {
        for (const [body, where] of [
          [opinion({ comment: `Goed${control}formulier` }), 'comment'],
          [opinion({ device: { userAgent: `${CHROME}${control}`, orientation: 'portrait' } }), 'device.userAgent'],
        ] as const) {
          const refused = await expectError(await server.postJson('/api/useropinion', body, session), 400);
          expect(refused.type).toBe('urn:uzi-portaal:fout:ongeldige-invoer');
          expect(refused.errors).toEqual([{ code: 'UVAL-04', extraInfo: [where] }]);
        }
      }
      expect(await server.storage.listUserOpinions(1000)).toHaveLength(0);
      // Tab, line feed and carriage return are text.
      expect((await server.postJson('/api/useropinion', opinion({ comment: 'Regel 1\r\nRegel 2\tmet tab' }), session)).status).toBe(201);
    });

    it('refuses control characters anywhere in a JSON submission, keys included, and stores nothing', async () => {
      const before = await server.storage.countSubmissions();
      const cases: Array<[FlowModel, string]> = [
        [withPashouder({ voornamen: 'Pi\u0000eter' }), 'gegevensPashouder.persoonsgegevens.voornamen'],
        [withPashouder({}, { buitenlandsAdres: 'Rue de la Loi 16\u0000\n1000 Brussel' }), 'contactGegevensPashouder.adresGegevens.buitenlandsAdres'],
        [withPashouder({ 'sleutel\u0000': 'x' }), 'gegevensPashouder.persoonsgegevens'],
      ];
      for (const [model, where] of cases) {
        const body = await expectError(await server.postJson(`${submitUrl}?scenario=uzi`, model, session), 400);
        expect(body.errors).toEqual([{ code: 'UVAL-04', extraInfo: [where] }]);
      }
      expect(await server.storage.countSubmissions()).toBe(before);
    });

    it('refuses control characters in multipart text fields, and stores nothing', async () => {
      const before = await server.storage.countSubmissions();
      for (const control of ['\u0000', '\u0085']) {
        const form = multipartForm({ ...uploadFields, naamContactpersoon: `Jan${control}Jansen` }, pdf());
        const body = await expectError(await server.postMultipart('/api/aanleveren-documenten/upload', form, session), 400);
        expect(body.errors).toEqual([{ code: 'UVAL-04', extraInfo: ['naamContactpersoon'] }]);
      }
      expect(await server.storage.countSubmissions()).toBe(before);
    });

    it('refuses bidi controls and zero-width characters in file names and single-line answers', async () => {
      const before = await server.storage.countSubmissions();
      const fileName = await expectError(
        await server.postMultipart('/api/aanleveren-documenten/upload', multipartForm(uploadFields, pdf('evil\u202Eexe.pdf')), session),
        400,
      );
      expect(fileName.errors).toEqual([{ code: 'UVAL-05', extraInfo: ['documenten', expect.stringContaining('onzichtbare tekens')] }]);
      for (const invisible of ['\u200E', '\u200F', '\u061C', '\u202A', '\u202E', '\u2066', '\u2069', '\u200B', '\u200D', '\u2060', '\uFEFF']) {
        const name = await expectError(
          await server.postMultipart(
            '/api/aanleveren-documenten/upload',
            multipartForm({ ...uploadFields, naamContactpersoon: `Jan${invisible}Jansen` }, pdf()),
            session,
          ),
          400,
        );
        expect(name.errors[0]).toEqual({ code: 'UVAL-05', extraInfo: [expect.stringMatching(/naamContactpersoon$/), expect.any(String)] });
        const json = await expectError(await server.postJson(`${submitUrl}?scenario=uzi`, withPashouder({ voornamen: `Pieter${invisible}` }), session), 400);
        expect(json.errors).toEqual([{ code: 'UVAL-05', extraInfo: ['gegevensPashouder.persoonsgegevens.voornamen', expect.any(String)] }]);
      }
      expect(await server.storage.countSubmissions()).toBe(before);
    });

    it('accepts right-to-left marks in free text (a multi-line address) and plain names', async () => {
      const model = withPashouder({}, { buitenlandsAdres: 'Rue de la Loi 16\n\u200F1000 Brussel' });
      const response = await server.postJson(`${submitUrl}?scenario=uzi`, model, session);
      expect(response.status, await response.clone().text()).toBe(200);
      const upload = await server.postMultipart(
        '/api/aanleveren-documenten/upload',
        multipartForm({ ...uploadFields, naamContactpersoon: 'Zoë Çelik-Ångström' }, pdf('brief (1).pdf')),
        session,
      );
      expect(upload.status, await upload.clone().text()).toBe(200);
    });
  });
}

defineTextSuite('SQLite', undefined);
const databaseUrl = testDatabaseUrl();
if (databaseUrl) defineTextSuite('PostgreSQL', databaseUrl);
