// The queries of applications saved to finish later (migrations 0004 and 0010). What is stored is
// sealed before it gets here: the storage sees an id, bytes and dates only. The content lies in
// `saved_chunks`, written one chunk at a time inside the transaction that stores the row and read
// back one chunk at a time; rows saved before 0010 hold it whole in `sealed`. Taking one back is a
// single conditional update, so two tabs resuming the same link at once cannot both get it.
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import type { NewSavedApplication, SavedApplicationRecord, SealedChunk } from './types.js';

/**
 * The chunks of an application taken back are deleted once it has been sent; these are left only
 * when the process stopped while sending. The purge removes them after this long, well after any
 * send could still be reading them.
 */
const SENDING_GRACE_MS = 60 * 60 * 1000;

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** An error of the chunks' source (reading or sealing), not of the database: it leaves as it is. */
export class ChunkSourceError extends Error {
  override readonly name = 'ChunkSourceError';
  constructor(override readonly cause: unknown) {
    super('saved application chunk source failed');
  }
}

/**
 * Stores the row and, when given, its chunks in one transaction, each chunk inserted as the source
 * yields it (so only one is in memory); a source that fails leaves nothing stored.
 */
export async function storeSavedApplication(db: Kysely<Database>, input: NewSavedApplication): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('saved_applications')
      .values({
        id: input.id,
        sealed: toBuffer(input.sealed),
        chunk_count: null,
        created_at: new Date().toISOString(),
        expires_at: input.expiresAt.toISOString(),
        used_at: null,
        flow_id: input.flowId ?? null,
      })
      .execute();
    if (!input.chunks) return;
    const source = input.chunks[Symbol.asyncIterator]();
    let seq = 0;
    for (;;) {
      let next: IteratorResult<SealedChunk>;
      try {
        next = await source.next();
      } catch (error) {
        throw new ChunkSourceError(error);
      }
      if (next.done) break;
      await trx
        .insertInto('saved_chunks')
        .values({ saved_id: input.id, seq, content: toBuffer(next.value.content), tag: toBuffer(next.value.tag) })
        .execute();
      seq += 1;
    }
    await trx.updateTable('saved_applications').set({ chunk_count: seq }).where('id', '=', input.id).execute();
  });
}

export async function findSavedApplication(db: Kysely<Database>, id: string): Promise<SavedApplicationRecord | undefined> {
  const row = await db.selectFrom('saved_applications').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    sealed: row.sealed === null ? undefined : new Uint8Array(row.sealed.buffer, row.sealed.byteOffset, row.sealed.byteLength),
    ...(row.chunk_count === null ? {} : { chunkCount: Number(row.chunk_count) }),
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    ...(row.used_at === null ? {} : { usedAt: new Date(row.used_at) }),
    failedAttempts: Number(row.failed_attempts),
  };
}

function view(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** One stored chunk, or undefined when it is not there. */
export async function readSavedApplicationChunk(db: Kysely<Database>, id: string, seq: number): Promise<SealedChunk | undefined> {
  const row = await db.selectFrom('saved_chunks').select(['content', 'tag']).where('saved_id', '=', id).where('seq', '=', seq).executeTakeFirst();
  return row ? { content: view(row.content), tag: view(row.tag) } : undefined;
}

export async function dropSavedApplicationChunks(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('saved_chunks').where('saved_id', '=', id).execute();
}

/** Counts a wrong code; at `max` the sealed content is dropped for good. Answers the new count. */
export async function failSavedApplicationAttempt(db: Kysely<Database>, id: string, max: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('saved_applications')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
    const row = await trx.selectFrom('saved_applications').select(['failed_attempts', 'used_at']).where('id', '=', id).executeTakeFirst();
    const count = Number(row?.failed_attempts ?? max);
    if (count >= max) {
      // Taken back with the right code meanwhile: its chunks are being sent, and go once they are.
      if (row?.used_at === null) await trx.deleteFrom('saved_chunks').where('saved_id', '=', id).execute();
      await trx.updateTable('saved_applications').set({ sealed: null }).where('id', '=', id).execute();
    }
    return count;
  });
}

/**
 * Marks the application taken back and drops what opens it; false when another call took it first.
 * Its chunks stay until it has been sent (dropSavedApplicationChunks), or until the purge.
 */
export async function consumeSavedApplication(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db
    .updateTable('saved_applications')
    .set({ used_at: new Date().toISOString(), sealed: null })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('sealed', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Drops the content of expired applications at once (and chunks a stopped send left behind), and
 * forgets their rows `keepDays` later (until then a link still says it expired, or was used,
 * instead of 'unknown'). Answers the rows forgotten. Each step is one statement: a crash between
 * them leaves nothing readable behind, and the next run finishes the rest.
 */
export async function purgeSavedApplications(db: Kysely<Database>, now: Date, keepDays: number): Promise<number> {
  const expired = db.selectFrom('saved_applications').select('id').where('expires_at', '<', now.toISOString());
  await db.deleteFrom('saved_chunks').where('saved_id', 'in', expired).execute();
  await db.updateTable('saved_applications').set({ sealed: null }).where('expires_at', '<', now.toISOString()).where('sealed', 'is not', null).execute();
  const sentBefore = new Date(now.getTime() - SENDING_GRACE_MS).toISOString();
  const left = db
    .selectFrom('saved_applications')
    .select('id')
    .where('sealed', 'is', null)
    .where((eb) => eb.or([eb('used_at', 'is', null), eb('used_at', '<', sentBefore)]));
  await db.deleteFrom('saved_chunks').where('saved_id', 'in', left).execute();
  const forgetBefore = new Date(now.getTime() - keepDays * 86_400_000).toISOString();
  const result = await db.deleteFrom('saved_applications').where('expires_at', '<', forgetBefore).executeTakeFirst();
  return Number(result.numDeletedRows);
}
