/**
 * Sealing a saved application in chunks, so that saving and resuming never hold it whole: the
 * packed application (shared/savedApplication.ts) is cut into chunks of 256 KB, each sealed on its
 * own as it passes and opened on its own when read back (the STREAM construction of Hoang,
 * Reyhanitabar, Rogaway and Vizár, as age and Tink's streaming AEAD use it).
 *
 * - Keys: HKDF-SHA256 over the server's secret, a random salt of this application and its resume
 *   code gives 64 bytes: an AES-256-GCM key for the chunks and an HMAC-SHA256 key for the key check.
 *   The database holds neither the secret nor the code, so a copy of it opens nothing; the secret
 *   alone does not either.
 * - The row's `sealed` column holds only the opener: format (2), salt, and the key check
 *   HMAC(check key, id). The check tells a wrong code (counted as a failed attempt) from damaged
 *   content (refused as such) before any chunk is opened.
 * - Chunk i is sealed with AES-256-GCM, nonce = seven zero bytes, i (uint32, big-endian) and the
 *   final flag (1 for the last chunk, else 0); associated data = format, i, final flag and the
 *   application's id; stored as its ciphertext and, apart, its 16-byte tag (joining them would copy
 *   every chunk once more). A key seals one application only
 *   (a fresh salt every save), so a nonce never repeats under a key. A chunk opens only at its own
 *   place in its own application: chunks swapped, moved, dropped at the end or added after the last
 *   one fail their tag, and so does any changed byte.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SealedChunk } from '../storage';
import { normalizeResumeCode } from './seal';

/** Plain bytes per chunk; a stored chunk is this plus the tag (well within `saved_chunks`' 1 MB). */
export const SAVED_CHUNK_SIZE = 256 * 1024;

const FORMAT = 2;
const SALT = 16;
const CHECK = 32;
const TAG = 16;

/** The keys of one saved application under one code. */
export interface ChunkKeys {
  readonly id: string;
  readonly chunkKey: Buffer;
  readonly checkKey: Buffer;
}

function keysOf(secret: string, salt: Uint8Array, code: string, id: string): ChunkKeys {
  const keys = Buffer.from(hkdfSync('sha256', secret, salt, `opslaan-en-later-verder/2:${normalizeResumeCode(code)}`, 64));
  return { id, chunkKey: keys.subarray(0, 32), checkKey: keys.subarray(32) };
}

function keyCheck(keys: ChunkKeys): Buffer {
  return createHmac('sha256', keys.checkKey).update(`sleutelcontrole:${keys.id}`).digest();
}

/** What binds chunk `index` to its place: its nonce and associated data. */
function placeOf(keys: ChunkKeys, index: number, final: boolean): { nonce: Buffer; aad: Buffer } {
  const nonce = Buffer.alloc(12);
  nonce.writeUInt32BE(index, 7);
  nonce[11] = final ? 1 : 0;
  const aad = Buffer.concat([Buffer.of(FORMAT), nonce.subarray(7), Buffer.from(keys.id, 'utf8')]);
  return { nonce, aad };
}

/**
 * Starts sealing application `id` under `code`: the opener (for the row's `sealed` column) and the
 * keys its chunks are sealed with.
 */
export function newChunkSeal(secret: string, code: string, id: string): { opener: Uint8Array; keys: ChunkKeys } {
  const salt = randomBytes(SALT);
  const keys = keysOf(secret, salt, code, id);
  return { opener: Buffer.concat([Buffer.of(FORMAT), salt, keyCheck(keys)]), keys };
}

/** The keys of application `id` when `code` is the one it was sealed with; undefined when not. */
export function openChunkSeal(opener: Uint8Array, secret: string, code: string, id: string): ChunkKeys | undefined {
  if (opener.byteLength !== 1 + SALT + CHECK || opener[0] !== FORMAT || normalizeResumeCode(code).length === 0) return undefined;
  const keys = keysOf(secret, opener.subarray(1, 1 + SALT), code, id);
  return timingSafeEqual(keyCheck(keys), opener.subarray(1 + SALT)) ? keys : undefined;
}

function sealChunk(plain: Uint8Array, index: number, final: boolean, keys: ChunkKeys): SealedChunk {
  const { nonce, aad } = placeOf(keys, index, final);
  const cipher = createCipheriv('aes-256-gcm', keys.chunkKey, nonce);
  cipher.setAAD(aad);
  const content = cipher.update(plain);
  cipher.final();
  return { content, tag: cipher.getAuthTag() };
}

/**
 * Seals plain bytes, as they come, into chunks of {@link SAVED_CHUNK_SIZE}: one chunk's plain
 * bytes are gathered (copied: a piece may be reused once the next is asked for) and sealed when the
 * next byte shows it is not the last; the last is sealed as final when the bytes have ended.
 */
export async function* sealChunks(plain: AsyncIterable<Uint8Array>, keys: ChunkKeys): AsyncGenerator<SealedChunk> {
  const gathered = Buffer.allocUnsafe(SAVED_CHUNK_SIZE);
  let filled = 0;
  let index = 0;
  for await (const piece of plain) {
    for (let offset = 0; offset < piece.byteLength;) {
      if (filled === SAVED_CHUNK_SIZE) {
        yield sealChunk(gathered, index, false, keys);
        index += 1;
        filled = 0;
      }
      const length = Math.min(SAVED_CHUNK_SIZE - filled, piece.byteLength - offset);
      gathered.set(piece.subarray(offset, offset + length), filled);
      filled += length;
      offset += length;
    }
  }
  yield sealChunk(gathered.subarray(0, filled), index, true, keys);
}

/**
 * The plain bytes of chunk `index` of `count`, or undefined when the stored bytes are not that
 * chunk of this application under these keys (changed, moved, from elsewhere, cut short). Nothing
 * of a chunk is given out before its tag has been checked.
 */
export function openChunk(sealed: SealedChunk, index: number, count: number, keys: ChunkKeys): Buffer | undefined {
  if (sealed.tag.byteLength !== TAG || index >= count) return undefined;
  const { nonce, aad } = placeOf(keys, index, index === count - 1);
  try {
    const decipher = createDecipheriv('aes-256-gcm', keys.chunkKey, nonce);
    decipher.setAAD(aad);
    decipher.setAuthTag(sealed.tag);
    const plain = decipher.update(sealed.content);
    decipher.final();
    return plain;
  } catch {
    return undefined;
  }
}
