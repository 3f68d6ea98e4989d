/**
 * A file that cannot be written, even by root: the immutable attribute (chattr +i). Tests run as
 * root, for whom file modes change nothing, so this is the way to get a read-only database file.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Whether this machine can do it (root, and chattr installed). */
export function canMakeImmutable(): boolean {
  return process.getuid?.() === 0 && (existsSync('/usr/bin/chattr') || existsSync('/bin/chattr'));
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
