// Test cases in the back office over real HTTP, on SQLite and (with TEST_DATABASE_URL) PostgreSQL:
// example data stored with the outcome it gives now (which fields fail, no wording pinned); a new
// label and message fail no case that is not about wording, while a case about wording fails at its
// field until its new outcome is taken over; that adjustment belongs to the draft it was made in —
// gone with 'Concept verwijderen', kept with the version when published, not inherited by a rollback
// or a later draft of other content; 'Aanpassing verwijderen'; a case as a file in the current
// format; the coverage of the cases; the spec's error body and the role doors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, testDatabaseUrl, type Session, type TestServer } from '../helpers/server';
import { beheerLogin, BOOTSTRAP, expectErrorBody, withBeheer, type BeheerCookie } from '../helpers/beheer';
import type { CoverageAnswer, DraftAnswer, FixtureRun } from '../../src/shared/beheer';

const FLOW = 'aanleveren-documenten';
/** A flow with cases about wording: 12 and 13 pin the message of the KVK number. */
const WORDING_FLOW = 'abonneeregistratie-zorginstelling';
const PINNED = ['12-nummers-ongeldig.json', '13-nummers-met-letters.json'];
const cases = (flowId: string) => `/api/beheer/flows/${flowId}/testgevallen`;

for (const engine of [{ label: 'SQLite' }, ...(testDatabaseUrl() ? [{ label: 'PostgreSQL', databaseUrl: testDatabaseUrl() }] : [])]) {
  describe(`test cases in the back office on ${engine.label}`, () => {
    let server: TestServer;
    let page: Session;
    let admin: BeheerCookie;
    let publicist: BeheerCookie;

    const as = (who: BeheerCookie) => withBeheer(page, who);
    const get = async <T>(path: string, who = admin) => (await (await server.fetch(path, { headers: as(who) })).json()) as T;
    const draft = (flowId: string) => get<DraftAnswer>(`/api/beheer/flows/${flowId}/concept`);
    /** The draft as last read, as 'Publiceren' sends it along. */
    const seen = async (flowId: string) => ({ updatedAt: (await draft(flowId)).draft!.updatedAt });
    const post = (path: string, body: unknown, who = admin) => server.postJson(path, body, page, as(who));
    const remove = (path: string, who = admin) => server.fetch(path, { method: 'DELETE', headers: as(who) });
    const failing = (runs: FixtureRun[]) => runs.filter((run) => run.problems.length > 0).map((run) => run.name);
    const adjusted = (runs: FixtureRun[]) => Object.fromEntries(runs.filter((run) => run.adjustment).map((run) => [run.name, run.adjustment]));
    const overview = async (flowId: string) =>
      (await get<{ flows: { id: string; fixtures: { total: number; failed: number } }[] }>('/api/beheer/flows')).flows.find((flow) => flow.id === flowId)!
        .fixtures;

    /** Starts a draft and saves it with its document changed by `edit` (the text as written). */
    async function draftWith(flowId: string, edit: (document: string) => string): Promise<DraftAnswer> {
      const started = (await (await post(`/api/beheer/flows/${flowId}/concept`, {})).json()) as DraftAnswer;
      const source = started.draft!.source;
      const document = edit(source.document);
      expect(document).not.toBe(source.document);
      const saved = await server.fetch(`/api/beheer/flows/${flowId}/concept`, {
        method: 'PUT',
        headers: { ...as(admin), 'content-type': 'application/json' },
        body: JSON.stringify({ ...source, document }),
      });
      expect(saved.status).toBe(200);
      return (await saved.json()) as DraftAnswer;
    }
    const relabel = (document: string) => document.replace('"title": "KVK-nummer"', '"title": "Nummer in het Handelsregister"');

    beforeAll(async () => {
      server = await startServer({
        databaseUrl: engine.databaseUrl,
        env: { BEHEER_ADMIN_EMAIL: BOOTSTRAP.email, BEHEER_ADMIN_PASSWORD: BOOTSTRAP.password, BEHEER_LOGIN_RATE_LIMIT_MAX: '1000' },
      });
      page = await server.session('/beheer');
      admin = await beheerLogin(server, page);
      expect((await post('/api/beheer/accounts', { email: 'publicist@example.nl', wachtwoord: 'een-lang-wachtwoord', rollen: ['publicist'] })).status).toBe(
        201,
      );
      publicist = await beheerLogin(server, page, { email: 'publicist@example.nl', password: 'een-lang-wachtwoord' });
    });
    afterAll(async () => server?.close());

    it('stores data with the outcome it gives now, under a name of its own; its file is in the current format', async () => {
      const data = { gegevens: { abonneeNaam: 'Zorggroep Noord', naamContactpersoon: 'Jansen' } };
      const added = await post(cases(FLOW), { description: 'Alleen naam en contactpersoon', step: 'stap1', data });
      expect(added.status).toBe(201);
      const body = (await added.json()) as { name: string; run: FixtureRun };
      expect(body.name).toBe('beheer-alleen-naam-en-contactpersoon.json');
      expect(body.run).toMatchObject({ source: 'beheer', adjustment: null, step: 'stap1', wording: [], problems: [], differences: [] });
      const again = (await (await post(cases(FLOW), { description: 'Alleen naam en contactpersoon', data })).json()) as { name: string };
      expect(again.name).toBe('beheer-alleen-naam-en-contactpersoon-2.json');

      const file = await server.fetch(`${cases(FLOW)}/${body.name}/bestand`, { headers: as(publicist) });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${body.name}"`);
      expect(await file.json()).toEqual({
        description: 'Alleen naam en contactpersoon',
        step: 'stap1',
        data,
        expected: { valid: false, failing: ['gegevens.emailAdresContactpersoon'] },
      });
      expect((await remove(`${cases(FLOW)}/${again.name}`)).status).toBe(204);
    });

    it('a new label and message fail no case that is not about wording: the draft publishes as it is', async () => {
      const saved = await draftWith(FLOW, (document) =>
        document.replace('"title": "Naam abonnee" }', '"title": "Naam van de abonnee", "x-messages": { "required": "Vul de naam van de abonnee in." } }'),
      );
      expect(saved.findings.filter((finding) => finding.severity === 'error')).toEqual([]);
      expect(saved.fixtures.length).toBeGreaterThan(20);
      expect(failing(saved.fixtures)).toEqual([]);
      expect((await post(`/api/beheer/flows/${FLOW}/publiceren`, { note: 'Nieuw label', ...(await seen(FLOW)) }, publicist)).status).toBe(200);
      expect(await overview(FLOW)).toMatchObject({ failed: 0 });
    });

    it('a case about wording fails at its field until the new outcome is taken over; deleting the draft takes the adjustment along', async () => {
      const saved = await draftWith(WORDING_FLOW, relabel);
      expect(failing(saved.fixtures)).toEqual(PINNED);
      const run = saved.fixtures.find((entry) => entry.name === PINNED[0])!;
      expect(run.wording.map((field) => field.field)).toContain('organisatie.kvkNummer');
      const difference = run.differences.find((entry) => entry.field === 'organisatie.kvkNummer')!;
      expect(difference).toMatchObject({ label: 'Nummer in het Handelsregister', expected: { state: 'message' }, actual: { state: 'message' } });
      expect(difference.expected).not.toEqual(difference.actual);
      expect(run.differences.map((entry) => entry.field)).toEqual(['organisatie.kvkNummer']);
      await expectErrorBody(
        await post(`/api/beheer/flows/${WORDING_FLOW}/publiceren`, { note: 'Nieuw label', ...(await seen(WORDING_FLOW)) }, publicist),
        400,
        'UBEH-08',
        'Niet gepubliceerd: niet alle testgevallen slagen.',
      );

      // Taking over is for editors only; a case that does not exist is a 404 with the spec's body.
      expect((await post(`${cases(WORDING_FLOW)}/${PINNED[0]}/overnemen`, {}, publicist)).status).toBe(403);
      await expectErrorBody(await post(`${cases(WORDING_FLOW)}/bestaat-niet.json/overnemen`, {}), 404, 'UREQ-02');
      for (const name of PINNED) expect((await post(`${cases(WORDING_FLOW)}/${name}/overnemen`, {})).status).toBe(204);
      const after = await draft(WORDING_FLOW);
      expect(failing(after.fixtures)).toEqual([]);
      expect(adjusted(after.fixtures)).toEqual({ [PINNED[0]]: 'concept', [PINNED[1]]: 'concept' });
      expect(after.fixtures.find((entry) => entry.name === PINNED[0])?.source).toBe('aangepast');
      // The file of an adjusted case gives the outcome in effect, still pinning the wording of the same field.
      const file = (await (await server.fetch(`${cases(WORDING_FLOW)}/${PINNED[0]}/bestand`, { headers: as(admin) })).json()) as {
        expected: { wording: Record<string, string> };
      };
      expect(file.expected.wording['organisatie.kvkNummer']).toContain('Nummer in het Handelsregister');
      // The published version keeps its own expectation meanwhile.
      expect(await overview(WORDING_FLOW)).toMatchObject({ failed: 0 });

      // 'Concept verwijderen': the adjustments go with the draft; the next draft starts clean.
      const { id } = (await server.storage.beheer.getDraft(WORDING_FLOW))!;
      expect(await server.storage.beheer.listFixtureAdjustments(WORDING_FLOW, { draftId: id })).toHaveLength(2);
      expect((await remove(`/api/beheer/flows/${WORDING_FLOW}/concept`)).status).toBe(204);
      expect(await server.storage.beheer.listFixtureAdjustments(WORDING_FLOW, { draftId: id })).toEqual([]);
      const next = (await (await post(`/api/beheer/flows/${WORDING_FLOW}/concept`, {})).json()) as DraftAnswer;
      expect(failing(next.fixtures)).toEqual([]);
      expect(adjusted(next.fixtures)).toEqual({});
      expect((await remove(`/api/beheer/flows/${WORDING_FLOW}/concept`)).status).toBe(204);
    });

    it('a published draft leaves its adjustments with that version; a rollback and the drafts after it do not inherit them', async () => {
      const versionBefore = (await get<{ versions: { version: number; state: string }[] }>(`/api/beheer/flows/${WORDING_FLOW}/geschiedenis`)).versions.find(
        (entry) => entry.state === 'published',
      )!.version;
      await draftWith(WORDING_FLOW, relabel);
      for (const name of PINNED) expect((await post(`${cases(WORDING_FLOW)}/${name}/overnemen`, {})).status).toBe(204);
      expect((await post(`/api/beheer/flows/${WORDING_FLOW}/publiceren`, { note: 'Nieuw label', ...(await seen(WORDING_FLOW)) }, publicist)).status).toBe(200);
      expect(await overview(WORDING_FLOW)).toMatchObject({ failed: 0 });

      // A draft from the published version uses them: the new wording holds there.
      const later = (await (await post(`/api/beheer/flows/${WORDING_FLOW}/concept`, {})).json()) as DraftAnswer;
      expect(failing(later.fixtures)).toEqual([]);
      expect(adjusted(later.fixtures)).toEqual({ [PINNED[0]]: 'versie', [PINNED[1]]: 'versie' });
      // 'Aanpassing verwijderen': without it the case expects the old wording again, here too.
      expect((await remove(`${cases(WORDING_FLOW)}/${PINNED[0]}/aanpassing`)).status).toBe(204);
      expect(failing((await draft(WORDING_FLOW)).fixtures)).toEqual([PINNED[0]]);
      await expectErrorBody(await remove(`${cases(WORDING_FLOW)}/${PINNED[0]}/aanpassing`), 404, 'UREQ-02', 'Dit testgeval heeft geen aanpassing.');
      expect((await post(`${cases(WORDING_FLOW)}/${PINNED[0]}/overnemen`, {})).status).toBe(204);
      expect((await remove(`/api/beheer/flows/${WORDING_FLOW}/concept`)).status).toBe(204);

      // Rolled back to the version before: its cases run against their own expectation, and so does a new draft.
      expect(
        (await post(`/api/beheer/flows/${WORDING_FLOW}/terugzetten`, { version: versionBefore, note: 'Terug naar het oude label' }, publicist)).status,
      ).toBe(200);
      expect(await overview(WORDING_FLOW)).toMatchObject({ failed: 0 });
      const fresh = (await (await post(`/api/beheer/flows/${WORDING_FLOW}/concept`, {})).json()) as DraftAnswer;
      expect(failing(fresh.fixtures)).toEqual([]);
      expect(adjusted(fresh.fixtures)).toEqual({});
      expect((await remove(`/api/beheer/flows/${WORDING_FLOW}/concept`)).status).toBe(204);
    });

    it('maps what the cases reach of the draft, or of the published version without one', async () => {
      const published = await get<CoverageAnswer>(`/api/beheer/flows/${FLOW}/dekking`, publicist);
      expect(published.concept).toBe(false);
      expect(published.coverage.flowId).toBe(FLOW);
      const gap = published.coverage.items.find((item) => !item.reached && item.field === 'abonneeNaam' && item.message?.key === 'maxLength')!;
      expect(gap.text).toMatch(
        /^Melding ‘Het veld … is ongeldig\. Er mogen maximaal \d+ tekens ingevuld worden\.’ van ‘Naam van de abonnee’ komt in geen testgeval voor\.$/,
      );

      // A case that goes past the limit reaches it.
      expect((await post(`/api/beheer/flows/${FLOW}/concept`, {})).status).toBe(201);
      const long = 'x'.repeat(1000);
      expect((await post(cases(FLOW), { description: 'Te lange naam', step: 'stap1', data: { gegevens: { abonneeNaam: long } } })).status).toBe(201);
      const covered = await get<CoverageAnswer>(`/api/beheer/flows/${FLOW}/dekking`);
      expect(covered.concept).toBe(true);
      expect(covered.coverage.items.find((item) => item.id === gap.id)?.reached).toBe(true);
      expect(covered.coverage.cases).toBe(published.coverage.cases + 1);
      expect((await remove(`${cases(FLOW)}/beheer-te-lange-naam.json`)).status).toBe(204);
      expect((await remove(`/api/beheer/flows/${FLOW}/concept`)).status).toBe(204);
      expect((await server.fetch(`/api/beheer/flows/${FLOW}/dekking`)).status).toBe(401);
      await expectErrorBody(await server.fetch('/api/beheer/flows/bestaat-niet/dekking', { headers: as(admin) }), 404, 'UREQ-02');
    });

    it('refuses bad input with the spec error body and keeps nothing; doors by role', async () => {
      const before = (await get<{ flows: { id: string; fixtures: { total: number } }[] }>('/api/beheer/flows')).flows.find((flow) => flow.id === FLOW)!.fixtures
        .total;
      await expectErrorBody(await post(cases(FLOW), { description: '   ', data: {} }), 400, 'UVAL-01');
      await expectErrorBody(
        await post(cases(FLOW), { description: 'Onbekende stap', step: 'stap9', data: {} }),
        400,
        'UVAL-01',
        'Deze stap bestaat niet in de flow.',
      );
      expect((await post(cases(FLOW), { description: 'Zonder gegevens' })).status).toBe(400);
      expect((await post(cases(FLOW), { description: 'Als redacteur', data: {} }, publicist)).status).toBe(403);
      expect(
        (
          await server.fetch(cases(FLOW), {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: page.cookie, 'x-xsrf-token': page.token },
            body: '{}',
          })
        ).status,
      ).toBe(401);
      // A repository case without an adjustment has nothing to forget.
      await expectErrorBody(await remove(`${cases(FLOW)}/03-alles-leeg.json`), 404, 'UREQ-02');
      expect(
        (await get<{ flows: { id: string; fixtures: { total: number } }[] }>('/api/beheer/flows')).flows.find((flow) => flow.id === FLOW)!.fixtures.total,
      ).toBe(before);
    });
  });
}
