/**
 * An application saved to finish later, as one byte sequence: a JSON header (where the applicant
 * was, the answers, and the files' names, types and sizes), then the files' bytes one after the
 * other. The server seals exactly these bytes and hands them back on resume; the browser reads them
 * with the same code.
 */

/** The id in a resume link (`/verder/<id>`): 16 random bytes, base64url. */
export const RESUME_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** An e-mail address the resume link may be sent to (the save page and the server check the same). */
export const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{2,}$/;

/** The answers as the wizard keeps them (approved steps, drafts, progress). */
export interface SavedAnswers {
  model: Record<string, unknown>;
  drafts: Record<string, Record<string, unknown>>;
  wizard?: unknown;
}

export interface SavedFileEntry {
  /** The file's id in the browser's file store (the answers refer to it). */
  id: string;
  name: string;
  type: string;
  size: number;
}

export interface SavedHeader {
  flowId: string;
  scenario: 'uzi' | 'zovar';
  variant?: string;
  /** Content hash of the flow version the answers were entered against. */
  hash: string;
  /** The step the applicant stopped on (a portal path). */
  path: string;
  answers: SavedAnswers;
  files: SavedFileEntry[];
}

export function packSaved(header: SavedHeader, files: Uint8Array[]): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(header));
  const size = 4 + json.byteLength + files.reduce((sum, file) => sum + file.byteLength, 0);
  const bytes = new Uint8Array(size);
  new DataView(bytes.buffer).setUint32(0, json.byteLength);
  bytes.set(json, 4);
  let offset = 4 + json.byteLength;
  for (const file of files) {
    bytes.set(file, offset);
    offset += file.byteLength;
  }
  return bytes;
}

/** Reads packed bytes back; throws on bytes that are not a packed application. */
export function unpackSaved(bytes: Uint8Array): { header: SavedHeader; files: Uint8Array[] } {
  if (bytes.byteLength < 4) throw new Error('saved application too short');
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  if (4 + length > bytes.byteLength) throw new Error('saved application header out of range');
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length))) as SavedHeader;
  let offset = 4 + length;
  const files = header.files.map((file) => {
    const slice = bytes.subarray(offset, offset + file.size);
    if (slice.byteLength !== file.size) throw new Error('saved application file out of range');
    offset += file.size;
    return slice;
  });
  return { header, files };
}
