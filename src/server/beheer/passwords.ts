/**
 * Passwords of local back-office accounts, hashed with Argon2id (OWASP's parameters: 19 MiB, two
 * passes, one lane) in the PHC string format, so stronger parameters later still verify old hashes.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package's enum is a `const enum`, which isolated modules cannot import.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** Every hash this module makes starts so; anything else stored in its place opens nothing. */
const PHC_PREFIX = '$argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * What an account holds instead of a hash while its password is being reset: no password matches
 * it (it is no PHC string), and it differs per account so nothing can be learnt by comparing rows.
 */
export function noPassword(): string {
  return `geen-wachtwoord:${randomBytes(16).toString('hex')}`;
}

/** Compared against when the account is unknown, so an unknown address costs as much time as a wrong password. */
let standIn: Promise<string> | undefined;

/**
 * Whether the password matches the hash; without a hash (or with {@link noPassword}'s stand-in), false
 * after the same amount of work, so the time taken does not tell which accounts await a reset.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined || !passwordHash.startsWith(PHC_PREFIX)) {
    standIn ??= hashPassword('geen-account-met-dit-adres');
    await verify(await standIn, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
