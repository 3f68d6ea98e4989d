// The queries of applications saved to finish later (migration 0004). What is stored is sealed
// before it gets here: the storage sees an id, bytes and dates only. Taking one back is a single
// conditional update, so two tabs resuming the same link at once cannot both get it.
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import type { SavedApplicationRecord } from './types.js';

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export async function storeSavedApplication(db: Kysely<Database>, input: { id: string; sealed: Uint8Array; expiresAt: Date }): Promise<void> {
  await db
    .insertInto('saved_applications')
    .values({ id: input.id, sealed: toBuffer(input.sealed), created_at: new Date().toISOString(), expires_at: input.expiresAt.toISOString(), used_at: null })
    .execute();
}

export async function findSavedApplication(db: Kysely<Database>, id: string): Promise<SavedApplicationRecord | undefined> {
  const row = await db.selectFrom('saved_applications').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    sealed: row.sealed === null ? undefined : new Uint8Array(row.sealed.buffer, row.sealed.byteOffset, row.sealed.byteLength),
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    ...(row.used_at === null ? {} : { usedAt: new Date(row.used_at) }),
    failedAttempts: Number(row.failed_attempts),
  };
}

/** Counts a wrong code; at `max` the sealed content is dropped for good. Answers the new count. */
export async function failSavedApplicationAttempt(db: Kysely<Database>, id: string, max: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('saved_applications')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
    const row = await trx.selectFrom('saved_applications').select('failed_attempts').where('id', '=', id).executeTakeFirst();
    const count = Number(row?.failed_attempts ?? max);
    if (count >= max) await trx.updateTable('saved_applications').set({ sealed: null }).where('id', '=', id).execute();
    return count;
  });
}

/** Marks the application taken back and drops its content; false when another call took it first. */
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
 * Drops the content of expired applications at once, and forgets their rows `keepDays` later (until
 * then a link still says it expired, or was used, instead of 'unknown'). Answers the rows forgotten.
 */
export async function purgeSavedApplications(db: Kysely<Database>, now: Date, keepDays: number): Promise<number> {
  await db.updateTable('saved_applications').set({ sealed: null }).where('expires_at', '<', now.toISOString()).where('sealed', 'is not', null).execute();
  const forgetBefore = new Date(now.getTime() - keepDays * 86_400_000).toISOString();
  const result = await db.deleteFrom('saved_applications').where('expires_at', '<', forgetBefore).executeTakeFirst();
  return Number(result.numDeletedRows);
}
