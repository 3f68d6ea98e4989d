/**
 * Checks that a file's content matches its extension, by magic bytes over the whole file (TIFF
 * needs more than the first kilobytes). Text formats (csr, txt) must not look like a binary type.
 */
import { fileTypeFromBuffer } from 'file-type';
import { fileExtension } from '../../../renderer/core/files';

const EXPECTED_MIME: Record<string, string[]> = {
  pdf: ['application/pdf'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  tif: ['image/tiff'],
  tiff: ['image/tiff'],
};
const TEXT_OR_DER = new Set(['csr', 'txt']);

/** The mime type to store for an accepted file, or undefined when content and extension disagree. */
export async function verifiedMimeType(fileName: string, bytes: Uint8Array): Promise<string | undefined> {
  const extension = fileExtension(fileName);
  const detected = await fileTypeFromBuffer(bytes);
  if (TEXT_OR_DER.has(extension)) {
    return detected ? undefined : extension === 'csr' ? 'application/pkcs10' : 'text/plain';
  }
  const expected = EXPECTED_MIME[extension];
  return expected && detected && expected.includes(detected.mime) ? detected.mime : undefined;
}
