/**
 * How a temporary upload file is named (`upload-<machine>-<process id>-<random>`) and which ones
 * this process still uses: what the sweep (tempSweep.ts) needs to tell a live file from one left
 * behind. The name says nothing about the applicant.
 */
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';

/** Name prefix of every temporary upload file. */
export const TEMP_PREFIX = 'upload-';

/**
 * This machine in a file name: a short hash of its host name, so processes on other machines that
 * share the folder (a network disk) are told apart from this machine's.
 */
export const HOST_TAG = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);

/** The temporary files of this process's requests that are still in use. */
export const liveTempFiles = new Set<string>();
