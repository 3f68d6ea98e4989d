/**
 * What a back-office password must be, declared once for the server that enforces it (new
 * accounts, the first administrator, a changed or reset password) and the pages that say it before
 * anything is sent.
 */

/** The least a password must be: 12 characters (BIO/NCSC guidance for a password with a second factor). */
export const MIN_PASSWORD_LENGTH = 12;

/** The most: more says nothing about strength and only costs hashing time. */
export const MAX_PASSWORD_LENGTH = 200;

/** How long a reset code a beheerder hands over stays valid. */
export const RESET_CODE_HOURS = 24;

/** Why a password cannot be used, as the pages show it; undefined when it can. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `Het wachtwoord moet minimaal ${MIN_PASSWORD_LENGTH} tekens hebben.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Het wachtwoord mag maximaal ${MAX_PASSWORD_LENGTH} tekens hebben.`;
  if (password.trim().length === 0) return 'Het wachtwoord mag niet alleen uit spaties bestaan.';
  return undefined;
}

/** The message for a new password equal to the one it replaces. */
export const SAME_PASSWORD = 'Kies een ander wachtwoord dan uw huidige.';
