/**
 * Checks that a file's content is one of the types its field accepts: first by magic bytes read
 * from the stored temporary file (a file tokenizer reads only what the detection needs, where it
 * needs it: a TIFF's directories may lie anywhere in the file), with the browser's rule
 * (renderer/core/files.ts `contentFits`); then that the whole file has that type's structure
 * (formats/: a PDF parses, an image decodes, nothing of another format trails it). Text formats
 * (csr, txt) must not look like a binary type.
 */
import { fileTypeFromFile } from 'file-type';
import { contentFits, fileExtension, TEXT_EXTENSIONS } from '../../../renderer/core/files';
import { structureFits } from './formats';

/** The mime type to store for an accepted file, or why it is refused: not of an accepted type, or not whole. */
export type VerifiedType = { ok: true; mimeType: string } | { ok: false; reason: 'type' | 'structure' };

export async function verifiedMimeType(fileName: string, filePath: string, accept: readonly string[]): Promise<VerifiedType> {
  const extension = fileExtension(fileName);
  const detected = (await fileTypeFromFile(filePath))?.mime;
  if (!contentFits(extension, detected, accept)) return { ok: false, reason: 'type' };
  if (TEXT_EXTENSIONS.has(extension)) return { ok: true, mimeType: extension === 'csr' ? 'application/pkcs10' : 'text/plain' };
  if (!detected || !(await structureFits(detected, filePath))) return { ok: false, reason: 'structure' };
  return { ok: true, mimeType: detected };
}
