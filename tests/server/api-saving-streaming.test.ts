/**
 * 'Opslaan en later verder' streams its files both ways: a 10 MB file saved through the real route
 * and taken back through it never makes the server (or this test) allocate a buffer anywhere near
 * its size, and comes back byte for byte. The sealed chunks stand for themselves: one changed,
 * moved, dropped, added or taken from another application makes the resume fail whole with a
 * clear error and no content, without using the link up or counting an attempt. An application
 * saved whole before chunks still opens. A refused save, a dropped connection and a failing store
 * leave nothing behind. On SQLite always, on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { savingSecret } from '../../src/server/saving';
import type { SealedChunk } from '../../src/server/storage';
import { sealWhole } from '../../src/server/saving/seal';
import { uploadTempDir } from '../../src/server/uploads/tempFiles';
import { packedHeader, unpackSaved, type SavedHeader } from '../../src/shared/savedApplication';
import { expectError, minimalPdf, startServer, testDatabaseUrl, type Session, type TestServer } from '../helpers/server';
import { pdfPieces, probeAllocations, streamComparer, streamMultipart, type StreamedMultipart } from '../helpers/streaming';
import { storageEngines } from '../helpers/storageBackends';

const FLOW = 'aanleveren-documenten';
const FIELD = 'documenten.documenten';
const MB = 1024 * 1024;
const TEN_MB = 10 * MB;
/** The most any single allocation may take while a 10 MB file goes through (chunks are 256 KB). */
const LARGEST_ALLOWED = 2 * MB;

interface Saved {
  code: string;
  path: string;
}

const idOf = (saved: Saved) => saved.path.split('/').pop()!;

function gegevens(server: TestServer, files: { id: string; field: string }[] = [{ id: 'f1', field: FIELD }]): string {
  return JSON.stringify({
    flowId: FLOW,
    scenario: 'uzi',
    hash: server.registry.get(FLOW)!.hash,
    path: `/uzi/${FLOW}/stap2`,
    answers: { model: { gegevens: { abonneeNaam: 'Zorggroep Groot' } }, drafts: {}, wizard: { current: 'stap2' } },
    files,
  });
}

/** Saves through `POST /api/opslaan` with one file streamed in pieces. */
function streamSave(
  server: TestServer,
  session: Session,
  pieces: Iterable<Buffer>,
  options: Partial<Pick<StreamedMultipart, 'pause' | 'cutAfter' | 'fields'>> = {},
) {
  return streamMultipart(server, session, {
    path: '/api/opslaan',
    fields: options.fields ?? { gegevens: gegevens(server) },
    file: { field: FIELD, name: 'groot.pdf', type: 'application/pdf', pieces },
    ...(options.pause ? { pause: options.pause } : {}),
    ...(options.cutAfter === undefined ? {} : { cutAfter: options.cutAfter }),
  });
}

interface StreamedResume {
  status: number;
  contentLength?: string;
  /** The error body, when not 200. */
  error?: { detail: string; errors: { code: string; extraInfo: string[] }[] };
  header?: SavedHeader;
  /** The file bytes that followed the header, compared as they came. */
  files?: ReturnType<ReturnType<typeof streamComparer>['result']>;
}

/**
 * `POST /api/hervatten`, its answer read as it arrives: the packed header is gathered (it is small),
 * the file bytes after it are compared piece by piece with `expected` and never joined.
 */
async function streamResume(server: TestServer, session: Session, id: string, code: string, expected: Iterator<Buffer>): Promise<StreamedResume> {
  const url = new URL(server.baseUrl);
  const body = JSON.stringify({ id, code });
  return new Promise<StreamedResume>((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: '/api/hervatten',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), cookie: session.cookie, 'x-xsrf-token': session.token },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const contentLength = response.headers['content-length'];
        const comparer = streamComparer(expected);
        const start: Buffer[] = [];
        let started = 0;
        let headerLength: number | undefined;
        let header: SavedHeader | undefined;
        response.on('data', (chunk: Buffer) => {
          if (status !== 200 || header) {
            if (status !== 200) start.push(chunk);
            else comparer.take(chunk);
            return;
          }
          start.push(chunk);
          started += chunk.length;
          if (headerLength === undefined && started >= 4) headerLength = Buffer.concat(start).readUInt32BE(0);
          if (headerLength !== undefined && started >= 4 + headerLength) {
            const gathered = Buffer.concat(start);
            header = JSON.parse(gathered.subarray(4, 4 + headerLength).toString('utf8')) as SavedHeader;
            comparer.take(gathered.subarray(4 + headerLength));
          }
        });
        response.on('error', reject);
        response.on('end', () => {
          if (status !== 200) resolve({ status, error: JSON.parse(Buffer.concat(start).toString('utf8')) as StreamedResume['error'] });
          else resolve({ status, ...(contentLength ? { contentLength } : {}), ...(header ? { header } : {}), files: comparer.result() });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

function tempFiles(server: TestServer): string[] {
  const dir = uploadTempDir(server.config.dataDir);
  return existsSync(dir) ? readdirSync(dir) : [];
}

/**
 * Runs one statement straight on the server's database (to damage what the portal stored, or count
 * it); placeholders: `param(n)`.
 */
async function execute(server: TestServer, statement: (param: (n: number) => string) => string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  if (server.storage.engine === 'sqlite') {
    const db = new BetterSqlite3(join(server.config.dataDir, 'portal.sqlite'));
    try {
      const prepared = db.prepare(statement(() => '?'));
      return prepared.reader ? (prepared.all(...params) as Record<string, unknown>[]) : (prepared.run(...params), []);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: server.config.databaseUrl });
  await client.connect();
  try {
    return (
      await client.query(
        statement((n) => `$${n}`),
        params,
      )
    ).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

async function rowCounts(server: TestServer): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['saved_applications', 'saved_chunks']) counts[table] = Number((await execute(server, () => `select count(*) as n from ${table}`))[0].n);
  return counts;
}

async function storedChunk(server: TestServer, id: string, seq: number): Promise<{ content: Buffer; tag: Buffer }> {
  const [row] = await execute(server, (p) => `select content, tag from saved_chunks where saved_id = ${p(1)} and seq = ${p(2)}`, [id, seq]);
  return { content: Buffer.from(row.content as Uint8Array), tag: Buffer.from(row.tag as Uint8Array) };
}

function defineSuite(label: string, databaseUrl: () => string | undefined): void {
  describe(`saving streamed (${label})`, () => {
    let server: TestServer;
    let session: Session;

    beforeAll(async () => {
      server = await startServer({ databaseUrl: databaseUrl() });
      session = await server.session(`/uzi/${FLOW}`);
    });
    afterAll(() => server?.close());

    it('saves and resumes a 10 MB file without ever allocating a buffer of its size, byte for byte', async () => {
      expect(server.storage.engine).toBe(label);
      const saveProbe = probeAllocations();
      let sent: Awaited<ReturnType<typeof streamSave>>;
      try {
        sent = await streamSave(server, session, pdfPieces(TEN_MB));
      } finally {
        saveProbe.stop();
      }
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      expect(saveProbe.largest, saveProbe.where).toBeLessThanOrEqual(LARGEST_ALLOWED);
      expect(tempFiles(server)).toEqual([]);
      const saved = sent.body as Saved;
      const stored = await server.storage.findSavedApplication(idOf(saved));
      // The opener only (format, salt, key check); the content lies in 256 KB chunks.
      expect(stored!.sealed!.byteLength).toBe(49);
      expect(stored!.chunkCount).toBe(41);

      const resumeProbe = probeAllocations();
      let resumed: StreamedResume;
      try {
        resumed = await streamResume(server, session, idOf(saved), saved.code, pdfPieces(TEN_MB));
      } finally {
        resumeProbe.stop();
      }
      expect(resumed.status, JSON.stringify(resumed.error)).toBe(200);
      expect(resumeProbe.largest, resumeProbe.where).toBeLessThanOrEqual(LARGEST_ALLOWED);
      expect(resumed.header!.files).toEqual([{ id: 'f1', name: 'groot.pdf', type: 'application/pdf', size: TEN_MB }]);
      expect(resumed.header!.answers.model).toEqual({ gegevens: { abonneeNaam: 'Zorggroep Groot' } });
      expect(resumed.files).toEqual({ received: TEN_MB, sha256: sent.sha256 });
      expect(Number(resumed.contentLength)).toBe(packedHeader(resumed.header!).byteLength + TEN_MB);
      // Once sent, its chunks are gone; the row only says it was used.
      await vi.waitFor(async () => expect(await execute(server, (p) => `select seq from saved_chunks where saved_id = ${p(1)}`, [idOf(saved)])).toEqual([]));
      const again = await server.postJson('/api/hervatten', { id: idOf(saved), code: saved.code }, session);
      expect((await expectError(again, 410)).errors[0].code).toBe('USAVE-03');
    });

    describe('a damaged application is refused whole, with no content', () => {
      // A server of its own: resume calls are limited to ten a minute per client.
      let server: TestServer;
      let session: Session;
      beforeAll(async () => {
        server = await startServer({ databaseUrl: databaseUrl() });
        session = await server.session(`/uzi/${FLOW}`);
      });
      afterAll(() => server?.close());

      /** Saves an application of three chunks (a 600 KB PDF) and answers it. */
      async function saveThreeChunks(): Promise<Saved> {
        const form = new FormData();
        form.append('gegevens', gegevens(server));
        form.append(FIELD, new Blob([new Uint8Array(minimalPdf('Drie stukken', 600 * 1024))], { type: 'application/pdf' }), 'drie.pdf');
        const response = await server.postMultipart('/api/opslaan', form, session);
        expect(response.status).toBe(201);
        const saved = (await response.json()) as Saved;
        expect((await server.storage.findSavedApplication(idOf(saved)))!.chunkCount).toBe(3);
        return saved;
      }

      const damages: Record<string, (id: string, other: string) => Promise<void>> = {
        'a byte changed': async (id) => {
          const { content } = await storedChunk(server, id, 1);
          content[1000] ^= 0x01;
          await execute(server, (p) => `update saved_chunks set content = ${p(1)} where saved_id = ${p(2)} and seq = 1`, [content, id]);
        },
        'a tag changed': async (id) => {
          const { tag } = await storedChunk(server, id, 0);
          tag[0] ^= 0x80;
          await execute(server, (p) => `update saved_chunks set tag = ${p(1)} where saved_id = ${p(2)} and seq = 0`, [tag, id]);
        },
        'two chunks swapped': async (id) => {
          await execute(server, (p) => `update saved_chunks set seq = 100 where saved_id = ${p(1)} and seq = 0`, [id]);
          await execute(server, (p) => `update saved_chunks set seq = 0 where saved_id = ${p(1)} and seq = 1`, [id]);
          await execute(server, (p) => `update saved_chunks set seq = 1 where saved_id = ${p(1)} and seq = 100`, [id]);
        },
        'the last chunk dropped, and the count lowered': async (id) => {
          await execute(server, (p) => `delete from saved_chunks where saved_id = ${p(1)} and seq = 2`, [id]);
          await execute(server, (p) => `update saved_applications set chunk_count = 2 where id = ${p(1)}`, [id]);
        },
        'a chunk missing': async (id) => {
          await execute(server, (p) => `delete from saved_chunks where saved_id = ${p(1)} and seq = 1`, [id]);
        },
        'a chunk added after the last': async (id) => {
          const last = await storedChunk(server, id, 2);
          await execute(server, (p) => `insert into saved_chunks (saved_id, seq, content, tag) values (${p(1)}, 3, ${p(2)}, ${p(3)})`, [
            id,
            last.content,
            last.tag,
          ]);
          await execute(server, (p) => `update saved_applications set chunk_count = 4 where id = ${p(1)}`, [id]);
        },
        'a chunk cut short': async (id) => {
          const { content } = await storedChunk(server, id, 2);
          await execute(server, (p) => `update saved_chunks set content = ${p(1)} where saved_id = ${p(2)} and seq = 2`, [
            content.subarray(0, content.length - 1),
            id,
          ]);
        },
        'a chunk of another application': async (id, other) => {
          const foreign = await storedChunk(server, other, 1);
          await execute(server, (p) => `update saved_chunks set content = ${p(1)}, tag = ${p(2)} where saved_id = ${p(3)} and seq = 1`, [
            foreign.content,
            foreign.tag,
            id,
          ]);
        },
      };

      for (const [damage, apply] of Object.entries(damages)) {
        it(damage, async () => {
          const saved = await saveThreeChunks();
          const other = await saveThreeChunks();
          await apply(idOf(saved), idOf(other));
          const resumed = await streamResume(server, session, idOf(saved), saved.code, [][Symbol.iterator]());
          expect(resumed.status).toBe(500);
          expect(resumed.error).toMatchObject({
            detail: 'De opgeslagen aanvraag is beschadigd en kan niet worden geopend.',
            errors: [{ code: 'USAVE-06', extraInfo: [] }],
          });
          // Not used up and no attempt counted: it was the right code.
          const record = await server.storage.findSavedApplication(idOf(saved));
          expect(record).toMatchObject({ failedAttempts: 0 });
          expect(record!.usedAt).toBeUndefined();
          if (damage === 'a byte changed') {
            // A wrong code is still told apart from damage, and counted.
            const wrong = await server.postJson('/api/hervatten', { id: idOf(saved), code: 'AAAAA-AAAAA' }, session);
            expect((await expectError(wrong, 400)).errors[0]).toEqual({ code: 'USAVE-04', extraInfo: ['4'] });
          }
        });
      }
    });

    it('still opens an application saved whole, before chunks, and counts wrong codes on it', async () => {
      const secret = savingSecret(server.config.saving, server.config.dataDir);
      const pdf = minimalPdf('Oud formaat');
      const header: SavedHeader = {
        flowId: FLOW,
        scenario: 'uzi',
        hash: server.registry.get(FLOW)!.hash,
        path: `/uzi/${FLOW}/stap2`,
        answers: { model: { gegevens: { abonneeNaam: 'Zorggroep Oud' } }, drafts: {} },
        files: [{ id: 'f1', name: 'oud.pdf', type: 'application/pdf', size: pdf.length }],
      };
      const packed = Buffer.concat([packedHeader(header), pdf]);
      const expiresAt = new Date(Date.now() + 86_400_000);
      const [id, otherId] = ['OudFormaatAanvraag0001', 'OudFormaatAanvraag0002'];
      await server.storage.storeSavedApplication({ id, sealed: sealWhole(packed, secret, 'OUDEC-ODE22'), expiresAt });
      await server.storage.storeSavedApplication({ id: otherId, sealed: sealWhole(packed, secret, 'OUDEC-ODE33'), expiresAt });
      expect((await server.storage.findSavedApplication(id))!.chunkCount).toBeUndefined();

      const resumed = await server.postJson('/api/hervatten', { id, code: 'oudec-ode22' }, session);
      expect(resumed.status).toBe(200);
      expect(resumed.headers.get('content-length')).toBe(String(packed.length));
      const { header: back, files } = await unpackSaved(await resumed.blob());
      expect(back).toEqual(header);
      expect(Buffer.from(await files[0].arrayBuffer()).equals(pdf)).toBe(true);
      expect((await expectError(await server.postJson('/api/hervatten', { id, code: 'OUDEC-ODE22' }, session), 410)).errors[0].code).toBe('USAVE-03');

      const wrong = await server.postJson('/api/hervatten', { id: otherId, code: 'OUDEC-ODE22' }, session);
      expect((await expectError(wrong, 400)).errors[0]).toEqual({ code: 'USAVE-04', extraInfo: ['4'] });
    });

    describe('nothing is stored, and no temporary file is left', () => {
      it('when the save is refused after its 10 MB file was read', async () => {
        const before = await rowCounts(server);
        const refused = await streamSave(server, session, pdfPieces(TEN_MB), { fields: { gegevens: gegevens(server, []) } });
        expect(refused.status).toBe(400);
        expect((refused.body as { errors: { code: string }[] }).errors[0].code).toBe('UREQ-01');
        const badAddress = await streamSave(server, session, pdfPieces(TEN_MB), { fields: { gegevens: gegevens(server), email: 'geen-adres' } });
        expect(badAddress.status).toBe(400);
        expect((badAddress.body as { errors: { code: string }[] }).errors[0].code).toBe('UVAL-01');
        expect(tempFiles(server)).toEqual([]);
        expect(await rowCounts(server)).toEqual(before);
      });

      it('when the connection drops halfway through the file', async () => {
        const before = await rowCounts(server);
        await streamSave(server, session, pdfPieces(TEN_MB), {
          pause: { after: MB, run: () => vi.waitFor(() => expect(tempFiles(server)).toHaveLength(1), { timeout: 5000, interval: 10 }) },
          cutAfter: 3 * MB,
        });
        await vi.waitFor(() => expect(tempFiles(server)).toEqual([]), { timeout: 10_000, interval: 20 });
        expect(await rowCounts(server)).toEqual(before);
      });
    });
  });
}

defineSuite('sqlite', () => undefined);
const postgresUrl = testDatabaseUrl();
if (postgresUrl) defineSuite('postgres', () => postgresUrl);

describe('storing a saved application', () => {
  for (const engine of storageEngines()) {
    it(`stores nothing when its chunks stop coming halfway (${engine.label})`, async () => {
      const backend = await engine.create();
      const storage = await backend.open();
      try {
        const failure = new Error('tijdelijk bestand weg');
        async function* chunks(): AsyncGenerator<SealedChunk> {
          yield { content: new Uint8Array(1000).fill(1), tag: new Uint8Array(16) };
          yield { content: new Uint8Array(1000).fill(2), tag: new Uint8Array(16) };
          throw failure;
        }
        const stored = storage.storeSavedApplication({
          id: 'halverwege-gestopt0001',
          sealed: new Uint8Array(49),
          expiresAt: new Date(Date.now() + 86_400_000),
          chunks: chunks(),
        });
        // The source's own error, not a database error.
        await expect(stored).rejects.toBe(failure);
        expect(await storage.findSavedApplication('halverwege-gestopt0001')).toBeUndefined();
        expect(await backend.execute(() => 'select count(*) as n from saved_chunks')).toEqual([{ n: engine.label === 'SQLite' ? 0 : '0' }]);
      } finally {
        await storage.close();
        await backend.dispose();
      }
    });
  }
});
