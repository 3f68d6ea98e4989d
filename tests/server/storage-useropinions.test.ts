// The feedback table of the storage layer on SQLite and, when TEST_DATABASE_URL is set, on
// PostgreSQL: round trip, newest first, and the database's own checks behind the route's checks
// (which fail without quoting the comment).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StorageError, type NewUserOpinion, type Storage } from '../../src/server/storage/index.js';
import { storageEngines } from '../helpers/storageBackends';

const PERSONAL_COMMENT = 'Mijn BSN 123456782 werd niet geaccepteerd — Zoë Jansen';

function opinion(overrides: Partial<NewUserOpinion> = {}): NewUserOpinion {
  return {
    rating: 3,
    comment: PERSONAL_COMMENT,
    url: '/uzi/aanleveren-documenten/stap1',
    device: {
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      os: 'iOS',
      os_version: '17.4',
      browser: 'Safari',
      browser_version: '17.4',
      device: 'iPhone',
      deviceType: 'mobile',
      orientation: 'portrait',
    },
    ...overrides,
  };
}

function defineSuite(label: string, open: () => Promise<{ storage: Storage; dispose: () => Promise<void> }>): void {
  describe(label, () => {
    let storage: Storage;
    let dispose: () => Promise<void>;

    beforeEach(async () => {
      ({ storage, dispose } = await open());
    });
    afterEach(async () => {
      await storage.close();
      await dispose();
    });

    it('stores feedback and lists it newest first', async () => {
      const first = await storage.saveUserOpinion(opinion({ rating: 1 }));
      await new Promise((resolve) => setTimeout(resolve, 5));
      const second = await storage.saveUserOpinion(opinion({ rating: 5, comment: undefined }));
      const listed = await storage.listUserOpinions();
      expect(listed.map((entry) => entry.id)).toEqual([second.id, first.id]);
      expect(listed[1]).toEqual({ ...opinion({ rating: 1 }), id: first.id, createdAt: first.createdAt });
      expect(listed[0].comment).toBeUndefined();
      expect(await storage.listUserOpinions(1)).toHaveLength(1);
    });

    it('refuses what the route would have refused, without quoting the data', async () => {
      const attempts = [
        opinion({ rating: 0 }),
        opinion({ rating: 6 }),
        opinion({ comment: `${PERSONAL_COMMENT} ${'x'.repeat(500)}` }),
        opinion({ device: { ...opinion().device, orientation: 'scheef' as 'portrait' } }),
        opinion({ device: { ...opinion().device, deviceType: 'broodrooster' as 'mobile' } }),
      ];
      for (const attempt of attempts) {
        const error = await storage.saveUserOpinion(attempt).then(
          () => undefined,
          (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(StorageError);
        expect(String((error as Error).message)).not.toContain('Zoë');
        expect(JSON.stringify(error)).not.toContain('123456782');
      }
      expect(await storage.listUserOpinions()).toEqual([]);
    });

    it('counts the 500 characters as characters, not bytes', async () => {
      await storage.saveUserOpinion(opinion({ comment: 'é😀'.repeat(250) }));
      expect((await storage.listUserOpinions())[0].comment).toBe('é😀'.repeat(250));
    });
  });
}

for (const engine of storageEngines()) {
  defineSuite(`user opinions on ${engine.label}`, async () => {
    const backend = await engine.create();
    return { storage: await backend.open(), dispose: backend.dispose };
  });
}
