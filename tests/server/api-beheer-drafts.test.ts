// A flow's draft through the back office over real HTTP: started from the published version, saved
// with its findings (a broken value is kept, with its JSON pointer, and blocks publishing), its
// fixtures run on the server (a failing one blocks publishing), the four-eyes rule, publishing
// (applicants get it at once), rolling back, the history, and the doors of each role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Session, type TestServer } from '../helpers/server';
import { beheerLogin, BOOTSTRAP, expectErrorBody, withBeheer, type BeheerCookie } from '../helpers/beheer';

const FLOW = 'aanleveren-documenten';

interface DraftAnswer {
  draft: { source: { document: string; english?: string }; updatedAt: string; approvedBy: string | null } | null;
  findings: { severity: string; pointer: string | null; message: string }[];
  fixtures: { file: string; problems: string[] }[];
}

describe('drafts, publishing and rolling back in the back office', () => {
  let server: TestServer;
  let page: Session;
  let admin: BeheerCookie;
  let publicist: BeheerCookie;
  let editor: BeheerCookie;

  const as = (who: BeheerCookie) => withBeheer(page, who);
  const put = (who: BeheerCookie, source: { document: string; english?: string }) =>
    server.fetch(`/api/beheer/flows/${FLOW}/concept`, {
      method: 'PUT',
      headers: { ...as(who), 'content-type': 'application/json' },
      body: JSON.stringify(source),
    });
  const stepTitle = async () => (await (await server.fetch(`/api/flows/${FLOW}`)).json()) as { flow: { steps: { title: string }[] }; version: number };

  beforeAll(async () => {
    server = await startServer({
      env: {
        BEHEER_ADMIN_EMAIL: BOOTSTRAP.email,
        BEHEER_ADMIN_PASSWORD: BOOTSTRAP.password,
        BEHEER_VIER_OGEN: 'true',
        BEHEER_VIER_OGEN_ACCOUNT_DAGEN: '0',
        BEHEER_LOGIN_RATE_LIMIT_MAX: '1000',
      },
    });
    page = await server.session('/beheer');
    admin = await beheerLogin(server, page);
    for (const [email, rollen] of [
      ['publicist@example.nl', ['publicist']],
      ['redacteur@example.nl', ['redacteur']],
    ] as const) {
      const created = await server.postJson('/api/beheer/accounts', { email, wachtwoord: 'een-lang-wachtwoord', rollen }, page, as(admin));
      expect(created.status).toBe(201);
    }
    publicist = await beheerLogin(server, page, { email: 'publicist@example.nl', password: 'een-lang-wachtwoord' });
    editor = await beheerLogin(server, page, { email: 'redacteur@example.nl', password: 'een-lang-wachtwoord' });
  });
  afterAll(async () => server?.close());

  it('says at sign-in what the session says later: the four-eyes rule and the dialog time', async () => {
    const signedIn = await server.postJson('/api/beheer/inloggen', { email: BOOTSTRAP.email, wachtwoord: BOOTSTRAP.password }, page);
    const answer = (await signedIn.json()) as { vierOgen?: boolean; sessie: { popup?: number } };
    expect(answer.vierOgen).toBe(true);
    expect(answer.sessie.popup).toBeGreaterThan(0);
  });

  it('starts, saves, approves (four eyes), publishes and rolls back a draft', async () => {
    expect(((await (await server.fetch(`/api/beheer/flows/${FLOW}/concept`, { headers: as(editor) })).json()) as DraftAnswer).draft).toBeNull();
    expect((await server.postJson(`/api/beheer/flows/${FLOW}/concept`, {}, page, as(publicist))).status).toBe(403);
    const started = await server.postJson(`/api/beheer/flows/${FLOW}/concept`, {}, page, as(editor));
    expect(started.status).toBe(201);
    const first = (await started.json()) as DraftAnswer;
    expect(first.findings.filter((finding) => finding.severity === 'error')).toEqual([]);
    expect(first.fixtures.length).toBeGreaterThan(20);
    expect(first.fixtures.every((run) => run.problems.length === 0)).toBe(true);
    const document = first.draft!.source.document;

    // A broken value is kept, with the finding at its place; publishing it is refused.
    const broken = document.replace('"title": "Naam abonnee"', '"title": "Naam abonnee", "minLength": "drie"');
    const savedBroken = (await (await put(editor, { ...first.draft!.source, document: broken })).json()) as DraftAnswer;
    expect(savedBroken.draft?.source.document).toBe(broken);
    expect(savedBroken.findings).toContainEqual(expect.objectContaining({ severity: 'error', pointer: expect.stringContaining('/abonneeNaam/minLength') }));
    const refused = await server.postJson(
      `/api/beheer/flows/${FLOW}/publiceren`,
      { note: 'kapot', updatedAt: savedBroken.draft!.updatedAt },
      page,
      as(publicist),
    );
    expect(refused.status).toBe(409); // four eyes first: not approved yet

    // A new label fails no case (none is about its wording); a limit the valid cases go past fails them.
    const relabelled = document.replace('"title": "Naam abonnee"', '"title": "Naam van de abonnee"');
    const passing = (await (await put(editor, { ...first.draft!.source, document: relabelled })).json()) as DraftAnswer;
    expect(passing.findings.filter((finding) => finding.severity === 'error')).toEqual([]);
    expect(passing.fixtures.every((run) => run.problems.length === 0)).toBe(true);
    const limited = document.replace('"title": "Naam abonnee"', '"title": "Naam abonnee", "maxLength": 5');
    const failing = (await (await put(editor, { ...first.draft!.source, document: limited })).json()) as DraftAnswer;
    expect(failing.fixtures.some((run) => run.problems.includes('verwacht geldig, kreeg ongeldig'))).toBe(true);

    // The step title is in no fixture: this one passes.
    const retitled = document.replace('"title": "Uw gegevens"', '"title": "Gegevens van de abonnee"');
    const good = (await (await put(editor, { ...first.draft!.source, document: retitled })).json()) as DraftAnswer;
    expect(good.fixtures.every((run) => run.problems.length === 0)).toBe(true);

    const notYet = await server.postJson(
      `/api/beheer/flows/${FLOW}/publiceren`,
      { note: 'Nieuwe staptitel', updatedAt: good.draft!.updatedAt },
      page,
      as(publicist),
    );
    await expectErrorBody(notYet, 409, 'UBEH-07', 'Dit concept moet eerst door een tweede persoon worden goedgekeurd.');
    const ownApproval = await server.postJson(`/api/beheer/flows/${FLOW}/concept/goedkeuren`, { updatedAt: good.draft!.updatedAt }, page, as(admin));
    expect(ownApproval.status).toBe(204); // the administrator did not write this draft
    // A later save drops the approval; approving what one saved oneself is refused.
    const resaved = (await (await put(admin, { ...first.draft!.source, document: retitled })).json()) as DraftAnswer;
    expect(resaved.draft?.approvedBy).toBeNull();
    const selfApproval = await server.postJson(`/api/beheer/flows/${FLOW}/concept/goedkeuren`, { updatedAt: resaved.draft!.updatedAt }, page, as(admin));
    await expectErrorBody(selfApproval, 403, 'UBEH-07');
    const stale = await server.postJson(`/api/beheer/flows/${FLOW}/concept/goedkeuren`, { updatedAt: good.draft!.updatedAt }, page, as(publicist));
    expect(stale.status).toBe(409);
    expect((await server.postJson(`/api/beheer/flows/${FLOW}/concept/goedkeuren`, { updatedAt: resaved.draft!.updatedAt }, page, as(publicist))).status).toBe(
      204,
    );

    const seen = { updatedAt: resaved.draft!.updatedAt };
    expect((await server.postJson(`/api/beheer/flows/${FLOW}/publiceren`, { note: 'Nieuwe staptitel', ...seen }, page, as(editor))).status).toBe(403);
    const emptyNote = await server.postJson(`/api/beheer/flows/${FLOW}/publiceren`, { note: ' ', ...seen }, page, as(publicist));
    await expectErrorBody(emptyNote, 400, 'UVAL-01', "Het veld 'Toelichting' is niet ingevuld.");
    const publish = await server.postJson(`/api/beheer/flows/${FLOW}/publiceren`, { note: 'Nieuwe staptitel', ...seen }, page, as(publicist));
    expect(publish.status).toBe(200);
    expect(await publish.json()).toEqual({ version: 2, unchanged: false });
    const after = await stepTitle();
    expect([after.version, after.flow.steps[0].title]).toEqual([2, 'Gegevens van de abonnee']);
    expect(((await (await server.fetch(`/api/beheer/flows/${FLOW}/concept`, { headers: as(editor) })).json()) as DraftAnswer).draft).toBeNull();

    const file = await server.fetch(`/api/beheer/flows/${FLOW}/versies/1/bestand`, { headers: as(editor) });
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${FLOW}-versie-1.json"`);
    expect(((await file.json()) as { document: string }).document).toContain('"title": "Uw gegevens"');

    // With four eyes a rollback is a draft for a second person (api-beheer-safety.test.ts follows it to the end).
    expect((await server.postJson(`/api/beheer/flows/${FLOW}/terugzetten`, { version: 1, note: 'Terug' }, page, as(editor))).status).toBe(403);
    const rolledBack = await server.postJson(`/api/beheer/flows/${FLOW}/terugzetten`, { version: 1, note: 'Terug naar de oude titel' }, page, as(publicist));
    expect([rolledBack.status, await rolledBack.json()]).toEqual([202, { version: null, concept: true }]);
    expect((await stepTitle()).version).toBe(2);
    const rollbackDraft = ((await (await server.fetch(`/api/beheer/flows/${FLOW}/concept`, { headers: as(editor) })).json()) as DraftAnswer).draft;
    expect(rollbackDraft?.source.document).toContain('"title": "Uw gegevens"');
    expect((await server.fetch(`/api/beheer/flows/${FLOW}/concept`, { method: 'DELETE', headers: as(editor) })).status).toBe(204);

    const history = (await (await server.fetch(`/api/beheer/flows/${FLOW}/geschiedenis`, { headers: as(editor) })).json()) as {
      history: { action: string; actor: string; version: number | null }[];
    };
    expect(history.history.map((entry) => [entry.action, entry.actor, entry.version])).toEqual([
      ['verwijderd', 'redacteur@example.nl', null],
      ['aangemaakt', 'publicist@example.nl', null],
      ['gepubliceerd', 'publicist@example.nl', 2],
      ['goedgekeurd', 'publicist@example.nl', null],
      ['bewerkt', BOOTSTRAP.email, null],
      ['goedgekeurd', BOOTSTRAP.email, null],
      ['bewerkt', 'redacteur@example.nl', null],
      ['bewerkt', 'redacteur@example.nl', null],
      ['bewerkt', 'redacteur@example.nl', null],
      ['bewerkt', 'redacteur@example.nl', null],
      ['aangemaakt', 'redacteur@example.nl', null],
      ['gepubliceerd', 'release', 1],
    ]);
  });

  it('imports a file as the draft and deletes it', async () => {
    const file = (await (await server.fetch(`/api/beheer/flows/${FLOW}/versies/1/bestand`, { headers: as(editor) })).json()) as {
      document: string;
      english?: string;
    };
    const imported = await server.postJson(
      `/api/beheer/flows/${FLOW}/concept/importeren`,
      { document: file.document, ...(file.english ? { english: file.english } : {}) },
      page,
      as(editor),
    );
    expect(imported.status).toBe(200);
    const wrongFlow = await put(editor, { document: file.document.replace(`"id": "${FLOW}"`, '"id": "een-andere-flow"') });
    const answer = (await wrongFlow.json()) as DraftAnswer;
    expect(answer.findings.some((finding) => finding.severity === 'error')).toBe(true);
    const removed = await server.fetch(`/api/beheer/flows/${FLOW}/concept`, { method: 'DELETE', headers: as(editor) });
    expect(removed.status).toBe(204);
    const again = await server.fetch(`/api/beheer/flows/${FLOW}/concept`, { method: 'DELETE', headers: as(editor) });
    await expectErrorBody(again, 404, 'UREQ-02');
  });
});
