// The queries of the flow versions (migration 0003), apart from the submission queries: the same
// kysely code on SQLite and PostgreSQL. Publishing is one transaction that starts by raising the
// counter row, so concurrent publishers (or processes seeding at start-up) queue up behind it on
// either engine instead of both reading the same newest version number.
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, FlowVersionsTable } from './schema.js';
import type { FlowVersionOrigin, FlowVersionRecord, FlowVersionSummary, NewFlowVersion } from './types.js';

type Row = Selectable<FlowVersionsTable>;

/** Answer of a transaction that decided to change nothing (rolls back the counter too). */
class NothingToPublish extends Error {}

function summaryOf(row: Omit<Row, 'source_json' | 'content_json'>): FlowVersionSummary {
  return {
    id: row.id,
    flowId: row.flow_id,
    version: Number(row.version),
    hash: row.hash,
    state: row.state,
    origin: row.origin as FlowVersionOrigin,
    author: row.author,
    ...(row.note === null ? {} : { note: row.note }),
    createdAt: new Date(row.created_at),
    ...(row.published_at === null ? {} : { publishedAt: new Date(row.published_at) }),
    ...(row.retired_at === null ? {} : { retiredAt: new Date(row.retired_at) }),
  };
}

function recordOf(row: Row): FlowVersionRecord {
  return { ...summaryOf(row), source: JSON.parse(row.source_json) as unknown, content: JSON.parse(row.content_json) as unknown };
}

const SUMMARY_COLUMNS = ['id', 'flow_id', 'version', 'hash', 'state', 'origin', 'author', 'note', 'created_at', 'published_at', 'retired_at'] as const;

export async function publishFlowVersion(db: Kysely<Database>, input: NewFlowVersion, onlyIfFileChanged: boolean): Promise<FlowVersionRecord | undefined> {
  const source = JSON.stringify(input.source);
  const content = JSON.stringify(input.content);
  if (source === undefined || content === undefined) throw new TypeError('flow version is not JSON-serialisable');
  try {
    return await db.transaction().execute(async (trx) => {
      // First a write: it takes the lock that makes every other publisher wait for this one.
      await trx
        .updateTable('flow_registry_state')
        .set((eb) => ({ counter: eb('counter', '+', 1) }))
        .where('id', '=', 1)
        .execute();
      if (onlyIfFileChanged) {
        const fromFile = await trx
          .selectFrom('flow_versions')
          .select('hash')
          .where('flow_id', '=', input.flowId)
          .where('origin', '=', 'bestand')
          .orderBy('version', 'desc')
          .executeTakeFirst();
        if (fromFile?.hash === input.hash) throw new NothingToPublish();
      }
      const newest = await trx.selectFrom('flow_versions').select('version').where('flow_id', '=', input.flowId).orderBy('version', 'desc').executeTakeFirst();
      const now = new Date().toISOString();
      await trx
        .updateTable('flow_versions')
        .set({ state: 'retired', retired_at: now })
        .where('flow_id', '=', input.flowId)
        .where('state', '=', 'published')
        .execute();
      const row: Row = {
        id: randomUUID(),
        flow_id: input.flowId,
        version: (newest ? Number(newest.version) : 0) + 1,
        hash: input.hash,
        state: 'published',
        origin: input.origin,
        author: input.author,
        note: input.note ?? null,
        source_json: source,
        content_json: content,
        created_at: now,
        published_at: now,
        retired_at: null,
      };
      await trx.insertInto('flow_versions').values(row).execute();
      return recordOf(row);
    });
  } catch (error) {
    if (error instanceof NothingToPublish) return undefined;
    throw error;
  }
}

export async function listFlowVersions(db: Kysely<Database>, flowId: string): Promise<FlowVersionSummary[]> {
  const rows = await db.selectFrom('flow_versions').select(SUMMARY_COLUMNS).where('flow_id', '=', flowId).orderBy('version', 'desc').execute();
  return rows.map(summaryOf);
}

export async function getFlowVersion(
  db: Kysely<Database>,
  flowId: string,
  ref: { version: number } | { hash: string },
): Promise<FlowVersionRecord | undefined> {
  let query = db.selectFrom('flow_versions').selectAll().where('flow_id', '=', flowId);
  query = 'version' in ref ? query.where('version', '=', ref.version) : query.where('hash', '=', ref.hash);
  const row = await query.orderBy('version', 'desc').executeTakeFirst();
  return row ? recordOf(row) : undefined;
}

export async function publishedFlowVersions(db: Kysely<Database>): Promise<FlowVersionRecord[]> {
  const rows = await db.selectFrom('flow_versions').selectAll().where('state', '=', 'published').orderBy('flow_id').execute();
  return rows.map(recordOf);
}

export async function flowVersionCounter(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('flow_registry_state').select('counter').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.counter);
}
