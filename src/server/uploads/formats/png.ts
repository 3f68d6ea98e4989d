/**
 * Whether a file decodes as a PNG: the signature, an IHDR first (13 bytes, sane dimensions and a
 * valid bit depth for its colour type), every chunk's length within the file and its CRC right,
 * at least one IDAT, and IEND as the last chunk with nothing after it.
 */
import { crc32 } from 'node:zlib';
import { FileBytes, Malformed } from './fileBytes';
import { MAX_DIMENSION, MAX_PIXELS } from './limits';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bit depths allowed per colour type (PNG §11.2.2). */
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

export async function checkPng(bytes: FileBytes): Promise<void> {
  if (!(await bytes.take(8)).equals(SIGNATURE)) throw new Malformed('no PNG signature');
  let first = true;
  let sawData = false;
  for (;;) {
    const head = await bytes.take(8);
    const length = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    if (!/^[A-Za-z]{4}$/.test(type)) throw new Malformed('chunk type not four letters');
    if (length > 0x7fffffff || length + 4 > bytes.size - bytes.position) throw new Malformed('chunk runs past the end');
    if (first !== (type === 'IHDR')) throw new Malformed('IHDR not first, or twice');
    let crc = crc32(head.subarray(4, 8));
    if (type === 'IHDR') {
      if (length !== 13) throw new Malformed('IHDR of the wrong length');
      const header = await bytes.take(13);
      crc = crc32(header, crc);
      const width = header.readUInt32BE(0);
      const height = header.readUInt32BE(4);
      const [depth, colour, compression, filter, interlace] = header.subarray(8);
      if (width < 1 || height < 1 || width > MAX_DIMENSION || height > MAX_DIMENSION || width * height > MAX_PIXELS) throw new Malformed('dimensions');
      if (!DEPTHS[colour]?.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) throw new Malformed('IHDR values');
    } else {
      await bytes.each(length, (piece) => {
        crc = crc32(piece, crc);
      });
    }
    if ((await bytes.take(4)).readUInt32BE(0) !== crc >>> 0) throw new Malformed(`CRC of ${type}`);
    first = false;
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') {
      if (length !== 0 || !sawData) throw new Malformed('IEND with data, or no IDAT');
      if (bytes.position !== bytes.size) throw new Malformed('bytes after IEND');
      return;
    }
  }
}
