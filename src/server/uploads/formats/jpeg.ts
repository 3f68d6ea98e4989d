/**
 * Whether a file decodes as a JPEG: SOI; marker segments each with a length that fits the file; a
 * frame header (SOF) with a sane height, width and 1 to 4 components before the first scan; the
 * entropy-coded data of every scan walked to its next marker; and EOI as the last two bytes, or
 * followed only by further whole JPEG images (the multi-picture files of phone cameras).
 */
import { FileBytes, Malformed } from './fileBytes';
import { MAX_DIMENSION, MAX_PIXELS } from './limits';

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
/** Frame headers: SOF0-3, 5-7, 9-11, 13-15 (C4 DHT, C8 JPG and CC DAC are not). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/** Markers without a length: TEM and RST0-7. */
function standalone(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
}

/** The next marker code (after any fill bytes 0xFF). */
async function nextMarker(bytes: FileBytes): Promise<number> {
  if ((await bytes.u8()) !== 0xff) throw new Malformed('no marker where one belongs');
  let marker = await bytes.u8();
  while (marker === 0xff) marker = await bytes.u8();
  if (marker === 0x00) throw new Malformed('stuffed zero outside a scan');
  return marker;
}

/** Walks a scan's entropy-coded data up to the marker that ends it (not RSTn, not a stuffed 0xFF00); answers that marker. */
async function skipScanData(bytes: FileBytes): Promise<number> {
  for (;;) {
    // Most of a photo is scan data: searched a window at a time, not byte by byte.
    await bytes.seek(0xff);
    bytes.skip(1);
    let marker = await bytes.u8();
    while (marker === 0xff) marker = await bytes.u8();
    if (marker !== 0x00 && !(marker >= 0xd0 && marker <= 0xd7)) return marker;
  }
}

export async function checkJpeg(bytes: FileBytes): Promise<void> {
  if ((await bytes.u8()) !== 0xff || (await bytes.u8()) !== SOI) throw new Malformed('no SOI');
  let frame = false;
  let marker = await nextMarker(bytes);
  for (;;) {
    if (marker === EOI) {
      if (!frame) throw new Malformed('no frame');
      // What follows the image may only be more images of the same kind (a camera's multi-picture
      // file: previews and depth maps, each a JPEG from its own SOI); anything else is refused.
      if (bytes.position === bytes.size) return;
      if ((await bytes.u8()) !== 0xff || (await bytes.u8()) !== SOI) throw new Malformed('bytes after EOI');
      frame = false;
      marker = await nextMarker(bytes);
      continue;
    }
    if (marker === SOI) throw new Malformed('SOI twice');
    if (standalone(marker)) {
      marker = await nextMarker(bytes);
      continue;
    }
    const length = await bytes.u16be();
    if (length < 2) throw new Malformed('segment length');
    if (SOF.has(marker)) {
      if (frame) throw new Malformed('second frame');
      const header = await bytes.take(length - 2);
      if (header.length < 6) throw new Malformed('frame header too short');
      const height = header.readUInt16BE(1);
      const width = header.readUInt16BE(3);
      const components = header[5];
      if (height < 1 || width < 1 || height > MAX_DIMENSION || width > MAX_DIMENSION || width * height > MAX_PIXELS) throw new Malformed('dimensions');
      if (components < 1 || components > 4 || header.length !== 6 + components * 3) throw new Malformed('components');
      frame = true;
      marker = await nextMarker(bytes);
    } else if (marker === SOS) {
      if (!frame) throw new Malformed('scan before frame');
      bytes.skip(length - 2);
      marker = await skipScanData(bytes);
    } else {
      bytes.skip(length - 2);
      marker = await nextMarker(bytes);
    }
  }
}
