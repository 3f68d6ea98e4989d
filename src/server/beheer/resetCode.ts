/**
 * The code a beheerder hands over to reset someone's password: 16 characters from an alphabet
 * without look-alikes (about 79 random bits), shown in groups of four so it can be read out or typed
 * over. Only its SHA-256 is stored: with that many random bits nobody can find the code from the
 * hash, and a plain hash lets the code be looked up without knowing the account.
 */
import { createHash, randomInt } from 'node:crypto';

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LENGTH = 16;

/** A new code, e.g. 'K7Q2-M9XH-DPRT-W8ZA'. */
export function newResetCode(): string {
  let code = '';
  for (let index = 0; index < LENGTH; index += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code.match(/.{4}/g)!.join('-');
}

/** The code as typed: case, spaces and dashes do not matter. Undefined when it cannot be a code. */
export function normalizeResetCode(typed: string): string | undefined {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  return code.length === LENGTH && [...code].every((char) => ALPHABET.includes(char)) ? code : undefined;
}

/** What is stored of a (normalized) code. */
export function resetCodeHash(code: string): string {
  return createHash('sha256').update(`wachtwoord-herstel:${code}`).digest('hex');
}
