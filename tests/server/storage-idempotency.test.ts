/**
 * The idempotency keys in storage, on SQLite and PostgreSQL: one attempt holds a key at a time; the
 * answer is written in the submission's own transaction (an attempt that lost its claim stores
 * nothing); a stale claim is taken over; a released claim frees the key; old keys are purged.
 */
import { describe, expect, it } from 'vitest';
import { IdempotencyClaimLost } from '../../src/server/storage';
import { freshStorageAll, storageEngines } from '../helpers/storageBackends';

const HOUR = 3_600_000;

for (const engine of storageEngines()) {
  describe(`idempotency keys (${engine.label})`, () => {
    const current = freshStorageAll(engine);

    const submission = { flowId: 'aanleveren-documenten', flowHash: 'h', scenario: 'uzi' as const, data: { a: 1 }, files: [] };
    const answer = (stored: { kenmerk: string }) => ({ status: 200, body: { kenmerk: stored.kenmerk } });

    it('lets one attempt hold a key, and completes it with the submission', async () => {
      const now = new Date();
      const stale = new Date(now.getTime() - HOUR);
      expect(await current.storage.claimIdempotencyKey('sleutel-0000000001', 'a', now, stale)).toEqual({ state: 'claimed' });
      expect(await current.storage.claimIdempotencyKey('sleutel-0000000001', 'b', now, stale)).toEqual({ state: 'pending' });
      const saved = await current.storage.saveSubmission(submission, { key: 'sleutel-0000000001', owner: 'a', requestHash: 'hash-1', answer });
      expect(await current.storage.claimIdempotencyKey('sleutel-0000000001', 'c', now, stale)).toEqual({
        state: 'done',
        requestHash: 'hash-1',
        status: 200,
        body: JSON.stringify({ kenmerk: saved.kenmerk }),
      });
    });

    it('stores nothing for an attempt whose claim was taken over when it went stale', async () => {
      const then = new Date(Date.now() - 2 * HOUR);
      expect(await current.storage.claimIdempotencyKey('sleutel-0000000002', 'oud', then, new Date(then.getTime() - HOUR))).toEqual({ state: 'claimed' });
      const now = new Date();
      expect(await current.storage.claimIdempotencyKey('sleutel-0000000002', 'nieuw', now, new Date(now.getTime() - HOUR))).toEqual({ state: 'claimed' });
      const before = await current.storage.countSubmissions();
      await expect(current.storage.saveSubmission(submission, { key: 'sleutel-0000000002', owner: 'oud', requestHash: 'x', answer })).rejects.toBeInstanceOf(
        IdempotencyClaimLost,
      );
      await expect(
        current.storage.saveUserOpinion(
          {
            rating: 3,
            url: '/',
            device: {
              userAgent: 'x',
              os: 'x',
              os_version: 'x',
              browser: 'x',
              browser_version: 'x',
              device: 'x',
              deviceType: 'desktop',
              orientation: 'portrait',
            },
          },
          { key: 'sleutel-0000000002', owner: 'oud', requestHash: 'x', answer: (stored) => ({ status: 201, body: stored }) },
        ),
      ).rejects.toBeInstanceOf(IdempotencyClaimLost);
      expect(await current.storage.countSubmissions()).toBe(before);
      expect(await current.storage.listUserOpinions()).toEqual([]);
      await current.storage.saveSubmission(submission, { key: 'sleutel-0000000002', owner: 'nieuw', requestHash: 'y', answer });
      expect(await current.storage.countSubmissions()).toBe(before + 1);
    });

    it('frees a released key, keeps a completed one, and purges old keys', async () => {
      const now = new Date();
      const stale = new Date(now.getTime() - HOUR);
      await current.storage.claimIdempotencyKey('sleutel-0000000003', 'a', now, stale);
      await current.storage.releaseIdempotencyKey('sleutel-0000000003', 'a');
      expect(await current.storage.claimIdempotencyKey('sleutel-0000000003', 'b', now, stale)).toEqual({ state: 'claimed' });
      // Releasing a completed key changes nothing.
      await current.storage.releaseIdempotencyKey('sleutel-0000000001', 'a');
      expect((await current.storage.claimIdempotencyKey('sleutel-0000000001', 'd', now, stale)).state).toBe('done');
      expect(await current.storage.purgeIdempotencyKeys(new Date(now.getTime() - HOUR))).toBe(1);
      expect(await current.storage.purgeIdempotencyKeys(new Date(now.getTime() + HOUR))).toBe(2);
      expect(await current.storage.claimIdempotencyKey('sleutel-0000000001', 'e', now, stale)).toEqual({ state: 'claimed' });
    });
  });
}
