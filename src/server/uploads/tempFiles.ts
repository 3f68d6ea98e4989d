/**
 * Where uploaded files wait between the request and the database: one file per upload under
 * `<DATA_DIR>/tmp` (folder 0700, files 0600, random names that say nothing about the applicant).
 * A temporary file lives only as long as its request: the reader removes it on every refusal, the
 * route once the submission is stored or refused ({@link discardUploads}). What a killed process
 * left behind is swept (tempSweep.ts): each name says which process made it, and this process keeps
 * the set of files its requests still use.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { HOST_TAG, liveTempFiles, TEMP_PREFIX } from './tempNames';
import { sweepTempFiles } from './tempSweep';

/** The folder for temporary upload files of a server with this data folder. */
export function uploadTempDir(dataDir: string): string {
  return path.join(dataDir, 'tmp');
}

const prepared = new Map<string, Promise<void>>();

/** Makes the folder (0700) once per process and sweeps what a crashed process left behind. */
function prepare(dir: string): Promise<void> {
  let ready = prepared.get(dir);
  if (!ready) {
    ready = (async () => {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await sweepTempFiles(dir);
    })();
    // A failure (e.g. the folder cannot be made) is tried again by the next upload.
    ready.catch(() => prepared.delete(dir));
    prepared.set(dir, ready);
  }
  return ready;
}

/** Creates a new, empty temporary file (mode 0600) and opens it for writing. */
export async function createTempFile(dir: string): Promise<{ path: string; handle: FileHandle }> {
  await prepare(dir);
  const file = path.join(dir, `${TEMP_PREFIX}${HOST_TAG}-${process.pid}-${randomUUID()}`);
  // In use from before it exists, so a sweep never takes it from under its request.
  liveTempFiles.add(file);
  try {
    // 'wx': never follow or reuse something that is already there.
    const handle = await open(file, 'wx', 0o600).catch(async (error: NodeJS.ErrnoException) => {
      // The folder was removed while the server ran: make it again.
      if (error.code !== 'ENOENT') throw error;
      await mkdir(dir, { recursive: true, mode: 0o700 });
      return open(file, 'wx', 0o600);
    });
    return { path: file, handle };
  } catch (error) {
    liveTempFiles.delete(file);
    throw error;
  }
}

/** Removes temporary files; a file that is gone already is fine. */
export async function removeTempFiles(paths: Iterable<string>): Promise<void> {
  await Promise.all(
    Array.from(paths, async (file) => {
      await rm(file, { force: true });
      liveTempFiles.delete(file);
    }),
  );
}

/** Removes the temporary files of a request's uploads (after storing, or when it is refused). */
export function discardUploads(files: readonly { path: string }[]): Promise<void> {
  return removeTempFiles(files.map((file) => file.path));
}
