import { defineConfig } from '@playwright/test';

// End-to-end tests in Debian's Chromium (no browser download): the built portal is served by the
// real server on its own port, with a fresh SQLite database per run.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? `var/e2e-${process.pid}`;
// A real OpenID provider (oidc-provider) for the back office's sign-in through an organisation.
const oidcPort = port + 9; // ownPort() offsets 1-4 are taken by specs with a server of their own

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  globalTimeout: 40 * 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    acceptDownloads: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: [
    {
      command: 'npx tsx tests/e2e/oidcServer.ts',
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { OIDC_PORT: String(oidcPort), PORTAL_URL: `http://localhost:${port}` },
    },
    {
      command: 'node dist/server/main.js',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        CSRF_SECRET: 'e2e-secret',
        UPLOAD_RATE_LIMIT_MAX: '1000',
        // Every spec loads its pages and assets from this one client; the general limit itself is
        // tested in tests/server/api-hostile-input.test.ts.
        REQUEST_RATE_LIMIT_MAX: '100000',
        DATABASE_URL: '',
        // The back office's first administrator (tests/e2e/beheer.spec.ts signs in with it).
        BEHEER_ADMIN_EMAIL: 'beheer@example.nl',
        BEHEER_ADMIN_PASSWORD: 'proef-wachtwoord-123',
        // Every back-office spec signs in from this one client, often within a minute; the limit
        // itself is tested in tests/server/api-beheer-auth.test.ts.
        BEHEER_LOGIN_RATE_LIMIT_MAX: '200',
        OIDC_ISSUER: `http://127.0.0.1:${oidcPort}`,
        OIDC_CLIENT_ID: 'uzi-beheer',
        OIDC_CLIENT_SECRET: 'test-geheim-van-de-client',
        // A full URL on another host name stands in for the external pass-request page.
        EXTERNAL_PASS_REQUEST_URL: `http://localhost:${port}/home?extern=1`,
      },
    },
  ],
});
