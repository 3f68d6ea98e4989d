import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { compressAssetsPlugin } from './scripts/compressAssets';
import { pruneCssPlugin } from './scripts/pruneCss';

const rjsfRegistry = fileURLToPath(new URL('./renderer/react/rjsfRegistry.ts', import.meta.url));

/** Hands rjsf's Form the portal's slimmer default registry (see renderer/react/rjsfRegistry.ts). */
function rjsfDefaultRegistry(): Plugin {
  return {
      name: 'rjsf-default-registry',
      enforce: 'pre',
      resolveId(source, importer) {
        const fromForm = importer?.replaceAll('\\', '/').endsWith('@rjsf/core/lib/components/Form.js');
        return fromForm && source === '../getDefaultRegistry.js' ? rjsfRegistry : null;
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
    plugins: [react(), rjsfDefaultRegistry(), widgetDescriptionsForBrowser(), pruneCssPlugin(), compressAssetsPlugin()],
    resolve: {
      // Two stand-ins that keep unused weight out of the browser bundle (see the files for why).
      alias: [
        { find: /^markdown-to-jsx(\/react)?$/, replacement: fileURLToPath(new URL('./renderer/react/markdownShim.tsx', import.meta.url)) },
        { find: /^fast-uri$/, replacement: fileURLToPath(new URL('./renderer/react/uriShim.ts', import.meta.url)) },
      ],
    },
    build: {
      outDir: 'dist/client',
      emptyOutDir: !beheer,
      sourcemap: true,
      modulePreload: { polyfill: false },
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
      server: { deps: { inline: ['@rjsf/core', 'codemirror-json-schema'] } },
      testTimeout: 30000,
      hookTimeout: 60000,
    },
  };
});
