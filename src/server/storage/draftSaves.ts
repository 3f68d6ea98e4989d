// Writing a flow's draft and keeping every save of it (migrations 0005, 0011, 0012 and 0016), the same kysely
// code on SQLite and PostgreSQL. One transaction checks that the draft is still what the writer saw,
// writes it, and adds a row to its history (or, for automatic saves of one person close together,
// updates the last row), trimmed to the last DRAFT_SAVES_KEPT, and records the writer among the
// draft's savers (never trimmed). The history and the savers go with the draft.
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, FlowDraftSavesTable, FlowDraftsTable } from './schema.js';
import {
  DRAFT_SAVES_COLLAPSE_MS,
  DRAFT_SAVES_KEPT,
  type DraftSave,
  type DraftSaveKind,
  type DraftWrite,
  type DraftWriteOutcome,
  type FlowDraft,
} from './beheerTypes.js';

export function draftOf(row: Selectable<FlowDraftsTable>): FlowDraft {
  return {
    flowId: row.flow_id,
    id: row.id,
    ...(row.base_version === null ? {} : { baseVersion: Number(row.base_version) }),
    source: JSON.parse(row.source_json) as unknown,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at),
    updatedBy: row.updated_by,
    updatedAt: new Date(row.updated_at),
    ...(row.approved_by === null ? {} : { approvedBy: row.approved_by }),
    ...(row.approved_at === null ? {} : { approvedAt: new Date(row.approved_at) }),
    ...(row.rollback_version === null ? {} : { rollback: { version: Number(row.rollback_version), note: row.rollback_note ?? '' } }),
  };
}

export function draftSaveOf(row: Omit<Selectable<FlowDraftSavesTable>, 'source_json' | 'seq'>): DraftSave {
  return {
    id: row.id,
    flowId: row.flow_id,
    kind: row.kind as DraftSaveKind,
    savedBy: row.saved_by,
    firstSavedAt: new Date(row.first_saved_at),
    savedAt: new Date(row.saved_at),
    ...(row.summary === null ? {} : { summary: row.summary }),
  };
}

type SaveRow = Selectable<FlowDraftSavesTable>;

/** Adds the save to the draft's history: a row of its own, or the last row when it collapses into it. */
async function keepSave(
  trx: Transaction<Database>,
  input: DraftWrite,
  source: string,
  at: string,
  before: Selectable<FlowDraftsTable> | undefined,
): Promise<void> {
  const recent = await trx.selectFrom('flow_draft_saves').selectAll().where('flow_id', '=', input.flowId).orderBy('seq', 'desc').limit(2).execute();
  const rows = recent as (SaveRow | undefined)[];
  const beforeLast = rows[1];
  let last = rows[0];
  // A draft from before its saves were kept: its content so far becomes the first save, so it can be gone back to.
  if (!last && before) {
    last = {
      id: randomUUID(),
      flow_id: input.flowId,
      seq: 1,
      kind: 'opgeslagen',
      source_json: before.source_json,
      saved_by: before.updated_by,
      first_saved_at: before.updated_at,
      saved_at: before.updated_at,
      summary: null,
    };
    await trx.insertInto('flow_draft_saves').values(last).execute();
  }
  const kind = input.kind ?? 'opgeslagen';
  // The same content again ('Nu opslaan' right after an automatic save): no new row, but a deliberate
  // save marks the row so that the next automatic save starts a row of its own.
  if (last && last.source_json === source) {
    if (kind !== 'automatisch' && last.kind === 'automatisch')
      await trx.updateTable('flow_draft_saves').set({ kind, saved_at: at }).where('id', '=', last.id).execute();
    return;
  }
  const collapse =
    kind === 'automatisch' &&
    last?.kind === 'automatisch' &&
    last.saved_by === input.by &&
    Date.parse(at) - Date.parse(last.first_saved_at) < DRAFT_SAVES_COLLAPSE_MS;
  const previous = collapse ? beforeLast : last;
  const summary = input.describe?.(previous ? (JSON.parse(previous.source_json) as unknown) : undefined) ?? null;
  if (collapse && last) {
    await trx.updateTable('flow_draft_saves').set({ source_json: source, saved_at: at, summary }).where('id', '=', last.id).execute();
    return;
  }
  const seq = Number(last?.seq ?? 0) + 1;
  await trx
    .insertInto('flow_draft_saves')
    .values({ id: randomUUID(), flow_id: input.flowId, seq, kind, source_json: source, saved_by: input.by, first_saved_at: at, saved_at: at, summary })
    .execute();
  await trx
    .deleteFrom('flow_draft_saves')
    .where('flow_id', '=', input.flowId)
    .where('seq', '<=', seq - DRAFT_SAVES_KEPT)
    .execute();
}

export async function writeDraft(db: Kysely<Database>, input: DraftWrite, now: Date): Promise<DraftWriteOutcome> {
  const source = JSON.stringify(input.source);
  if (source === undefined) throw new TypeError('draft is not JSON-serialisable');
  return db.transaction().execute(async (trx) => {
    const read = () => trx.selectFrom('flow_drafts').selectAll().where('flow_id', '=', input.flowId).executeTakeFirst();
    const conflict = async () => {
      const row = await read();
      return { conflict: row ? draftOf(row) : undefined };
    };
    const before = await read();
    if (input.expected !== undefined && before?.updated_at !== (input.expected?.toISOString() ?? undefined))
      return { conflict: before ? draftOf(before) : undefined };
    // Never the same moment twice: an approval and a writer's `expected` name the draft by it.
    const at = new Date(Math.max(now.getTime(), before ? Date.parse(before.updated_at) + 1 : 0)).toISOString();
    const rollback = { rollback_version: input.rollback?.version ?? null, rollback_note: input.rollback?.note ?? null };
    if (before) {
      // Only the draft as read: another writer that came first (PostgreSQL waits for it) leaves nothing to update.
      const updated = await trx
        .updateTable('flow_drafts')
        .set({ source_json: source, updated_by: input.by, updated_at: at, approved_by: null, approved_at: null, ...rollback })
        .where('flow_id', '=', input.flowId)
        .where('updated_at', '=', before.updated_at)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return conflict();
    } else {
      const inserted = await trx
        .insertInto('flow_drafts')
        .values({
          flow_id: input.flowId,
          id: randomUUID(),
          base_version: input.baseVersion ?? null,
          source_json: source,
          created_by: input.by,
          created_at: at,
          updated_by: input.by,
          updated_at: at,
          approved_by: null,
          approved_at: null,
          ...rollback,
        })
        .onConflict((oc) => oc.column('flow_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return conflict();
    }
    if (!before) await trx.deleteFrom('flow_draft_savers').where('flow_id', '=', input.flowId).execute();
    // Everyone who ever saved this draft, for the four-eyes rule: the history above forgets and merges saves.
    await trx
      .insertInto('flow_draft_savers')
      .values({ flow_id: input.flowId, saved_by: input.by })
      .onConflict((oc) => oc.columns(['flow_id', 'saved_by']).doNothing())
      .execute();
    await keepSave(trx, input, source, at, before);
    return { draft: draftOf((await read())!) };
  });
}

export async function deleteDraft(db: Kysely<Database>, flowId: string, expected?: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    let query = trx.deleteFrom('flow_drafts').where('flow_id', '=', flowId);
    if (expected) query = query.where('updated_at', '=', expected.toISOString());
    const deleted = await query.executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return false;
    await trx.deleteFrom('flow_draft_saves').where('flow_id', '=', flowId).execute();
    await trx.deleteFrom('flow_draft_savers').where('flow_id', '=', flowId).execute();
    // Every adjustment of a draft of this flow: the one open draft's, and any a lost draft left.
    await trx.deleteFrom('flow_fixture_adjustments').where('flow_id', '=', flowId).where('scope', '=', 'concept').execute();
    return true;
  });
}

export async function listDraftSaves(db: Kysely<Database>, flowId: string): Promise<DraftSave[]> {
  const rows = await db
    .selectFrom('flow_draft_saves')
    .select(['id', 'flow_id', 'kind', 'saved_by', 'first_saved_at', 'saved_at', 'summary'])
    .where('flow_id', '=', flowId)
    .orderBy('seq', 'desc')
    .execute();
  return rows.map(draftSaveOf);
}

export async function getDraftSave(db: Kysely<Database>, flowId: string, id: string): Promise<(DraftSave & { source: unknown }) | undefined> {
  const row = await db.selectFrom('flow_draft_saves').selectAll().where('flow_id', '=', flowId).where('id', '=', id).executeTakeFirst();
  return row ? { ...draftSaveOf(row), source: JSON.parse(row.source_json) as unknown } : undefined;
}
