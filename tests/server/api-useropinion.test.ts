/**
 * `POST /api/useropinion` over real HTTP, on SQLite and (with TEST_DATABASE_URL) PostgreSQL: valid
 * feedback is stored with the device info derived again on the server; invalid feedback gets the
 * error body and leaves nothing behind; CSRF and the rate limit apply.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, startServer, testDatabaseUrl, type Session, type TestServer } from '../helpers/server';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.91 Safari/537.36';

function opinion(overrides: Record<string, unknown> = {}) {
  return {
    device: {
      userAgent: CHROME_WINDOWS,
      // What the browser claims is not trusted: the server derives these again.
      os: 'Commodore',
      browser: 'Mosaic',
      device: 'Broodrooster',
      os_version: '1',
      browser_version: '1',
      deviceType: 'mobile',
      orientation: 'landscape',
    },
    url: 'https://portaal.example/uzi/aanleveren-documenten/stap2?postcode=1234AB#fout',
    rating: 4,
    comment: '  Duidelijk formulier, maar de uploadknop was lastig te vinden.  ',
    ...overrides,
  };
}

function defineSuite(label: string, databaseUrl: string | undefined): void {
  describe(label, () => {
    let server: TestServer;
    let session: Session;

    beforeAll(async () => {
      server = await startServer({ databaseUrl, env: { USEROPINION_RATE_LIMIT_MAX: '1000' } });
      session = await server.session();
    });

    afterAll(async () => {
      await server?.close();
    });

    it('stores rating, comment, page path and the device info derived from the user agent', async () => {
      const before = (await server.storage.listUserOpinions()).length;
      const response = await server.postJson('/api/useropinion', opinion(), session);
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      const stored = await server.storage.listUserOpinions();
      expect(stored).toHaveLength(before + 1);
      const record = stored.find((entry) => entry.id === id);
      expect(record).toMatchObject({
        rating: 4,
        comment: 'Duidelijk formulier, maar de uploadknop was lastig te vinden.',
        url: '/uzi/aanleveren-documenten/stap2',
        device: {
          userAgent: CHROME_WINDOWS,
          os: 'Windows',
          os_version: '10',
          browser: 'Chrome',
          browser_version: '124.0.6367.91',
          device: 'Unknown',
          deviceType: 'desktop',
          orientation: 'landscape',
        },
      });
      expect(record!.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    });

    it('accepts feedback without a comment and a comment of exactly 500 characters (counted as the browser counts)', async () => {
      const withoutComment = await server.postJson('/api/useropinion', opinion({ comment: undefined, rating: 1 }), session);
      expect(withoutComment.status).toBe(201);
      const empty = await server.postJson('/api/useropinion', opinion({ comment: '   ', rating: 2 }), session);
      expect(empty.status).toBe(201);
      // 500 characters outside the basic plane are 1000 UTF-16 units: still 500 characters.
      const full = await server.postJson('/api/useropinion', opinion({ comment: '😀'.repeat(500), rating: 5 }), session);
      expect(full.status).toBe(201);
      const stored = await server.storage.listUserOpinions(3);
      expect(stored.map((entry) => entry.comment)).toEqual(expect.arrayContaining([undefined, '😀'.repeat(500)]));
    });

    it('refuses a rating outside 1-5, a comment over 500 characters and a broken device or url; stores nothing', async () => {
      const before = (await server.storage.listUserOpinions(1000)).length;
      const cases: [Record<string, unknown>, string][] = [
        [{ rating: 0 }, 'rating'],
        [{ rating: 6 }, 'rating'],
        [{ rating: 3.5 }, 'rating'],
        [{ rating: '3' }, 'rating'],
        [{ rating: undefined }, 'rating'],
        [{ comment: 'x'.repeat(501) }, 'comment'],
        [{ comment: 42 }, 'comment'],
        [{ url: undefined }, 'url'],
        [{ url: 'javascript:alert(1)' }, 'url'],
        [{ device: undefined }, 'device.userAgent'],
        [{ device: { userAgent: CHROME_WINDOWS, orientation: 'scheef' } }, 'device.orientation'],
      ];
      for (const [overrides, field] of cases) {
        const body = await expectError(await server.postJson('/api/useropinion', opinion(overrides), session), 400);
        expect(body.errors, JSON.stringify(overrides)).toContainEqual({ code: 'UVAL-01', extraInfo: [field] });
        expect(body.detail).toBe('Uw mening is niet opgeslagen, omdat niet alle gegevens geldig zijn.');
      }
      await expectError(await server.postJson('/api/useropinion', '{"rating": 4,', session), 400);
      await expectError(await server.postJson('/api/useropinion', '[1,2]', session), 400);
      expect(await server.storage.listUserOpinions(1000)).toHaveLength(before);
    });

    it('needs the CSRF token', async () => {
      const before = (await server.storage.listUserOpinions(1000)).length;
      await expectError(await server.postJson('/api/useropinion', opinion()), 403);
      await expectError(await server.postJson('/api/useropinion', opinion(), { ...session, token: 'vervalst.token' }), 403);
      expect(await server.storage.listUserOpinions(1000)).toHaveLength(before);
    });
  });
}

defineSuite('POST /api/useropinion on SQLite', undefined);
const databaseUrl = testDatabaseUrl();
if (databaseUrl) defineSuite('POST /api/useropinion on PostgreSQL', databaseUrl);

describe('rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { USEROPINION_RATE_LIMIT_MAX: '2', USEROPINION_RATE_LIMIT_WINDOW_MS: '60000' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers 429 with the error body after the configured number of calls, and stores no more', async () => {
    const session = await server.session();
    expect((await server.postJson('/api/useropinion', opinion(), session)).status).toBe(201);
    expect((await server.postJson('/api/useropinion', opinion(), session)).status).toBe(201);
    const body = await expectError(await server.postJson('/api/useropinion', opinion(), session), 429);
    expect(body.errors).toEqual([{ code: 'UREQ-03', extraInfo: [] }]);
    expect(await server.storage.listUserOpinions()).toHaveLength(2);
  });
});
