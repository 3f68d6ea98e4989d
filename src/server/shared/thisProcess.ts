/**
 * Who this server process is, for what it leaves behind where other processes can see it (temporary
 * files, claims of idempotency keys): its machine, as a short hash of the host name, its process
 * id, and a random tag of this start (a later process that gets the same id is not this one). With
 * that, a process on the same machine can tell at once that the maker has gone.
 */
import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** This machine: 8 hex digits of a hash of its host name (says nothing else about it). */
export const HOST_TAG = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);

/** This process: `<machine>.<process id>.<random tag of this start>`. */
export const PROCESS_TAG = `${HOST_TAG}.${process.pid}.${randomBytes(4).toString('hex')}`;

const PROCESS_TAG_FORM = /^([0-9a-f]{8})\.(\d+)\.([0-9a-f]{8})$/;

/** Whether a process with this id runs on this machine (a process we may not signal runs too). */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process a PROCESS_TAG names is known to have ended: it ran on this machine and no
 * process has its id now, or this process has its id but is a later start. A process on another
 * machine is never known to have ended.
 */
export function processGone(tag: string): boolean {
  const parts = PROCESS_TAG_FORM.exec(tag);
  if (!parts || parts[1] !== HOST_TAG) return false;
  if (tag === PROCESS_TAG) return false;
  const pid = Number(parts[2]);
  return pid === process.pid || !processRuns(pid);
}
