/**
 * Passwords of local back-office accounts, hashed with Argon2id (OWASP's parameters: 19 MiB, two
 * passes, one lane) in the PHC string format, so stronger parameters later still verify old hashes.
 */
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package's enum is a `const enum`, which isolated modules cannot import.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Compared against when the account is unknown, so an unknown address costs as much time as a wrong password. */
let standIn: Promise<string> | undefined;

/** Whether the password matches the hash; without a hash, false after the same amount of work. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    standIn ??= hashPassword('geen-account-met-dit-adres');
    await verify(await standIn, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/** The least a new password must be: 12 characters (BIO/NCSC guidance for a password with a second factor). */
export const MIN_PASSWORD_LENGTH = 12;
