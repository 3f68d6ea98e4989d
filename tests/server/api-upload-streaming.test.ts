/**
 * Uploads are streamed: a 10 MB file sent to the real listening server in 64 KB pieces is counted,
 * hashed and written to a temporary file as it arrives and stored in chunks, so no buffer anywhere
 * near its size is ever allocated (every Buffer / ArrayBuffer / Uint8Array allocation in this
 * process is recorded while the request runs); it reads back byte for byte, with the right sha256,
 * also streamed (a real PDF: its whole structure is checked). Refused uploads — too big, wrong content, a field missing, a body cut off — leave
 * no temporary file and no row. On SQLite always, on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { createCipheriv, createHash, type Cipher } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTempFile, discardUploads, uploadTempDir } from '../../src/server/uploads/tempFiles';
import { DOCUMENT_FIELDS, startServer, testDatabaseUrl, type Session, type TestServer } from '../helpers/server';

const UPLOAD = '/api/aanleveren-documenten/upload';
const MB = 1024 * 1024;
const TEN_MB = 10 * MB;
const PIECE = 64 * 1024;
/** The most any single allocation may take while a 10 MB file goes through (chunks are 256 KB). */
const LARGEST_ALLOWED = 2 * MB;

const FIELDS = DOCUMENT_FIELDS;

// --- Allocation probe ------------------------------------------------------------------------

interface AllocationProbe {
  /** Bytes of the largest allocation seen, and where it came from. */
  largest: number;
  where?: string;
  stop(): void;
}

/**
 * Records every Buffer, ArrayBuffer and Uint8Array allocated through JavaScript in this process
 * (server and test share it) until stop(): Buffer.alloc / allocUnsafe / allocUnsafeSlow / concat /
 * from / copyBytesFrom, `new ArrayBuffer`, ArrayBuffer#slice and `new Uint8Array(length | array)`.
 * Views on existing memory are not allocations and are not counted.
 */
function probeAllocations(): AllocationProbe {
  const probe: AllocationProbe = { largest: 0, stop: () => undefined };
  const note = (bytes: number) => {
    if (bytes > probe.largest) {
      probe.largest = bytes;
      if (bytes > LARGEST_ALLOWED / 2) probe.where = new Error().stack;
    }
  };
  const restore: (() => void)[] = [];
  const patch = <K extends 'alloc' | 'allocUnsafe' | 'allocUnsafeSlow' | 'concat' | 'copyBytesFrom' | 'from'>(name: K) => {
    const original = Buffer[name] as (...args: unknown[]) => Buffer;
    (Buffer as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      const result = original.apply(this, args);
      const source = args[0];
      const isView = name === 'from' && (source instanceof ArrayBuffer || source instanceof SharedArrayBuffer);
      if (!isView) note(result.byteLength);
      return result;
    };
    restore.push(() => ((Buffer as unknown as Record<string, unknown>)[name] = original));
  };
  for (const name of ['alloc', 'allocUnsafe', 'allocUnsafeSlow', 'concat', 'copyBytesFrom', 'from'] as const) patch(name);

  const OriginalArrayBuffer = globalThis.ArrayBuffer;
  globalThis.ArrayBuffer = new Proxy(OriginalArrayBuffer, {
    construct(target, args, newTarget) {
      const result = Reflect.construct(target, args, newTarget) as ArrayBuffer;
      note(result.byteLength);
      return result;
    },
  });
  restore.push(() => (globalThis.ArrayBuffer = OriginalArrayBuffer));
  const originalSlice = OriginalArrayBuffer.prototype.slice;
  OriginalArrayBuffer.prototype.slice = function (this: ArrayBuffer, ...args: [number?, number?]) {
    const result = originalSlice.apply(this, args);
    note(result.byteLength);
    return result;
  };
  restore.push(() => (OriginalArrayBuffer.prototype.slice = originalSlice));

  const OriginalUint8Array = globalThis.Uint8Array;
  globalThis.Uint8Array = new Proxy(OriginalUint8Array, {
    construct(target, args, newTarget) {
      const result = Reflect.construct(target, args, newTarget) as Uint8Array;
      const source = args[0];
      if (!(source instanceof OriginalArrayBuffer || source instanceof SharedArrayBuffer)) note(result.byteLength);
      return result;
    },
  });
  restore.push(() => (globalThis.Uint8Array = OriginalUint8Array));

  probe.stop = () => {
    for (const undo of restore.splice(0).reverse()) undo();
  };
  return probe;
}

// --- A 10 MB PDF produced piece by piece -----------------------------------------------------

/** The parts of a valid PDF whose one stream holds `length` bytes: what comes before and after them. */
function pdfFrame(length: number): { before: Buffer; after: Buffer } {
  const before = `%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Length ${length} >>\nstream\n`;
  const objects = ['<< /Type /Catalog /Pages 3 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>'];
  const offsets = [Buffer.byteLength('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let after = '\nendstream\nendobj\n';
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(before, 'latin1') + length + Buffer.byteLength(after, 'latin1'));
    after += `${index + 2} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(before, 'latin1') + length + Buffer.byteLength(after, 'latin1');
  after += `xref\n0 4\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  after += `trailer\n<< /Size 4 /Root 2 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return { before: Buffer.from(before, 'latin1'), after: Buffer.from(after, 'latin1') };
}

/**
 * A valid PDF of exactly `size` bytes whose one stream is the same pseudo-random content every time
 * (AES-CTR key stream), handed out in pieces of at most `PIECE` bytes: never more than a piece exists at once.
 */
function* pdfPieces(size: number, seed = 1): Generator<Buffer> {
  let length = size;
  for (let frame = pdfFrame(length); frame.before.length + length + frame.after.length !== size; frame = pdfFrame(length)) {
    length = size - frame.before.length - frame.after.length;
  }
  const { before, after } = pdfFrame(length);
  const cipher: Cipher = createCipheriv('aes-128-ctr', Buffer.alloc(16, seed), Buffer.alloc(16, 0));
  const zeros = Buffer.alloc(PIECE);
  yield before;
  for (let offset = 0; offset < length; offset += PIECE) yield cipher.update(zeros.subarray(0, Math.min(PIECE, length - offset)));
  yield after;
}

function* textPieces(size: number): Generator<Buffer> {
  for (let offset = 0; offset < size; offset += PIECE) yield Buffer.alloc(Math.min(PIECE, size - offset), 'niet-pdf ');
}

// --- Streaming multipart client --------------------------------------------------------------

interface StreamedUpload {
  fields: Record<string, string>;
  fileName: string;
  pieces: Iterable<Buffer>;
  /** Called once after this many bytes of the file were sent (the server has its temporary file by then). */
  pause?: { after: number; run: () => Promise<void> };
  /** Stops sending after this many bytes of the file and cuts the connection. */
  cutAfter?: number;
}

interface UploadResult {
  status: number;
  body: unknown;
  /** sha256 of the file bytes sent. */
  sha256: string;
  sent: number;
}

/** POSTs a multipart body over a plain HTTP connection, written piece by piece with backpressure. */
async function streamUpload(server: TestServer, session: Session, upload: StreamedUpload): Promise<UploadResult> {
  const url = new URL(server.baseUrl);
  const boundary = `----streamtest${Date.now().toString(16)}`;
  const request = http.request({
    host: url.hostname,
    port: url.port,
    path: UPLOAD,
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: session.cookie,
      'x-xsrf-token': session.token,
    },
  });
  const response = once(request, 'response').then(async (args) => {
    const incoming = args[0] as http.IncomingMessage;
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return { status: incoming.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : undefined };
  });
  // A refused upload may be answered (and its connection closed) before everything is written.
  let writeFailed = false;
  request.on('error', () => {
    writeFailed = true;
  });
  const write = async (data: Buffer | string) => {
    if (writeFailed || request.destroyed) return;
    if (request.write(data)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        request.off('drain', done);
        request.off('close', done);
        resolve();
      };
      request.on('drain', done);
      request.on('close', done);
    });
  };

  for (const [name, value] of Object.entries(upload.fields)) {
    await write(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  await write(`--${boundary}\r\nContent-Disposition: form-data; name="documenten"; filename="${upload.fileName}"\r\nContent-Type: application/pdf\r\n\r\n`);
  const hash = createHash('sha256');
  let sent = 0;
  let paused = false;
  for (const piece of upload.pieces) {
    if (upload.cutAfter !== undefined && sent >= upload.cutAfter) {
      response.catch(() => undefined);
      request.destroy();
      return { status: 0, body: undefined, sha256: '', sent };
    }
    hash.update(piece);
    await write(piece);
    sent += piece.length;
    if (upload.pause && !paused && sent >= upload.pause.after) {
      paused = true;
      await upload.pause.run();
    }
  }
  await write(`\r\n--${boundary}--\r\n`);
  if (!writeFailed) request.end();
  return { ...(await response), sha256: hash.digest('hex'), sent };
}

// --- What the server left behind -------------------------------------------------------------

function tempFiles(server: TestServer): string[] {
  const dir = uploadTempDir(server.config.dataDir);
  return existsSync(dir) ? readdirSync(dir) : [];
}

/** Rows of the tables a submission writes, read straight from the database. */
async function rowCounts(server: TestServer): Promise<Record<string, number>> {
  const tables = ['submissions', 'submission_files', 'file_chunks'];
  if (server.storage.engine === 'sqlite') {
    const db = new BetterSqlite3(join(server.config.dataDir, 'portal.sqlite'), { readonly: true, fileMustExist: true });
    try {
      return Object.fromEntries(tables.map((table) => [table, (db.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n]));
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: server.config.databaseUrl });
  await client.connect();
  try {
    const counts: Record<string, number> = {};
    for (const table of tables) counts[table] = Number((await client.query<{ n: string }>(`select count(*) as n from "${table}"`)).rows[0].n);
    return counts;
  } finally {
    await client.end();
  }
}

function defineStreamingSuite(label: string, databaseUrl: () => string | undefined): void {
  describe(`streamed uploads (${label})`, () => {
    let server: TestServer;
    let session: Session;

    beforeAll(async () => {
      server = await startServer({ databaseUrl: databaseUrl() });
      session = await server.session('/uzi/aanleveren-documenten');
    });

    afterAll(async () => {
      await server?.close();
    });

    it('stores a 10 MB upload sent in 64 KB pieces without ever allocating a buffer of its size', async () => {
      expect(server.storage.engine).toBe(label);
      let seenTemp: { mode: number; dirMode: number } | undefined;
      const probe = probeAllocations();
      let result: UploadResult;
      try {
        result = await streamUpload(server, session, {
          fields: FIELDS,
          fileName: 'groot-document.pdf',
          pieces: pdfPieces(TEN_MB),
          // Mid-file, the bytes so far are in a temporary file of the applicant's own (0600 in a 0700 folder).
          pause: {
            after: MB,
            run: async () => {
              await vi.waitFor(() => expect(tempFiles(server)).toHaveLength(1), { timeout: 5000, interval: 10 });
              const dir = uploadTempDir(server.config.dataDir);
              seenTemp = { mode: statSync(join(dir, tempFiles(server)[0])).mode & 0o777, dirMode: statSync(dir).mode & 0o777 };
            },
          },
        });
      } finally {
        probe.stop();
      }
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      expect(result.sent).toBe(TEN_MB);
      expect(seenTemp).toEqual({ mode: 0o600, dirMode: 0o700 });
      expect(probe.largest, probe.where).toBeLessThanOrEqual(LARGEST_ALLOWED);
      // Stored: the temporary file is gone before the answer came.
      expect(tempFiles(server)).toEqual([]);

      const { kenmerk } = result.body as { kenmerk: string };
      const record = await server.storage.getSubmission(kenmerk);
      expect(record!.files).toEqual([
        expect.objectContaining({ fileName: 'groot-document.pdf', mimeType: 'application/pdf', size: TEN_MB, sha256: result.sha256 }),
      ]);

      // Read back streamed too, and compared piece by piece with what was sent.
      const readProbe = probeAllocations();
      const hash = createHash('sha256');
      let received = 0;
      let mismatchAt: number | undefined;
      const expected = pdfPieces(TEN_MB);
      let pending = Buffer.alloc(0);
      try {
        for await (const chunk of (await server.storage.getFileContent(record!.files[0].id))!) {
          hash.update(chunk);
          let rest = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
          while (rest.length > 0 && mismatchAt === undefined) {
            if (pending.length === 0) pending = expected.next().value ?? Buffer.alloc(0);
            const length = Math.min(pending.length, rest.length);
            if (length === 0 || !rest.subarray(0, length).equals(pending.subarray(0, length))) mismatchAt = received;
            pending = pending.subarray(length);
            rest = rest.subarray(length);
            received += length;
          }
        }
      } finally {
        readProbe.stop();
      }
      expect(mismatchAt).toBeUndefined();
      expect(received).toBe(TEN_MB);
      expect(hash.digest('hex')).toBe(result.sha256);
      expect(readProbe.largest, readProbe.where).toBeLessThanOrEqual(LARGEST_ALLOWED);
    });

    describe('refused uploads leave no temporary file and no row', () => {
      async function expectNothingLeft(before: Record<string, number>): Promise<void> {
        expect(tempFiles(server)).toEqual([]);
        expect(await rowCounts(server)).toEqual(before);
      }

      it('a file over the limit (UFILE-01), refused while it streams', async () => {
        const before = await rowCounts(server);
        const probe = probeAllocations();
        let result: UploadResult;
        try {
          result = await streamUpload(server, session, { fields: FIELDS, fileName: 'groot.pdf', pieces: pdfPieces(TEN_MB + PIECE) });
        } finally {
          probe.stop();
        }
        expect(result.status).toBe(400);
        expect((result.body as { errors: unknown }).errors).toEqual([{ code: 'UFILE-01', extraInfo: ['groot.pdf', '10 MB'] }]);
        expect(probe.largest, probe.where).toBeLessThanOrEqual(LARGEST_ALLOWED);
        await expectNothingLeft(before);
      });

      it('content that is no PDF (UFILE-02), found once the file has ended', async () => {
        const before = await rowCounts(server);
        const result = await streamUpload(server, session, { fields: FIELDS, fileName: 'vermomd.pdf', pieces: textPieces(3 * MB) });
        expect(result.status).toBe(400);
        expect((result.body as { errors: unknown }).errors).toEqual([
          { code: 'UFILE-02', extraInfo: ['vermomd.pdf', 'pdf', 'jpg', 'jpeg', 'png', 'gif', 'tif', 'tiff'] },
        ]);
        await expectNothingLeft(before);
      });

      it('a required field missing (UVAL-01), found after the whole file was read', async () => {
        const before = await rowCounts(server);
        const { abonneeNaam: _left, ...rest } = FIELDS;
        const result = await streamUpload(server, session, { fields: rest, fileName: 'document.pdf', pieces: pdfPieces(2 * MB) });
        expect(result.status).toBe(400);
        expect((result.body as { errors: { code: string }[] }).errors.map((error) => error.code)).toEqual(['UVAL-01']);
        await expectNothingLeft(before);
      });

      it('a body cut off halfway through the file', async () => {
        const before = await rowCounts(server);
        await streamUpload(server, session, {
          fields: FIELDS,
          fileName: 'afgebroken.pdf',
          pieces: pdfPieces(TEN_MB),
          // Cut only once the server is writing the file.
          pause: { after: MB, run: () => vi.waitFor(() => expect(tempFiles(server)).toHaveLength(1), { timeout: 5000, interval: 10 }) },
          cutAfter: 3 * MB,
        });
        // No answer to wait for: the server notices the closed connection and cleans up on its own.
        await vi.waitFor(() => expect(tempFiles(server)).toEqual([]), { timeout: 10_000, interval: 20 });
        expect(await rowCounts(server)).toEqual(before);
        // And goes on serving.
        const next = await streamUpload(server, session, { fields: FIELDS, fileName: 'klein.pdf', pieces: pdfPieces(100_000) });
        expect(next.status).toBe(200);
        expect(tempFiles(server)).toEqual([]);
      });
    });
  });
}

defineStreamingSuite('sqlite', () => undefined);
const postgresUrl = testDatabaseUrl();
if (postgresUrl) defineStreamingSuite('postgres', () => postgresUrl);

describe('temporary upload files', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'uzi-upload-tmp-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('are made 0600 in a 0700 folder under <DATA_DIR>/tmp, and discarded', async () => {
    const dir = uploadTempDir(dataDir);
    expect(dir).toBe(join(dataDir, 'tmp'));
    const first = await createTempFile(dir);
    const second = await createTempFile(dir);
    await Promise.all([first.handle.close(), second.handle.close()]);
    expect(first.path).not.toBe(second.path);
    expect(statSync(first.path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    await discardUploads([{ path: first.path }, { path: second.path }, { path: join(dir, 'upload-al-weg') }]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('left behind by a crashed process are removed when the folder is first used', async () => {
    const otherData = await mkdtemp(join(tmpdir(), 'uzi-upload-tmp-'));
    try {
      // Before this process uses the folder: a file untouched for two hours, and a fresh one
      // (another process sharing the folder may be writing it).
      const dir = uploadTempDir(otherData);
      await mkdir(dir, { recursive: true });
      const stale = join(dir, 'upload-oud');
      await writeFile(stale, 'oud');
      await writeFile(join(dir, 'upload-nieuw'), 'nieuw');
      const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      await utimes(stale, longAgo, longAgo);
      const made = await createTempFile(dir);
      await made.handle.close();
      expect(readdirSync(dir).sort()).toEqual([made.path.slice(dir.length + 1), 'upload-nieuw'].sort());
    } finally {
      await rm(otherData, { recursive: true, force: true });
    }
  });
});
