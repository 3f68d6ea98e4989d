/**
 * The second factor of a local account: a time-based one-time code (RFC 6238, 30 s, 6 digits) from
 * an authenticator app. A code of the step before or after is accepted too (clock drift); which
 * step it matched is answered, so a code is used once (see BeheerStore.useTotpStep).
 */
import { generateSecret, generateURI, verify } from 'otplib';

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address an authenticator app reads (typed in or from a QR code). */
export function totpUri(secret: string, email: string, issuer: string): string {
  return generateURI({ issuer, label: email, secret });
}

/** The time step the code belongs to, or undefined when it is not a code of this secret now. */
export async function totpStep(secret: string, code: string): Promise<number | undefined> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const result = await verify({ secret, token, epochTolerance: 30 }).catch(() => undefined);
  if (!result?.valid) return undefined;
  return 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : Math.floor(Date.now() / 30_000);
}

export async function checkTotp(secret: string, code: string): Promise<boolean> {
  return (await totpStep(secret, code)) !== undefined;
}
