import type { KnipConfig } from 'knip';

/**
 * `npm run knip`: every dependency in package.json is used, and everything used is listed. It runs
 * in the lint stage of `npm run test:all`. Only dependencies are checked here; unused files and
 * exports are reported by `npx knip` for a look by hand.
 */
const config: KnipConfig = {
  entry: ['src/server/pdf/worker.ts', 'scripts/*.ts'],
  // The build's esbuild call names its entries as `name=path`; main.ts is found through `dev:server`.
  ignoreUnresolved: ['main=src/server/main.ts'],
  // Debian's programs the tests call (installed by scripts/test-all.sh), not npm packages.
  ignoreBinaries: ['pdftotext', 'pdfinfo', 'openssl', 'chattr', 'runuser'],
  ignoreDependencies: [
    // On the customer's design card, not used yet: the editors change the flow's JSON text, not
    // objects, and the wizard's two spreads would put it into every applicant's first download.
    'immer',
    // The types of smtp-server (tests/helpers/smtp.ts), which has none of its own.
    '@types/smtp-server',
  ],
};

export default config;
