/**
 * An application saved to finish later, as one byte sequence: a JSON header (where the applicant
 * was, the answers, and the files' names, types and sizes), then the files' bytes one after the
 * other. The server builds these bytes as it reads the files, seals them chunk by chunk, and sends
 * them back on resume as it opens them; the browser reads them with the same code, as a Blob.
 */

export { EMAIL_PATTERN, RESUME_ID_PATTERN } from './savedPatterns';

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

/** The `gegevens` part of `POST /api/opslaan`: the header without the files, and the form part that holds each file. */
export interface SaveDetails extends Omit<SavedHeader, 'files'> {
  files: { id: string; field: string }[];
}

/** The answer of `POST /api/opslaan`: the code and the link to resume with, until `expiresAt` (ISO-8601). */
export interface SaveResult {
  code: string;
  /** Portal path of the resume page, e.g. /verder/…; the page shows it on its own address. */
  path: string;
  /** The resume link on the portal's public address (the one a mail holds). */
  link: string;
  expiresAt: string;
  /** Whether the link was mailed. */
  mailed: boolean;
}

/** The bytes before the files: the header's length in bytes (uint32, big-endian), then the header as JSON. */
export function packedHeader(header: SavedHeader): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(header));
  const bytes = new Uint8Array(4 + json.byteLength);
  new DataView(bytes.buffer).setUint32(0, json.byteLength);
  bytes.set(json, 4);
  return bytes;
}

/**
 * Reads a packed application from a Blob (the body of the resume answer) without copying it: only
 * the header is read, each file is a slice of the Blob. Throws on bytes that are not a whole packed
 * application (an answer cut short included).
 */
export async function unpackSaved(packed: Blob): Promise<{ header: SavedHeader; files: Blob[] }> {
  if (packed.size < 4) throw new Error('saved application too short');
  const length = new DataView(await packed.slice(0, 4).arrayBuffer()).getUint32(0);
  if (4 + length > packed.size) throw new Error('saved application header out of range');
  const header = JSON.parse(await packed.slice(4, 4 + length).text()) as SavedHeader;
  let offset = 4 + length;
  const files = header.files.map((file) => {
    if (!Number.isSafeInteger(file.size) || file.size < 0 || offset + file.size > packed.size) throw new Error('saved application file out of range');
    const slice = packed.slice(offset, offset + file.size);
    offset += file.size;
    return slice;
  });
  if (offset !== packed.size) throw new Error('saved application longer than its header says');
  return { header, files };
}
