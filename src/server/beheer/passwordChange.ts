/**
 * A local account's password changed by its holder under 'Mijn account'. The current password is
 * asked again (a session left open on an unattended screen is not enough), and a wrong one counts
 * towards the lockout as a failed sign-in does. When that failure locks the account, its sessions end
 * too — this one included: whoever holds it could not prove the password five times. A change ends
 * every other session of the account, so a session someone else may hold stops with the old password.
 */
import type { BeheerConfig } from '../config';
import { ApiError, CODES, type ErrorItem } from '../errors';
import type { BeheerSession, BeheerStore } from '../storage';
import { passwordProblem, SAME_PASSWORD } from '../../shared/passwordPolicy';
import { localAccountOf } from './localAccount';
import { hashPassword, verifyPassword } from './passwords';
import { lockedFor } from './signIn';

export interface PasswordChange {
  current: string;
  next: string;
}

const fieldError = (field: string, message: string): ErrorItem => ({ code: CODES.invalidField, extraInfo: [field, message] });

export async function changeOwnPassword(
  store: BeheerStore,
  settings: BeheerConfig,
  session: BeheerSession,
  input: PasswordChange,
  now = new Date(),
): Promise<void> {
  const account = await localAccountOf(store, session);
  // Counted before it is checked, like a sign-in: parallel tries get no more checks than the limit.
  const reservation = await store.reserveSignIn(account.email, settings.lockout, now);
  if (!reservation.granted) throw lockedFor(reservation.lockedUntil, now);
  const errors: ErrorItem[] = [];
  const currentRight = await verifyPassword(account.passwordHash, input.current);
  if (!currentRight) {
    if (await store.failSignIn(account.email, settings.lockout, now)) {
      await store.endAccountSessions(account.id);
      throw lockedFor(new Date(now.getTime() + settings.lockout.seconds * 1000), now, true);
    }
    errors.push(fieldError('huidig', 'Het huidige wachtwoord is onjuist.'));
  }
  const weak = passwordProblem(input.next);
  if (weak) errors.push(fieldError('nieuw', weak));
  else if (currentRight && input.next === input.current) errors.push(fieldError('nieuw', SAME_PASSWORD));
  // A right password proves the holder: the count starts again (unless other tries locked the account meanwhile).
  if (currentRight && !(await store.passSignIn(account.email, now))) throw lockedFor(new Date(now.getTime() + settings.lockout.seconds * 1000), now);
  if (errors.length > 0) throw new ApiError(400, 'Uw wachtwoord is niet gewijzigd: controleer de gegevens.', errors);
  await store.changePassword(account.id, await hashPassword(input.next), session.id);
}
