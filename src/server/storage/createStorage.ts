// The Storage implementation: opens the configured engine, brings the schema up to date, and runs
// the same kysely queries on SQLite and PostgreSQL. Database errors leave this module only as
// StorageError (see errors.ts) so that no personal data ends up in logs.
import { createHash, randomUUID } from 'node:crypto';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { Migrator, sql, type Kysely, type Transaction } from 'kysely';
import { connect } from './connect.js';
import * as flowVersions from './flowVersions.js';
import { KyselyBeheerStore } from './beheer.js';
import type { BeheerStore } from './beheerTypes.js';
import * as savedApplications from './savedApplications.js';
import * as idempotencyKeys from './idempotencyKeys.js';
import { IdempotencyClaimLost } from './idempotencyKeys.js';
import * as upkeep from './upkeep.js';
import * as usage from './usage.js';
import { isKenmerkCollision, StorageError, toStorageError } from './errors.js';
import { newKenmerk, normalizeKenmerk } from './kenmerk.js';
import { createMigrationProvider } from './migrations.js';
import type { Database } from './schema.js';
import type { DeviceType, Orientation } from '../../shared/deviceInfo.js';
import type {
  CreateStorageOptions,
  FlowVersionRecord,
  IdempotencyClaim,
  IdempotentWrite,
  FlowVersionSummary,
  NewFlowVersion,
  NewSubmission,
  NewUserOpinion,
  NewSavedApplication,
  UserOpinionRecord,
  SavedApplicationRecord,
  SealedChunk,
  Storage,
  StorageConfig,
  StorageEngine,
  StoredFileInput,
  SubmissionRecord,
} from './types.js';

/**
 * How often saveSubmission draws a new kenmerk after a collision. With 80 random bits a single
 * collision is already practically impossible; repeated ones point at a broken generator.
 */
const MAX_KENMERK_ATTEMPTS = 5;

/**
 * Opens the storage: PostgreSQL when `config.databaseUrl` is set, otherwise SQLite in
 * `<config.dataDir>/portal.sqlite`. Runs all pending migrations before returning, so the schema is
 * current and the call is safe on every start-up. Several processes may start at once on
 * PostgreSQL (kysely serialises migrations with an advisory lock); a SQLite file should be opened
 * by one process at a time while it migrates.
 * @throws {StorageError} when the database cannot be reached or opened, or a migration fails; its
 *   `fault` says why when the database is unavailable (see faults.ts), and its message names only
 *   the operation, the code and, for SQLite, the path.
 * @param options test hooks; production code passes none.
 */
export async function createStorage(config: StorageConfig, options: CreateStorageOptions = {}): Promise<Storage> {
  const { db, engine } = connect(config);
  try {
    await migrateToLatest(db, engine);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw error instanceof StorageError ? error : toStorageError('migrate', engine, error);
  }
  return new KyselyStorage(db, engine, options.generateKenmerk ?? newKenmerk);
}

async function migrateToLatest(db: Kysely<Database>, engine: StorageEngine): Promise<void> {
  // kysely looks for its migration table in every PostgreSQL schema unless told which one; pin it
  // to the schema the tables are created in so other schemas in the database cannot confuse it.
  const migrationTableSchema = engine === 'postgres' ? await currentSchema(db) : undefined;
  const migrator = new Migrator({
    db,
    provider: createMigrationProvider(engine),
    migrationTableSchema,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error');
    throw toStorageError(`migration ${failed?.migrationName ?? '(setup)'}`, engine, error);
  }
}

async function currentSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) {
    throw new StorageError('migrate failed (postgres): no schema in search_path exists');
  }
  return schema;
}

/** Serialises submission data; refuses values JSON cannot represent (e.g. `undefined`). */
function toJson(data: unknown): string {
  const json = JSON.stringify(data);
  if (json === undefined) throw new TypeError('submission data is not JSON-serialisable');
  return json;
}

/** Largest value of the `integer` column type in PostgreSQL (SQLite's is larger). */
const MAX_FILE_SIZE = 2 ** 31 - 1;

/**
 * Bytes per row of `file_chunks` (the schema allows up to 1 MB). A quarter of that keeps every
 * buffer on the way small, also the drivers' own: pg sends a chunk in a bind message and receives
 * it hex-encoded (twice its size) in a data row.
 */
export const FILE_CHUNK_SIZE = 256 * 1024;

/** Content of files stored since 0007 lives in `file_chunks`; their `content` column stays empty. */
const NO_INLINE_CONTENT = Buffer.alloc(0);

/** Bad file input, found before or while storing; not a database error (no personal data in it). */
class FileInputError extends TypeError {}

/**
 * Rejects file input the engines would handle differently (SQLite's dynamic typing would accept a
 * string or an oversized number as `size`, PostgreSQL would not) or that would store inconsistent
 * metadata. The message names only the file's position, never its name.
 */
function checkFile(file: StoredFileInput, index: number): void {
  if (typeof file.path !== 'string' || file.path === '') {
    throw new FileInputError(`file ${index}: path must be a file name`);
  }
  if (!Number.isSafeInteger(file.size) || file.size < 0 || file.size > MAX_FILE_SIZE) {
    throw new FileInputError(`file ${index}: size must be an integer from 0 to ${MAX_FILE_SIZE}`);
  }
}

/** Checks, before anything is written, that each file is there with the size it claims. */
async function checkFileOnDisk(file: StoredFileInput, index: number): Promise<void> {
  const info = await stat(file.path).catch(() => undefined);
  if (!info?.isFile()) throw new FileInputError(`file ${index}: path is not a readable file`);
  if (info.size !== file.size) throw new FileInputError(`file ${index}: size does not match the number of bytes`);
}

/** Fills `buffer` from `position` on; answers how much was there (less at the end of the file). */
async function readFully(handle: FileHandle, buffer: Buffer, position: number): Promise<number> {
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled;
}

/**
 * Writes a file's content as chunk rows, reading its file one chunk at a time (one statement per
 * chunk keeps each statement's parameters to one chunk). Checks on the way that the bytes are as
 * many as `size` says and hash to `sha256`; otherwise throws, and the transaction stores nothing.
 */
async function insertChunks(trx: Transaction<Database>, fileId: string, file: StoredFileInput, index: number): Promise<void> {
  const handle = await open(file.path, 'r');
  try {
    const hash = createHash('sha256');
    // One buffer for all of the file's chunks: each insert is done (the driver has copied or sent
    // the parameter) before the next chunk is read into it.
    const buffer = Buffer.allocUnsafe(Math.min(FILE_CHUNK_SIZE, file.size));
    let position = 0;
    for (let seq = 0; position < file.size; seq++) {
      const chunk = buffer.subarray(0, Math.min(FILE_CHUNK_SIZE, file.size - position));
      const read = await readFully(handle, chunk, position);
      if (read !== chunk.length) throw new FileInputError(`file ${index}: size does not match the number of bytes`);
      hash.update(chunk);
      await trx.insertInto('file_chunks').values({ file_id: fileId, seq, content: chunk }).execute();
      position += read;
    }
    const { bytesRead } = await handle.read(Buffer.alloc(1), 0, 1, position);
    if (bytesRead !== 0) throw new FileInputError(`file ${index}: size does not match the number of bytes`);
    if (hash.digest('hex') !== file.sha256) throw new FileInputError(`file ${index}: sha256 does not match the content`);
  } finally {
    await handle.close();
  }
}

function chunkCount(size: number): number {
  return Math.ceil(size / FILE_CHUNK_SIZE);
}

/** Views driver output (a Buffer) as a plain Uint8Array without copying. */
function toUint8Array(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

class KyselyStorage implements Storage {
  #closed: Promise<void> | undefined;
  readonly beheer: BeheerStore;

  constructor(
    private readonly db: Kysely<Database>,
    readonly engine: StorageEngine,
    private readonly generateKenmerk: () => string,
  ) {
    this.beheer = new KyselyBeheerStore(db, engine);
  }

  async saveSubmission(
    input: NewSubmission,
    idempotency?: IdempotentWrite<{ id: string; kenmerk: string }>,
  ): Promise<{ id: string; kenmerk: string; createdAt: Date }> {
    const dataJson = toJson(input.data);
    input.files.forEach(checkFile);
    await Promise.all(input.files.map(checkFileOnDisk));
    const createdAt = new Date();

    for (let attempt = 1; ; attempt++) {
      const id = randomUUID();
      const kenmerk = this.generateKenmerk();
      try {
        await this.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('submissions')
            .values({
              id,
              kenmerk,
              flow_id: input.flowId,
              flow_hash: input.flowHash,
              scenario: input.scenario,
              data_json: dataJson,
              created_at: createdAt.toISOString(),
            })
            .execute();
          for (const [position, file] of input.files.entries()) {
            const fileId = randomUUID();
            await trx
              .insertInto('submission_files')
              .values({
                id: fileId,
                submission_id: id,
                position,
                field_name: file.fieldName,
                file_name: file.fileName,
                mime_type: file.mimeType,
                size: file.size,
                sha256: file.sha256,
                content: NO_INLINE_CONTENT,
                chunk_count: chunkCount(file.size),
              })
              .execute();
            await insertChunks(trx, fileId, file, position);
          }
          if (idempotency) await idempotencyKeys.completeIdempotencyKey(trx, idempotency, idempotency.answer({ id, kenmerk }));
        });
        return { id, kenmerk, createdAt };
      } catch (error) {
        // The transaction has been rolled back; a kenmerk collision is retried in a new one.
        if (error instanceof FileInputError || error instanceof IdempotencyClaimLost) throw error;
        if (isKenmerkCollision(error) && attempt < MAX_KENMERK_ATTEMPTS) continue;
        throw toStorageError('saveSubmission', this.engine, error);
      }
    }
  }

  async getSubmission(kenmerk: string): Promise<SubmissionRecord | undefined> {
    const canonical = normalizeKenmerk(kenmerk);
    if (canonical === undefined) return undefined;
    try {
      const row = await this.db.selectFrom('submissions').selectAll().where('kenmerk', '=', canonical).executeTakeFirst();
      if (row === undefined) return undefined;
      const files = await this.db
        .selectFrom('submission_files')
        .select(['id', 'field_name as fieldName', 'file_name as fileName', 'mime_type as mimeType', 'size', 'sha256'])
        .where('submission_id', '=', row.id)
        .orderBy('position')
        .execute();
      return {
        id: row.id,
        kenmerk: row.kenmerk,
        flowId: row.flow_id,
        ...(row.flow_hash === null ? {} : { flowHash: row.flow_hash }),
        scenario: row.scenario,
        data: JSON.parse(row.data_json) as unknown,
        createdAt: new Date(row.created_at),
        files: files.map((file) => ({ ...file, size: Number(file.size) })),
      };
    } catch (error) {
      throw toStorageError('getSubmission', this.engine, error);
    }
  }

  async getFileContent(fileId: string): Promise<AsyncIterable<Uint8Array> | undefined> {
    try {
      const row = await this.db.selectFrom('submission_files').select(['size', 'chunk_count']).where('id', '=', fileId).executeTakeFirst();
      if (row === undefined) return undefined;
      return row.chunk_count === null ? this.#inlineContent(fileId, Number(row.size)) : this.#chunkedContent(fileId, Number(row.chunk_count));
    } catch (error) {
      throw toStorageError('getFileContent', this.engine, error);
    }
  }

  /** The chunks of a file stored since 0007, one query each, as the consumer asks for them. */
  async *#chunkedContent(fileId: string, count: number): AsyncGenerator<Uint8Array> {
    for (let seq = 0; seq < count; seq++) {
      const row = await this.#query('getFileContent', () =>
        this.db.selectFrom('file_chunks').select('content').where('file_id', '=', fileId).where('seq', '=', seq).executeTakeFirst(),
      );
      if (row === undefined) throw new StorageError(`getFileContent failed (${this.engine}): chunk ${seq} of ${count} missing`);
      yield toUint8Array(row.content);
    }
  }

  /**
   * The bytes of a file stored before 0007 (in `submission_files.content`), in slices of a chunk's
   * size: substr() on a blob (SQLite) and on a bytea (PostgreSQL) answers bytes, 1-based.
   */
  async *#inlineContent(fileId: string, size: number): AsyncGenerator<Uint8Array> {
    for (let offset = 0; offset < size; offset += FILE_CHUNK_SIZE) {
      const length = Math.min(FILE_CHUNK_SIZE, size - offset);
      const row = await this.#query('getFileContent', () =>
        this.db
          .selectFrom('submission_files')
          .select(sql<Uint8Array | null>`substr(content, ${offset + 1}, ${length})`.as('slice'))
          .where('id', '=', fileId)
          .executeTakeFirst(),
      );
      if (!row?.slice || row.slice.byteLength !== length) {
        throw new StorageError(`getFileContent failed (${this.engine}): content shorter than its size`);
      }
      yield toUint8Array(row.slice);
    }
  }

  async saveUserOpinion(input: NewUserOpinion, idempotency?: IdempotentWrite<{ id: string }>): Promise<{ id: string; createdAt: Date }> {
    const id = randomUUID();
    const createdAt = new Date();
    const { device } = input;
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('user_opinions')
          .values({
            id,
            created_at: createdAt.toISOString(),
            rating: input.rating,
            comment: input.comment ?? null,
            url: input.url,
            user_agent: device.userAgent,
            os: device.os,
            os_version: device.os_version,
            browser: device.browser,
            browser_version: device.browser_version,
            device: device.device,
            device_type: device.deviceType,
            orientation: device.orientation,
          })
          .execute();
        if (idempotency) await idempotencyKeys.completeIdempotencyKey(trx, idempotency, idempotency.answer({ id }));
      });
      return { id, createdAt };
    } catch (error) {
      if (error instanceof IdempotencyClaimLost) throw error;
      throw toStorageError('saveUserOpinion', this.engine, error);
    }
  }

  async listUserOpinions(limit = 100): Promise<UserOpinionRecord[]> {
    try {
      const rows = await this.db.selectFrom('user_opinions').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
      return rows.map((row) => ({
        id: row.id,
        createdAt: new Date(row.created_at),
        rating: Number(row.rating),
        ...(row.comment === null ? {} : { comment: row.comment }),
        url: row.url,
        device: {
          userAgent: row.user_agent,
          os: row.os,
          os_version: row.os_version,
          browser: row.browser,
          browser_version: row.browser_version,
          device: row.device,
          deviceType: row.device_type as DeviceType,
          orientation: row.orientation as Orientation,
        },
      }));
    } catch (error) {
      throw toStorageError('listUserOpinions', this.engine, error);
    }
  }

  async publishFlowVersion(input: NewFlowVersion, options: { onlyIfFileChanged?: boolean } = {}): Promise<FlowVersionRecord | undefined> {
    try {
      return await flowVersions.publishFlowVersion(this.db, input, options.onlyIfFileChanged ?? false);
    } catch (error) {
      throw error instanceof TypeError ? error : toStorageError('publishFlowVersion', this.engine, error);
    }
  }

  listFlowVersions(flowId: string): Promise<FlowVersionSummary[]> {
    return this.#query('listFlowVersions', () => flowVersions.listFlowVersions(this.db, flowId));
  }

  getFlowVersion(flowId: string, ref: { version: number } | { hash: string }): Promise<FlowVersionRecord | undefined> {
    return this.#query('getFlowVersion', () => flowVersions.getFlowVersion(this.db, flowId, ref));
  }

  publishedFlowVersions(): Promise<FlowVersionRecord[]> {
    return this.#query('publishedFlowVersions', () => flowVersions.publishedFlowVersions(this.db));
  }

  flowVersionCounter(): Promise<number> {
    return this.#query('flowVersionCounter', () => flowVersions.flowVersionCounter(this.db));
  }

  /** Runs a read; a database error leaves as StorageError naming the operation only. */
  async #query<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toStorageError(operation, this.engine, error);
    }
  }

  async storeSavedApplication(input: NewSavedApplication): Promise<void> {
    try {
      await savedApplications.storeSavedApplication(this.db, input);
    } catch (error) {
      // The transaction has been rolled back; a failure of the chunks' source is not the database's.
      if (error instanceof savedApplications.ChunkSourceError) throw error.cause;
      throw toStorageError('storeSavedApplication', this.engine, error);
    }
  }

  findSavedApplication(id: string): Promise<SavedApplicationRecord | undefined> {
    return this.#query('findSavedApplication', () => savedApplications.findSavedApplication(this.db, id));
  }

  readSavedApplicationChunk(id: string, seq: number): Promise<SealedChunk | undefined> {
    return this.#query('readSavedApplicationChunk', () => savedApplications.readSavedApplicationChunk(this.db, id, seq));
  }

  dropSavedApplicationChunks(id: string): Promise<void> {
    return this.#query('dropSavedApplicationChunks', () => savedApplications.dropSavedApplicationChunks(this.db, id));
  }

  failSavedApplicationAttempt(id: string, max: number): Promise<number> {
    return this.#query('failSavedApplicationAttempt', () => savedApplications.failSavedApplicationAttempt(this.db, id, max));
  }

  consumeSavedApplication(id: string): Promise<boolean> {
    return this.#query('consumeSavedApplication', () => savedApplications.consumeSavedApplication(this.db, id));
  }

  purgeSavedApplications(now: Date, keepDays: number): Promise<number> {
    return this.#query('purgeSavedApplications', () => savedApplications.purgeSavedApplications(this.db, now, keepDays));
  }

  claimIdempotencyKey(key: string, owner: string, now: Date, staleBefore: Date, ownerGone?: (owner: string) => boolean): Promise<IdempotencyClaim> {
    return this.#query('claimIdempotencyKey', () => idempotencyKeys.claimIdempotencyKey(this.db, key, owner, now, staleBefore, ownerGone));
  }

  refreshIdempotencyClaims(ownerPrefix: string, now: Date): Promise<number> {
    return this.#query('refreshIdempotencyClaims', () => idempotencyKeys.refreshIdempotencyClaims(this.db, ownerPrefix, now));
  }

  releaseIdempotencyKey(key: string, owner: string): Promise<void> {
    return this.#query('releaseIdempotencyKey', () => idempotencyKeys.releaseIdempotencyKey(this.db, key, owner));
  }

  purgeIdempotencyKeys(before: Date): Promise<number> {
    return this.#query('purgeIdempotencyKeys', () => idempotencyKeys.purgeIdempotencyKeys(this.db, before));
  }

  checkWritable(): Promise<void> {
    return this.#query('checkWritable', () => upkeep.writeHealthCheck(this.db, new Date()));
  }

  deleteSubmissionsBefore(before: Date, batchSize: number): Promise<number> {
    return this.#query('deleteSubmissionsBefore', () => upkeep.deleteSubmissionsBefore(this.db, before, batchSize));
  }

  async countSubmissions(): Promise<number> {
    try {
      const row = await this.db
        .selectFrom('submissions')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .executeTakeFirstOrThrow();
      // PostgreSQL returns count(*) (a bigint) as a string.
      return Number(row.count);
    } catch (error) {
      throw toStorageError('countSubmissions', this.engine, error);
    }
  }

  countSubmissionsWithValue(flowId: string, path: string, value?: string | number | boolean): Promise<number> {
    return this.#query('countSubmissionsWithValue', () => usage.countSubmissionsWithValue(this.db, flowId, path, value));
  }

  countSavedApplications(flowId: string, now: Date): Promise<{ flow: number; unknownFlow: number }> {
    return this.#query('countSavedApplications', () => usage.countSavedApplications(this.db, flowId, now));
  }

  close(): Promise<void> {
    this.#closed ??= this.db.destroy();
    return this.#closed;
  }
}
