// The queries that keep the database healthy and lean: the readiness check's tiny write, and the
// deletion of submissions past their retention period. Both engines run the same statements.
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Writes the one row of `health_checks` (an upsert), so a read-only file, a read-only server
 * (`default_transaction_read_only`) or a full disk fails here rather than on an applicant's submit.
 */
export async function writeHealthCheck(db: Kysely<Database>, at: Date): Promise<void> {
  await db
    .insertInto('health_checks')
    .values({ id: 1, checked_at: at.toISOString() })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ checked_at: at.toISOString() }))
    .execute();
}

/**
 * Deletes up to `batchSize` submissions stored before `before`, with their files and the files'
 * chunks, in one transaction: a submission goes whole or not at all. Answers how many went; the
 * caller repeats until fewer than `batchSize` did, so one run never holds a lock for long.
 */
export async function deleteSubmissionsBefore(db: Kysely<Database>, before: Date, batchSize: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('submissions')
      .select('id')
      .where('created_at', '<', before.toISOString())
      .orderBy('created_at')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return 0;
    const ids = rows.map((row) => row.id);
    const files = trx.selectFrom('submission_files').select('id').where('submission_id', 'in', ids);
    // Explicit, child tables first: the foreign keys cascade too, but the order does not depend on it.
    await trx.deleteFrom('file_chunks').where('file_id', 'in', files).execute();
    await trx.deleteFrom('submission_files').where('submission_id', 'in', ids).execute();
    const result = await trx.deleteFrom('submissions').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
