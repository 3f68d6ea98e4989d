/**
 * Reads an uploaded file for the structure checks: in order through a 64 KB window, or a few bytes
 * at a given place, so a check can walk a whole file of any size without holding it in memory.
 * Reading past the end throws {@link Malformed}, which the checks answer as "not of its kind".
 */
import { open, type FileHandle } from 'node:fs/promises';

const WINDOW = 64 * 1024;

/** The file does not have the structure its type says. */
export class Malformed extends Error {
  override readonly name = 'Malformed';
}

export class FileBytes {
  #window: Buffer = Buffer.alloc(0);
  #windowAt = 0;
  /** The position of the next sequential read. */
  position = 0;

  private constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  /** Opens `path`, hands it to `use`, and closes it again. */
  static async with<T>(path: string, use: (bytes: FileBytes) => Promise<T>): Promise<T> {
    const handle = await open(path, 'r');
    try {
      return await use(new FileBytes(handle, (await handle.stat()).size));
    } finally {
      await handle.close();
    }
  }

  /** `length` bytes at `at` (a copy), for the few bytes a check reads out of order. */
  async at(at: number, length: number): Promise<Buffer> {
    if (at < 0 || length < 0 || at + length > this.size) throw new Malformed('read past the end');
    const buffer = Buffer.alloc(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await this.handle.read(buffer, filled, length - filled, at + filled);
      if (bytesRead === 0) throw new Malformed('file shorter than its size');
      filled += bytesRead;
    }
    return buffer;
  }

  /** The next byte in order (through the window). */
  async u8(): Promise<number> {
    if (this.position >= this.size) throw new Malformed('read past the end');
    if (this.position < this.#windowAt || this.position >= this.#windowAt + this.#window.length) {
      this.#windowAt = this.position;
      this.#window = await this.at(this.position, Math.min(WINDOW, this.size - this.position));
    }
    return this.#window[this.position++ - this.#windowAt];
  }

  async u16be(): Promise<number> {
    return ((await this.u8()) << 8) | (await this.u8());
  }

  /** The next `length` bytes in order (a small header; never a whole file). */
  async take(length: number): Promise<Buffer> {
    const bytes = await this.at(this.position, length);
    this.position += length;
    return bytes;
  }

  /** Moves on `length` bytes without reading them. */
  skip(length: number): void {
    if (length < 0 || this.position + length > this.size) throw new Malformed('skip past the end');
    this.position += length;
  }

  /** Moves on to the next byte equal to `value` (not past it), a window at a time; throws at the end. */
  async seek(value: number): Promise<void> {
    for (;;) {
      if (this.position >= this.size) throw new Malformed('read past the end');
      const offset = this.position - this.#windowAt;
      if (offset < 0 || offset >= this.#window.length) {
        this.#windowAt = this.position;
        this.#window = await this.at(this.position, Math.min(WINDOW, this.size - this.position));
        continue;
      }
      const found = this.#window.indexOf(value, offset);
      if (found >= 0) {
        this.position = this.#windowAt + found;
        return;
      }
      this.position = this.#windowAt + this.#window.length;
    }
  }

  /** Hands the next `length` bytes to `each` in pieces of at most 64 KB (for a checksum). */
  async each(length: number, each: (piece: Buffer) => void): Promise<void> {
    for (let left = length; left > 0;) {
      const piece = await this.take(Math.min(WINDOW, left));
      each(piece);
      left -= piece.length;
    }
  }
}
