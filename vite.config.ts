import { configDefaults, defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { compressAssetsPlugin } from './scripts/compressAssets';
import { pruneCssPlugin } from './scripts/pruneCss';
import { portalTextsPlugin } from './scripts/portalTexts';
import { compileHintPlugin } from './scripts/compileHint';
import { RJSF_ALIASES, RJSF_STAND_INS } from './renderer/react/rjsfStandIns';

const local = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** The unit and component tests (functions and components, no server, database or process). */
const UNIT_TESTS = ['tests/unit/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'widgets/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'];
/**
 * The tests that replace a module with `vi.mock` (found by reading them, so none is forgotten). Read
 * only when Vitest loads this file, never for a build or the dev server.
 */
const MOCKING_TESTS = process.env.VITEST
  ? ['tests/unit', 'tests/server', 'renderer', 'widgets', 'src']
      .flatMap((folder) => readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((file) => `${folder}/${file.replaceAll('\\', '/')}`))
      .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.mock\(/.test(readFileSync(file, 'utf8')))
  : [];

/**
 * Stand-ins left out of this build, by name (`RJSF_STAND_INS_OFF=registry,markdown npm run build`): to
 * measure with the benchmarks what each one buys. Never set for the portal itself.
 */
const STAND_INS_OFF = new Set((process.env.RJSF_STAND_INS_OFF ?? '').split(',').filter(Boolean));

/** Hands rjsf the portal's stand-ins (renderer/react/rjsfStandIns.ts) in place of its own modules. */
function rjsfStandIns(): Plugin {
  return {
    name: 'rjsf-stand-ins',
    enforce: 'pre',
    resolveId(source, importer) {
      const from = importer?.replaceAll('\\', '/');
      const standIn = RJSF_STAND_INS.find(
        (candidate) => candidate.source === source && from?.endsWith(candidate.importer) && !STAND_INS_OFF.has(candidate.name),
      );
      return standIn ? local(`./${standIn.replacement}`) : null;
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
    Array.isArray(entries)
      ? entries.map(({ name, aliases, kind, types }: { name: string; aliases?: unknown[]; kind?: string; types?: string[] }) => ({
          name,
          aliases,
          kind,
          types,
        }))
      : undefined;
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
export default defineConfig(({ mode, command }) => {
  const beheer = mode === 'beheer';
  return {
    plugins: [
      react(),
      rjsfStandIns(),
      widgetDescriptionsForBrowser(),
      // The applicant's build loads the check's Dutch messages with the check (tests and the back office keep them in one map).
      portalTextsPlugin(local('.'), { deferChecks: command === 'build' && !beheer && mode !== 'test' }),
      pruneCssPlugin(),
      compileHintPlugin(),
      compressAssetsPlugin({ zopfli: !beheer }),
    ],
    resolve: {
      // Stand-ins that keep unused weight out of the browser bundle (see the files for why).
      alias: RJSF_ALIASES.filter(({ name }) => !STAND_INS_OFF.has(name)).map(({ find, replacement }) => ({ find, replacement: local(`./${replacement}`) })),
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
      environment: 'node',
      // rjsf goes through the plugins above in tests too, so they render with the same registry.
      server: { deps: { inline: ['@rjsf/core', '@rjsf/utils', 'codemirror-json-schema'] } },
      // Guards against a test that hangs, not speed limits: on a machine busy with other work the
      // structured editor's jsdom tests (a whole flow drawn again per keystroke) take several times
      // their usual 5 s. Timings belong in the benchmarks.
      testTimeout: 120_000,
      hookTimeout: 120_000,
      // One worker per core (Vitest's default leaves one core free, which is half of a CI machine).
      maxWorkers: Math.max(2, availableParallelism()),
      projects: [
        // One module graph per worker, not a fresh import of everything per file: the server's
        // modules alone take a second or more to import, and most files only need them once. A
        // file that replaces a module with vi.mock runs on its own graph (project 'mocks'), or the
        // modules earlier files imported would keep the real one.
        { extends: true, test: { name: 'unit', include: UNIT_TESTS, exclude: [...configDefaults.exclude, ...MOCKING_TESTS], isolate: false } },
        // Real servers, databases and processes over real HTTP.
        {
          extends: true,
          test: { name: 'server', include: ['tests/server/**/*.test.ts'], exclude: [...configDefaults.exclude, ...MOCKING_TESTS], isolate: false },
        },
        { extends: true, test: { name: 'mocks', include: MOCKING_TESTS.length > 0 ? MOCKING_TESTS : ['no-file-mocks-a-module'] } },
      ],
    },
  };
});
