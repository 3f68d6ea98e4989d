/**
 * Whether a file ends as a ZIP archive does: an end-of-central-directory record whose comment runs
 * exactly to the end of the file, within the last 64 KB + 22 bytes where ZIP readers look for it.
 * That is how a PDF or image is made to open as an archive too (a polyglot), whatever the format
 * before it; the exact comment length keeps a chance match inside compressed data from counting.
 */
import type { FileBytes } from './fileBytes';

const EOCD = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

export async function endsAsZip(bytes: FileBytes): Promise<boolean> {
  if (bytes.size < EOCD_SIZE) return false;
  const start = Math.max(0, bytes.size - EOCD_SIZE - MAX_COMMENT);
  const tail = await bytes.at(start, bytes.size - start);
  for (let index = tail.lastIndexOf(EOCD); index >= 0; index = index > 0 ? tail.lastIndexOf(EOCD, index - 1) : -1) {
    if (index + EOCD_SIZE > tail.length) continue;
    if (index + EOCD_SIZE + tail.readUInt16LE(index + 20) === tail.length) return true;
  }
  return false;
}
