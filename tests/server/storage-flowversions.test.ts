// Flow versions in the storage layer on SQLite and (with TEST_DATABASE_URL) PostgreSQL: numbering,
// one published version per flow, the counter processes poll, seeding from files only when a file
// changed — also when several processes publish at the same moment — and submissions that record
// the version they were checked against.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewFlowVersion, Storage } from '../../src/server/storage/index.js';
import { storageEngines, type StorageBackend } from '../helpers/storageBackends';

function version(hash: string, overrides: Partial<NewFlowVersion> = {}): NewFlowVersion {
  return {
    flowId: 'proefflow',
    hash: hash.repeat(64).slice(0, 64),
    origin: 'publicatie',
    author: 'beheerder',
    note: 'Eerste versie',
    source: { document: '{"id":"proefflow"}' },
    content: { documents: { nl: { id: 'proefflow', title: 'Proef' } } },
    ...overrides,
  };
}

for (const engine of storageEngines()) {
  describe(`flow versions on ${engine.label}`, () => {
    let backend: StorageBackend;
    const opened: Storage[] = [];
    const open = async () => {
      const storage = await backend.open();
      opened.push(storage);
      return storage;
    };

    beforeEach(async () => {
      backend = await engine.create();
    });
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((storage) => storage.close()));
      await backend.dispose();
    });

    it('numbers versions per flow, keeps one published and raises the counter', async () => {
      const storage = await open();
      const before = await storage.flowVersionCounter();
      const first = await storage.publishFlowVersion(version('a'));
      const second = await storage.publishFlowVersion(version('b', { note: undefined, author: 'tweede' }));
      await storage.publishFlowVersion(version('c', { flowId: 'andere-flow' }));
      expect([first?.version, second?.version]).toEqual([1, 2]);
      expect(await storage.flowVersionCounter()).toBe(before + 3);

      const listed = await storage.listFlowVersions('proefflow');
      expect(listed.map((entry) => [entry.version, entry.state, entry.author])).toEqual([
        [2, 'published', 'tweede'],
        [1, 'retired', 'beheerder'],
      ]);
      expect(listed[1].retiredAt).toBeInstanceOf(Date);
      expect(listed[0].retiredAt).toBeUndefined();
      expect(listed[0].note).toBeUndefined();

      const published = await storage.publishedFlowVersions();
      expect(published.map((entry) => [entry.flowId, entry.version])).toEqual([
        ['andere-flow', 1],
        ['proefflow', 2],
      ]);
      expect(published[1].content).toEqual(version('b').content);
      expect((await storage.getFlowVersion('proefflow', { version: 1 }))?.hash).toBe(version('a').hash);
      expect(await storage.getFlowVersion('proefflow', { version: 9 })).toBeUndefined();
    });

    it('finds the newest version with a hash (a rollback repeats an earlier hash)', async () => {
      const storage = await open();
      await storage.publishFlowVersion(version('a'));
      await storage.publishFlowVersion(version('b'));
      await storage.publishFlowVersion(version('a', { origin: 'terugzetting' }));
      const found = await storage.getFlowVersion('proefflow', { hash: version('a').hash });
      expect([found?.version, found?.state, found?.origin]).toEqual([3, 'published', 'terugzetting']);
    });

    it('seeds from a file only when the file changed since the last version that came from one', async () => {
      const storage = await open();
      const fromFile = (hash: string) => storage.publishFlowVersion(version(hash, { origin: 'bestand' }), { onlyIfFileChanged: true });
      expect((await fromFile('a'))?.version).toBe(1);
      const counter = await storage.flowVersionCounter();
      expect(await fromFile('a')).toBeUndefined();
      expect(await storage.flowVersionCounter()).toBe(counter);
      // An administrator's version stays the newest while the shipped file does not change.
      await storage.publishFlowVersion(version('b'));
      expect(await fromFile('a')).toBeUndefined();
      expect((await storage.publishedFlowVersions())[0].hash).toBe(version('b').hash);
      // A release with a changed file publishes it.
      expect((await fromFile('c'))?.version).toBe(3);
    });

    it('gives concurrent publishers distinct numbers, and seeds once when processes start together', async () => {
      const one = await open();
      // Two connections stand for two processes where the engine allows it within one process.
      const two = engine.concurrentConnections ? await open() : one;
      const results = await Promise.all([one, two, one, two].map((storage, index) => storage.publishFlowVersion(version(String(index)))));
      expect(results.map((result) => result?.version).sort()).toEqual([1, 2, 3, 4]);
      const seeded = await Promise.all(
        [one, two, one, two].map((storage) => storage.publishFlowVersion(version('f', { flowId: 'nieuw', origin: 'bestand' }), { onlyIfFileChanged: true })),
      );
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const states = (await one.listFlowVersions('proefflow')).map((entry) => entry.state);
      expect(states.filter((state) => state === 'published')).toHaveLength(1);
    });

    it('stores the version a submission was checked against', async () => {
      const storage = await open();
      const saved = await storage.saveSubmission({ flowId: 'proefflow', flowHash: version('a').hash, scenario: 'uzi', data: {}, files: [] });
      expect((await storage.getSubmission(saved.kenmerk))?.flowHash).toBe(version('a').hash);
    });
  });
}
