/**
 * Whether a file decodes as a GIF: the GIF87a/89a header with a sane logical screen, colour tables
 * within the file, every image (sane size within the screen's limits) and extension walked through
 * its data sub-blocks, and the trailer (0x3B) as the last byte.
 */
import { FileBytes, Malformed } from './fileBytes';
import { MAX_DIMENSION } from './limits';

async function u16le(bytes: FileBytes): Promise<number> {
  return (await bytes.u8()) | ((await bytes.u8()) << 8);
}

/** Skips data sub-blocks up to and with their terminator (a zero-length block). */
async function skipSubBlocks(bytes: FileBytes): Promise<void> {
  for (let size = await bytes.u8(); size !== 0; size = await bytes.u8()) bytes.skip(size);
}

function colourTableSize(packed: number): number {
  return packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
}

export async function checkGif(bytes: FileBytes): Promise<void> {
  const header = (await bytes.take(6)).toString('latin1');
  if (header !== 'GIF87a' && header !== 'GIF89a') throw new Malformed('no GIF header');
  const width = await u16le(bytes);
  const height = await u16le(bytes);
  if (width < 1 || height < 1 || width > MAX_DIMENSION || height > MAX_DIMENSION) throw new Malformed('dimensions');
  const packed = await bytes.u8();
  bytes.skip(2);
  bytes.skip(colourTableSize(packed));
  let images = 0;
  for (;;) {
    const introducer = await bytes.u8();
    if (introducer === 0x3b) {
      if (images === 0) throw new Malformed('no image');
      if (bytes.position !== bytes.size) throw new Malformed('bytes after the trailer');
      return;
    }
    if (introducer === 0x21) {
      bytes.skip(1);
      await skipSubBlocks(bytes);
    } else if (introducer === 0x2c) {
      bytes.skip(4);
      const imageWidth = await u16le(bytes);
      const imageHeight = await u16le(bytes);
      if (imageWidth < 1 || imageHeight < 1) throw new Malformed('image dimensions');
      bytes.skip(colourTableSize(await bytes.u8()));
      const codeSize = await bytes.u8();
      if (codeSize < 2 || codeSize > 11) throw new Malformed('LZW code size');
      await skipSubBlocks(bytes);
      images++;
    } else {
      throw new Malformed('unknown block');
    }
  }
}
