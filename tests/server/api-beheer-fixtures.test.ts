// Test cases added in the back office over real HTTP: example data stored with the outcome it gives
// now; a deliberate label change that makes repository fixtures fail, shown per field, blocks
// publishing until the new outcome is taken over; the taken-over copy stands in the repository
// fixture's place until it is deleted; a case as a file; the spec's error body and the role doors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Session, type TestServer } from '../helpers/server';
import { beheerLogin, BOOTSTRAP, expectErrorBody, withBeheer, type BeheerCookie } from '../helpers/beheer';
import type { DraftAnswer, FixtureRun } from '../../src/shared/beheer';

const FLOW = 'aanleveren-documenten';
const CASES = `/api/beheer/flows/${FLOW}/testgevallen`;

describe('test cases in the back office', () => {
  let server: TestServer;
  let page: Session;
  let admin: BeheerCookie;
  let publicist: BeheerCookie;

  const as = (who: BeheerCookie) => withBeheer(page, who);
  const draft = async () => (await (await server.fetch(`/api/beheer/flows/${FLOW}/concept`, { headers: as(admin) })).json()) as DraftAnswer;
  const post = (path: string, body: unknown, who = admin) => server.postJson(path, body, page, as(who));

  beforeAll(async () => {
    server = await startServer({ env: { BEHEER_ADMIN_EMAIL: BOOTSTRAP.email, BEHEER_ADMIN_PASSWORD: BOOTSTRAP.password, BEHEER_LOGIN_RATE_LIMIT_MAX: '1000' } });
    page = await server.session('/beheer');
    admin = await beheerLogin(server, page);
    expect((await post('/api/beheer/accounts', { email: 'publicist@example.nl', wachtwoord: 'een-lang-wachtwoord', rollen: ['publicist'] })).status).toBe(201);
    publicist = await beheerLogin(server, page, { email: 'publicist@example.nl', password: 'een-lang-wachtwoord' });
  });
  afterAll(async () => server?.close());

  it('stores data with the outcome it gives now, under a name of its own', async () => {
    const data = { gegevens: { abonneeNaam: 'Zorggroep Noord', naamContactpersoon: 'Jansen' } };
    const added = await post(CASES, { description: 'Alleen naam en contactpersoon', step: 'stap1', data });
    expect(added.status).toBe(201);
    const body = (await added.json()) as { name: string; run: FixtureRun };
    expect(body.name).toBe('beheer-alleen-naam-en-contactpersoon.json');
    expect(body.run).toMatchObject({ source: 'beheer', step: 'stap1', problems: [], differences: [] });
    const again = (await (await post(CASES, { description: 'Alleen naam en contactpersoon', data })).json()) as { name: string };
    expect(again.name).toBe('beheer-alleen-naam-en-contactpersoon-2.json');

    const file = await server.fetch(`${CASES}/${body.name}/bestand`, { headers: as(publicist) });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${body.name}"`);
    expect(await file.json()).toEqual({
      description: 'Alleen naam en contactpersoon',
      step: 'stap1',
      data,
      expected: { valid: false, errors: { 'gegevens.emailAdresContactpersoon': "Het veld 'E-mailadres contactpersoon' is niet ingevuld." } },
    });
    expect((await server.fetch(`/api/beheer/flows/${FLOW}/testgevallen/${again.name}`, { method: 'DELETE', headers: as(admin) })).status).toBe(204);
  });

  it('a label change fails the fixtures that spell it out, per field, until the new outcome is taken over', async () => {
    const started = (await (await post(`/api/beheer/flows/${FLOW}/concept`, {})).json()) as DraftAnswer;
    const source = started.draft!.source;
    const relabelled = source.document.replace('"title": "Naam abonnee"', '"title": "Naam van de abonnee"');
    const saved = await server.fetch(`/api/beheer/flows/${FLOW}/concept`, { method: 'PUT', headers: { ...as(admin), 'content-type': 'application/json' }, body: JSON.stringify({ ...source, document: relabelled }) });
    expect(saved.status).toBe(200);
    const failing = (await draft()).fixtures.filter((run) => run.problems.length > 0);
    const empty = failing.find((run) => run.name === '03-alles-leeg.json');
    expect(empty?.source).toBe('repository');
    expect(empty?.differences).toContainEqual({ field: 'gegevens.abonneeNaam', expected: "Het veld 'Naam abonnee' is niet ingevuld.", actual: "Het veld 'Naam van de abonnee' is niet ingevuld." });

    const refused = await post(`/api/beheer/flows/${FLOW}/publiceren`, { note: 'Nieuw label' }, publicist);
    await expectErrorBody(refused, 400, 'UBEH-08', 'Niet gepubliceerd: niet alle testgevallen slagen.');

    // Taking over is for editors only; a case that does not exist is a 404 with the spec's body.
    expect((await post(`${CASES}/03-alles-leeg.json/overnemen`, {}, publicist)).status).toBe(403);
    await expectErrorBody(await post(`${CASES}/bestaat-niet.json/overnemen`, {}), 404, 'UREQ-02');
    for (const run of failing) expect((await post(`${CASES}/${run.name}/overnemen`, {})).status).toBe(204);
    const after = await draft();
    expect(after.fixtures.every((run) => run.problems.length === 0)).toBe(true);
    expect(after.fixtures.find((run) => run.name === '03-alles-leeg.json')?.source).toBe('aangepast');

    const published = await post(`/api/beheer/flows/${FLOW}/publiceren`, { note: 'Nieuw label' }, publicist);
    expect(published.status).toBe(200);
    const overview = (await (await server.fetch('/api/beheer/flows', { headers: as(admin) })).json()) as { flows: { id: string; fixtures: { failed: number } }[] };
    expect(overview.flows.find((flow) => flow.id === FLOW)?.fixtures.failed).toBe(0);

    // Without its copy, the repository fixture speaks again (and now fails against the new label).
    expect((await server.fetch(`${CASES}/03-alles-leeg.json`, { method: 'DELETE', headers: as(admin) })).status).toBe(204);
    const again = (await (await server.fetch('/api/beheer/flows', { headers: as(admin) })).json()) as { flows: { id: string; fixtures: { failed: number } }[] };
    expect(again.flows.find((flow) => flow.id === FLOW)?.fixtures.failed).toBe(1);
    await expectErrorBody(await server.fetch(`${CASES}/03-alles-leeg.json`, { method: 'DELETE', headers: as(admin) }), 404, 'UREQ-02');
  });

  it('refuses bad input with the spec error body and keeps nothing; doors by role', async () => {
    const before = (await draft()).fixtures.length;
    await expectErrorBody(await post(CASES, { description: '   ', data: {} }), 400, 'UVAL-01');
    await expectErrorBody(await post(CASES, { description: 'Onbekende stap', step: 'stap9', data: {} }), 400, 'UVAL-01', 'Deze stap bestaat niet in de flow.');
    expect((await post(CASES, { description: 'Zonder gegevens' })).status).toBe(400);
    expect((await post(CASES, { description: 'Als redacteur', data: {} }, publicist)).status).toBe(403);
    expect((await server.fetch(CASES, { method: 'POST', headers: { 'content-type': 'application/json', cookie: page.cookie, 'x-xsrf-token': page.token }, body: '{}' })).status).toBe(401);
    expect((await draft()).fixtures.length).toBe(before);
  });
});
