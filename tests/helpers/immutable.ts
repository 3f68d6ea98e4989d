/**
 * A file that cannot be written, even by root: the immutable attribute (chattr +i). Tests run as
 * root, for whom file modes change nothing, so this is the way to get a read-only database file.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let can: boolean | undefined;

/** Whether this machine can do it: root, chattr installed, and a temporary folder whose file system keeps the attribute (tried once). */
export function canMakeImmutable(): boolean {
  can ??= (() => {
    if (process.getuid?.() !== 0 || !(existsSync('/usr/bin/chattr') || existsSync('/bin/chattr'))) return false;
    const dir = mkdtempSync(join(tmpdir(), 'immutable-'));
    const file = join(dir, 'probe');
    try {
      writeFileSync(file, '');
      execFileSync('chattr', ['+i', file], { stdio: 'ignore' });
      execFileSync('chattr', ['-i', file], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  })();
  return can;
}

/** Runs `body` while `path` is immutable; the attribute is removed again whatever happens. */
export async function whileImmutable<T>(path: string, body: () => Promise<T>): Promise<T> {
  execFileSync('chattr', ['+i', path]);
  try {
    return await body();
  } finally {
    execFileSync('chattr', ['-i', path]);
  }
}
