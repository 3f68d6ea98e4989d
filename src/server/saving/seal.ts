/**
 * The resume code, and the first way saved applications were sealed: AES-256-GCM over the whole
 * packed application in one piece, with a key derived (HKDF-SHA256) from the server's secret and
 * the resume code. Applications are now sealed in chunks (chunkSeal.ts); rows saved whole stay
 * readable with {@link unsealWhole} until they expire.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from 'node:crypto';

const FORMAT = 1;
const SALT = 16;
const IV = 12;
const TAG = 16;
/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;

/** A new resume code, shown as two groups of five: 'K7Q2M-9XHDP' (about 49 bits). */
export function newResumeCode(): string {
  let code = '';
  for (let index = 0; index < CODE_LENGTH; index += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The code as typed: case, spaces and dashes do not matter. */
export function normalizeResumeCode(typed: string): string {
  return typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

function keyOf(secret: string, salt: Uint8Array, code: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, salt, `opslaan-en-later-verder:${normalizeResumeCode(code)}`, 32));
}

/**
 * Seals bytes whole, as applications were saved before they were sealed in chunks. The portal no
 * longer writes this format; the tests make such rows with it.
 */
export function sealWhole(plain: Uint8Array, secret: string, code: string): Uint8Array {
  const salt = randomBytes(SALT);
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, salt, code), iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.of(FORMAT), salt, iv, cipher.getAuthTag(), body]);
}

/** The plain bytes of an application saved whole, or undefined when the code (or secret) does not open them. */
export function unsealWhole(sealed: Uint8Array, secret: string, code: string): Uint8Array | undefined {
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  if (bytes.byteLength < 1 + SALT + IV + TAG || bytes[0] !== FORMAT) return undefined;
  const salt = bytes.subarray(1, 1 + SALT);
  const iv = bytes.subarray(1 + SALT, 1 + SALT + IV);
  const tag = bytes.subarray(1 + SALT + IV, 1 + SALT + IV + TAG);
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, salt, code), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(bytes.subarray(1 + SALT + IV + TAG)), decipher.final()]);
  } catch {
    return undefined;
  }
}
