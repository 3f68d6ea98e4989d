// Four eyes as a rule about people, over real HTTP on SQLite and (with TEST_DATABASE_URL)
// PostgreSQL: whoever saved a draft at any time cannot approve it, also after others saved it
// unchanged; a beheerder cannot approve with an account they set up, nor approve what was saved
// with one; and a rollback from the command line waits for a second person like one in the back office.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, testDatabaseUrl, type Session, type TestServer } from '../helpers/server';
import { beheerLogin, BOOTSTRAP, expectErrorBody, withBeheer, type BeheerCookie } from '../helpers/beheer';

const FLOW = 'aanleveren-documenten';
const LONG = 'een-lang-wachtwoord';

interface DraftAnswer {
  draft: { source: { document: string; english?: string }; updatedAt: string; approvedBy: string | null; rollback?: unknown } | null;
}

for (const engine of [{ label: 'SQLite' }, ...(testDatabaseUrl() ? [{ label: 'PostgreSQL', databaseUrl: testDatabaseUrl() }] : [])]) {
  describe(`four eyes on ${engine.label}`, () => {
    let server: TestServer;
    let page: Session;
    let admin: BeheerCookie;
    /** Accounts a second beheerder set up: no tie to the first administrator. */
    let anna: BeheerCookie;
    let bert: BeheerCookie;

    const as = (who: BeheerCookie) => withBeheer(page, who);
    const concept = `/api/beheer/flows/${FLOW}/concept`;
    const read = async (who: BeheerCookie) => ((await (await server.fetch(concept, { headers: as(who) })).json()) as DraftAnswer).draft;
    const save = async (who: BeheerCookie, document: string, updatedAt: string): Promise<string> => {
      const response = await server.fetch(concept, {
        method: 'PUT',
        headers: { ...as(who), 'content-type': 'application/json' },
        body: JSON.stringify({ document, updatedAt }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as DraftAnswer).draft!.updatedAt;
    };
    const approve = (who: BeheerCookie, updatedAt: string) => server.postJson(`${concept}/goedkeuren`, { updatedAt }, page, as(who));
    const discard = async () => expect((await server.fetch(concept, { method: 'DELETE', headers: as(admin) })).status).toBe(204);
    const createAccount = async (by: BeheerCookie, email: string, rollen: string[]) => {
      const created = await server.postJson('/api/beheer/accounts', { email, wachtwoord: LONG, rollen }, page, as(by));
      expect(created.status).toBe(201);
      return ((await created.json()) as { id: string }).id;
    };

    beforeAll(async () => {
      server = await startServer({
        databaseUrl: engine.databaseUrl,
        env: { BEHEER_ADMIN_EMAIL: BOOTSTRAP.email, BEHEER_ADMIN_PASSWORD: BOOTSTRAP.password, BEHEER_VIER_OGEN: 'true', BEHEER_LOGIN_RATE_LIMIT_MAX: '1000' },
      });
      page = await server.session('/beheer');
      admin = await beheerLogin(server, page);
      // A second beheerder sets up the others, so that only the tie under test is in play.
      await createAccount(admin, 'tweede-beheerder@example.nl', ['redacteur', 'beheerder']);
      const second = await beheerLogin(server, page, { email: 'tweede-beheerder@example.nl', password: LONG });
      await createAccount(second, 'anna@example.nl', ['redacteur', 'publicist']);
      await createAccount(second, 'bert@example.nl', ['redacteur', 'publicist']);
      anna = await beheerLogin(server, page, { email: 'anna@example.nl', password: LONG });
      bert = await beheerLogin(server, page, { email: 'bert@example.nl', password: LONG });
    });
    afterAll(async () => server?.close());
    // Each test starts without a draft, also after one that failed halfway.
    beforeEach(async () => {
      await server.fetch(concept, { method: 'DELETE', headers: as(admin) });
    });

    it('refuses the approval of anyone who saved the draft, also when its creator saved it again unchanged', async () => {
      const started = await server.postJson(concept, {}, page, as(anna));
      expect(started.status).toBe(201);
      const first = ((await started.json()) as DraftAnswer).draft!;
      // Bert writes the content, Anna saves it unchanged: Bert is neither the creator nor the last saver.
      const written = await save(bert, first.source.document.replace('"title": "Uw gegevens"', '"title": "Door Bert geschreven"'), first.updatedAt);
      const document = (await read(anna))!.source.document;
      const resaved = await save(anna, document, written);
      await expectErrorBody(await approve(bert, resaved), 403, 'UBEH-07');
      await expectErrorBody(await approve(anna, resaved), 403, 'UBEH-07');
      // Someone who never saved it may.
      expect((await approve(admin, resaved)).status).toBe(204);
      await discard();
    });

    it('refuses the approval with an account a beheerder set up of a draft that beheerder saved, and the other way round', async () => {
      // The administrator makes a second account, writes a draft and approves it with that account.
      await createAccount(admin, 'eigen-tweede@example.nl', ['publicist']);
      const own = await beheerLogin(server, page, { email: 'eigen-tweede@example.nl', password: LONG });
      const started = ((await (await server.postJson(concept, {}, page, as(admin))).json()) as DraftAnswer).draft!;
      const saved = await save(admin, started.source.document.replace('"title": "Uw gegevens"', '"title": "Eigen werk"'), started.updatedAt);
      await expectErrorBody(await approve(own, saved), 403, 'UBEH-07');
      await discard();

      // Written with an account the administrator made, approved by the administrator: the same person twice.
      await createAccount(admin, 'eigen-derde@example.nl', ['redacteur']);
      const third = await beheerLogin(server, page, { email: 'eigen-derde@example.nl', password: LONG });
      const begun = ((await (await server.postJson(concept, {}, page, as(third))).json()) as DraftAnswer).draft!;
      const written = await save(third, begun.source.document.replace('"title": "Uw gegevens"', '"title": "Via een tweede account"'), begun.updatedAt);
      await expectErrorBody(await approve(admin, written), 403, 'UBEH-07');
      // A person with no part in either may.
      expect((await approve(anna, written)).status).toBe(204);
      await discard();
    });

    it('ties a beheerder to an account whose roles they changed or whose password they reset', async () => {
      const second = await beheerLogin(server, page, { email: 'tweede-beheerder@example.nl', password: LONG });
      const begun = ((await (await server.postJson(concept, {}, page, as(second))).json()) as DraftAnswer).draft!;
      const written = await save(second, begun.source.document.replace('"title": "Uw gegevens"', '"title": "Van de tweede beheerder"'), begun.updatedAt);

      // An account the administrator made, given the role 'publicist' by the second beheerder.
      const promotedId = await createAccount(admin, 'bevorderd@example.nl', ['redacteur']);
      const roles = await server.fetch(`/api/beheer/accounts/${promotedId}`, {
        method: 'PUT',
        headers: { ...as(second), 'content-type': 'application/json' },
        body: JSON.stringify({ rollen: ['redacteur', 'publicist'] }),
      });
      expect(roles.status).toBe(204);
      const promoted = await beheerLogin(server, page, { email: 'bevorderd@example.nl', password: LONG });
      await expectErrorBody(await approve(promoted, written), 403, 'UBEH-07');

      // An account the administrator made, its password reset by the second beheerder (who holds the code).
      const resetId = await createAccount(admin, 'hersteld@example.nl', ['publicist']);
      const reset = await server.postJson(`/api/beheer/accounts/${resetId}/wachtwoord-herstel`, {}, page, as(second));
      expect(reset.status).toBe(201);
      const { code } = (await reset.json()) as { code: string };
      expect((await server.postJson('/api/beheer/wachtwoord-instellen', { code, wachtwoord: 'door-de-beheerder-gekozen' }, page)).status).toBe(204);
      const resetAccount = await beheerLogin(server, page, { email: 'hersteld@example.nl', password: 'door-de-beheerder-gekozen' });
      await expectErrorBody(await approve(resetAccount, written), 403, 'UBEH-07');

      await discard();
    });

    it('lets a rollback from the command line wait as a draft for a second person when four eyes are on', async () => {
      const versionOf = async () => ((await (await server.fetch(`/api/flows/${FLOW}`)).json()) as { version: number }).version;
      // A second version to go back from.
      const started = ((await (await server.postJson(concept, {}, page, as(anna))).json()) as DraftAnswer).draft!;
      const saved = await save(anna, started.source.document.replace('"title": "Uw gegevens"', '"title": "Tweede versie"'), started.updatedAt);
      expect((await approve(bert, saved)).status).toBe(204);
      expect((await server.postJson(`/api/beheer/flows/${FLOW}/publiceren`, { note: 'Tweede versie', updatedAt: saved }, page, as(anna))).status).toBe(200);
      const published = await versionOf();

      const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/flows-rollback.ts', FLOW, '--note', 'Terug'], {
        cwd: process.cwd(),
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'test',
          FLOWS_AUTHOR: 'anna@example.nl',
          BEHEER_VIER_OGEN: 'true',
          DATA_DIR: server.config.dataDir,
          DATABASE_URL: server.config.databaseUrl ?? '',
        },
        encoding: 'utf8',
      });
      expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
      expect(await versionOf()).toBe(published);
      const waiting = await read(admin);
      expect(waiting?.rollback).toMatchObject({ version: published - 1 });
      // Its author cannot approve it; another person can, and then it is published.
      await expectErrorBody(await approve(anna, waiting!.updatedAt), 403, 'UBEH-07');
      await expectErrorBody(
        await server.postJson(`/api/beheer/flows/${FLOW}/publiceren`, { note: 'Terug', updatedAt: waiting!.updatedAt }, page, as(anna)),
        409,
        'UBEH-07',
      );
      expect((await approve(bert, waiting!.updatedAt)).status).toBe(204);
      expect((await server.postJson(`/api/beheer/flows/${FLOW}/publiceren`, { note: 'Terug', updatedAt: waiting!.updatedAt }, page, as(anna))).status).toBe(
        200,
      );
      expect(await versionOf()).toBe(published + 1);
    }, 120_000);
  });
}
