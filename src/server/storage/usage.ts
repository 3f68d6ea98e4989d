// What the back office counts before a field, an option or a step is removed (0014): how many
// stored submissions of a flow hold a value for it, and how many saved applications could. The
// submissions are read in batches of their stored JSON and checked in the process with the same
// function the browser's dialog uses for test cases (shared/usage/values.ts): one meaning of "holds
// a value" on both engines, also through the items of a repeating group. Only the rows that
// mention the field's name at all are read. Nothing of a submission leaves this module but a count.
import { sql, type Kysely } from 'kysely';
import { holdsValue } from '../../shared/usage/values.js';
import type { Database } from './schema.js';

const BATCH = 500;

/** `text` for a LIKE pattern that finds it anywhere (its wildcards taken literally). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export async function countSubmissionsWithValue(db: Kysely<Database>, flowId: string, path: string, value?: string | number | boolean): Promise<number> {
  const last = path.split('.').at(-1) ?? path;
  let count = 0;
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('submissions')
      .select(['id', 'data_json'])
      .where('flow_id', '=', flowId)
      .where('id', '>', after)
      .where(sql<boolean>`data_json like ${containing(`"${last}"`)} escape '\\'`)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      if (holdsValue(JSON.parse(row.data_json) as unknown, path, value)) count += 1;
    }
    if (rows.length < BATCH) return count;
    after = rows[rows.length - 1].id;
  }
}

export async function countSavedApplications(db: Kysely<Database>, flowId: string, now: Date): Promise<{ flow: number; unknownFlow: number }> {
  const rows = await db
    .selectFrom('saved_applications')
    .select((eb) => [eb.fn.countAll<number | string | bigint>().as('count'), sql<number>`case when flow_id is null then 1 else 0 end`.as('unknown')])
    .where('used_at', 'is', null)
    .where('sealed', 'is not', null)
    .where('expires_at', '>', now.toISOString())
    .where((eb) => eb.or([eb('flow_id', '=', flowId), eb('flow_id', 'is', null)]))
    .groupBy(sql`case when flow_id is null then 1 else 0 end`)
    .execute();
  // PostgreSQL returns count(*) (a bigint) as a string.
  const of = (unknown: number) => Number(rows.find((row) => Number(row.unknown) === unknown)?.count ?? 0);
  return { flow: of(0), unknownFlow: of(1) };
}
