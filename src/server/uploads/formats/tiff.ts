/**
 * Whether a file decodes as a TIFF: the byte-order header and magic 42, then every image file
 * directory of the chain (at most 100, no loops) within the file with entries of known size, a
 * sane ImageWidth and ImageLength in the first, and its strips or tiles (offsets and byte counts)
 * within the file. TIFF places its parts anywhere, so unlike the other formats no end is checked
 * here; an archive riding at the end is caught for every format (zipTail.ts).
 */
import { FileBytes, Malformed } from './fileBytes';
import { MAX_DIMENSION, MAX_PIXELS } from './limits';

/** Bytes per value of each field type (TIFF 6.0 §2, and 16-18 of BigTIFF are not accepted). */
const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4 };
const MAX_DIRECTORIES = 100;
const MAX_ENTRIES = 1000;

interface Entry {
  type: number;
  count: number;
  /** The value field (4 bytes) as read, and where the values are. */
  valueAt: number;
}

export async function checkTiff(bytes: FileBytes): Promise<void> {
  const header = await bytes.at(0, 8);
  const little = header.toString('latin1', 0, 2) === 'II';
  if (!little && header.toString('latin1', 0, 2) !== 'MM') throw new Malformed('byte order');
  const u16 = (buffer: Buffer, at: number) => (little ? buffer.readUInt16LE(at) : buffer.readUInt16BE(at));
  const u32 = (buffer: Buffer, at: number) => (little ? buffer.readUInt32LE(at) : buffer.readUInt32BE(at));
  if (u16(header, 2) !== 42) throw new Malformed('not TIFF 42');

  /** The values of an entry as unsigned numbers (SHORT or LONG), read where they are. */
  const numbers = async (entry: Entry): Promise<number[]> => {
    const size = TYPE_SIZE[entry.type];
    if (entry.type !== 3 && entry.type !== 4) throw new Malformed('offsets not SHORT or LONG');
    const values = await bytes.at(entry.valueAt, entry.count * size);
    return Array.from({ length: entry.count }, (_, index) => (size === 2 ? u16(values, index * 2) : u32(values, index * 4)));
  };

  const seen = new Set<number>();
  let first = true;
  for (let offset = u32(header, 4); offset !== 0;) {
    if (offset < 8 || seen.has(offset) || seen.size >= MAX_DIRECTORIES) throw new Malformed('directory offset');
    seen.add(offset);
    const count = u16(await bytes.at(offset, 2), 0);
    if (count < 1 || count > MAX_ENTRIES) throw new Malformed('directory size');
    const directory = await bytes.at(offset + 2, count * 12 + 4);
    const entries = new Map<number, Entry>();
    for (let index = 0; index < count; index++) {
      const at = index * 12;
      const type = u16(directory, at + 2);
      const valueCount = u32(directory, at + 4);
      const size = TYPE_SIZE[type];
      if (size === undefined) throw new Malformed('field type');
      const length = size * valueCount;
      const valueAt = length <= 4 ? offset + 2 + at + 8 : u32(directory, at + 8);
      if (valueAt + length > bytes.size) throw new Malformed('values past the end');
      entries.set(u16(directory, at), { type, count: valueCount, valueAt });
    }
    if (first) {
      const width = entries.get(256);
      const height = entries.get(257);
      if (!width || !height) throw new Malformed('no ImageWidth or ImageLength');
      const [w] = await numbers(width);
      const [h] = await numbers(height);
      if (!w || !h || w > MAX_DIMENSION || h > MAX_DIMENSION || w * h > MAX_PIXELS) throw new Malformed('dimensions');
    }
    const offsets = entries.get(273) ?? entries.get(324);
    const counts = entries.get(279) ?? entries.get(325);
    if (first && (!offsets || !counts)) throw new Malformed('no strips or tiles');
    if (offsets && counts) {
      const starts = await numbers(offsets);
      const lengths = await numbers(counts);
      if (starts.length !== lengths.length) throw new Malformed('strip counts');
      starts.forEach((start, index) => {
        if (start + lengths[index] > bytes.size) throw new Malformed('strip past the end');
      });
    }
    first = false;
    offset = u32(directory, count * 12);
  }
  if (first) throw new Malformed('no directory');
}
