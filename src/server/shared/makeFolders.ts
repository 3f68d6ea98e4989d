// Creates a folder and its missing parents one level at a time. Node's own `mkdir(…, { recursive:
// true })` loops for ever (blocking the event loop in its synchronous form) where mkdir answers
// ENOENT although the parent exists, as it does under /proc; here every failure is thrown at once
// with the code of the folder that could not be made.
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Makes `folder` (and its missing parents) with `mode`; does nothing when it is a folder already.
 * @throws the file system's error (EEXIST when a file is in the way, ENOTDIR, ENOENT, EACCES, EROFS …)
 */
export function makeFolders(folder: string, mode: number): void {
  const missing: string[] = [];
  let current = path.resolve(folder);
  for (;;) {
    const info = statSync(current, { throwIfNoEntry: false });
    if (info) {
      if (!info.isDirectory() && missing.length === 0) throw Object.assign(new Error(`EEXIST: not a folder: ${current}`), { code: 'EEXIST' });
      break;
    }
    missing.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const dir of missing) {
    try {
      mkdirSync(dir, { mode });
    } catch (error) {
      // Made by another process in the meantime: fine when it is a folder.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(dir).isDirectory()) throw error;
    }
  }
}
