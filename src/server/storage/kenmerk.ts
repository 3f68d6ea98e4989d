// The kenmerk is the public reference of a submission, shown to the applicant and used to look the
// submission up. It must be unguessable (it acts as a bearer reference), so it is 80 random bits
// from the CSPRNG, written in Crockford base32 to be easy to read aloud and type over.
import { randomBytes } from 'node:crypto';

/** Crockford base32 alphabet: digits and upper-case letters without I, L, O and U. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Number of random bytes per kenmerk: 10 bytes = 80 bits = 16 base32 characters. */
const RANDOM_BYTES = 10;

/** Matches a well-formed kenmerk: four groups of four Crockford base32 characters. */
export const KENMERK_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}(?:-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

/**
 * Generates a new random kenmerk like `7KQ2-9XHD-M4TR-W8ZP` (80 bits from `crypto.randomBytes`).
 * Uniqueness is enforced by the database; callers retry on a collision.
 */
export function newKenmerk(): string {
  const bytes = randomBytes(RANDOM_BYTES);
  let chars = '';
  // 80 bits split into sixteen 5-bit groups; every byte contributes exactly, so there is no bias.
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      chars += ALPHABET[(buffer >> bits) & 0b11111];
    }
    buffer &= (1 << bits) - 1;
  }
  return groupKenmerk(chars);
}

function groupKenmerk(chars: string): string {
  return chars.match(/.{4}/g)!.join('-');
}

/**
 * Brings user input into canonical kenmerk form: upper case, hyphens and white space ignored,
 * the Crockford look-alikes I/L read as 1 and O as 0. Returns `undefined` when the input cannot
 * be a kenmerk.
 */
export function normalizeKenmerk(input: string): string | undefined {
  if (input.length > 64) return undefined;
  const chars = input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (chars.length !== 16 || !/^[0-9A-HJKMNP-TV-Z]+$/.test(chars)) return undefined;
  return groupKenmerk(chars);
}
