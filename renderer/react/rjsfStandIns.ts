/**
 * Modules inside rjsf swapped for the portal's own at build time (see each file for why): which
 * importer, which relative import, and the replacement (a path in this repository). The swaps rest
 * on rjsf's internal file layout, so @rjsf/* is pinned to an exact version in package.json, and
 * `rjsfStandIns.test.ts` fails with the swap's name when an upgrade moves or renames a file.
 */
export interface RjsfStandIn {
  /** A short name, for `RJSF_STAND_INS_OFF` (a build without it, to measure what it buys). */
  name: string;
  /** The rjsf file that imports the module, as its path ends under node_modules. */
  importer: string;
  /** The import as written in that file. */
  source: string;
  /** The portal's module, relative to the repository's root. */
  replacement: string;
}

export const RJSF_STAND_INS: RjsfStandIn[] = [
  // A slimmer default registry for Form. Without it: +14.8 KB sent on the largest first step, +15.4 KB
  // of JavaScript to a gzip-only client (bench:bundle; no supported prop keeps rjsf's widgets out).
  { name: 'registry', importer: '@rjsf/core/lib/components/Form.js', source: '../getDefaultRegistry.js', replacement: 'renderer/react/rjsfRegistry.ts' },
  // Bytes only (the form passes the core's merge by `experimental_customMergeAllOf`): rjsf's module
  // builds @x0k/json-schema-merge when imported. Without it: +5.0 KB sent, +4.0 KB gzip-only JS.
  {
    name: 'allOfMerge',
    importer: '@rjsf/utils/lib/schema/retrieveSchema.js',
    source: './shallowAllOfMerge.js',
    replacement: 'renderer/react/allOfMergeShim.ts',
  },
  // Data rjsf is never asked to omit. Without it: +4.4 KB sent, +4.9 KB gzip-only JS.
  { name: 'omitExtraData', importer: '@rjsf/utils/lib/schema/index.js', source: './omitExtraData.js', replacement: 'renderer/react/omitExtraDataShim.ts' },
];

/** A package rjsf imports, replaced by the portal's own module wherever it is imported (see each file). */
export interface RjsfAlias {
  name: string;
  find: RegExp;
  replacement: string;
}

export const RJSF_ALIASES: RjsfAlias[] = [
  // Flow texts are plain text. Without it: +26.1 KB sent, +29.2 KB gzip-only JS.
  { name: 'markdown', find: /^markdown-to-jsx(\/react)?$/, replacement: 'renderer/react/markdownShim.tsx' },
  // `$ref`s reach the browser inlined. Without it: +6.3 KB sent, +6.9 KB gzip-only JS.
  { name: 'fastUri', find: /^fast-uri$/, replacement: 'renderer/react/uriShim.ts' },
  // Without it: +1.5 KB sent, +1.5 KB gzip-only JS (over the 130 KB target of issue 13).
  { name: 'fastEquals', find: /^fast-equals$/, replacement: 'renderer/react/fastEqualsShim.ts' },
];
