import { defineConfig } from '@playwright/test';
import { E2E_PORT, MAX_WORKERS, OIDC_PORT } from './tests/e2e/portalSettings';

// End-to-end tests in Debian's Chromium (no browser download). Each worker serves the built portal
// from the real server on a port of its own with a fresh SQLite database (tests/e2e/support.ts);
// specs in one file run in order in one worker, files are shared out over the workers.
const workers = Math.min(MAX_WORKERS, Number(process.env.E2E_WORKERS ?? 4));

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  globalTimeout: 40 * 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    acceptDownloads: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // A real OpenID provider (oidc-provider) for the back office's sign-in through an organisation.
      command: 'npx tsx tests/e2e/oidcServer.ts',
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { OIDC_PORT: String(OIDC_PORT), E2E_PORT: String(E2E_PORT) },
    },
  ],
});
