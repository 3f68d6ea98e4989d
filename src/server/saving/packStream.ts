/**
 * The packed application (shared/savedApplication.ts) as it is read, piece by piece: the header,
 * then each file's bytes from the temporary file its upload left (uploads/tempFiles.ts), so the
 * files pass through on their way to being sealed and are never held whole.
 */
import { open } from 'node:fs/promises';
import { packedHeader, type SavedHeader } from '../../shared/savedApplication';

/** Bytes read from a file at a time. */
const PIECE = 64 * 1024;

/** A file of the application: where its bytes are and how many there must be. */
export interface PackedFileSource {
  path: string;
  size: number;
}

/**
 * Yields the packed bytes. The file pieces are views of one buffer that is read into again for the
 * next piece: the consumer must have used (or copied) a piece before it asks for the next. Throws
 * when a file does not have the size the header says.
 */
export async function* packedPieces(header: SavedHeader, files: readonly PackedFileSource[]): AsyncGenerator<Uint8Array> {
  if (header.files.length !== files.length || header.files.some((entry, index) => entry.size !== files[index].size)) {
    throw new Error('saved application: files do not match the header');
  }
  yield packedHeader(header);
  const buffer = Buffer.allocUnsafe(PIECE);
  for (const [index, file] of files.entries()) {
    const handle = await open(file.path, 'r');
    try {
      let position = 0;
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, PIECE, position);
        if (bytesRead === 0) break;
        position += bytesRead;
        if (position > file.size) break;
        yield buffer.subarray(0, bytesRead);
      }
      if (position !== file.size) throw new Error(`saved application: file ${index} does not have the size it was uploaded with`);
    } finally {
      await handle.close();
    }
  }
}
