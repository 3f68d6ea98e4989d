/**
 * A routine PostgreSQL restart while a server process is writing: PostgreSQL is stopped
 * (`pg_ctl stop -m fast`, which ends every session and cuts the statements in progress) and started
 * again ten times while applicants keep submitting. The server process lives through all of it;
 * every request is answered, either normally or with 503, Retry-After and the spec's error body;
 * every submission that was acknowledged with a kenmerk is stored exactly once. Runs the real
 * server process on a PostgreSQL cluster of the test's own; the shared test cluster is never touched.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowModel } from '../../renderer/core/types';
import { CODES } from '../../src/server/errors';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_DETAIL } from '../../src/server/http/unavailable';
import { issueToken } from '../../src/server/security/csrf';
import { canRunOwnPostgres, startOwnPostgres, type OwnPostgres } from '../helpers/ownPostgres';
import { startServerProcess, type ServerProcess } from '../helpers/serverProcess';

const RESTARTS = 10;
const WRITERS = 6;
/** Ports of this test's own cluster. */
const PORTS = [3440, 3441, 3442, 3443, 3444];
const CSRF_SECRET = 'herstart-csrf-geheim';
const token = issueToken(CSRF_SECRET);
const SUBMIT_URL = '/api/aanvraag-zorgverlener-pas/indienen?scenario=uzi';
const model = (
  JSON.parse(readFileSync('tests/fixtures/aanvraag-zorgverlenerpas/01-geldig-artikel3-abonnee-wettelijk-vertegenwoordiger.json', 'utf8')) as { data: FlowModel }
).data;

if (!canRunOwnPostgres()) {
  console.warn('database-restart: skipped, no PostgreSQL binaries in /usr/lib/postgresql/*/bin (or not running as root)');
}

/** What the writers saw. */
interface Observed {
  acknowledged: string[];
  unavailable: number;
  /** Anything other than 200 with a kenmerk or a well-formed 503: status and body, or the network error. */
  unexpected: string[];
}

async function waitFor(what: string, condition: () => boolean, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Sends submissions one after the other until `stop()` says so, recording every answer. */
async function writer(server: ServerProcess, observed: Observed, stop: () => boolean): Promise<void> {
  while (!stop()) {
    let response: Response;
    try {
      response = await server.fetch(SUBMIT_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
        body: JSON.stringify(model),
        signal: AbortSignal.timeout(60_000),
      });
    } catch (error) {
      observed.unexpected.push(`no answer: ${(error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name}`);
      // The process is gone or not listening: the test fails on this; stop hammering it.
      return;
    }
    const text = await response.text();
    if (response.status === 200) {
      observed.acknowledged.push((JSON.parse(text) as { kenmerk: string }).kenmerk);
      continue;
    }
    if (response.status === 503 && isUnavailableBody(response, text)) {
      observed.unavailable++;
      // An applicant waits a moment before trying again (the tests wait less than Retry-After).
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    observed.unexpected.push(`${response.status} ${text.slice(0, 300)}`);
  }
}

function isUnavailableBody(response: Response, text: string): boolean {
  if (response.headers.get('retry-after') !== String(RETRY_AFTER_SECONDS)) return false;
  const body = JSON.parse(text) as { type?: unknown; status?: unknown; detail?: unknown; traceId?: unknown; errors?: unknown };
  return (
    body.type === 'urn:uzi-portaal:fout:tijdelijk-niet-beschikbaar' &&
    body.status === 503 &&
    body.detail === UNAVAILABLE_DETAIL &&
    typeof body.traceId === 'string' &&
    JSON.stringify(body.errors) === JSON.stringify([{ code: CODES.unavailable, extraInfo: [] }])
  );
}

describe.skipIf(!canRunOwnPostgres())('PostgreSQL restarted ten times while a server process writes', () => {
  let cluster: OwnPostgres;
  let server: ServerProcess;
  let exitCode: number | null | undefined;

  beforeAll(async () => {
    cluster = await startOwnPostgres(PORTS);
    server = await startServerProcess({
      DATABASE_URL: cluster.url,
      CSRF_SECRET,
      PDF_WORKERS: '0',
      UPLOAD_RATE_LIMIT_MAX: '1000000',
      DATABASE_CONNECT_TIMEOUT_SECONDS: '5',
    });
    void server.exited.then((code) => (exitCode = code));
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    cluster?.destroy();
  }, 60_000);

  it('keeps the process alive, answers 503 with Retry-After while cut off, and loses nothing acknowledged', async () => {
    const observed: Observed = { acknowledged: [], unavailable: 0, unexpected: [] };
    let stopping = false;
    const stop = () => stopping || exitCode !== undefined || observed.unexpected.length > 0;
    const writers = Array.from({ length: WRITERS }, () => writer(server, observed, stop));
    const failed = () => exitCode !== undefined || observed.unexpected.length > 0;
    try {
      for (let restart = 0; restart < RESTARTS && !failed(); restart++) {
        // Writes go through before each restart, so that statements are in progress when it comes.
        const before = observed.acknowledged.length;
        await waitFor('acknowledged writes', () => failed() || observed.acknowledged.length >= before + WRITERS);
        await cluster.stopAsync();
        const unavailableBefore = observed.unavailable;
        // While it is down, requests are answered (503), not left hanging and not crashing anything.
        await waitFor('a 503 while the database is down', () => failed() || observed.unavailable > unavailableBefore);
        await cluster.startAsync();
      }
      const before = observed.acknowledged.length;
      await waitFor('writes after the last restart', () => failed() || observed.acknowledged.length >= before + WRITERS);
    } finally {
      stopping = true;
      await Promise.all(writers);
    }

    expect(exitCode, server.output().slice(-3000)).toBeUndefined();
    expect(observed.unexpected, server.output().slice(-3000)).toEqual([]);
    expect(observed.unavailable).toBeGreaterThanOrEqual(RESTARTS);
    expect((await server.fetch('/api/health/ready')).status).toBe(200);

    const stored = cluster
      .psql('SELECT kenmerk FROM submissions;')
      .split('\n')
      .filter((line) => line !== '');
    const counts = new Map<string, number>();
    for (const kenmerk of stored) counts.set(kenmerk, (counts.get(kenmerk) ?? 0) + 1);
    const lost = observed.acknowledged.filter((kenmerk) => counts.get(kenmerk) !== 1);
    expect(lost).toEqual([]);
    expect(observed.acknowledged.length).toBeGreaterThan(RESTARTS * WRITERS);
  }, 600_000);
});
