/**
 * Stalled senders do not hold the uploads up: four connections that start an upload and then
 * trickle 10 bytes every 2 s, or send 2 KB and go silent, hold no upload slot (UPLOAD_CONCURRENCY is
 * 4), so a normal upload sent meanwhile is stored at once; the four are answered 408 with the error
 * body (code UREQ-04) once they are silent for UPLOAD_IDLE_SECONDS or slower than the minimum rate
 * over UPLOAD_RATE_WINDOW_SECONDS, and leave no temporary file and no row. Real server on an
 * ephemeral port, raw sockets; SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploadTempFiles } from '../helpers/startedUpload';
import { DOCUMENT_FIELDS, minimalPdf, multipartForm, startServer, testDatabaseUrl, type Session, type TestServer } from '../helpers/server';

const UPLOAD = '/api/aanleveren-documenten/upload';
const IDLE_SECONDS = 3;
const WINDOW_SECONDS = 4;
const FIELDS = DOCUMENT_FIELDS;

interface RawUpload {
  /** Everything the server answered, once it closed the connection or answered in full. */
  answer: Promise<{ text: string; at: number }>;
  stop(): void;
}

/**
 * Opens a connection, sends the request head and the multipart body up to the file's first bytes,
 * then either trickles 10 bytes every 2 s or sends bytes up to 2 KB and goes silent.
 */
function stalledUpload(server: TestServer, session: Session, kind: 'trickle' | 'silent'): RawUpload {
  const url = new URL(server.baseUrl);
  const boundary = `----stall${Math.random().toString(16).slice(2)}`;
  let preamble = '';
  for (const [name, value] of Object.entries(FIELDS)) preamble += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  preamble += `--${boundary}\r\nContent-Disposition: form-data; name="documenten"; filename="traag.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
  const head =
    `POST ${UPLOAD} HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${session.cookie}\r\nX-XSRF-TOKEN: ${session.token}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${1024 * 1024}\r\n\r\n`;
  const socket = net.connect(Number(url.port), url.hostname);
  socket.on('error', () => undefined);
  const received: Buffer[] = [];
  let timer: NodeJS.Timeout | undefined;
  const answer = new Promise<{ text: string; at: number }>((resolve) => {
    const done = () => {
      clearInterval(timer);
      resolve({ text: Buffer.concat(received).toString('utf8'), at: Date.now() });
    };
    socket.on('data', (data: Buffer) => {
      received.push(data);
      // The whole error body is in (it is small and sent at once).
      if (/\r\n\r\n[\s\S]*\}\s*$/.test(Buffer.concat(received).toString('utf8'))) done();
    });
    socket.on('close', done);
  });
  socket.write(head + preamble);
  if (kind === 'silent') socket.write('%'.repeat(2048 - Buffer.byteLength(preamble)));
  else timer = setInterval(() => socket.writable && socket.write('%'.repeat(10)), 2000);
  return { answer, stop: () => (clearInterval(timer), socket.destroy()) };
}

function defineStall(label: string, databaseUrl: string | undefined): void {
  describe(`stalled uploads (${label})`, () => {
    let server: TestServer;
    let session: Session;

    beforeAll(async () => {
      server = await startServer({
        databaseUrl,
        env: {
          UPLOAD_CONCURRENCY: '4',
          UPLOAD_IDLE_SECONDS: String(IDLE_SECONDS),
          UPLOAD_RATE_WINDOW_SECONDS: String(WINDOW_SECONDS),
          UPLOAD_MIN_BYTES_PER_SECOND: '1024',
        },
      });
      session = await server.session('/uzi/aanleveren-documenten');
    });
    afterAll(() => server?.close());

    it('stores a normal upload at once while four senders stall, and ends the four with 408', async () => {
      const started = Date.now();
      const stalled = [
        stalledUpload(server, session, 'trickle'),
        stalledUpload(server, session, 'trickle'),
        stalledUpload(server, session, 'silent'),
        stalledUpload(server, session, 'silent'),
      ];
      try {
        // The four have started their files (each has a temporary file).
        await vi.waitFor(() => expect(uploadTempFiles(server).length).toBe(4), { timeout: 10_000, interval: 50 });

        const response = await server.postMultipart(
          UPLOAD,
          multipartForm(FIELDS, [{ name: 'brief.pdf', bytes: minimalPdf('Brief'), type: 'application/pdf' }]),
          session,
        );
        const answered = Date.now();
        expect(response.status).toBe(200);
        const { kenmerk } = (await response.json()) as { kenmerk: string };
        expect(await server.storage.getSubmission(kenmerk)).toBeDefined();

        const answers = await Promise.all(stalled.map((upload) => upload.answer));
        for (const [index, { text, at }] of answers.entries()) {
          expect(text, `stalled upload ${index}`).toMatch(/^HTTP\/1\.1 408 /);
          expect(text.toLowerCase()).toContain('connection: close');
          const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4).replace(/^[0-9a-f]+\r\n/, '')) as {
            type: string;
            status: number;
            errors: { code: string }[];
          };
          expect(body).toMatchObject({ type: 'urn:uzi-portaal:fout:verzoek-verlopen', status: 408, errors: [{ code: 'UREQ-04', extraInfo: [] }] });
          // The normal upload was answered before any of these was ended: they held no slot.
          expect(at, `stalled upload ${index} ended before the normal upload was answered`).toBeGreaterThan(answered);
        }
        // The tricklers were never silent for the idle time: the rate ended them, after a whole window.
        expect(answers[0].at - started).toBeGreaterThanOrEqual(WINDOW_SECONDS * 1000 - 500);

        await vi.waitFor(() => expect(uploadTempFiles(server)).toEqual([]), { timeout: 10_000, interval: 50 });
        expect(await server.storage.countSubmissions()).toBe(1);
      } finally {
        for (const upload of stalled) upload.stop();
      }
    }, 20_000);
  });
}

defineStall('SQLite', undefined);
const databaseUrl = testDatabaseUrl();
if (databaseUrl) defineStall('PostgreSQL', databaseUrl);
