/**
 * Signing in with a local account: the password (Argon2id), then the code of the second factor when
 * the account turned it on. Each attempt is counted for its address before anything is checked (one
 * statement, so parallel guesses get no more checks than the limit) and counts as a failure unless
 * it succeeds; a success clears the count unless the address was locked meanwhile. Unknown
 * addresses are counted, cost as much time and get the same answers as known ones; a wrong password
 * and a missing or wrong code get the same answer, so nothing tells which part was right. A code
 * works once.
 */
import type { BeheerConfig } from '../config';
import { ApiError, CODES } from '../errors';
import type { BeheerStore } from '../storage';
import { verifyPassword } from './passwords';
import type { SignIn } from './session';
import { totpStep } from './totp';
import type { TotpSeal } from './totpSeal';

export interface Credentials {
  email: string;
  password: string;
  code?: string;
}

/** One answer for every wrong part: address, password, or the code of the second factor (missing or wrong). */
export const WRONG_CREDENTIALS = 'Het e-mailadres, het wachtwoord of de verificatiecode is onjuist.';
const WRONG = () => new ApiError(401, WRONG_CREDENTIALS, [{ code: CODES.wrongCredentials, extraInfo: [] }]);

/** '1 minuut', '15 minuten'. */
const inMinutes = (minutes: number) => `${minutes} ${minutes === 1 ? 'minuut' : 'minuten'}`;

/**
 * 429 for an account that waits after too many failures until `until`: how many minutes are left,
 * rounded up. `signedOut` when the failure that locked it also ended the asker's session.
 */
export function lockedFor(until: Date, now: Date, signedOut = false): ApiError {
  const minutes = Math.ceil((until.getTime() - now.getTime()) / 60_000);
  const detail = signedOut
    ? `Te veel mislukte pogingen. U bent uitgelogd en kunt over ${inMinutes(minutes)} weer inloggen.`
    : `Te veel mislukte pogingen. Probeer het over ${inMinutes(minutes)} opnieuw.`;
  return new ApiError(429, detail, [{ code: CODES.accountLocked, extraInfo: [String(minutes)] }]);
}

export async function signInLocal(store: BeheerStore, settings: BeheerConfig, seal: TotpSeal, input: Credentials, now = new Date()): Promise<SignIn> {
  const reservation = await store.reserveSignIn(input.email, settings.lockout, now);
  if (!reservation.granted) throw lockedFor(reservation.lockedUntil, now);
  const account = await store.findAccountByEmail(input.email);
  let right = (await verifyPassword(account?.passwordHash, input.password)) && account !== undefined;
  if (right && account?.totpEnabled && account.totpSecret) {
    const secret = seal.open(account.totpSecret);
    const step = secret !== undefined && input.code ? await totpStep(secret, input.code) : undefined;
    right = step !== undefined && (await store.useTotpStep(account.id, step));
  }
  if (!right || !account) {
    await store.failSignIn(input.email, settings.lockout, now);
    throw WRONG();
  }
  // Other attempts used up the address's attempts while this one was checked: it waits all the same.
  if (!(await store.passSignIn(input.email, now))) throw lockedFor(new Date(now.getTime() + settings.lockout.seconds * 1000), now);
  const previousLoginAt = await store.recordLogin(account.id, now);
  return { accountId: account.id, username: account.email, roles: account.roles, ...(previousLoginAt ? { previousLoginAt } : {}) };
}
