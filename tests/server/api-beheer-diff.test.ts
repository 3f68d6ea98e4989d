// The differences between two versions of a flow, or a version and the draft, in words, over real
// HTTP: a label change read from the draft and from the published versions both ways, and the
// spec's error body for what does not exist or is asked wrongly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Session, type TestServer } from '../helpers/server';
import { beheerLogin, BOOTSTRAP, expectErrorBody, withBeheer, type BeheerCookie } from '../helpers/beheer';
import type { DiffAnswer, DraftAnswer } from '../../src/shared/beheer';

const FLOW = 'aanleveren-documenten';
const DIFF = `/api/beheer/flows/${FLOW}/verschillen`;
const SENTENCE = 'Label van veld ‘abonneeNaam’ gewijzigd van ‘Naam abonnee’ naar ‘Naam van de abonnee’.';

describe('differences between versions in words', () => {
  let server: TestServer;
  let page: Session;
  let admin: BeheerCookie;
  const as = () => withBeheer(page, admin);
  const diff = (query = '') => server.fetch(`${DIFF}${query}`, { headers: as() });

  beforeAll(async () => {
    server = await startServer({ env: { BEHEER_ADMIN_EMAIL: BOOTSTRAP.email, BEHEER_ADMIN_PASSWORD: BOOTSTRAP.password } });
    page = await server.session('/beheer');
    admin = await beheerLogin(server, page);
  });
  afterAll(async () => server?.close());

  it('names a changed label between the published version and the draft, and between versions both ways', async () => {
    await expectErrorBody(await diff(), 404, 'UREQ-02', 'Deze flow heeft geen concept.');
    const started = (await (await server.postJson(`/api/beheer/flows/${FLOW}/concept`, {}, page, as())).json()) as DraftAnswer;
    const source = started.draft!.source;
    expect(((await (await diff()).json()) as DiffAnswer).changes).toEqual([]);
    const document = source.document.replace('"title": "Naam abonnee"', '"title": "Naam van de abonnee"');
    const saved = await server.fetch(`/api/beheer/flows/${FLOW}/concept`, {
      method: 'PUT',
      headers: { ...as(), 'content-type': 'application/json' },
      body: JSON.stringify({ ...source, document }),
    });
    expect(saved.status).toBe(200);

    const draft = (await (await diff()).json()) as DiffAnswer;
    expect(draft.from).toEqual({ version: 1, label: 'Versie 1' });
    expect(draft.to).toEqual({ version: null, label: 'Concept' });
    expect(draft.changes.map((change) => change.text)).toContain(SENTENCE);

    const { updatedAt } = ((await saved.json()) as DraftAnswer).draft!;
    expect((await server.postJson(`/api/beheer/flows/${FLOW}/publiceren`, { note: 'Nieuw label', updatedAt }, page, as())).status).toBe(200);
    const forward = (await (await diff('?van=1&naar=2')).json()) as DiffAnswer;
    expect(forward.changes.map((change) => change.text)).toEqual([SENTENCE]);
    const back = (await (await diff('?van=2&naar=1')).json()) as DiffAnswer;
    expect(back.changes.map((change) => change.text)).toEqual(['Label van veld ‘abonneeNaam’ gewijzigd van ‘Naam van de abonnee’ naar ‘Naam abonnee’.']);
  });

  it('answers what does not exist or is asked wrongly with the spec error body', async () => {
    await expectErrorBody(await diff('?van=9&naar=1'), 404, 'UREQ-02', 'Versie 9 bestaat niet.');
    expect((await diff('?van=nul')).status).toBe(400);
    await expectErrorBody(await server.fetch('/api/beheer/flows/bestaat-niet/verschillen', { headers: as() }), 404, 'UREQ-02');
    expect((await server.fetch(`${DIFF}?van=1&naar=2`)).status).toBe(401);
  });
});
