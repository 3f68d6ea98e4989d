/**
 * Upkeep on both engines: the readiness write, and retention — submissions (with their files and
 * chunks) older than RETENTION_DAYS and expired saved applications deleted by the job, in batches,
 * with back-dated rows; what is newer stays whole.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_BATCH_SIZE, startRetention } from '../../src/server/retention';
import { createSaving } from '../../src/server/saving';
import type { StoredFileInput } from '../../src/server/storage';
import { freshStorageEach, storageEngines } from '../helpers/storageBackends';

const DAY_MS = 86_400_000;
const log = Fastify({ logger: false }).log;
let fileDir: string;

beforeAll(() => {
  fileDir = mkdtempSync(join(tmpdir(), 'uzi-upkeep-files-'));
});
afterAll(() => rmSync(fileDir, { recursive: true, force: true }));

/** A file of `size` random bytes on disk, as an upload would leave it. */
function file(size: number): StoredFileInput {
  const bytes = randomBytes(size);
  const path = join(fileDir, `${randomBytes(6).toString('hex')}.pdf`);
  writeFileSync(path, bytes);
  return { fieldName: 'documenten', fileName: 'bewijs.pdf', mimeType: 'application/pdf', size, sha256: createHash('sha256').update(bytes).digest('hex'), path };
}

function submission(files: StoredFileInput[] = []) {
  return { flowId: 'uzi/aanleveren-documenten', flowHash: 'abc', scenario: 'uzi' as const, data: { naam: 'Test' }, files };
}

async function readAll(content: AsyncIterable<Uint8Array> | undefined): Promise<number> {
  let total = 0;
  for await (const chunk of content ?? []) total += chunk.byteLength;
  return total;
}

for (const engine of storageEngines()) {
  describe(`upkeep on ${engine.label}`, () => {
    const current = freshStorageEach(engine);

    /** Sets a submission's stored date `days` back (the storage itself only writes the current time). */
    const backdate = (kenmerk: string, days: number) =>
      current.backend.execute(
        (p) => `update submissions set created_at = ${p(1)} where kenmerk = ${p(2)}`,
        [new Date(Date.now() - days * DAY_MS).toISOString(), kenmerk],
      );

    const retentionJob = (retentionDays = 90) =>
      startRetention({
        storage: current.storage,
        saving: createSaving({ config: { days: 30, maxAttempts: 5, publicUrl: 'http://localhost' }, secret: 'geheim', storage: current.storage }),
        retentionDays,
        log,
      });

    it('the readiness write succeeds on a writable database, again and again', async () => {
      await current.storage.checkWritable();
      await current.storage.checkWritable();
      const rows = await current.backend.execute(() => 'select count(*) as n from health_checks');
      expect(Number(rows[0].n)).toBe(1);
    });

    it('deletes submissions past the retention period with their files and chunks, keeps the rest whole', async () => {
      const old = await current.storage.saveSubmission(submission([file(300 * 1024), file(10)]));
      const older = await current.storage.saveSubmission(submission([file(20)]));
      const recent = await current.storage.saveSubmission(submission([file(300 * 1024)]));
      const fresh = await current.storage.saveSubmission(submission());
      await backdate(old.kenmerk, 91);
      await backdate(older.kenmerk, 400);
      await backdate(recent.kenmerk, 89);
      const oldFiles = (await current.storage.getSubmission(old.kenmerk))!.files.map((f) => f.id);

      const job = retentionJob(90);
      try {
        const result = await job.run();
        expect(result.submissions).toBe(2);
      } finally {
        job.stop();
      }

      expect(await current.storage.getSubmission(old.kenmerk)).toBeUndefined();
      expect(await current.storage.getSubmission(older.kenmerk)).toBeUndefined();
      for (const id of oldFiles) expect(await current.storage.getFileContent(id)).toBeUndefined();
      const orphans = await current.backend.execute(() => 'select count(*) as n from file_chunks where file_id not in (select id from submission_files)');
      expect(Number(orphans[0].n)).toBe(0);
      const leftFiles = await current.backend.execute(() => 'select count(*) as n from submission_files');
      expect(Number(leftFiles[0].n)).toBe(1);

      const kept = await current.storage.getSubmission(recent.kenmerk);
      expect(kept?.files).toHaveLength(1);
      expect(await readAll(await current.storage.getFileContent(kept!.files[0].id))).toBe(300 * 1024);
      expect(await current.storage.getSubmission(fresh.kenmerk)).toBeDefined();
      expect(await current.storage.countSubmissions()).toBe(2);
    });

    it('deletes in batches until every old submission is gone', async () => {
      const count = RETENTION_BATCH_SIZE * 2 + 3;
      for (let i = 0; i < count; i++) await current.storage.saveSubmission(submission());
      const keep = await current.storage.saveSubmission(submission());
      await current.backend.execute(
        (p) => `update submissions set created_at = ${p(1)} where kenmerk <> ${p(2)}`,
        [new Date(Date.now() - 120 * DAY_MS).toISOString(), keep.kenmerk],
      );

      expect(await current.storage.deleteSubmissionsBefore(new Date(Date.now() - 90 * DAY_MS), RETENTION_BATCH_SIZE)).toBe(RETENTION_BATCH_SIZE);
      const job = retentionJob(90);
      try {
        expect((await job.run()).submissions).toBe(count - RETENTION_BATCH_SIZE);
      } finally {
        job.stop();
      }
      expect(await current.storage.countSubmissions()).toBe(1);
      expect(await current.storage.getSubmission(keep.kenmerk)).toBeDefined();
    });

    it('drops expired saved applications in the same run', async () => {
      const now = Date.now();
      await current.storage.storeSavedApplication({ id: 'verlopen-lang-geleden', sealed: randomBytes(64), expiresAt: new Date(now - 31 * DAY_MS) });
      await current.storage.storeSavedApplication({ id: 'net-verlopen', sealed: randomBytes(64), expiresAt: new Date(now - DAY_MS) });
      await current.storage.storeSavedApplication({ id: 'nog-geldig', sealed: randomBytes(64), expiresAt: new Date(now + DAY_MS) });

      const job = retentionJob(90);
      try {
        expect((await job.run()).savedApplications).toBe(1);
      } finally {
        job.stop();
      }
      expect(await current.storage.findSavedApplication('verlopen-lang-geleden')).toBeUndefined();
      // Its content is gone; the row says 'expired' for 30 days more.
      const expired = await current.storage.findSavedApplication('net-verlopen');
      expect(expired?.sealed).toBeUndefined();
      expect((await current.storage.findSavedApplication('nog-geldig'))?.sealed).toBeDefined();
    });
  });
}
