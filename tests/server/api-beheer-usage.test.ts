/**
 * What the back office counts before a field, an option or a step is removed, over real HTTP: the
 * stored submissions of the flow that hold a value for a field (or the option's value, or anything
 * of a step), the saved applications that can still be taken back — saved through the portal's own
 * 'Opslaan en later verder', which records the flow, and one saved before that did — and the test
 * cases that set the field. Counts only: nothing an applicant entered is in the answer. On SQLite,
 * and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageCounts } from '../../src/shared/beheer';
import { beheerLogin, BOOTSTRAP, expectErrorBody, withBeheer, type BeheerCookie } from '../helpers/beheer';
import { startServer, testDatabaseUrl, type Session, type TestServer } from '../helpers/server';

const FLOW = 'abonneeregistratie-zorgverlener';
const OTHER = 'aanvraag-zorgverlenerpas';
const SECRET = 'Geheime Zorgverlener';
const FIELD = 'toetsingsGegevens.kwaliteitsregister';

function defineUsage(label: string, databaseUrl: string | undefined): void {
  describe(`what removing a field concerns (${label})`, () => {
    let server: TestServer;
    let page: Session;
    let admin: BeheerCookie;
    const usage = async (query: string) => server.fetch(`/api/beheer/flows/${FLOW}/gebruik?${query}`, { headers: withBeheer(page, admin) });
    const counts = async (query: string) => {
      const response = await usage(query);
      expect(response.status, await response.clone().text()).toBe(200);
      return (await response.json()) as UsageCounts;
    };
    const submit = (flowId: string, data: unknown) =>
      server.storage.saveSubmission({ flowId, flowHash: server.registry.get(flowId)!.hash, scenario: 'uzi', data, files: [] });

    /** Saves an application through 'Opslaan en later verder' (the flow is recorded, what it holds is sealed). */
    async function saveLater(answers: Record<string, unknown>): Promise<void> {
      const applicant = await server.session(`/uzi/${FLOW}`);
      const form = new FormData();
      form.append(
        'gegevens',
        JSON.stringify({
          flowId: FLOW,
          scenario: 'uzi',
          hash: server.registry.get(FLOW)!.hash,
          path: `/uzi/${FLOW}/stap3`,
          answers: { model: answers, drafts: {} },
          files: [],
        }),
      );
      const response = await server.fetch('/api/opslaan', {
        method: 'POST',
        body: form,
        headers: { cookie: applicant.cookie, 'x-xsrf-token': applicant.token },
      });
      expect(response.status, await response.clone().text()).toBe(201);
    }

    beforeAll(async () => {
      server = await startServer({ databaseUrl, env: { BEHEER_ADMIN_EMAIL: BOOTSTRAP.email, BEHEER_ADMIN_PASSWORD: BOOTSTRAP.password } });
      page = await server.session('/beheer');
      admin = await beheerLogin(server, page);
      const person = { gegevensZorgverlener: { persoonsgegevens: { geboortenaam: SECRET } } };
      await submit(FLOW, { ...person, toetsingsGegevens: { beroepsArtikel: 2, kwaliteitsregister: 4 } });
      await submit(FLOW, { ...person, toetsingsGegevens: { beroepsArtikel: 2, kwaliteitsregister: 2 } });
      await submit(FLOW, { ...person, toetsingsGegevens: { beroepsArtikel: 1, bigNummer: '12345678901' } });
      await submit(FLOW, { ...person, toetsingsGegevens: { beroepsArtikel: 2, kwaliteitsregister: null, inschrijfnummerKwaliteitsregister: '' } });
      // Another flow's submission with a field of the same name does not count.
      await submit(OTHER, { toetsingsGegevens: { kwaliteitsregister: 4 }, gegevensPashouder: { kwaliteitsregister: 4 } });

      await saveLater({ toetsingsGegevens: { kwaliteitsregister: 4 } });
      await saveLater({});
      const inAWeek = new Date(Date.now() + 7 * 86_400_000);
      // Saved before applications recorded their flow; one taken back, one expired (neither counts).
      await server.storage.storeSavedApplication({ id: 'van-voor-de-telling-0001', sealed: randomBytes(64), expiresAt: inAWeek });
      await server.storage.storeSavedApplication({ id: 'al-hervat-000000000001', flowId: FLOW, sealed: randomBytes(64), expiresAt: inAWeek });
      await server.storage.consumeSavedApplication('al-hervat-000000000001');
      await server.storage.storeSavedApplication({
        id: 'verlopen-0000000000001',
        flowId: FLOW,
        sealed: randomBytes(64),
        expiresAt: new Date(Date.now() - 1000),
      });
    });
    afterAll(async () => server?.close());

    it('counts the stored submissions holding a value for a field, an option’s value or a step, the saved applications, and names the test cases that set it', async () => {
      const field = await counts(`veld=${FIELD}`);
      expect(field).toMatchObject({ submissions: 2, savedApplications: 2, savedApplicationsUnknownFlow: 1 });
      expect(field.fixtures.map((fixture) => fixture.name)).toEqual(
        expect.arrayContaining(['02-geldig-artikel2-krm-mondhygienist-postadres-en-gemachtigde.json']),
      );
      expect(field.fixtures.every((fixture) => fixture.description.length > 0)).toBe(true);
      expect(JSON.stringify(field)).not.toContain(SECRET);

      const option = await counts(`veld=${FIELD}&waarde=4`);
      expect(option.submissions).toBe(1);
      expect(option.fixtures.length).toBeLessThan(field.fixtures.length);
      expect((await counts(`veld=${FIELD}&waarde=${encodeURIComponent('"4"')}`)).submissions).toBe(0);
      expect((await counts('veld=toetsingsGegevens')).submissions).toBe(4);
      expect((await counts('veld=toetsingsGegevens.agbCode')).submissions).toBe(0);
      expect((await counts('veld=gegevensZorgverlener.persoonsgegevens.geboortenaam')).submissions).toBe(4);
    });

    it('refuses what is asked wrongly, an unknown flow and a visitor without a session with the portal’s error body', async () => {
      expect((await usage('veld=toetsingsGegevens/../x')).status).toBe(400);
      expect((await usage('')).status).toBe(400);
      await expectErrorBody(await usage(`veld=${FIELD}&waarde=%7B%7D`), 400, 'UVAL-01', 'De waarde van de keuze is ongeldig.');
      await expectErrorBody(await server.fetch(`/api/beheer/flows/bestaat-niet/gebruik?veld=${FIELD}`, { headers: withBeheer(page, admin) }), 404, 'UREQ-02');
      await expectErrorBody(await server.fetch(`/api/beheer/flows/${FLOW}/gebruik?veld=${FIELD}`), 401, 'UBEH-01');
    });
  });
}

defineUsage('SQLite', undefined);
if (testDatabaseUrl()) defineUsage('PostgreSQL', testDatabaseUrl());
