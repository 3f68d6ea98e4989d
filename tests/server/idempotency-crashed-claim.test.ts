/**
 * An Idempotency-Key claimed by a process that was killed does not block the applicant's retry: a
 * claim names its process, which renews it while its request runs; a claim of a process on this
 * machine that has ended is taken over at once, any other claim once it was not renewed for 30 s,
 * and a claim that is being renewed never. In storage and over real HTTP; SQLite, and PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { claimOwnerGone, HEARTBEAT_MS, STALE_CLAIM_MS, useHeartbeat, type Heartbeat } from '../../src/server/idempotency';
import { HOST_TAG, PROCESS_TAG } from '../../src/server/shared/thisProcess';
import { DOCUMENT_FIELDS, minimalPdf, multipartForm, startServer, testDatabaseUrl, type Session, type TestServer } from '../helpers/server';
import { startedUpload } from '../helpers/startedUpload';
import { freshStorageAll, storageEngines } from '../helpers/storageBackends';

const UPLOAD = '/api/aanleveren-documenten/upload';
const OTHER_HOST = HOST_TAG === '0badcafe' ? 'cafe0bad' : '0badcafe';

/** The id of a process that ran on this machine and has ended. */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'exit');
  return child.pid!;
}

const key = () => `sleutel-${randomUUID()}`;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

for (const engine of storageEngines()) {
  describe(`claims of killed processes in storage (${engine.label})`, () => {
    const current = freshStorageAll(engine);

    it('takes over at once the claim of a process on this machine that has ended', async () => {
      const now = new Date();
      const staleBefore = at(now, -STALE_CLAIM_MS);
      const dead = `${HOST_TAG}.${await endedPid()}.0123abcd:${randomUUID()}`;
      const running = `${PROCESS_TAG}:${randomUUID()}`;
      const [killedKey, liveKey] = [key(), key()];
      expect(await current.storage.claimIdempotencyKey(killedKey, dead, now, staleBefore)).toEqual({ state: 'claimed' });
      expect(await current.storage.claimIdempotencyKey(liveKey, running, now, staleBefore)).toEqual({ state: 'claimed' });
      expect(await current.storage.claimIdempotencyKey(killedKey, `${PROCESS_TAG}:${randomUUID()}`, now, staleBefore, claimOwnerGone)).toEqual({
        state: 'claimed',
      });
      // This process runs: its claim stays its own.
      expect(await current.storage.claimIdempotencyKey(liveKey, `${PROCESS_TAG}:${randomUUID()}`, now, staleBefore, claimOwnerGone)).toEqual({
        state: 'pending',
      });
    });

    it('takes over a claim not renewed for 30 s, never one that is renewed', async () => {
      const start = new Date(Date.now() - 60_000);
      const [silentKey, renewedKey] = [key(), key()];
      const elsewhere = `${OTHER_HOST}.4242.0123abcd:${randomUUID()}`;
      const own = `${PROCESS_TAG}:${randomUUID()}`;
      expect(await current.storage.claimIdempotencyKey(silentKey, elsewhere, start, at(start, -STALE_CLAIM_MS), claimOwnerGone)).toEqual({ state: 'claimed' });
      expect(await current.storage.claimIdempotencyKey(renewedKey, own, start, at(start, -STALE_CLAIM_MS), claimOwnerGone)).toEqual({ state: 'claimed' });
      // Its process renews its claims on every heartbeat; the other machine's process stopped.
      for (let beat = 1; beat <= 3; beat += 1)
        expect(await current.storage.refreshIdempotencyClaims(`${PROCESS_TAG}:`, at(start, beat * HEARTBEAT_MS))).toBeGreaterThanOrEqual(1);
      const retry = at(start, STALE_CLAIM_MS + 1);
      const retryStale = at(retry, -STALE_CLAIM_MS);
      // A process on another machine is never known to be gone: only silence frees its claim.
      expect(
        await current.storage.claimIdempotencyKey(silentKey, `${PROCESS_TAG}:${randomUUID()}`, at(start, STALE_CLAIM_MS - 1), at(start, -1), claimOwnerGone),
      ).toEqual({ state: 'pending' });
      expect(await current.storage.claimIdempotencyKey(silentKey, `${PROCESS_TAG}:${randomUUID()}`, retry, retryStale, claimOwnerGone)).toEqual({
        state: 'claimed',
      });
      expect(await current.storage.claimIdempotencyKey(renewedKey, `${PROCESS_TAG}:${randomUUID()}`, retry, retryStale, claimOwnerGone)).toEqual({
        state: 'pending',
      });
    });
  });
}

function defineHttp(label: string, databaseUrl: string | undefined): void {
  describe(`a retry after a killed process (${label})`, () => {
    let server: TestServer;
    let session: Session;
    let restore: Heartbeat | undefined;
    beforeAll(async () => {
      server = await startServer({ databaseUrl });
      session = await server.session('/uzi/aanleveren-documenten');
    });
    afterAll(() => server?.close());
    afterEach(() => {
      if (restore) useHeartbeat(restore);
      restore = undefined;
    });

    const upload = (idempotencyKey: string) =>
      server.postMultipart(UPLOAD, multipartForm(DOCUMENT_FIELDS, [{ name: 'brief.pdf', bytes: minimalPdf('Opnieuw'), type: 'application/pdf' }]), session, {
        'idempotency-key': idempotencyKey,
      });

    it('is stored at once when the process holding the key has ended', async () => {
      const idempotencyKey = key();
      const now = new Date();
      await server.storage.claimIdempotencyKey(idempotencyKey, `${HOST_TAG}.${await endedPid()}.0123abcd:${randomUUID()}`, now, at(now, -STALE_CLAIM_MS));
      const before = await server.storage.countSubmissions();
      const retry = await upload(idempotencyKey);
      expect(retry.status).toBe(200);
      expect(await server.storage.countSubmissions()).toBe(before + 1);
    });

    it('is stored once the claim of a process elsewhere was not renewed for 30 s', async () => {
      const idempotencyKey = key();
      const then = new Date(Date.now() - STALE_CLAIM_MS - 1000);
      await server.storage.claimIdempotencyKey(idempotencyKey, `${OTHER_HOST}.4242.0123abcd:${randomUUID()}`, then, at(then, -STALE_CLAIM_MS));
      const retry = await upload(idempotencyKey);
      expect(retry.status).toBe(200);
    });

    it('renews the claim of an upload in progress, and stops once it is answered', async () => {
      const beats: { beat: () => Promise<void>; everyMs: number; stopped: boolean }[] = [];
      restore = useHeartbeat((beat, everyMs) => {
        const entry = { beat, everyMs, stopped: false };
        beats.push(entry);
        return () => {
          entry.stopped = true;
        };
      });
      const idempotencyKey = key();
      const first = startedUpload(server, session, UPLOAD, idempotencyKey);
      await expect.poll(() => beats.length).toBe(1);
      expect(beats[0].everyMs).toBe(HEARTBEAT_MS);
      const renewedFrom = new Date();
      await beats[0].beat();
      // A retry that counts everything before the renewal as stale still finds the key held.
      const probe = await server.storage.claimIdempotencyKey(idempotencyKey, `${PROCESS_TAG}:${randomUUID()}`, new Date(), renewedFrom, claimOwnerGone);
      expect(probe).toEqual({ state: 'pending' });
      expect((await first.finish()).status).toBe(200);
      expect(beats[0].stopped).toBe(true);
    });
  });
}

defineHttp('SQLite', undefined);
const postgres = testDatabaseUrl();
if (postgres) defineHttp('PostgreSQL', postgres);
