/**
 * Build step (vite.config.ts): writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy
 * next to every text asset the build emits, once, so the server sends them compressed by content
 * negotiation (`@fastify/static`'s `preCompressed`) without compressing anything per request.
 * Source maps and the HTML pages are left out: maps are not for applicants, and the server fills
 * the pages per request (boot data, nonce) and compresses them itself.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|woff|ttf)$/i;

/** The brotli and gzip bodies of `bytes`, at the strongest settings (built once, sent many times). */
export function compressedCopies(bytes: Uint8Array): { br: Buffer; gz: Buffer } {
  return {
    br: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
    }),
    gz: gzipSync(bytes, { level: 9 }),
  };
}

/** Writes the `.br` and `.gz` copies of the named files of `outDir` (paths relative to it). */
export function writeCompressedCopies(outDir: string, fileNames: Iterable<string>): void {
  for (const fileName of fileNames) {
    if (!COMPRESSIBLE.test(fileName)) continue;
    const file = path.join(outDir, fileName);
    const bytes = readFileSync(file);
    // Tiny files gain nothing from a compressed copy.
    if (bytes.byteLength < 256) continue;
    const { br, gz } = compressedCopies(bytes);
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
  }
}

export function compressAssetsPlugin(): Plugin {
  return {
    name: 'compress-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      writeCompressedCopies(options.dir ?? 'dist', Object.keys(bundle));
    },
  };
}
