// The feedback pages' calls: ratings per page and month with their average, a period with a Dutch
// refusal when the end lies before the start, and the comments for the role beheerder only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodOf } from '../../src/server/beheer/routes/feedback';
import { startServer, testDatabaseUrl, type Session, type TestServer } from '../helpers/server';
import { beheerLogin, BOOTSTRAP, expectErrorBody, withBeheer, type BeheerCookie } from '../helpers/beheer';

const DEVICE = {
  userAgent: 'test',
  os: 'Linux',
  os_version: '6',
  browser: 'Chromium',
  browser_version: '130',
  device: 'pc',
  deviceType: 'desktop',
  orientation: 'landscape',
} as const;

for (const engine of [{ label: 'SQLite' }, ...(testDatabaseUrl() ? [{ label: 'PostgreSQL', databaseUrl: testDatabaseUrl() }] : [])]) {
  describe(`feedback in the back office on ${engine.label}`, () => {
    let server: TestServer;
    let page: Session;
    let admin: BeheerCookie;

    beforeAll(async () => {
      server = await startServer({
        databaseUrl: engine.databaseUrl,
        env: { BEHEER_ADMIN_EMAIL: BOOTSTRAP.email, BEHEER_ADMIN_PASSWORD: BOOTSTRAP.password, BEHEER_LOGIN_RATE_LIMIT_MAX: '1000' },
      });
      page = await server.session('/beheer');
      admin = await beheerLogin(server, page);
      for (const [rating, url, comment] of [
        [5, '/uzi/aanleveren-documenten/stap1', 'Duidelijk formulier'],
        [2, '/uzi/aanleveren-documenten/stap1', undefined],
        [4, '/home', ''],
      ] as const) {
        await server.storage.saveUserOpinion({ rating, url, device: DEVICE, ...(comment === undefined ? {} : { comment }) });
      }
    });
    afterAll(async () => server?.close());

    it('sums the ratings per page and month with their average', async () => {
      const answer = (await (await server.fetch('/api/beheer/feedback', { headers: withBeheer(page, admin) })).json()) as {
        rows: { url: string; month: string; count: number; average: number }[];
        total: { count: number; average: number };
      };
      const month = new Date().toISOString().slice(0, 7);
      expect(answer.rows).toEqual([
        { url: '/home', month, count: 1, average: 4 },
        { url: '/uzi/aanleveren-documenten/stap1', month, count: 2, average: 3.5 },
      ]);
      expect(answer.total).toEqual({ count: 3, average: expect.closeTo(11 / 3, 5) });
      const before = (await (await server.fetch('/api/beheer/feedback?van=2020-01-01&tm=2020-12-31', { headers: withBeheer(page, admin) })).json()) as {
        rows: unknown[];
        total: { count: number; average: null };
      };
      expect(before).toMatchObject({ rows: [], total: { count: 0, average: null } });
      const reversed = await server.fetch('/api/beheer/feedback?van=2026-02-01&tm=2026-01-31', { headers: withBeheer(page, admin) });
      await expectErrorBody(reversed, 400, 'UVAL-01', 'De einddatum mag niet voor de begindatum liggen.');
      const wrong = await server.fetch('/api/beheer/feedback?van=2026-02-30', { headers: withBeheer(page, admin) });
      await expectErrorBody(wrong, 400, 'UVAL-01', "Het veld 'Van' is geen geldige datum.");
    });

    it('shows the comments to a beheerder only', async () => {
      const comments = (await (await server.fetch('/api/beheer/feedback/opmerkingen?per=10', { headers: withBeheer(page, admin) })).json()) as {
        total: number;
        rows: { comment: string; rating: number }[];
      };
      expect(comments.total).toBe(1);
      expect(comments.rows.map((row) => [row.rating, row.comment])).toEqual([[5, 'Duidelijk formulier']]);
      await server.postJson(
        '/api/beheer/accounts',
        { email: 'lezer@example.nl', wachtwoord: 'een-lang-wachtwoord', rollen: ['redacteur'] },
        page,
        withBeheer(page, admin),
      );
      const editor = await beheerLogin(server, page, { email: 'lezer@example.nl', password: 'een-lang-wachtwoord' });
      expect((await server.fetch('/api/beheer/feedback', { headers: withBeheer(page, editor) })).status).toBe(200);
      await expectErrorBody(await server.fetch('/api/beheer/feedback/opmerkingen', { headers: withBeheer(page, editor) }), 403, 'UBEH-02');
    });
  });
}

describe('the feedback period', () => {
  it('takes both days in, and the last twelve months by default', () => {
    const period = periodOf({ van: '2026-01-01', tm: '2026-01-31' });
    expect([period.from.toISOString(), period.until.toISOString()]).toEqual(['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z']);
    expect(periodOf({}, new Date('2026-11-24T10:00:00Z'))).toMatchObject({ van: '2025-11-25', tm: '2026-11-24' });
  });
});
