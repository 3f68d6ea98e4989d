/**
 * Every asset and API answer goes out compressed when the client accepts it (brotli before gzip)
 * and byte for byte identical when it does not; the bodies that are the same for everyone carry an
 * ETag, so a repeat visit revalidates with a 304 and no body. Raw HTTP (node:http) is used on
 * purpose: fetch would unpack the answers itself and hide what was sent.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCompressedCopies } from '../../scripts/compressAssets';
import { negotiateEncoding } from '../../src/server/http/encoded';
import { INDEX_HTML, startServer, type TestServer } from '../helpers/server';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let server: TestServer;
let clientDir: string;

function rawGet(urlPath: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.baseUrl}${urlPath}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

function unpack(answer: RawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  expect(encoding ?? 'identity').toBe('identity');
  return answer.body;
}

// A script as big as a real chunk, written where the build writes them, with the build's copies.
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 800 }, (_, index) => `woord-${index}`))};\n`;

beforeAll(async () => {
  // The built files exist before the server starts, as in production (it serves what it finds then).
  clientDir = mkdtempSync(path.join(tmpdir(), 'portal-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(clientDir, 'assets', 'app.js'), SCRIPT);
  writeFileSync(path.join(clientDir, 'assets', 'tiny.js'), 'export {};\n');
  await writeCompressedCopies(clientDir, ['assets/app.js', 'assets/tiny.js']);
  server = await startServer({ env: { CLIENT_DIR: clientDir } });
});

afterAll(async () => {
  await server?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** The body, with an error body's per-request trace id left out. */
function content(answer: Buffer): Buffer {
  const text = answer.toString('utf8');
  return Buffer.from(text.replace(/"traceId":"[^"]*"/, '"traceId":""'), 'utf8');
}

/** The largest flow served, its first step's validator module and its reference lists. */
async function apiPaths(): Promise<string[]> {
  const index = JSON.parse(unpack(await rawGet('/api/flows?lang=nl')).toString('utf8')) as { id: string }[];
  const paths = ['/api/flows?lang=nl', '/api/flows?lang=en', '/api/referencedata/landen', '/api/referencedata/landen?lang=en', '/api/instellingen'];
  for (const { id } of index) {
    const answer = JSON.parse(unpack(await rawGet(`/api/flows/${id}?lang=nl`)).toString('utf8')) as {
      flow: { steps: { id: string }[]; baseData?: string };
      validators: Record<string, string>;
    };
    paths.push(`/api/flows/${id}?lang=nl`, `/api/flows/${id}?lang=en`, answer.validators[answer.flow.steps[0].id]);
    if (answer.flow.baseData) paths.push(`/api/base-data/${answer.flow.baseData}?lang=nl`);
  }
  return paths;
}

describe('compression by content negotiation', () => {
  it('the build writes a brotli and a gzip copy next to each script, leaving tiny ones alone', () => {
    const file = path.join(clientDir, 'assets', 'app.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString('utf8')).toBe(SCRIPT);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString('utf8')).toBe(SCRIPT);
    expect(existsSync(path.join(clientDir, 'assets', 'tiny.js.br'))).toBe(false);
  });

  it('sends every API answer and asset compressed when accepted and identical when not', async () => {
    const paths = [...(await apiPaths()), '/assets/app.js', '/uzi/aanleveren-documenten', '/api/bestaat-niet'];
    expect(paths.length).toBeGreaterThan(20);
    for (const urlPath of paths) {
      const plain = await rawGet(urlPath);
      expect(plain.headers['content-encoding'], urlPath).toBeUndefined();
      for (const encoding of ['br', 'gzip'] as const) {
        const packed = await rawGet(urlPath, { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip' });
        expect(packed.status, urlPath).toBe(plain.status);
        expect(content(unpack(packed)).equals(content(plain.body)), `${urlPath} (${encoding})`).toBe(true);
        // Below 1 KB compression gains nothing; everything larger goes out compressed.
        if (plain.body.byteLength >= 1024) {
          expect(packed.headers['content-encoding'], `${urlPath} (${encoding})`).toBe(encoding);
          expect(packed.body.byteLength, urlPath).toBeLessThan(plain.body.byteLength);
          expect(String(packed.headers.vary), urlPath).toMatch(/accept-encoding/i);
        }
      }
    }
  });

  it('serves the build’s own copies of a script, not a compression made per request', async () => {
    const packed = await rawGet('/assets/app.js', { 'accept-encoding': 'br' });
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.body.equals(readFileSync(path.join(clientDir, 'assets', 'app.js.br')))).toBe(true);
  });

  it('gives the same bytes to every request for a flow version (made once, not per request)', async () => {
    const [first, second] = [
      await rawGet('/api/flows/aanleveren-documenten?lang=nl', { 'accept-encoding': 'br' }),
      await rawGet('/api/flows/aanleveren-documenten?lang=nl', { 'accept-encoding': 'br' }),
    ];
    expect(first.body.equals(second.body)).toBe(true);
  });

  it('answers a repeat visit of a flow document, its validator and its lists with 304 and no body', async () => {
    for (const urlPath of (await apiPaths()).filter((item) => !item.includes('/api/instellingen'))) {
      const first = await rawGet(urlPath, { 'accept-encoding': 'br' });
      const etag = first.headers.etag;
      expect(etag, urlPath).toMatch(/^W\/"/);
      const again = await rawGet(urlPath, { 'accept-encoding': 'br', 'if-none-match': etag! });
      expect(again.status, urlPath).toBe(304);
      expect(again.body.byteLength, urlPath).toBe(0);
      // The same content has the same validator whatever the encoding.
      expect((await rawGet(urlPath)).headers.etag, urlPath).toBe(etag);
    }
  });

  it('picks brotli before gzip and honours q=0', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBe('identity');
    expect(negotiateEncoding(undefined)).toBe('identity');
  });
});
