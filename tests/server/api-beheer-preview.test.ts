// The preview of a draft over real HTTP: the draft's document per language and its validators as
// same-origin modules compiled by the server, the published version without a draft, a broken draft
// refused with the spec's body, and only for signed-in users; the editor's building blocks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Session, type TestServer } from '../helpers/server';
import { beheerLogin, BOOTSTRAP, expectErrorBody, withBeheer, type BeheerCookie } from '../helpers/beheer';
import type { BuildingBlocks, DraftAnswer } from '../../src/shared/beheer';

const FLOW = 'aanleveren-documenten';
const PREVIEW = `/api/beheer/flows/${FLOW}/voorbeeld`;

interface PreviewAnswer {
  flow: { title: string; steps: { id: string; schema: { properties: Record<string, { title?: string }> } }[] };
  hash: string;
  validators: Record<string, string>;
  concept: boolean;
}

describe('the preview of a draft', () => {
  let server: TestServer;
  let page: Session;
  let admin: BeheerCookie;
  const as = () => withBeheer(page, admin);
  const preview = async (lang = 'nl') => (await (await server.fetch(`${PREVIEW}?lang=${lang}`, { headers: as() })).json()) as PreviewAnswer;
  const put = (document: string, english?: string) =>
    server.fetch(`/api/beheer/flows/${FLOW}/concept`, {
      method: 'PUT',
      headers: { ...as(), 'content-type': 'application/json' },
      body: JSON.stringify({ document, ...(english ? { english } : {}) }),
    });

  beforeAll(async () => {
    server = await startServer({ env: { BEHEER_ADMIN_EMAIL: BOOTSTRAP.email, BEHEER_ADMIN_PASSWORD: BOOTSTRAP.password } });
    page = await server.session('/beheer');
    admin = await beheerLogin(server, page);
  });
  afterAll(async () => server?.close());

  it('shows the published version without a draft, and the draft once there is one, in Dutch and English', async () => {
    const published = await preview();
    expect(published.concept).toBe(false);
    expect(published.flow.steps[0].schema.properties.abonneeNaam.title).toBe('Naam abonnee');
    const started = (await (await server.postJson(`/api/beheer/flows/${FLOW}/concept`, {}, page, as())).json()) as DraftAnswer;
    const source = started.draft!.source;
    expect((await put(source.document.replace('"title": "Naam abonnee"', '"title": "Naam van de abonnee"'), source.english)).status).toBe(200);
    const draft = await preview();
    expect(draft.concept).toBe(true);
    expect(draft.hash).not.toBe(published.hash);
    expect(draft.flow.steps[0].schema.properties.abonneeNaam.title).toBe('Naam van de abonnee');
    expect((await preview('en')).flow.title).toBe('Submit documents');

    const url = draft.validators.stap1;
    expect(url).toMatch(new RegExp(`^${PREVIEW}/validatiemodules/stap1\\.js\\?v=`));
    const module = await server.fetch(url, { headers: as() });
    expect(module.status).toBe(200);
    expect(module.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await module.text()).toContain('export default');
    await expectErrorBody(await server.fetch(url.replace(/v=.*/, 'v=anders'), { headers: as() }), 404, 'UREQ-02');
    expect((await server.fetch(url)).status).toBe(401);
    expect((await server.fetch(PREVIEW)).status).toBe(401);
  });

  it('lists the building blocks of the structured editor: shared fields and reference lists', async () => {
    const answer = (await (await server.fetch('/api/beheer/bouwstenen', { headers: as() })).json()) as BuildingBlocks;
    expect(answer.velden).toContainEqual(
      expect.objectContaining({
        id: 'urn:uzi-portaal:veld:emailadres',
        naam: 'emailadres',
        title: 'E-mailadres',
        type: 'string',
        schema: expect.objectContaining({ format: 'email' }),
      }),
    );
    expect(answer.lijsten.TypeAanvraagOptions).toContainEqual({ value: 4, label: 'Wijziging' });
    // Per set as well: two sets have a list 'Kwaliteitsregisters' with other items; the countries are in each.
    expect(answer.lijstenPerSet['abonneeregistratie-zorgverlener'].Kwaliteitsregisters).not.toEqual(
      answer.lijstenPerSet['aanvraag-zorgverlenerpas'].Kwaliteitsregisters,
    );
    expect(answer.lijstenPerSet['aanleveren-documenten'].Landen).toContainEqual({ value: 'NL', label: 'Nederland' });
    expect((await server.fetch('/api/beheer/bouwstenen')).status).toBe(401);
  });

  it('refuses a draft with errors with the spec error body', async () => {
    const current = (await (await server.fetch(`/api/beheer/flows/${FLOW}/concept`, { headers: as() })).json()) as DraftAnswer;
    expect(
      (await put(current.draft!.source.document.replace('"title": "Naam van de abonnee"', '"title": "Naam van de abonnee", "minLength": "drie"'))).status,
    ).toBe(200);
    await expectErrorBody(await server.fetch(PREVIEW, { headers: as() }), 409, 'UBEH-06', 'Het concept bevat fouten. Los die eerst op.');
  });
});
