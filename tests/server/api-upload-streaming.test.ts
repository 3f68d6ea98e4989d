/**
 * Uploads are streamed: a 10 MB file sent to the real listening server in 64 KB pieces is counted,
 * hashed and written to a temporary file as it arrives and stored in chunks, so no buffer anywhere
 * near its size is ever allocated (every Buffer / ArrayBuffer / Uint8Array allocation in this
 * process is recorded while the request runs); it reads back byte for byte, with the right sha256,
 * also streamed (a real PDF: its whole structure is checked). Refused uploads — too big, wrong content, a field missing, a body cut off — leave
 * no temporary file and no row. On SQLite always, on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTempFile, discardUploads, uploadTempDir } from '../../src/server/uploads/tempFiles';
import { DOCUMENT_FIELDS, startServer, testDatabaseUrl, type Session, type TestServer } from '../helpers/server';
import { pdfPieces, PIECE, probeAllocations, streamComparer, streamMultipart, type StreamedMultipart, type StreamedResult } from '../helpers/streaming';

const UPLOAD = '/api/aanleveren-documenten/upload';
const MB = 1024 * 1024;
const TEN_MB = 10 * MB;
/** The most any single allocation may take while a 10 MB file goes through (chunks are 256 KB). */
const LARGEST_ALLOWED = 2 * MB;

const FIELDS = DOCUMENT_FIELDS;

function* textPieces(size: number): Generator<Buffer> {
  for (let offset = 0; offset < size; offset += PIECE) yield Buffer.alloc(Math.min(PIECE, size - offset), 'niet-pdf ');
}

interface StreamedUpload {
  fields: Record<string, string>;
  fileName: string;
  pieces: Iterable<Buffer>;
  pause?: StreamedMultipart['pause'];
  cutAfter?: number;
}

/** Sends a document-delivery upload with its one file streamed (see streamMultipart). */
function streamUpload(server: TestServer, session: Session, upload: StreamedUpload): Promise<StreamedResult> {
  return streamMultipart(server, session, {
    path: UPLOAD,
    fields: upload.fields,
    file: { field: 'documenten', name: upload.fileName, type: 'application/pdf', pieces: upload.pieces },
    ...(upload.pause ? { pause: upload.pause } : {}),
    ...(upload.cutAfter === undefined ? {} : { cutAfter: upload.cutAfter }),
  });
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
      let result: StreamedResult;
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
      const comparer = streamComparer(pdfPieces(TEN_MB));
      try {
        for await (const chunk of (await server.storage.getFileContent(record!.files[0].id))!) comparer.take(chunk);
      } finally {
        readProbe.stop();
      }
      const { mismatchAt, received, sha256 } = comparer.result();
      expect(mismatchAt).toBeUndefined();
      expect(received).toBe(TEN_MB);
      expect(sha256).toBe(result.sha256);
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
        let result: StreamedResult;
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
