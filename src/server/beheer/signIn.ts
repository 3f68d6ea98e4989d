/**
 * Signing in with a local account: the password (Argon2id), then the code of the second factor when
 * the account turned it on. Every wrong password or code counts towards the lockout of the account;
 * an unknown address costs as much time and gets the same answer as a wrong password, so the
 * answers do not tell which addresses have an account.
 */
import type { BeheerConfig } from '../config';
import { ApiError, CODES } from '../errors';
import type { BeheerStore } from '../storage';
import { verifyPassword } from './passwords';
import type { SignIn } from './session';
import { checkTotp } from './totp';

export interface Credentials {
  email: string;
  password: string;
  code?: string;
}

const WRONG = () => new ApiError(401, 'Het e-mailadres of het wachtwoord is onjuist.', [{ code: CODES.wrongCredentials, extraInfo: [] }]);

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

export async function signInLocal(store: BeheerStore, settings: BeheerConfig, input: Credentials, now = new Date()): Promise<SignIn> {
  const account = await store.findAccountByEmail(input.email);
  if (account?.lockedUntil && account.lockedUntil > now) {
    throw lockedFor(account.lockedUntil, now);
  }
  if (!(await verifyPassword(account?.passwordHash, input.password)) || !account) {
    if (account) await store.recordFailedLogin(account.id, settings.lockout, now);
    throw WRONG();
  }
  if (account.totpEnabled && account.totpSecret) {
    if (!input.code) {
      throw new ApiError(401, 'Vul de verificatiecode uit uw authenticator-app in.', [{ code: CODES.secondFactorNeeded, extraInfo: [] }]);
    }
    if (!(await checkTotp(account.totpSecret, input.code))) {
      await store.recordFailedLogin(account.id, settings.lockout, now);
      throw new ApiError(401, 'De verificatiecode is onjuist.', [{ code: CODES.wrongCredentials, extraInfo: ['code'] }]);
    }
  }
  const previousLoginAt = await store.recordLogin(account.id, now);
  return { accountId: account.id, username: account.email, roles: account.roles, ...(previousLoginAt ? { previousLoginAt } : {}) };
}
