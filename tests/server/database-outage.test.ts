/**
 * A database that goes away while the server runs: requests that need it get 503 with Retry-After
 * and the spec's error body (code UREQ-05), the readiness check fails while liveness holds, and
 * everything works again once the database is back, without a restart. Also a PostgreSQL that only
 * allows reading (`default_transaction_read_only`). Runs on a PostgreSQL cluster of the test's own,
 * which it stops and starts; the shared test cluster is never touched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../src/server/errors';
import { RETRY_AFTER_SECONDS } from '../../src/server/http/unavailable';
import { canRunOwnPostgres, startOwnPostgres, type OwnPostgres } from '../helpers/ownPostgres';
import { expectError, startServer, type Session, type TestServer } from '../helpers/server';

const feedback = {
  rating: 4,
  url: '/uzi/aanleveren-documenten',
  device: {
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
    os: '',
    os_version: '',
    browser: '',
    browser_version: '',
    device: '',
    deviceType: 'desktop',
    orientation: 'landscape',
  },
};

async function expectUnavailable(response: Response): Promise<void> {
  const body = await expectError(response, 503);
  expect(body.type).toBe('urn:uzi-portaal:fout:tijdelijk-niet-beschikbaar');
  expect(body.errors).toEqual([{ code: CODES.unavailable, extraInfo: [] }]);
  expect(response.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
}

/** Polls `path` until it answers `status` (the pool reconnects on the next request). */
async function eventually(server: TestServer, path: string, status: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 0;
  while (Date.now() < deadline) {
    const response = await server.fetch(path);
    await response.arrayBuffer();
    last = response.status;
    if (last === status) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${path} still answered ${last}, not ${status}`);
}

describe.skipIf(!canRunOwnPostgres())('PostgreSQL stopped and started again while the server runs', () => {
  let cluster: OwnPostgres;
  let server: TestServer;
  let session: Session;

  beforeAll(async () => {
    cluster = await startOwnPostgres();
    server = await startServer({
      databaseUrl: cluster.url,
      env: {
        USEROPINION_RATE_LIMIT_MAX: '1000',
        DATABASE_CONNECT_TIMEOUT_SECONDS: '2',
        DATABASE_STATEMENT_TIMEOUT_SECONDS: '2',
        DATABASE_QUERY_TIMEOUT_SECONDS: '3',
      },
    });
    session = await server.session();
  }, 120_000);

  afterAll(async () => {
    try {
      cluster?.start();
    } catch {
      // Running already.
    }
    await server?.close();
    cluster?.destroy();
  }, 60_000);

  it('answers normally while the database is up', async () => {
    expect((await server.fetch('/api/health/ready')).status).toBe(200);
    expect((await server.postJson('/api/useropinion', feedback, session)).status).toBe(201);
  });

  it('answers 503 with Retry-After while it is stopped, and recovers when it is back', async () => {
    cluster.stop();

    await expectUnavailable(await server.postJson('/api/useropinion', feedback, session));
    await expectUnavailable(await server.fetch('/api/health/ready'));
    await expectUnavailable(await server.fetch('/api/health'));
    const live = await server.fetch('/api/health/live');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    // What needs no database still works: the published flows are in memory.
    expect((await server.fetch('/api/flows')).status).toBe(200);

    cluster.start();
    await eventually(server, '/api/health/ready', 200);
    expect((await server.postJson('/api/useropinion', feedback, session)).status).toBe(201);
    expect((await server.fetch('/api/health')).status).toBe(200);
  }, 90_000);

  it('does not hang on a frozen database: 503 while it is still frozen, then recovery', async () => {
    cluster.freeze();
    try {
      // The answers come from the client's query time limit (3 s here): the database stays frozen
      // until both have arrived, so a request that waited for it would never end.
      await expectUnavailable(await server.postJson('/api/useropinion', feedback, session));
      await expectUnavailable(await server.fetch('/api/health/ready'));
    } finally {
      cluster.thaw();
    }
    await eventually(server, '/api/health/ready', 200);
    expect((await server.postJson('/api/useropinion', feedback, session)).status).toBe(201);
    // A connection that timed out is closed, not reused: no later statement runs in a transaction
    // that statement may have opened on the server, left open and holding its locks.
    expect(cluster.psql("SELECT count(*) FROM pg_stat_activity WHERE state LIKE 'idle in transaction%';").trim()).toBe('0');
  }, 60_000);

  it('is not ready while the server allows only reading, and ready again after', async () => {
    cluster.psql('ALTER SYSTEM SET default_transaction_read_only = on;\nSELECT pg_reload_conf();');
    try {
      await eventually(server, '/api/health/ready', 503);
      await expectUnavailable(await server.fetch('/api/health/ready'));
      await expectUnavailable(await server.postJson('/api/useropinion', feedback, session));
    } finally {
      cluster.psql('ALTER SYSTEM RESET default_transaction_read_only;\nSELECT pg_reload_conf();');
    }
    await eventually(server, '/api/health/ready', 200);
    expect((await server.postJson('/api/useropinion', feedback, session)).status).toBe(201);
  }, 60_000);
});
