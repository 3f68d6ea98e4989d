/**
 * A password reset by a beheerder, for someone who forgot theirs or whose password may be known to
 * others. Starting it ends the account's sessions and stops the old password at once (someone who
 * knows it cannot sign in in the meantime); the beheerder gets a code, shown once, that sets a new
 * password once within {@link RESET_CODE_HOURS} hours. The second factor stays as it was (the code
 * alone then does not open the account), unless the beheerder turns it off for someone who lost
 * their authenticator app. A new reset replaces an older unused one.
 */
import { ApiError, CODES, type ErrorItem } from '../errors';
import type { BeheerStore } from '../storage';
import { passwordProblem, RESET_CODE_HOURS } from '../../shared/passwordPolicy';
import { hashPassword, noPassword } from './passwords';
import { newResetCode, normalizeResetCode, resetCodeHash } from './resetCode';

export interface StartedReset {
  /** The code as shown, in groups of four. Never stored, never logged. */
  code: string;
  expiresAt: Date;
}

/** Starts a reset of the account; undefined when there is no such account. */
export async function startPasswordReset(
  store: BeheerStore,
  accountId: string,
  options: { turnOffTotp: boolean; by?: string },
  now = new Date(),
): Promise<StartedReset | undefined> {
  const code = newResetCode();
  const expiresAt = new Date(now.getTime() + RESET_CODE_HOURS * 3_600_000);
  const started = await store.startPasswordReset(
    { accountId, codeHash: resetCodeHash(normalizeResetCode(code)!), createdAt: now, expiresAt },
    { passwordHash: noPassword(), turnOffTotp: options.turnOffTotp, ...(options.by ? { by: options.by } : {}) },
  );
  return started ? { code, expiresAt } : undefined;
}

const UNKNOWN = 'Deze code is onjuist, al gebruikt of vervangen door een nieuwere. Vraag de beheerder om een nieuwe code.';
const EXPIRED = `Deze code is verlopen: hij was ${RESET_CODE_HOURS} uur geldig. Vraag de beheerder om een nieuwe code.`;
const codeError = (message: string): ErrorItem => ({ code: CODES.invalidField, extraInfo: ['code', message] });

/**
 * Sets the password with a reset code. A password the policy refuses is refused before the code is
 * looked at, so the code still works for a better one. The code works once, also when it turns out
 * to have expired.
 */
export async function finishPasswordReset(store: BeheerStore, typedCode: string, password: string, now = new Date()): Promise<void> {
  const code = normalizeResetCode(typedCode);
  const errors: ErrorItem[] = [];
  if (!code) errors.push(codeError(UNKNOWN));
  const weak = passwordProblem(password);
  if (weak) errors.push({ code: CODES.invalidField, extraInfo: ['wachtwoord', weak] });
  if (!code || errors.length > 0) throw new ApiError(400, 'Het wachtwoord is niet ingesteld: controleer de gegevens.', errors);
  const outcome = await store.finishPasswordReset(resetCodeHash(code), await hashPassword(password), now);
  if (outcome === 'expired') throw new ApiError(410, EXPIRED, [codeError(EXPIRED)]);
  if (outcome === 'unknown') throw new ApiError(400, UNKNOWN, [codeError(UNKNOWN)]);
}
