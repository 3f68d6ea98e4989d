/**
 * The second factor of a local account: a time-based one-time code (RFC 6238, 30 s, 6 digits) from
 * an authenticator app. A code of the step before or after is accepted too (clock drift).
 */
import { generateSecret, generateURI, verify } from 'otplib';

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address an authenticator app reads (typed in or from a QR code). */
export function totpUri(secret: string, email: string, issuer: string): string {
  return generateURI({ issuer, label: email, secret });
}

export async function checkTotp(secret: string, code: string): Promise<boolean> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return false;
  const result = await verify({ secret, token, epochTolerance: 30 }).catch(() => ({ valid: false }));
  return result.valid;
}
