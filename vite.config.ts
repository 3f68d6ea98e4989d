import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { compressAssetsPlugin } from './scripts/compressAssets';
import { pruneCssPlugin } from './scripts/pruneCss';
import { portalTextsPlugin } from './scripts/portalTexts';
import { compileHintPlugin } from './scripts/compileHint';

const local = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * Modules inside rjsf swapped for the portal's own (see each file for why): which importer, which
 * relative import, and the replacement.
 */
const RJSF_STAND_INS: { importer: string; source: string; replacement: string }[] = [
  // A slimmer default registry for Form.
  { importer: '@rjsf/core/lib/components/Form.js', source: '../getDefaultRegistry.js', replacement: local('./renderer/react/rjsfRegistry.ts') },
  // The core's allOf merge instead of @x0k/json-schema-merge.
  { importer: '@rjsf/utils/lib/schema/retrieveSchema.js', source: './shallowAllOfMerge.js', replacement: local('./renderer/react/allOfMergeShim.ts') },
  // Whether a widget is named after a field's format, without an error thrown per field and render.
  { importer: '@rjsf/utils/lib/resolveDefaultWidget.js', source: './hasWidget.js', replacement: local('./renderer/react/hasWidgetShim.ts') },
  { importer: '@rjsf/utils/lib/index.js', source: './hasWidget.js', replacement: local('./renderer/react/hasWidgetShim.ts') },
  // A schema with nothing to resolve given back at once, not walked on every render.
  { importer: '@rjsf/utils/lib/schema/index.js', source: './retrieveSchema.js', replacement: local('./renderer/react/retrieveSchemaShim.ts') },
  { importer: '@rjsf/utils/lib/schema/isSelect.js', source: './retrieveSchema.js', replacement: local('./renderer/react/retrieveSchemaShim.ts') },
  // A field's ui options built once per uiSchema, not on every ask.
  { importer: '@rjsf/utils/lib/index.js', source: './getUiOptions.js', replacement: local('./renderer/react/uiOptionsShim.ts') },
  // The defaults of data that already holds them, not worked out again.
  { importer: '@rjsf/utils/lib/schema/index.js', source: './getDefaultFormState.js', replacement: local('./renderer/react/defaultFormStateShim.ts') },
  // Data rjsf is never asked to omit, and validation it is never asked to do.
  { importer: '@rjsf/utils/lib/schema/index.js', source: './omitExtraData.js', replacement: local('./renderer/react/omitExtraDataShim.ts') },
  { importer: '@rjsf/validator-ajv8/lib/precompiledValidator.js', source: './processRawValidationErrors.js', replacement: local('./renderer/react/rawValidationShim.ts') },
];

/** Hands rjsf the stand-ins above in place of its own modules. */
function rjsfStandIns(): Plugin {
  return {
      name: 'rjsf-stand-ins',
      enforce: 'pre',
      resolveId(source, importer) {
        const from = importer?.replaceAll('\\', '/');
        return RJSF_STAND_INS.find((standIn) => standIn.source === source && from?.endsWith(standIn.importer))?.replacement ?? null;
      },
    };
  }

  /**
   * The browser needs of a widget description (`widgets/<Name>/widget.json`) only its names, the types
   * its aliases hold for and how the field template frames it; the texts and option schemas are for the flow pipeline and the back
   * office, so they stay out of the applicant's download.
   */
  function widgetDescriptionsForBrowser(): Plugin {
    const keep = (entries: unknown) =>
      Array.isArray(entries) ? entries.map(({ name, aliases, kind, types }: { name: string; aliases?: unknown[]; kind?: string; types?: string[] }) => ({ name, aliases, kind, types })) : undefined;
    return {
      name: 'widget-descriptions-for-browser',
      enforce: 'pre',
      transform(code, id) {
        if (!id.replaceAll('\\', '/').endsWith('/widget.json')) return null;
        const file = JSON.parse(code) as { widgets?: unknown; fields?: unknown };
        return { code: JSON.stringify({ widgets: keep(file.widgets), fields: keep(file.fields) }), map: null };
      },
    };
  }

  // The client is built into dist/client and served by the Fastify server (src/server).
  // During development `npm run dev` proxies /api to a server on port 3001.
  export default defineConfig(({ mode }) => {
    const beheer = mode === 'beheer';
    return {
    plugins: [react(), rjsfStandIns(), widgetDescriptionsForBrowser(), portalTextsPlugin(local('.')), pruneCssPlugin(), compileHintPlugin(), compressAssetsPlugin({ zopfli: !beheer })],
    resolve: {
      // Stand-ins that keep unused weight out of the browser bundle (see the files for why).
      alias: [
        { find: /^markdown-to-jsx(\/react)?$/, replacement: fileURLToPath(new URL('./renderer/react/markdownShim.tsx', import.meta.url)) },
        { find: /^fast-uri$/, replacement: fileURLToPath(new URL('./renderer/react/uriShim.ts', import.meta.url)) },
        { find: /^fast-equals$/, replacement: fileURLToPath(new URL('./renderer/react/fastEqualsShim.ts', import.meta.url)) },
      ],
    },
    build: {
      outDir: 'dist/client',
      emptyOutDir: !beheer,
      sourcemap: true,
      modulePreload: {
        polyfill: false,
        // Code loaded on demand is preloaded with the chunks it imports, except the bundler's runtime,
        // which the entry has already loaded. Code that imports nothing else then loads by its import
        // alone: no preload link is made in the page for it, work that fell in a step's first render.
        resolveDependencies: (file, deps, { hostType }) => {
          if (hostType === 'html') return deps;
          const needed = deps.filter((dep) => !/(^|\/)rolldown-runtime-[^/]*\.js$/.test(dep));
          return needed.length === 1 && needed[0] === file ? [] : needed;
        },
      },
      manifest: beheer ? '.vite/beheer-manifest.json' : true,
      rolldownOptions: {
        // The back office (/beheer) is a build of its own (`--mode beheer`): in one build with two
        // entries, the grouping below would put its first page's modules into the applicants' file.
        input: fileURLToPath(new URL(beheer ? './beheer.html' : './index.html', import.meta.url)),
        output: {
          // Everything the first page imports statically stays in the one entry file; left alone the
          // bundler moved React and its runtime into a chunk of their own (one request and ~1 KB more).
          codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
        },
      },
    },
    server: {
      proxy: { '/api': 'http://localhost:3001' },
    },
    test: {
      include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'widgets/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
      environment: 'node',
      // rjsf goes through the plugins above in tests too, so they render with the same registry.
      server: { deps: { inline: ['@rjsf/core', '@rjsf/utils', 'codemirror-json-schema'] } },
      testTimeout: 30000,
      hookTimeout: 60000,
    },
  };
});
