/**
 * Checks that a file's content is one of the types its field accepts, by magic bytes read from the
 * stored temporary file (a file tokenizer reads only what the detection needs, where it needs it: a
 * TIFF's directories may lie anywhere in the file); the browser checks the first bytes with the same
 * rule (renderer/core/files.ts `contentFits`). Text formats (csr, txt) must not look like a binary type.
 */
import { fileTypeFromFile } from 'file-type';
import { contentFits, fileExtension, TEXT_EXTENSIONS } from '../../../renderer/core/files';

/** The mime type to store for an accepted file, or undefined when its content does not fit. */
export async function verifiedMimeType(fileName: string, filePath: string, accept: readonly string[]): Promise<string | undefined> {
  const extension = fileExtension(fileName);
  const detected = (await fileTypeFromFile(filePath))?.mime;
  if (!contentFits(extension, detected, accept)) return undefined;
  if (TEXT_EXTENSIONS.has(extension)) return extension === 'csr' ? 'application/pkcs10' : 'text/plain';
  return detected;
}
