/**
 * Checks that an uploaded file is, as a whole, what its first bytes say: a PDF parses as a PDF and
 * an image decodes (each format in its own module), walking the file from its temporary copy in
 * small pieces. A file that also ends as a ZIP archive (a polyglot) is refused whatever its type.
 */
import { FileBytes, Malformed } from './fileBytes';
import { checkGif } from './gif';
import { checkJpeg } from './jpeg';
import { checkPdf } from './pdf';
import { checkPng } from './png';
import { checkTiff } from './tiff';
import { endsAsZip } from './zipTail';

const CHECKS: Record<string, (bytes: FileBytes) => Promise<void>> = {
  'application/pdf': checkPdf,
  'image/png': checkPng,
  'image/jpeg': checkJpeg,
  'image/gif': checkGif,
  'image/tiff': checkTiff,
};

/** Whether the file at `path` has the whole structure of `mime` (types without a check pass). */
export async function structureFits(mime: string, path: string): Promise<boolean> {
  const check = Object.hasOwn(CHECKS, mime) ? CHECKS[mime] : undefined;
  if (!check) return true;
  return FileBytes.with(path, async (bytes) => {
    try {
      await check(bytes);
      return !(await endsAsZip(bytes));
    } catch (error) {
      if (error instanceof Malformed) return false;
      throw error;
    }
  });
}
