/**
 * Where uploaded files wait between the request and the database: one file per upload under
 * `<DATA_DIR>/tmp` (folder 0700, files 0600, random names that say nothing about the applicant).
 * A temporary file lives only as long as its request: the reader removes it on every refusal, the
 * route once the submission is stored or refused ({@link discardUploads}).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/** Name prefix of every temporary upload file. */
const PREFIX = 'upload-';
/** A temporary file untouched this long belongs to no request any more (one cut off by a crash). */
const STALE_MS = 60 * 60 * 1000;

/** The folder for temporary upload files of a server with this data folder. */
export function uploadTempDir(dataDir: string): string {
  return path.join(dataDir, 'tmp');
}

const prepared = new Map<string, Promise<void>>();

/**
 * Makes the folder (0700) once per process and removes what a crashed process left behind: files
 * untouched for an hour (another process sharing the folder may be writing younger ones).
 */
function prepare(dir: string): Promise<void> {
  let ready = prepared.get(dir);
  if (!ready) {
    ready = (async () => {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const staleBefore = Date.now() - STALE_MS;
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        if (!entry.isFile() || !entry.name.startsWith(PREFIX)) continue;
        const file = path.join(dir, entry.name);
        const info = await stat(file).catch(() => undefined);
        if (info && info.mtimeMs < staleBefore) await rm(file, { force: true });
      }
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
  const file = path.join(dir, `${PREFIX}${randomUUID()}`);
  // 'wx': never follow or reuse something that is already there.
  const handle = await open(file, 'wx', 0o600).catch(async (error: NodeJS.ErrnoException) => {
    // The folder was removed while the server ran: make it again.
    if (error.code !== 'ENOENT') throw error;
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return open(file, 'wx', 0o600);
  });
  return { path: file, handle };
}

/** Removes temporary files; a file that is gone already is fine. */
export async function removeTempFiles(paths: Iterable<string>): Promise<void> {
  await Promise.all(Array.from(paths, (file) => rm(file, { force: true })));
}

/** Removes the temporary files of a request's uploads (after storing, or when it is refused). */
export function discardUploads(files: readonly { path: string }[]): Promise<void> {
  return removeTempFiles(files.map((file) => file.path));
}
