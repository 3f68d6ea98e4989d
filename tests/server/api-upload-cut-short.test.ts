/**
 * A multipart body cut short inside a small file part — the sender half-closes its side of the
 * connection, or ends a chunked body, before the part's closing boundary — is answered 400 at once
 * with the error body (UREQ-01), and neither a temporary file nor a row is left. The sender is
 * given far longer idle limits than the test could wait, so only the end of the body can end it.
 * Real server on an ephemeral port, raw sockets.
 */
import { readdir } from 'node:fs/promises';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadTempDir } from '../../src/server/uploads/tempFiles';
import { DOCUMENT_FIELDS, startServer, type Session, type TestServer } from '../helpers/server';

const UPLOAD = '/api/aanleveren-documenten/upload';

/** Sends a body that stops inside the file part, ends it as `ending` says, and reads the whole answer (until the server closes). */
function cutShortUpload(server: TestServer, session: Session, ending: 'half-close' | 'chunked-end'): Promise<string> {
  const url = new URL(server.baseUrl);
  const boundary = `----kort${Math.random().toString(16).slice(2)}`;
  let body = '';
  for (const [name, value] of Object.entries(DOCUMENT_FIELDS)) body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  body += `--${boundary}\r\nContent-Disposition: form-data; name="documenten"; filename="kort.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%`;
  const framing =
    ending === 'chunked-end'
      ? { header: 'Transfer-Encoding: chunked', body: `${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n` }
      : // The HTTP body is whole (its length is right); the multipart inside it is not.
        { header: `Content-Length: ${Buffer.byteLength(body)}`, body };
  const head =
    `POST ${UPLOAD} HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${session.cookie}\r\nX-XSRF-TOKEN: ${session.token}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\n${framing.header}\r\nConnection: close\r\n\r\n`;
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect({ port: Number(url.port), host: url.hostname, allowHalfOpen: true });
    const received: Buffer[] = [];
    socket.on('data', (data: Buffer) => received.push(data));
    socket.on('error', reject);
    // The server ended its side after the answer: end ours too.
    socket.on('end', () => socket.end());
    socket.on('close', () => resolve(Buffer.concat(received).toString('utf8')));
    socket.write(head + framing.body, () => {
      // Half-close: no more bytes will come, the answer can still be read.
      if (ending === 'half-close') socket.end();
    });
  });
}

describe('a multipart body cut short inside a file part', () => {
  let server: TestServer;
  let session: Session;
  beforeAll(async () => {
    // Idle and request limits far beyond the test's own timeout: only the body's end can answer it.
    server = await startServer({
      env: {
        UPLOAD_IDLE_SECONDS: '3600',
        UPLOAD_MIN_BYTES_PER_SECOND: '0',
        HTTP_IDLE_TIMEOUT_SECONDS: '3600',
        HTTP_REQUEST_TIMEOUT_SECONDS: '3600',
        HTTP_HEADERS_TIMEOUT_SECONDS: '60',
      },
    });
    session = await server.session('/uzi/aanleveren-documenten');
  });
  afterAll(() => server?.close());

  for (const ending of ['half-close', 'chunked-end'] as const) {
    it(`is answered 400 with the error body and leaves nothing (${ending})`, async () => {
      const answer = await cutShortUpload(server, session, ending);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      const json = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { status: number; errors: { code: string }[]; type: string };
      expect(json.status).toBe(400);
      expect(json.type).toBe('urn:uzi-portaal:fout:ongeldige-invoer');
      expect(json.errors[0].code).toBe('UREQ-01');
      expect(await readdir(uploadTempDir(server.config.dataDir)).catch(() => [])).toEqual([]);
      expect(await server.storage.countSubmissions()).toBe(0);
    }, 20_000);
  }
});
