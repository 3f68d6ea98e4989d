// Tests for the storage layer (src/server/storage). One suite, run against SQLite (temp folder) and,
// when TEST_DATABASE_URL is set, against PostgreSQL (a fresh schema per test). In CI the PostgreSQL
// run is mandatory: without TEST_DATABASE_URL it fails instead of being skipped.
//   TEST_DATABASE_URL="$(bash scripts/postgres-test-db.sh)" npx vitest run tests/server/storage.test.ts
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { Migrator, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createStorage,
  KENMERK_PATTERN,
  newKenmerk,
  normalizeKenmerk,
  StorageError,
  type CreateStorageOptions,
  type NewSubmission,
  type Storage,
  type StorageConfig,
  type StorageEngine,
  type StoredFileInput,
} from '../../src/server/storage/index.js';
import { connect } from '../../src/server/storage/connect.js';
import { FILE_CHUNK_SIZE } from '../../src/server/storage/createStorage.js';
import { createMigrationProvider } from '../../src/server/storage/migrations.js';

/** A fresh, empty database for one test, plus raw access to check what was really written. */
interface Backend {
  /** What createStorage is given (also for opening the database at an older schema). */
  config: StorageConfig;
  open(options?: CreateStorageOptions): Promise<Storage>;
  tableNames(): Promise<string[]>;
  countRows(table: string): Promise<number>;
  /** Runs one statement; `table(name)` gives the name as it must be written in it. */
  exec(statement: (table: (name: string) => string) => string): Promise<void>;
  dispose(): Promise<void>;
}

/** Where the files handed to saveSubmission are written (what the upload's temporary files are). */
const filesDir = mkdtempSync(join(tmpdir(), 'uzi-storage-files-'));
afterAll(() => rmSync(filesDir, { recursive: true, force: true }));

function fileInput(fieldName: string, fileName: string, mimeType: string, bytes: Uint8Array): StoredFileInput {
  const path = join(filesDir, randomBytes(8).toString('hex'));
  writeFileSync(path, bytes);
  return {
    fieldName,
    fileName,
    mimeType,
    size: bytes.byteLength,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    path,
  };
}

/** A stored file's content read to the end, and the sizes of the chunks it came in. */
async function readContent(content: AsyncIterable<Uint8Array> | undefined): Promise<{ bytes: Buffer; chunkSizes: number[] }> {
  if (!content) throw new Error('no content');
  const chunks: Uint8Array[] = [];
  for await (const chunk of content) chunks.push(chunk);
  return { bytes: Buffer.concat(chunks), chunkSizes: chunks.map((chunk) => chunk.byteLength) };
}

/** Personal data that must never show up in error messages. */
const PERSONAL_NAME = 'Zoë van der Berg-Jansen';
const PERSONAL_FILE_NAME = 'paspoort-zoe-jansen.pdf';

function sampleSubmission(files: StoredFileInput[] = []): NewSubmission {
  return {
    flowId: 'uzi-pas-aanvraag',
    flowHash: 'a'.repeat(64),
    scenario: 'uzi',
    data: {
      aanvrager: { naam: PERSONAL_NAME, woonplaats: "'s-Hertogenbosch", geboortedatum: '1980-02-29' },
      akkoord: true,
      aantal: 2,
      opmerkingen: null,
      lijst: ['één', 'twee'],
    },
    files,
  };
}

function sequence(values: string[]): () => string {
  let index = 0;
  return () => values[Math.min(index++, values.length - 1)];
}

const migrationCount = Object.keys(await createMigrationProvider('sqlite').getMigrations()).length;

function defineStorageSuite(label: string, engine: StorageEngine, makeBackend: () => Promise<Backend>): void {
  describe(label, () => {
    let backend: Backend;
    const opened: Storage[] = [];

    async function open(options?: CreateStorageOptions): Promise<Storage> {
      const storage = await backend.open(options);
      opened.push(storage);
      return storage;
    }

    beforeEach(async () => {
      backend = await makeBackend();
    });

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((storage) => storage.close()));
      await backend.dispose();
    });

    it('runs the migrations at open and is idempotent on reopen; data survives', async () => {
      expect(await backend.tableNames()).not.toContain('submissions');

      const first = await open();
      expect(first.engine).toBe(engine);
      const tables = await backend.tableNames();
      expect(tables).toEqual(expect.arrayContaining(['submissions', 'submission_files', 'kysely_migration']));
      expect(await backend.countRows('kysely_migration')).toBe(migrationCount);
      expect(await first.countSubmissions()).toBe(0);

      const saved = await first.saveSubmission(sampleSubmission([fileInput('diploma', 'diploma.pdf', 'application/pdf', randomBytes(1000))]));
      await first.close();

      const second = await open();
      expect(await backend.countRows('kysely_migration')).toBe(migrationCount);
      expect(await second.countSubmissions()).toBe(1);
      const record = await second.getSubmission(saved.kenmerk);
      expect(record?.id).toBe(saved.id);
      expect(record?.files).toHaveLength(1);
      await second.close();

      const third = await open();
      expect(await third.countSubmissions()).toBe(1);
    });

    it('round-trips a submission with two files, one of 10 MB, byte for byte', async () => {
      const storage = await open();
      const big = new Uint8Array(randomBytes(10 * 1024 * 1024));
      // A view into a larger buffer, to check that offsets are respected on the way in.
      const backing = randomBytes(300);
      const small = new Uint8Array(backing.buffer, backing.byteOffset + 100, 100);
      const input = sampleSubmission([
        fileInput('identiteitsbewijs', PERSONAL_FILE_NAME, 'application/pdf', big),
        fileInput('pasfoto', 'pasfoto.jpg', 'image/jpeg', small),
      ]);

      const saved = await storage.saveSubmission(input);
      expect(saved.kenmerk).toMatch(KENMERK_PATTERN);
      expect(saved.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(saved.createdAt).toBeInstanceOf(Date);
      expect(await storage.countSubmissions()).toBe(1);

      const record = await storage.getSubmission(saved.kenmerk);
      expect(record).toBeDefined();
      expect(record).toMatchObject({
        id: saved.id,
        kenmerk: saved.kenmerk,
        flowId: input.flowId,
        flowHash: input.flowHash,
        scenario: 'uzi',
        data: input.data,
      });
      expect(record!.createdAt).toBeInstanceOf(Date);
      expect(record!.createdAt.getTime()).toBe(saved.createdAt.getTime());
      expect(record!.files.map(({ id: _id, ...meta }) => meta)).toEqual(input.files.map(({ path: _path, ...meta }) => meta));

      for (const [index, file] of record!.files.entries()) {
        const { bytes: content, chunkSizes } = await readContent(await storage.getFileContent(file.id));
        const expected = index === 0 ? big : small;
        expect(content.byteLength).toBe(expected.byteLength);
        // Buffer.compare instead of toEqual: a 10 MB diff would be unreadable.
        expect(Buffer.compare(content, expected)).toBe(0);
        expect(createHash('sha256').update(content).digest('hex')).toBe(file.sha256);
        // Streamed: the 10 MB file comes in chunks of FILE_CHUNK_SIZE, never whole.
        expect(Math.max(...chunkSizes)).toBeLessThanOrEqual(FILE_CHUNK_SIZE);
        expect(chunkSizes).toHaveLength(Math.ceil(expected.byteLength / FILE_CHUNK_SIZE));
      }
      // One row per chunk, the inline column left empty.
      expect(await backend.countRows('file_chunks')).toBe(Math.ceil(big.byteLength / FILE_CHUNK_SIZE) + 1);
    });

    it('stores nothing when a file does not hash to its sha256, and names no file', async () => {
      const storage = await open();
      const good = fileInput('a', 'a.pdf', 'application/pdf', randomBytes(FILE_CHUNK_SIZE * 3 + 5));
      const forged = { ...fileInput('b', PERSONAL_FILE_NAME, 'application/pdf', randomBytes(FILE_CHUNK_SIZE + 1)), sha256: 'f'.repeat(64) };
      const error = await storage.saveSubmission(sampleSubmission([good, forged])).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toBe('file 1: sha256 does not match the content');
      expect(await backend.countRows('submissions')).toBe(0);
      expect(await backend.countRows('submission_files')).toBe(0);
      expect(await backend.countRows('file_chunks')).toBe(0);
      // Still usable.
      await storage.saveSubmission(sampleSubmission([good]));
      expect(await backend.countRows('file_chunks')).toBe(4);
    });

    it('stores and streams an empty file and sizes around the chunk size', async () => {
      const storage = await open();
      const sizes = [0, 1, FILE_CHUNK_SIZE - 1, FILE_CHUNK_SIZE, FILE_CHUNK_SIZE + 1, 2 * FILE_CHUNK_SIZE];
      const contents = sizes.map((size) => randomBytes(size));
      const saved = await storage.saveSubmission(
        sampleSubmission(contents.map((bytes, index) => fileInput('f', `f${index}.bin`, 'application/octet-stream', bytes))),
      );
      const record = await storage.getSubmission(saved.kenmerk);
      for (const [index, file] of record!.files.entries()) {
        const { bytes, chunkSizes } = await readContent(await storage.getFileContent(file.id));
        expect(Buffer.compare(bytes, contents[index])).toBe(0);
        expect(chunkSizes).toHaveLength(Math.ceil(sizes[index] / FILE_CHUNK_SIZE));
      }
    });

    it('refuses to stream a file whose chunks are incomplete', async () => {
      const storage = await open();
      const saved = await storage.saveSubmission(sampleSubmission([fileInput('a', 'a.pdf', 'application/pdf', randomBytes(FILE_CHUNK_SIZE * 3))]));
      const fileId = (await storage.getSubmission(saved.kenmerk))!.files[0].id;
      await backend.exec((table) => `delete from ${table('file_chunks')} where seq = 1`);
      const content = await storage.getFileContent(fileId);
      const received: number[] = [];
      const error = await (async () => {
        for await (const chunk of content!) received.push(chunk.byteLength);
      })().then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(received).toEqual([FILE_CHUNK_SIZE]);
      expect(error).toBeInstanceOf(StorageError);
      expect((error as Error).message).toMatch(/chunk 1 of 3 missing/);
    });

    it('still reads files stored before chunks (0006 schema), in slices', async () => {
      // A database as the previous release left it: every migration up to 0006, a file inline.
      const { db } = connect(backend.config);
      const provider = createMigrationProvider(engine);
      const all = await provider.getMigrations();
      const older = Object.fromEntries(Object.entries(all).filter(([name]) => name < '0007'));
      const schema = engine === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0].schema : undefined;
      const legacy = randomBytes(2 * FILE_CHUNK_SIZE + 123);
      try {
        const { error } = await new Migrator({ db, provider: { getMigrations: async () => older }, migrationTableSchema: schema }).migrateToLatest();
        expect(error).toBeUndefined();
        await sql`insert into submissions (id, kenmerk, flow_id, scenario, data_json, created_at)
                  values ('s1', 'AAAA-BBBB-CCCC-DDDD', 'oud', 'uzi', '{}', '2024-01-01T00:00:00.000Z')`.execute(db);
        await sql`insert into submission_files (id, submission_id, position, field_name, file_name, mime_type, size, sha256, content)
                  values ('f1', 's1', 0, 'bijlage', 'oud.pdf', 'application/pdf', ${legacy.byteLength}, ${createHash('sha256').update(legacy).digest('hex')}, ${legacy})`.execute(
          db,
        );
      } finally {
        await db.destroy();
      }

      const storage = await open();
      expect(await backend.countRows('kysely_migration')).toBe(migrationCount);
      const record = await storage.getSubmission('AAAA-BBBB-CCCC-DDDD');
      expect(record!.files).toEqual([expect.objectContaining({ id: 'f1', size: legacy.byteLength })]);
      const { bytes, chunkSizes } = await readContent(await storage.getFileContent('f1'));
      expect(Buffer.compare(bytes, legacy)).toBe(0);
      expect(chunkSizes).toEqual([FILE_CHUNK_SIZE, FILE_CHUNK_SIZE, 123]);
      expect(await backend.countRows('file_chunks')).toBe(0);
    });

    it('stores a submission without files', async () => {
      const storage = await open();
      const saved = await storage.saveSubmission({ ...sampleSubmission(), scenario: 'zovar', data: [1, 'a'] });
      const record = await storage.getSubmission(saved.kenmerk);
      expect(record).toMatchObject({ scenario: 'zovar', data: [1, 'a'], files: [] });
    });

    it('finds a submission by kenmerk typed loosely (case, hyphens, I/L/O)', async () => {
      const storage = await open({ generateKenmerk: () => '1B0C-1D0E-AAAA-BBBB' });
      const saved = await storage.saveSubmission(sampleSubmission());
      for (const typed of ['1b0c-1d0e-aaaa-bbbb', '1B0C1D0EAAAABBBB', 'IBOC-LDOE-AAAA-BBBB', ' 1b0c 1d0e aaaa bbbb ']) {
        expect((await storage.getSubmission(typed))?.id).toBe(saved.id);
      }
    });

    it('returns undefined for unknown or malformed kenmerken and unknown file ids', async () => {
      const storage = await open();
      await storage.saveSubmission(sampleSubmission());
      expect(await storage.getSubmission(newKenmerk())).toBeUndefined();
      expect(await storage.getSubmission('')).toBeUndefined();
      expect(await storage.getSubmission('not a kenmerk')).toBeUndefined();
      expect(await storage.getSubmission("' or 1=1 --")).toBeUndefined();
      expect(await storage.getFileContent('00000000-0000-0000-0000-000000000000')).toBeUndefined();
    });

    it('rolls back the whole submission when a file fails to insert', async () => {
      const storage = await open();
      const kept = await storage.saveSubmission(sampleSubmission([fileInput('diploma', 'diploma.pdf', 'application/pdf', randomBytes(64))]));

      // The submission row and the first file are inserted; the second file violates NOT NULL.
      const broken = sampleSubmission([
        fileInput('identiteitsbewijs', PERSONAL_FILE_NAME, 'application/pdf', randomBytes(2048)),
        { ...fileInput('pasfoto', 'pasfoto.jpg', 'image/jpeg', randomBytes(64)), fileName: null as unknown as string },
      ]);
      const error = await storage.saveSubmission(broken).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(StorageError);

      // Nothing of the failed submission is left; the earlier one is untouched.
      expect(await storage.countSubmissions()).toBe(1);
      expect(await backend.countRows('submissions')).toBe(1);
      expect(await backend.countRows('submission_files')).toBe(1);
      expect((await storage.getSubmission(kept.kenmerk))?.files).toHaveLength(1);

      // The error names the schema object but carries no personal data, not even indirectly.
      const storageError = error as StorageError;
      expect(storageError.message).toMatch(/file_name/);
      const serialised = JSON.stringify({ ...storageError, message: storageError.message, stack: storageError.stack });
      expect(serialised).not.toContain(PERSONAL_NAME);
      expect(serialised).not.toContain(PERSONAL_FILE_NAME);
      expect(serialised).not.toContain('pasfoto.jpg');
      expect(storageError.cause).toBeUndefined();

      // The storage is still usable after the rollback.
      await storage.saveSubmission(sampleSubmission());
      expect(await storage.countSubmissions()).toBe(2);
    });

    it('rejects an unknown scenario (CHECK constraint) without storing anything', async () => {
      const storage = await open();
      await expect(
        storage.saveSubmission({
          ...sampleSubmission([fileInput('a', 'a.pdf', 'application/pdf', randomBytes(10))]),
          scenario: 'other' as unknown as 'uzi',
        }),
      ).rejects.toBeInstanceOf(StorageError);
      expect(await backend.countRows('submissions')).toBe(0);
      expect(await backend.countRows('submission_files')).toBe(0);
    });

    it('refuses file sizes the engines would treat differently, before writing anything', async () => {
      const storage = await open();
      const good = fileInput('a', 'a.pdf', 'application/pdf', randomBytes(10));
      for (const size of [-1, 11, 1.5, 2 ** 40, '10' as unknown as number]) {
        await expect(storage.saveSubmission(sampleSubmission([good, { ...good, size }]))).rejects.toThrow(TypeError);
      }
      for (const path of [42 as unknown as string, '', join(filesDir, 'missing'), filesDir]) {
        await expect(storage.saveSubmission(sampleSubmission([good, { ...good, path }]))).rejects.toThrow(TypeError);
      }
      expect(await backend.countRows('submissions')).toBe(0);
      expect(await backend.countRows('submission_files')).toBe(0);
      expect(await backend.countRows('file_chunks')).toBe(0);
    });

    it('refuses data that is not JSON-serialisable and stores nothing', async () => {
      const storage = await open();
      await expect(storage.saveSubmission({ ...sampleSubmission(), data: undefined })).rejects.toThrow(TypeError);
      await expect(storage.saveSubmission({ ...sampleSubmission(), data: { n: BigInt(1) } })).rejects.toThrow(TypeError);
      expect(await storage.countSubmissions()).toBe(0);
    });

    it('retries with a new kenmerk on a collision, and gives up on a broken generator', async () => {
      const storage = await open({
        generateKenmerk: sequence(['AAAA-AAAA-AAAA-AAAA', 'AAAA-AAAA-AAAA-AAAA', 'BBBB-BBBB-BBBB-BBBB']),
      });
      const first = await storage.saveSubmission(sampleSubmission());
      const second = await storage.saveSubmission(sampleSubmission([fileInput('diploma', 'diploma.pdf', 'application/pdf', randomBytes(32))]));
      expect(first.kenmerk).toBe('AAAA-AAAA-AAAA-AAAA');
      expect(second.kenmerk).toBe('BBBB-BBBB-BBBB-BBBB');
      expect((await storage.getSubmission(second.kenmerk))?.files).toHaveLength(1);
      expect(await backend.countRows('submission_files')).toBe(1);

      const stuck = await open({ generateKenmerk: () => 'AAAA-AAAA-AAAA-AAAA' });
      await expect(stuck.saveSubmission(sampleSubmission())).rejects.toBeInstanceOf(StorageError);
      expect(await stuck.countSubmissions()).toBe(2);
    });

    it('serves concurrent saves', async () => {
      const storage = await open();
      const saved = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          storage.saveSubmission(sampleSubmission([fileInput('f', `f${index}.txt`, 'text/plain', new TextEncoder().encode(`file ${index}`))])),
        ),
      );
      expect(new Set(saved.map((entry) => entry.kenmerk)).size).toBe(20);
      expect(await storage.countSubmissions()).toBe(20);
      expect(await backend.countRows('submission_files')).toBe(20);
    });

    if (engine === 'postgres') {
      it('migrates once when several instances start at the same time', async () => {
        const storages = await Promise.all([open(), open(), open()]);
        expect(await backend.countRows('kysely_migration')).toBe(migrationCount);
        await storages[0].saveSubmission(sampleSubmission());
        expect(await storages[2].countSubmissions()).toBe(1);
      });
    }
  });
}

// --- SQLite -----------------------------------------------------------------------------------

defineStorageSuite('storage on SQLite', 'sqlite', async () => {
  const root = await mkdtemp(join(tmpdir(), 'uzi-storage-test-'));
  const dataDir = join(root, 'nested', 'data'); // does not exist yet: createStorage must create it
  const file = join(dataDir, 'portal.sqlite');

  async function withRaw<T>(query: (db: BetterSqlite3.Database) => T, fallback: T): Promise<T> {
    if (!existsSync(file)) return fallback;
    const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
    try {
      return query(db);
    } finally {
      db.close();
    }
  }

  return {
    config: { dataDir },
    open: (options) => createStorage({ dataDir }, options),
    tableNames: () =>
      withRaw((db) => (db.prepare(`select name from sqlite_master where type = 'table'`).all() as { name: string }[]).map((row) => row.name), []),
    countRows: (table) => withRaw((db) => (db.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n, 0),
    exec: async (statement) => {
      const db = new BetterSqlite3(file, { fileMustExist: true });
      try {
        db.prepare(statement((name) => `"${name}"`)).run();
      } finally {
        db.close();
      }
    },
    dispose: () => rm(root, { recursive: true, force: true }),
  };
});

describe('storage on SQLite: file settings', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'uzi-storage-test-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('creates <dataDir>/portal.sqlite in WAL mode with the declared schema', async () => {
    const dataDir = join(root, 'a', 'b');
    const storage = await createStorage({ dataDir });
    try {
      expect(storage.engine).toBe('sqlite');
      const file = join(dataDir, 'portal.sqlite');
      expect(existsSync(file)).toBe(true);
      const raw = new BetterSqlite3(file, { readonly: true });
      try {
        expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
        const fileTable = raw.prepare(`select sql from sqlite_master where name = 'submission_files'`).get() as { sql: string };
        expect(fileTable.sql).toMatch(/references "submissions" \("id"\) on delete cascade/i);
        expect(fileTable.sql).toMatch(/"content" blob not null/i);
        const chunkTable = raw.prepare(`select sql from sqlite_master where name = 'file_chunks'`).get() as { sql: string };
        expect(chunkTable.sql).toMatch(/references "submission_files" \("id"\) on delete cascade/i);
        expect(chunkTable.sql).toMatch(/"content" blob not null/i);
      } finally {
        raw.close();
      }
    } finally {
      await storage.close();
    }
    await storage.close(); // closing twice is harmless
  });
});

// --- PostgreSQL -------------------------------------------------------------------------------

const databaseUrl = process.env.TEST_DATABASE_URL;
const inCi = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';

if (databaseUrl) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  const schemas: string[] = [];

  beforeAll(async () => {
    await admin.connect();
  });
  afterAll(async () => {
    // Safety net for schemas a failed test did not drop.
    for (const schema of schemas) await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  });

  defineStorageSuite('storage on PostgreSQL', 'postgres', async () => {
    const schema = `storage_test_${randomBytes(6).toString('hex')}`;
    schemas.push(schema);
    await admin.query(`create schema "${schema}"`);
    const url = new URL(databaseUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);

    return {
      config: { databaseUrl: url.toString(), dataDir: '/nonexistent/unused' },
      open: (options) => createStorage({ databaseUrl: url.toString(), dataDir: '/nonexistent/unused' }, options),
      tableNames: async () =>
        (await admin.query<{ table_name: string }>('select table_name from information_schema.tables where table_schema = $1', [schema])).rows.map(
          (row) => row.table_name,
        ),
      countRows: async (table) => Number((await admin.query<{ n: string }>(`select count(*) as n from "${schema}"."${table}"`)).rows[0].n),
      exec: async (statement) => {
        await admin.query(statement((name) => `"${schema}"."${name}"`));
      },
      dispose: async () => {
        await admin.query(`drop schema if exists "${schema}" cascade`);
      },
    };
  });

  describe('storage on PostgreSQL: schema', () => {
    it('stores file content as bytea', async () => {
      const schema = `storage_test_${randomBytes(6).toString('hex')}`;
      schemas.push(schema);
      await admin.query(`create schema "${schema}"`);
      const url = new URL(databaseUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      const storage = await createStorage({ databaseUrl: url.toString(), dataDir: '/nonexistent/unused' });
      await storage.close();
      const { rows } = await admin.query<{ table_name: string; data_type: string }>(
        `select table_name, data_type from information_schema.columns
          where table_schema = $1 and column_name = 'content' order by table_name`,
        [schema],
      );
      expect(rows).toEqual([
        { table_name: 'file_chunks', data_type: 'bytea' },
        { table_name: 'saved_chunks', data_type: 'bytea' },
        { table_name: 'submission_files', data_type: 'bytea' },
      ]);
    });
  });
} else if (inCi) {
  describe('storage on PostgreSQL', () => {
    it('requires TEST_DATABASE_URL in CI', () => {
      throw new Error(
        'TEST_DATABASE_URL is not set, but CI is: the PostgreSQL storage suite must run in CI. ' +
          'Provide a database, e.g. TEST_DATABASE_URL="$(bash scripts/postgres-test-db.sh)".',
      );
    });
  });
}
// Outside CI without TEST_DATABASE_URL the PostgreSQL suite is simply absent; `npm run test:all` always sets it.

// --- Kenmerk ----------------------------------------------------------------------------------

describe('newKenmerk', () => {
  it('has the form XXXX-XXXX-XXXX-XXXX in Crockford base32 (no I, L, O, U)', () => {
    for (let i = 0; i < 1000; i++) {
      const kenmerk = newKenmerk();
      expect(kenmerk).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      expect(kenmerk).toMatch(KENMERK_PATTERN);
      expect(kenmerk).not.toMatch(/[ILOU]/);
    }
  });

  it('is unique over 10 000 generations and uses the whole alphabet in every position', () => {
    const seen = new Set<string>();
    const perPosition = Array.from({ length: 16 }, () => new Set<string>());
    for (let i = 0; i < 10_000; i++) {
      const kenmerk = newKenmerk();
      seen.add(kenmerk);
      [...kenmerk.replaceAll('-', '')].forEach((char, position) => perPosition[position].add(char));
    }
    expect(seen.size).toBe(10_000);
    // 16 positions x 5 bits = 80 bits: every position must take all 32 values (no stuck bits).
    for (const chars of perPosition) expect(chars.size).toBe(32);
  });

  it('normalises typed kenmerken and rejects what cannot be one', () => {
    expect(normalizeKenmerk('7kq2 9xhd m4tr w8zp')).toBe('7KQ2-9XHD-M4TR-W8ZP');
    expect(normalizeKenmerk('OIL0-0000-0000-0000')).toBe('0110-0000-0000-0000');
    expect(normalizeKenmerk('7KQ2-9XHD-M4TR-W8Z')).toBeUndefined();
    expect(normalizeKenmerk('7KQ2-9XHD-M4TR-W8ZU')).toBeUndefined();
    expect(normalizeKenmerk('x'.repeat(10_000))).toBeUndefined();
  });
});
