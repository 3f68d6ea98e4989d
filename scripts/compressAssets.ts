/**
 * Build step (vite.config.ts): writes a brotli (`.br`, quality 11) and a gzip (`.gz`) copy next to
 * every text asset the build emits, once, so the server sends them compressed by content
 * negotiation (`@fastify/static`'s `preCompressed`) without compressing anything per request. The
 * gzip copy is made with Zopfli (a deflate encoder that searches much harder than zlib's level 9 and
 * stays readable by every gzip client): about 3% fewer bytes for a browser that does not take
 * brotli, for some seconds of build time. The back office's build and files over `ZOPFLI_MAX_BYTES`
 * get zlib's level 9, where Zopfli would take minutes for few readers.
 * Source maps and the HTML pages are left out: maps are not for applicants, and the server fills
 * the pages per request (boot data, nonce) and compresses them itself.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipAsync } from '@gfx/zopfli';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const ZOPFLI_MAX_BYTES = 600 * 1024;

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|woff|ttf)$/i;

/** The brotli and gzip bodies of `bytes`, at the strongest settings (built once, sent many times). */
export async function compressedCopies(bytes: Uint8Array, { zopfli = true } = {}): Promise<{ br: Buffer; gz: Buffer }> {
  return {
    br: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
    }),
    gz: zopfli && bytes.byteLength <= ZOPFLI_MAX_BYTES ? Buffer.from(await gzipAsync(bytes, {})) : gzipSync(bytes, { level: 9 }),
  };
}

/** Writes the `.br` and `.gz` copies of the named files of `outDir` (paths relative to it). */
export async function writeCompressedCopies(outDir: string, fileNames: Iterable<string>, options: { zopfli?: boolean } = {}): Promise<void> {
  for (const fileName of fileNames) {
    if (!COMPRESSIBLE.test(fileName)) continue;
    const file = path.join(outDir, fileName);
    const bytes = readFileSync(file);
    // Tiny files gain nothing from a compressed copy.
    if (bytes.byteLength < 256) continue;
    const { br, gz } = await compressedCopies(bytes, options);
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
  }
}

/** `zopfli: false` for a build few download (the back office): zlib's gzip, in a fraction of the time. */
export function compressAssetsPlugin(options: { zopfli?: boolean } = {}): Plugin {
  return {
    name: 'compress-assets',
    apply: 'build',
    async writeBundle(output, bundle) {
      await writeCompressedCopies(output.dir ?? 'dist', Object.keys(bundle), options);
    },
  };
}
