/**
 * Removes temporary upload files that no request will remove any more: those of a process that was
 * killed while it read or stored an upload (applicants' documents, unencrypted). Several processes,
 * on this machine or others, may share the folder, so a file is removed only when
 *
 * - this process made it and none of its requests uses it (however old it is);
 * - a process on this machine made it and that process is gone;
 * - or another process made it and it was not written to for {@link STALE_MS} (far longer than any
 *   request may take) — a process on another machine, or a reused process id.
 *
 * Every server process sweeps at start and then every hour (startTempSweep).
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { processRuns } from '../shared/thisProcess';
import { HOST_TAG, liveTempFiles, TEMP_PREFIX } from './tempNames';

/** A temporary file untouched this long belongs to no request any more. */
export const STALE_MS = 60 * 60 * 1000;
/** How often a running process sweeps. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

const NAME = /^upload-([0-9a-f]{8})-(\d+)-[0-9a-f-]{36}$/;

function abandoned(file: string, name: string, modifiedMs: number, now: number): boolean {
  const made = NAME.exec(name);
  const here = made !== null && made[1] === HOST_TAG;
  // This process's own: gone with its request, however long that request takes.
  if (here && Number(made[2]) === process.pid) return !liveTempFiles.has(file);
  if (modifiedMs < now - STALE_MS) return true;
  return here && !processRuns(Number(made[2]));
}

/** Removes the abandoned temporary files in `dir`; answers how many. A missing folder has none. */
export async function sweepTempFiles(dir: string, now: number = Date.now()): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.startsWith(TEMP_PREFIX)) continue;
    const file = path.join(dir, entry.name);
    const info = await stat(file).catch(() => undefined);
    if (!info || !abandoned(file, entry.name, info.mtimeMs, now)) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

export interface TempSweep {
  stop(): void;
}

/** What runs the sweep again later; tests pass their own to run it when they choose. */
export type Repeat = (task: () => void, everyMs: number) => { stop(): void };

const everyInterval: Repeat = (task, everyMs) => {
  const timer = setInterval(task, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
};

/**
 * Sweeps `dir` now (awaited, so a restarted process starts clean) and then every hour. A sweep
 * that fails is logged (without file names) and tried again at the next turn.
 */
export async function startTempSweep(dir: string, log: { warn(object: object, message: string): void }, repeat: Repeat = everyInterval): Promise<TempSweep> {
  const run = async () => {
    try {
      await sweepTempFiles(dir);
    } catch (error) {
      log.warn({ code: (error as NodeJS.ErrnoException).code ?? 'onbekend' }, 'opruimen van tijdelijke uploadbestanden mislukt');
    }
  };
  await run();
  return repeat(() => void run(), SWEEP_INTERVAL_MS);
}
