// Failed sign-ins per address (migration 0015), the same kysely code on SQLite and PostgreSQL.
//
// An attempt is counted before its password is checked: one upsert reserves it and answers nothing
// when the address has used up its attempts, so parallel guesses never get more checks than the
// limit. A failure then only decides whether the address waits; a success clears the count, unless
// the address was locked in the meantime. Known and unknown addresses are counted alike, by a hash.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/** How many failures an address may have within `windowSeconds`, and how long it then waits. */
export interface LoginLockout {
  attempts: number;
  seconds: number;
  windowSeconds: number;
}

/** The reservation of one attempt: granted, or refused because the address waits until `lockedUntil`. */
export type AttemptReservation = { granted: true } | { granted: false; lockedUntil: Date };

/** The key an address is counted under: never the address itself. */
export function addressKey(email: string): string {
  return createHash('sha256').update(`beheer-inloggen:${email.trim().toLowerCase()}`).digest('hex');
}

export async function reserveAttempt(db: Kysely<Database>, email: string, lockout: LoginLockout, now: Date): Promise<AttemptReservation> {
  const key = addressKey(email);
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - lockout.windowSeconds * 1000).toISOString();
  // The count starts again once its window has passed, or its lock when it waits.
  const fresh = sql<boolean>`(case when beheer_login_attempts.locked_until is null then beheer_login_attempts.window_start <= ${windowStart} else beheer_login_attempts.locked_until <= ${at} end)`;
  const row = await db
    .insertInto('beheer_login_attempts')
    .values({ address_key: key, failures: 1, window_start: at, locked_until: null })
    .onConflict((oc) =>
      oc
        .column('address_key')
        .doUpdateSet({
          failures: sql<number>`case when ${fresh} then 1 else beheer_login_attempts.failures + 1 end`,
          window_start: sql<string>`case when ${fresh} then ${at} else beheer_login_attempts.window_start end`,
          locked_until: sql<string | null>`case when ${fresh} then null else beheer_login_attempts.locked_until end`,
        })
        .where(sql<boolean>`${fresh} or (beheer_login_attempts.locked_until is null and beheer_login_attempts.failures < ${lockout.attempts})`),
    )
    .returning('failures')
    .executeTakeFirst();
  if (row) return { granted: true };
  const held = await db.selectFrom('beheer_login_attempts').select('locked_until').where('address_key', '=', key).executeTakeFirst();
  // Every attempt is taken by checks still under way: the address waits as if they had failed.
  const until = held?.locked_until ? new Date(held.locked_until) : new Date(now.getTime() + lockout.seconds * 1000);
  return { granted: false, lockedUntil: until };
}

/** A reserved attempt that failed: true when the address now waits (this failure used up the last attempt). */
export async function failAttempt(db: Kysely<Database>, email: string, lockout: LoginLockout, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('beheer_login_attempts')
    .set({ locked_until: new Date(now.getTime() + lockout.seconds * 1000).toISOString() })
    .where('address_key', '=', addressKey(email))
    .where('failures', '>=', lockout.attempts)
    .where('locked_until', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A reserved attempt that succeeded: the count is cleared. False when the address was locked meanwhile (the success does not count). */
export async function passAttempt(db: Kysely<Database>, email: string, now: Date): Promise<boolean> {
  const key = addressKey(email);
  const at = now.toISOString();
  const cleared = await db
    .deleteFrom('beheer_login_attempts')
    .where('address_key', '=', key)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
    .executeTakeFirst();
  if (Number(cleared.numDeletedRows) === 1) return true;
  const held = await db.selectFrom('beheer_login_attempts').select('locked_until').where('address_key', '=', key).executeTakeFirst();
  return !(held?.locked_until && held.locked_until > at);
}

/** Forgets the count of an address (its password was set anew). */
export async function clearAttempts(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom('beheer_login_attempts').where('address_key', '=', addressKey(email)).execute();
}

/** Forgets counts whose window and lock have both passed. */
export async function purgeAttempts(db: Kysely<Database>, windowSeconds: number, now: Date): Promise<number> {
  const at = now.toISOString();
  const result = await db
    .deleteFrom('beheer_login_attempts')
    .where('window_start', '<=', new Date(now.getTime() - windowSeconds * 1000).toISOString())
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
