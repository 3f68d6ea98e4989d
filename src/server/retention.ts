/**
 * Retention (docs/operator.md 'What is kept, and for how long'): a job inside every server process
 * that, at start and then every hour, deletes stored submissions (with their files) older than
 * RETENTION_DAYS, and drops the content of saved applications once they expire (SAVE_DAYS),
 * forgetting their rows 30 days later, and forgets the idempotency keys of submits a day after
 * their first use. Submissions go in batches, each in one transaction, so a submission is deleted
 * whole or not at all, and no run holds a lock for long. Several processes may run it at once: what
 * one deleted, another simply does not find.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Saving } from './saving';
import { IDEMPOTENCY_KEEP_MS } from './idempotency';
import { StorageError, type Storage } from './storage';

/** Submissions deleted per transaction. */
export const RETENTION_BATCH_SIZE = 50;
const HOUR_MS = 3_600_000;

export interface RetentionResult {
  submissions: number;
  savedApplications: number;
}

export interface RetentionJob {
  /** One run now (the timer's runs call this too); a run already going is awaited instead. */
  run(now?: Date): Promise<RetentionResult>;
  /** Stops the timer (on close); a run in progress finishes its current batch. */
  stop(): void;
}

export interface RetentionOptions {
  storage: Storage;
  saving: Pick<Saving, 'purge'>;
  retentionDays: number;
  log: FastifyBaseLogger;
  intervalMs?: number;
}

/** Starts the job: a first run right away, then one per interval on an unref'd timer. */
export function startRetention(options: RetentionOptions): RetentionJob {
  const { storage, saving, retentionDays, log } = options;
  let stopped = false;
  let running: Promise<RetentionResult> | undefined;

  const runOnce = async (now: Date): Promise<RetentionResult> => {
    const savedApplications = await saving.purge(now);
    await storage.purgeIdempotencyKeys(new Date(now.getTime() - IDEMPOTENCY_KEEP_MS));
    const before = new Date(now.getTime() - retentionDays * 86_400_000);
    let submissions = 0;
    for (;;) {
      const deleted = await storage.deleteSubmissionsBefore(before, RETENTION_BATCH_SIZE);
      submissions += deleted;
      if (deleted < RETENTION_BATCH_SIZE || stopped) break;
    }
    if (submissions + savedApplications > 0) log.info({ submissions, savedApplications }, 'bewaartermijn: gegevens verwijderd');
    return { submissions, savedApplications };
  };

  const run = (now = new Date()): Promise<RetentionResult> => {
    running ??= runOnce(now).finally(() => {
      running = undefined;
    });
    return running;
  };

  const scheduled = () =>
    void run().catch((error: unknown) =>
      log.warn({ err: { type: (error as Error).name, fault: error instanceof StorageError ? error.fault : undefined } }, 'bewaartermijn: opruimen mislukt'),
    );
  scheduled();
  const timer = setInterval(scheduled, options.intervalMs ?? HOUR_MS);
  timer.unref();
  return {
    run,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
