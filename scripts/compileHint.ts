/**
 * Puts V8's explicit compile hint (`//# allFunctionsCalledOnLoad`) on the first line of the entry
 * script. Most functions of the entry run while the first page renders; with the hint Chromium (136
 * and later) compiles them all while the file streams in, on a background thread, instead of each
 * one on the main thread at its first call. Other browsers read it as a comment. Only the entry
 * gets it: chunks loaded on demand hold code a page may never run.
 *
 * The hint must come before the file's first function, so it is added after everything else Vite
 * writes at the top (its list of preloaded dependencies); the source map gets an empty first line
 * to match.
 */
import type { Plugin, Rolldown } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** One line more at the top of the generated file: one empty line more in the map's mappings. */
function shiftMap(bundle: Rolldown.OutputBundle, fileName: string): void {
  const asset = bundle[`${fileName}.map`];
  if (asset?.type !== 'asset') return;
  const map = JSON.parse(String(asset.source)) as { mappings: string };
  map.mappings = `;${map.mappings}`;
  asset.source = JSON.stringify(map);
}

export function compileHintPlugin(): Plugin {
  return {
    name: 'compile-hint',
    apply: 'build',
    generateBundle: {
      // After Vite's own additions at the top of the entry.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry || chunk.code.startsWith(COMPILE_HINT)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          shiftMap(bundle, chunk.fileName);
        }
      },
    },
  };
}
