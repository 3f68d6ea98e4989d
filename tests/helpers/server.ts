/**
 * Starts the real portal server (buildApp + listen on an ephemeral port) for tests that talk to it
 * over real HTTP with Node's global fetch, FormData and Blob — no `app.inject`.
 *
 * Storage is SQLite in a temporary data directory by default; pass `databaseUrl` to run on
 * PostgreSQL instead (the helper then creates a fresh schema, points the server's search_path at
 * it and drops it on close). {@link testDatabaseUrl} reads `TEST_DATABASE_URL`.
 *
 *   const server = await startServer();
 *   const session = await server.session();
 *   const res = await server.postMultipart('/api/…/upload', multipartForm({ … }), session);
 *   await server.close();
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import { buildApp, type RouteEntry } from '../../src/server/app';
import { createPipeline, type CompileResult, type FlowCompiler } from '../../src/server/flows/pipeline/compileFlow';
import { loadPipelineSources } from '../../src/server/flows/sources';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import type { ErrorBody } from '../../src/server/errors';
import type { FlowRegistry } from '../../src/server/flows/registry';
import type { Storage } from '../../src/server/storage';
import { minimalPdf } from './minimalPdf';

/** Marker in the test index.html, so tests can tell the SPA page from anything else. */

const compilers = new Map<string, FlowCompiler>();

/**
 * One flow compiler per test worker and root folder, remembering each definition it compiled (by
 * its file, text and English text): every server a worker starts compiles every shipped and example flow
 * once between them, not once each. The tests never change the files under the root.
 */
function workerCompiler(rootDir: string): FlowCompiler {
  let compiler = compilers.get(rootDir);
  if (!compiler) {
    const compile = createPipeline(loadPipelineSources(rootDir));
    const results = new Map<string, CompileResult>();
    compiler = (input) => {
      const key = JSON.stringify([input.file, input.expectedId ?? null, input.text, input.english?.file ?? null, input.english?.text ?? null]);
      let result = results.get(key);
      if (!result) results.set(key, (result = compile(input)));
      return result;
    };
    compilers.set(rootDir, compiler);
  }
  return compiler;
}

export const INDEX_MARKER = 'uzi-portaal-test-index';
export const INDEX_HTML = `<!doctype html>
<html lang="nl">
  <head><meta charset="utf-8"><title>Aanvraagportaal (test)</title></head>
  <body><div id="root" data-marker="${INDEX_MARKER}"></div><script type="module" src="/assets/app.js"></script></body>
</html>
`;

export const CSRF_SECRET = 'test-secret';
export const EXTERNAL_PASS_REQUEST_URL = 'https://example.test/uzi-pas/aanvragen';

/** The XSRF pair of one browser session: the cookie header to send and the token for X-XSRF-TOKEN. */
export interface Session {
  /** Value for the `Cookie` request header, e.g. `XSRF-TOKEN=abc.def`. */
  cookie: string;
  /** The token, for the `X-XSRF-TOKEN` request header. */
  token: string;
}

export interface TestServer {
  baseUrl: string;
  /** The storage the server writes to (closed by {@link TestServer.close}). */
  storage: Storage;
  /** The flow versions the server serves. */
  registry: FlowRegistry;
  config: ServerConfig;
  /** Every route of the server, one entry per method. */
  routes: readonly RouteEntry[];
  /** The server's logger (writes to `logStream` when given). */
  log: FastifyBaseLogger;
  /** `fetch` against the server; `path` starts with '/'. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** GETs a page (default `/`) and returns the XSRF cookie the server set. */
  session(pagePath?: string): Promise<Session>;
  /** POSTs a multipart form with the session's cookie and header (omit the session to send neither). */
  postMultipart(path: string, form: FormData, session?: Session, headers?: Record<string, string>): Promise<Response>;
  /** POSTs a JSON body (a string is sent as is) with the session's cookie and header. */
  postJson(path: string, body: unknown, session?: Session, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

export interface StartServerOptions {
  /** PostgreSQL URL; the server then stores in a fresh schema of that database. */
  databaseUrl?: string;
  /** Extra environment settings (after the test defaults). */
  env?: Record<string, string>;
  /** Port to listen on (default: any free one), for settings that must name the portal's address. */
  port?: number;
  /** Where the server's log lines go (at LOG_LEVEL); without it the server logs nothing. */
  logStream?: { write(line: string): void };
}

/** `TEST_DATABASE_URL` when set (and not blank). */
export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL?.trim();
  return url ? url : undefined;
}

/** Creates a fresh schema in `databaseUrl`; returns a URL whose search_path points at it and a drop function. */
export async function freshPostgresSchema(databaseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `api_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create schema "${schema}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await client.end();
      }
    },
  };
}

function withSession(headers: Record<string, string>, session: Session | undefined): Record<string, string> {
  return session ? { cookie: session.cookie, 'x-xsrf-token': session.token, ...headers } : headers;
}

export async function startServer(options: StartServerOptions = {}): Promise<TestServer> {
  const tempDir = mkdtempSync(join(tmpdir(), 'uzi-api-test-'));
  const dataDir = join(tempDir, 'data');
  const clientDir = join(tempDir, 'client');
  const cleanups: Array<() => Promise<void> | void> = [() => rmSync(tempDir, { recursive: true, force: true })];
  try {
    mkdirSync(clientDir, { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(clientDir, 'beheer.html'), INDEX_HTML.replace('Aanvraagportaal (test)', 'Beheer (test)'));

    let databaseUrl = '';
    if (options.databaseUrl) {
      const schema = await freshPostgresSchema(options.databaseUrl);
      cleanups.unshift(schema.drop);
      databaseUrl = schema.url;
    }

    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      APP_ROOT: process.cwd(),
      CLIENT_DIR: clientDir,
      CSRF_SECRET,
      UPLOAD_RATE_LIMIT_MAX: '1000',
      // Whatever the test machine's disk holds; the quota tests set their own reserve.
      DISK_RESERVE_MB: '0',
      // Tests send many requests from one client; the general limit is tested on its own.
      REQUEST_RATE_LIMIT_MAX: '100000',
      EXTERNAL_PASS_REQUEST_URL,
      // Never let a DATABASE_URL of the shell decide the engine: SQLite unless asked otherwise.
      DATABASE_URL: databaseUrl,
      ...options.env,
    });
    const { app, storage, registry, routes } = await buildApp(config, {
      ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
      compile: workerCompiler(config.rootDir),
    });
    cleanups.unshift(() => app.close());
    await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const baseUrl = `http://127.0.0.1:${port}`;

    const doFetch = (path: string, init?: RequestInit) => fetch(`${baseUrl}${path}`, { redirect: 'manual', ...init });

    let closed = false;
    return {
      baseUrl,
      storage,
      registry,
      config,
      routes,
      log: app.log,
      fetch: doFetch,
      async session(pagePath = '/') {
        const response = await doFetch(pagePath);
        await response.arrayBuffer();
        const session = sessionFrom(response);
        if (!session) throw new Error(`GET ${pagePath} set no XSRF-TOKEN cookie (status ${response.status})`);
        return session;
      },
      postMultipart(path, form, session, headers = {}) {
        return doFetch(path, { method: 'POST', body: form, headers: withSession(headers, session) });
      },
      postJson(path, body, session, headers = {}) {
        return doFetch(path, {
          method: 'POST',
          body: typeof body === 'string' ? body : JSON.stringify(body),
          headers: withSession({ 'content-type': 'application/json', ...headers }, session),
        });
      },
      async close() {
        if (closed) return;
        closed = true;
        await runCleanups(cleanups);
      },
    };
  } catch (error) {
    await runCleanups(cleanups);
    throw error;
  }
}

async function runCleanups(cleanups: Array<() => Promise<void> | void>): Promise<void> {
  for (const cleanup of cleanups) await cleanup();
}

/** All `Set-Cookie` headers of a response, parsed into name -> { value, attributes (lower-cased) }. */
export function setCookies(response: Response): Map<string, { value: string; attributes: Map<string, string | true> }> {
  const cookies = new Map<string, { value: string; attributes: Map<string, string | true> }>();
  for (const header of response.headers.getSetCookie()) {
    const [pair, ...attributeParts] = header.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = decodeURIComponent(pair.slice(eq + 1).trim());
    const attributes = new Map<string, string | true>();
    for (const part of attributeParts) {
      const [key, ...rest] = part.split('=');
      attributes.set(key.trim().toLowerCase(), rest.length > 0 ? rest.join('=').trim() : true);
    }
    cookies.set(name, { value, attributes });
  }
  return cookies;
}

/** The session a page response establishes, or undefined when it sets no XSRF-TOKEN cookie. */
export function sessionFrom(response: Response): Session | undefined {
  const xsrf = setCookies(response).get('XSRF-TOKEN');
  if (!xsrf) return undefined;
  return { cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf.value)}`, token: xsrf.value };
}

/** A file part for {@link multipartForm}. */
export interface FilePart {
  name: string;
  bytes: Uint8Array | string;
  /** Content-Type of the part; the server must not trust it. Default application/octet-stream. */
  type?: string;
}

/**
 * Builds a multipart body: text fields in order, then the files under `fileField`. Fields whose
 * value is undefined are left out.
 */
export function multipartForm(fields: Record<string, string | undefined>, files: FilePart[] = [], fileField = 'documenten'): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, value);
  }
  for (const file of files) {
    // A copy backed by a plain ArrayBuffer (what Blob's types ask for).
    const bytes = typeof file.bytes === 'string' ? new TextEncoder().encode(file.bytes) : new Uint8Array(file.bytes);
    form.append(fileField, new Blob([bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  }
  return form;
}

/**
 * Reads a response as the portal's error body and checks its shape (type, status, detail, traceId,
 * errors[{code, extraInfo}]) and that `status` matches the HTTP status.
 */
export async function errorBodyOf(response: Response): Promise<ErrorBody> {
  expect(response.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  const body = (await response.json()) as ErrorBody;
  expect(body).toEqual({
    type: expect.stringMatching(/^urn:uzi-portaal:fout:/),
    status: response.status,
    detail: expect.any(String),
    traceId: expect.any(String),
    errors: expect.any(Array),
  });
  expect(body.detail).not.toBe('');
  expect(body.traceId).not.toBe('');
  for (const item of body.errors) {
    expect(item).toEqual({ code: expect.any(String), extraInfo: expect.any(Array) });
    for (const info of item.extraInfo) expect(typeof info).toBe('string');
  }
  return body;
}

/** Checks that `response` is a 4xx/5xx error body with `status` and returns the body. */
export async function expectError(response: Response, status: number): Promise<ErrorBody> {
  expect(response.status).toBe(status);
  return errorBodyOf(response);
}

// ---------------------------------------------------------------------------------------------
// Real minimal files

export { minimalPdf };

/** A valid PDF of exactly `size` bytes (at least the minimal one's): padded with a comment after its header. */
export function pdfOfSize(size: number): Buffer {
  const base = minimalPdf();
  if (base.length >= size) return base;
  // The offsets after the padding take more digits as it grows: adjust until the size is exact.
  let padding = size - base.length;
  let pdf = minimalPdf(undefined, padding);
  while (pdf.length !== size) {
    padding -= pdf.length - size;
    pdf = minimalPdf(undefined, padding);
  }
  return pdf;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

/** A valid `width` x `height` RGB PNG (a solid colour). */
export function minimalPng(width = 2, height = 2): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5a)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The kenmerk format the upload answers. */
/** The text fields of a valid document delivery (aanleveren-documenten) without its files. */
export const DOCUMENT_FIELDS: Readonly<Record<string, string>> = {
  abonneeNaam: 'Zorggroep De Linde B.V.',
  abonneeNummer: '12345678',
  naamContactpersoon: 'De Vries-Jansen',
  emailAdresContactpersoon: 'j.devries@zorggroep-delinde.nl',
  aanvraag: '1',
  aanvraagType: '1',
};

export const KENMERK_FORMAT = /^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/;
