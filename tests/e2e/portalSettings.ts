/**
 * Where the browser tests' servers listen and with which settings. Each Playwright worker has a
 * portal of its own (support.ts starts it), so what one spec publishes or stores never reaches a
 * spec running at the same time in the other worker. Specs that need other settings start their
 * own server on `ownPort(offset)` (ownServer.ts).
 */

/** The base port (E2E_PORT, default 3100); own servers take offsets 1–19, the OpenID provider 9. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The real OpenID provider (oidc-provider) for signing in to the back office through an organisation. */
export const OIDC_PORT = E2E_PORT + 9;
/** Workers Playwright may run: one portal each, on {@link workerPortalPort}. */
export const MAX_WORKERS = 8;

/** The portal of worker `parallelIndex` (0, 1, …). */
export function workerPortalPort(parallelIndex: number): number {
  return E2E_PORT + 20 + parallelIndex;
}

/** Where the provider may send the browser back to: the back office of every worker's portal. */
export function oidcRedirectUris(): string[] {
  return Array.from({ length: MAX_WORKERS }, (_, index) => `http://localhost:${workerPortalPort(index)}/api/beheer/oidc/terug`);
}

/** The settings of a worker's portal on `port`. */
export function workerPortalEnv(port: number): Record<string, string> {
  return {
    UPLOAD_RATE_LIMIT_MAX: '1000',
    // Every spec loads its pages and assets from this one client; the general limit itself is
    // tested in tests/server/api-hostile-input.test.ts.
    REQUEST_RATE_LIMIT_MAX: '100000',
    // The back office's first administrator (tests/e2e/beheer.spec.ts signs in with it).
    BEHEER_ADMIN_EMAIL: 'beheer@example.nl',
    BEHEER_ADMIN_PASSWORD: 'proef-wachtwoord-123',
    // Every back-office spec signs in from this one client, often within a minute; the limit
    // itself is tested in tests/server/api-beheer-auth.test.ts.
    BEHEER_LOGIN_RATE_LIMIT_MAX: '200',
    OIDC_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
    OIDC_CLIENT_ID: 'uzi-beheer',
    OIDC_CLIENT_SECRET: 'test-geheim-van-de-client',
    // A full URL on another host name stands in for the external pass-request page.
    EXTERNAL_PASS_REQUEST_URL: `http://localhost:${port}/home?extern=1`,
  };
}
