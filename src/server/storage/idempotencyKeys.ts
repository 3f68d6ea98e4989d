// The queries of idempotency keys (migration 0008). A key is claimed by one attempt at a time: the
// insert either creates it or finds it, and a claim left by an attempt that died (a crashed process)
// is taken over once it is stale — its process stopped renewing it (refreshIdempotencyClaims) — or
// as soon as its process is known to have ended, with a conditional update, so two attempts never
// hold it together. Completing it belongs to the submission's own transaction (completeIdempotencyKey),
// and only the attempt that holds the claim can complete it.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.js';
import type { IdempotencyClaim, IdempotentWrite } from './types.js';

/** The claim is no longer this attempt's (taken over after it went stale): nothing may be stored. */
export class IdempotencyClaimLost extends Error {
  override readonly name = 'IdempotencyClaimLost';
}

export async function claimIdempotencyKey(
  db: Kysely<Database>,
  key: string,
  owner: string,
  now: Date,
  staleBefore: Date,
  ownerGone: (owner: string) => boolean = () => false,
): Promise<IdempotencyClaim> {
  const at = now.toISOString();
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ key, state: 'pending', owner, request_hash: null, status: null, response_json: null, created_at: at, claimed_at: at })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { state: 'claimed' };
  const row = await db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
  // Purged in between: the next attempt claims it anew.
  if (!row) return { state: 'pending' };
  if (row.state === 'done') return { state: 'done', requestHash: row.request_hash ?? '', status: Number(row.status), body: row.response_json ?? 'null' };
  if (row.claimed_at >= staleBefore.toISOString() && !(row.owner !== null && ownerGone(row.owner))) return { state: 'pending' };
  const taken = await db
    .updateTable('idempotency_keys')
    .set({ owner, claimed_at: at })
    .where('key', '=', key)
    .where('state', '=', 'pending')
    .where('claimed_at', '=', row.claimed_at)
    .where((eb) => (row.owner === null ? eb('owner', 'is', null) : eb('owner', '=', row.owner)))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? { state: 'claimed' } : { state: 'pending' };
}

/**
 * Renews the claims still pending of every attempt whose owner starts with `ownerPrefix` (one
 * process's attempts), so they are not taken for stale while their requests run; answers how many.
 */
export async function refreshIdempotencyClaims(db: Kysely<Database>, ownerPrefix: string, now: Date): Promise<number> {
  const pattern = `${ownerPrefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const result = await db
    .updateTable('idempotency_keys')
    .set({ claimed_at: now.toISOString() })
    .where('state', '=', 'pending')
    .where(sql<boolean>`owner like ${pattern} escape '\\'`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Gives a claim up (the attempt stored nothing): the key is free for the next attempt. */
export async function releaseIdempotencyKey(db: Kysely<Database>, key: string, owner: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('key', '=', key).where('owner', '=', owner).where('state', '=', 'pending').execute();
}

/** Completes the claim with the request's hash and the answer, inside the caller's transaction. */
export async function completeIdempotencyKey(
  trx: Transaction<Database>,
  write: Omit<IdempotentWrite<never>, 'answer'>,
  answer: { status: number; body: unknown },
): Promise<void> {
  const result = await trx
    .updateTable('idempotency_keys')
    .set({ state: 'done', request_hash: write.requestHash, status: answer.status, response_json: JSON.stringify(answer.body), owner: null })
    .where('key', '=', write.key)
    .where('owner', '=', write.owner)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new IdempotencyClaimLost('idempotency key no longer held');
}

export async function purgeIdempotencyKeys(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
