/**
 * Free space in the data folder (`fs.statfs`): the temporary upload files live there, and with the
 * embedded database everything the portal stores. Below the configured reserve the portal stores
 * nothing more (507, storageGuard.ts) and its readiness check says why (routes/health.ts), so the
 * disk never fills up to the point where the database itself fails.
 */
import { statfs } from 'node:fs/promises';

export interface DiskSpace {
  /** Bytes still free for the server's user, or undefined when the folder cannot be asked (then nothing is refused for it). */
  freeBytes(): Promise<number | undefined>;
  /** The bytes that must stay free. */
  readonly reserveBytes: number;
}

export function diskSpace(dataDir: string, reserveBytes: number): DiskSpace {
  return {
    reserveBytes,
    async freeBytes() {
      try {
        const info = await statfs(dataDir);
        return info.bavail * info.bsize;
      } catch {
        return undefined;
      }
    },
  };
}

/** Whether `bytes` more can be written while the reserve stays free. */
export async function hasRoomFor(disk: DiskSpace, bytes: number): Promise<boolean> {
  const free = await disk.freeBytes();
  return free === undefined || free - bytes >= disk.reserveBytes;
}
