// A draft's saves on SQLite and (with TEST_DATABASE_URL) PostgreSQL: a write refused when the draft
// is no longer what the writer saw (changed, deleted, or there when none was expected), every save
// kept with a sentence against the one before, automatic saves of one person close together in one
// row, the history bounded, a rollback draft marked until it changes, and the history gone with the
// draft — not when someone saved in between.
import { describe, expect, it } from 'vitest';
import { DRAFT_SAVES_KEPT } from '../../src/server/storage/index.js';
import { freshStorageEach, storageEngines } from '../helpers/storageBackends';

const at = (minute: number, second = 0) => new Date(Date.UTC(2026, 10, 24, 10, minute, second));
const source = (text: string) => ({ document: text });
const textOf = (value: unknown) => (value as { document: string }).document;

for (const engine of storageEngines()) {
  describe(`a draft's saves on ${engine.label}`, () => {
    const current = freshStorageEach(engine);

    it('refuses a write to a draft that changed, was deleted, or exists when none was expected', async () => {
      const store = current.storage.beheer;
      const first = await store.writeDraft({ flowId: 'f', baseVersion: 1, source: source('a'), by: 'anna', kind: 'gestart', expected: null }, at(0));
      if (!('draft' in first)) throw new Error('not written');
      expect(await store.writeDraft({ flowId: 'f', source: source('x'), by: 'bert', expected: null }, at(1))).toEqual({
        conflict: expect.objectContaining({ updatedBy: 'anna' }),
      });

      const second = await store.writeDraft({ flowId: 'f', source: source('b'), by: 'anna', expected: first.draft.updatedAt }, at(1));
      if (!('draft' in second)) throw new Error('not written');
      // Bert still saw the first: refused, nothing written.
      const stale = await store.writeDraft({ flowId: 'f', source: source('c'), by: 'bert', expected: first.draft.updatedAt }, at(2));
      expect(stale).toEqual({ conflict: expect.objectContaining({ updatedBy: 'anna', updatedAt: second.draft.updatedAt }) });
      expect(textOf((await store.getDraft('f'))?.source)).toBe('b');
      expect(await store.listDraftSaves('f')).toHaveLength(2);

      // A save in the same millisecond still gets a moment of its own.
      const third = await store.writeDraft({ flowId: 'f', source: source('c'), by: 'anna', expected: second.draft.updatedAt }, at(1));
      if (!('draft' in third)) throw new Error('not written');
      expect(third.draft.updatedAt.getTime()).toBe(second.draft.updatedAt.getTime() + 1);

      expect(await store.deleteDraft('f', second.draft.updatedAt)).toBe(false);
      expect(await store.getDraft('f')).toBeDefined();
      expect(await store.deleteDraft('f', third.draft.updatedAt)).toBe(true);
      expect(await store.listDraftSaves('f')).toEqual([]);
      expect(await store.writeDraft({ flowId: 'f', source: source('d'), by: 'anna', expected: third.draft.updatedAt }, at(3))).toEqual({ conflict: undefined });
      expect(await store.getDraft('f')).toBeUndefined();
    });

    it('keeps every save with its sentence, joins automatic saves close together, and forgets the oldest', async () => {
      const store = current.storage.beheer;
      const describe = (previous: unknown) => `van ${previous === undefined ? 'niets' : textOf(previous)}`;
      let updatedAt: Date | null = null;
      const write = async (text: string, minute: number, second: number, kind: 'gestart' | 'automatisch' | 'opgeslagen', by = 'anna') => {
        const outcome = await store.writeDraft({ flowId: 'f', source: source(text), by, kind, expected: updatedAt, describe }, at(minute, second));
        if (!('draft' in outcome)) throw new Error('not written');
        updatedAt = outcome.draft.updatedAt;
      };
      await write('a', 0, 0, 'gestart');
      await write('b', 1, 0, 'automatisch');
      await write('c', 1, 30, 'automatisch');
      await write('d', 3, 5, 'automatisch'); // more than two minutes after 'b' started its row
      await write('e', 3, 20, 'automatisch', 'bert');
      await write('f', 3, 30, 'opgeslagen');
      const saves = await store.listDraftSaves('f');
      expect(saves.map((save) => [save.kind, save.savedBy, save.summary])).toEqual([
        ['opgeslagen', 'anna', 'van e'],
        ['automatisch', 'bert', 'van d'],
        ['automatisch', 'anna', 'van c'],
        ['automatisch', 'anna', 'van a'],
        ['gestart', 'anna', 'van niets'],
      ]);
      expect([saves[3].firstSavedAt, saves[3].savedAt]).toEqual([at(1, 0), at(1, 30)]);
      const joined = await store.getDraftSave('f', saves[3].id);
      expect(textOf(joined?.source)).toBe('c');
      expect(await store.getDraftSave('g', saves[3].id)).toBeUndefined();

      // The same content saved again adds nothing; saved deliberately, the automatic row becomes a save of its own.
      await write('g', 3, 40, 'automatisch');
      await write('g', 3, 41, 'opgeslagen');
      await write('h', 3, 50, 'automatisch');
      expect((await store.listDraftSaves('f')).slice(0, 3).map((save) => [save.kind, save.summary])).toEqual([
        ['automatisch', 'van g'],
        ['opgeslagen', 'van f'],
        ['opgeslagen', 'van e'],
      ]);

      for (let index = 0; index < DRAFT_SAVES_KEPT; index += 1) await write(`n${index}`, 10 + index, 0, 'opgeslagen');
      const kept = await store.listDraftSaves('f');
      expect(kept).toHaveLength(DRAFT_SAVES_KEPT);
      expect(textOf((await store.getDraftSave('f', kept[0].id))?.source)).toBe(`n${DRAFT_SAVES_KEPT - 1}`);
      expect(textOf((await store.getDraftSave('f', kept.at(-1)!.id))?.source)).toBe('n0');
    });

    it('marks a rollback draft until it changes, and keeps the content of a draft saved before its history', async () => {
      const store = current.storage.beheer;
      // A draft as an older release wrote it: no saves kept yet.
      await current.backend.execute(
        (param) =>
          `insert into flow_drafts (flow_id, base_version, source_json, created_by, created_at, updated_by, updated_at) values (${param(1)}, 1, ${param(2)}, 'anna', ${param(3)}, 'anna', ${param(4)})`,
        ['f', JSON.stringify(source('oud')), at(0).toISOString(), at(0).toISOString()],
      );
      const rollback = await store.writeDraft(
        { flowId: 'f', source: source('versie 1'), by: 'bert', kind: 'teruggezet', expected: at(0), rollback: { version: 1, note: 'Fout in versie 2' } },
        at(1),
      );
      if (!('draft' in rollback)) throw new Error('not written');
      expect(rollback.draft.rollback).toEqual({ version: 1, note: 'Fout in versie 2' });
      const saves = await store.listDraftSaves('f');
      expect(saves.map((save) => [save.kind, save.savedBy])).toEqual([
        ['teruggezet', 'bert'],
        ['opgeslagen', 'anna'],
      ]);
      expect(textOf((await store.getDraftSave('f', saves[1].id))?.source)).toBe('oud');
      const edited = await store.writeDraft({ flowId: 'f', source: source('versie 1 bewerkt'), by: 'anna', expected: rollback.draft.updatedAt }, at(2));
      expect('draft' in edited && edited.draft.rollback).toBe(undefined);
    });
  });
}
