/**
 * How a temporary upload file is named (`upload-<machine>-<process id>-<random>`) and which ones
 * this process still uses: what the sweep (tempSweep.ts) needs to tell a live file from one left
 * behind. The name says nothing about the applicant.
 */
export { HOST_TAG } from '../shared/thisProcess';

/** Name prefix of every temporary upload file. */
export const TEMP_PREFIX = 'upload-';

/** The temporary files of this process's requests that are still in use. */
export const liveTempFiles = new Set<string>();
