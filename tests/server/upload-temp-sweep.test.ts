/**
 * Temporary upload files left behind by a killed process are removed — at start and then every
 * hour — while no file a live upload may still use is touched, also when several processes share
 * DATA_DIR: a file of a process on this machine that is gone goes at once; one of a process that
 * still runs, or of another machine, only once it was not written to for an hour; one of this
 * process's own requests never while the request uses it.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempFile, discardUploads, uploadTempDir } from '../../src/server/uploads/tempFiles';
import { HOST_TAG } from '../../src/server/uploads/tempNames';
import { startTempSweep, sweepTempFiles, SWEEP_INTERVAL_MS } from '../../src/server/uploads/tempSweep';
import { startServer } from '../helpers/server';

const TWO_HOURS_AGO = () => new Date(Date.now() - 2 * 60 * 60 * 1000);

/** The id of a process that ran on this machine and has ended. */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'exit');
  return child.pid!;
}

const nameOf = (host: string, pid: number) => `upload-${host}-${pid}-${randomUUID()}`;

describe('temporary upload files left behind', () => {
  let dataDir: string;
  let dir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'uzi-temp-sweep-'));
    dir = uploadTempDir(dataDir);
    await mkdir(dir, { recursive: true });
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  async function place(name: string, old = false): Promise<string> {
    const file = join(dir, name);
    await writeFile(file, '%PDF-1.4 document van een aanvrager');
    if (old) await utimes(file, TWO_HOURS_AGO(), TWO_HOURS_AGO());
    return name;
  }

  it('removes what a killed process left, and keeps what live processes may still use', async () => {
    // A file of one of this process's requests (made first: making it sweeps the new folder once).
    const live = await createTempFile(dir);
    await live.handle.close();
    const killed = await place(nameOf(HOST_TAG, await endedPid()));
    const runningFresh = await place(nameOf(HOST_TAG, process.ppid));
    const runningStale = await place(nameOf(HOST_TAG, process.ppid), true);
    const otherMachineFresh = await place(nameOf('0badcafe' === HOST_TAG ? 'cafe0bad' : '0badcafe', 4242));
    const otherMachineStale = await place(nameOf('0badcafe' === HOST_TAG ? 'cafe0bad' : '0badcafe', 4242), true);
    const ownForgotten = await place(nameOf(HOST_TAG, process.pid));
    const unrelated = await place('portal.sqlite-journal', true);
    // An hour-old file of this process that a request still uses (a slow store) stays too.
    await utimes(live.path, TWO_HOURS_AGO(), TWO_HOURS_AGO());

    expect(await sweepTempFiles(dir)).toBe(4);
    const left = await readdir(dir);
    expect(left.sort()).toEqual([runningFresh, otherMachineFresh, unrelated, live.path.slice(dir.length + 1)].sort());
    expect(left).not.toContain(killed);
    expect(left).not.toContain(runningStale);
    expect(left).not.toContain(otherMachineStale);
    expect(left).not.toContain(ownForgotten);

    // Once its request is done with it, the file is gone and a sweep has nothing more of its own.
    await discardUploads([{ path: live.path }]);
    expect(await sweepTempFiles(dir)).toBe(0);
  });

  it('sweeps when the server starts', async () => {
    const killed = await place(nameOf(HOST_TAG, await endedPid()));
    const server = await startServer({ env: { DATA_DIR: dataDir } });
    try {
      expect(await readdir(dir)).not.toContain(killed);
    } finally {
      await server.close();
    }
  });

  it('sweeps again every hour', async () => {
    const turns: { task: () => void; everyMs: number }[] = [];
    let stopped = false;
    const sweep = await startTempSweep(dir, { warn: () => undefined }, (task, everyMs) => {
      turns.push({ task, everyMs });
      return { stop: () => (stopped = true) };
    });
    expect(turns.map((turn) => turn.everyMs)).toEqual([SWEEP_INTERVAL_MS]);
    expect(SWEEP_INTERVAL_MS).toBe(60 * 60 * 1000);

    // A process killed after the start leaves a file; the next turn removes it.
    const killed = await place(nameOf(HOST_TAG, await endedPid()));
    turns[0].task();
    await expect.poll(() => readdir(dir)).not.toContain(killed);
    sweep.stop();
    expect(stopped).toBe(true);
  });
});
