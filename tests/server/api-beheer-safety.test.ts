// Nothing lost, nothing irreversible by accident, over real HTTP on SQLite and (with
// TEST_DATABASE_URL) PostgreSQL: a save over a newer save of someone else is refused (409, the
// draft as it was); every save is kept and the draft goes back to an earlier one as a new save; a
// draft is published only as the person saw it, and one equal to the version in use publishes
// nothing and stays; deleting names the draft seen; a rollback with four eyes is a draft that a
// second person approves before it is published, and without four eyes it is published at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, testDatabaseUrl, type Session, type TestServer } from '../helpers/server';
import { beheerLogin, BOOTSTRAP, expectErrorBody, withBeheer, type BeheerCookie } from '../helpers/beheer';
import type { DraftAnswer, DraftSaveRow, HistoryEntry, VersionRow } from '../../src/shared/beheer';

const FLOW = 'aanleveren-documenten';
const CONCEPT = `/api/beheer/flows/${FLOW}/concept`;
const OTHERS = [
  { email: 'publicist@example.nl', password: 'een-lang-wachtwoord', rollen: ['publicist'] },
  { email: 'redacteur@example.nl', password: 'een-lang-wachtwoord', rollen: ['redacteur'] },
] as const;

interface People {
  admin: BeheerCookie;
  publicist: BeheerCookie;
  editor: BeheerCookie;
}

async function signInEveryone(server: TestServer, page: Session): Promise<People> {
  const admin = await beheerLogin(server, page);
  for (const other of OTHERS) {
    const created = await server.postJson(
      '/api/beheer/accounts',
      { email: other.email, wachtwoord: other.password, rollen: other.rollen },
      page,
      withBeheer(page, admin),
    );
    expect(created.status).toBe(201);
  }
  return { admin, publicist: await beheerLogin(server, page, OTHERS[0]), editor: await beheerLogin(server, page, OTHERS[1]) };
}

/** The calls of this file, as one signed-in person. */
function client(server: TestServer, page: Session) {
  const as = (who: BeheerCookie) => withBeheer(page, who);
  const json = (who: BeheerCookie, method: string, path: string, body?: unknown) =>
    server.fetch(path, {
      method,
      headers: { ...as(who), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    get: async <T>(who: BeheerCookie, path: string) => (await (await server.fetch(path, { headers: as(who) })).json()) as T,
    post: (who: BeheerCookie, path: string, body: unknown) => json(who, 'POST', path, body),
    save: (who: BeheerCookie, body: { document: string; english?: string; updatedAt?: string; automatisch?: boolean }) => json(who, 'PUT', CONCEPT, body),
    remove: (who: BeheerCookie, body?: { updatedAt: string }) => json(who, 'DELETE', CONCEPT, body),
    draft: async (who: BeheerCookie) => (await (await server.fetch(CONCEPT, { headers: as(who) })).json()) as DraftAnswer,
  };
}

const answerOf = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as DraftAnswer;
};

for (const engine of [{ label: 'SQLite' }, ...(testDatabaseUrl() ? [{ label: 'PostgreSQL', databaseUrl: testDatabaseUrl() }] : [])]) {
  describe(`saving, publishing and rolling back safely on ${engine.label} (four eyes)`, () => {
    let server: TestServer;
    let page: Session;
    let people: People;
    let api: ReturnType<typeof client>;

    beforeAll(async () => {
      server = await startServer({
        databaseUrl: engine.databaseUrl,
        env: {
          BEHEER_ADMIN_EMAIL: BOOTSTRAP.email,
          BEHEER_ADMIN_PASSWORD: BOOTSTRAP.password,
          BEHEER_VIER_OGEN: 'true',
          BEHEER_VIER_OGEN_ACCOUNT_DAGEN: '0',
          BEHEER_LOGIN_RATE_LIMIT_MAX: '1000',
        },
      });
      page = await server.session('/beheer');
      people = await signInEveryone(server, page);
      api = client(server, page);
    });
    afterAll(async () => server?.close());

    it('refuses a save over a newer save, says by whom, and keeps the draft as it was', async () => {
      const { admin, editor } = people;
      const started = await answerOf(await api.post(editor, CONCEPT, {}));
      const source = started.draft!.source;
      const seenByEditor = started.draft!.updatedAt;
      const byAdmin = await answerOf(
        await api.save(admin, {
          ...source,
          document: source.document.replace('"title": "Uw gegevens"', '"title": "Door de beheerder"'),
          updatedAt: seenByEditor,
        }),
      );

      const stale = await api.save(editor, {
        ...source,
        document: source.document.replace('"title": "Uw gegevens"', '"title": "Door de redacteur"'),
        updatedAt: seenByEditor,
        automatisch: true,
      });
      const body = (await stale.clone().json()) as { detail: string; errors: { extraInfo: string[] }[] };
      await expectErrorBody(stale, 409, 'UBEH-09');
      expect(body.detail).toMatch(
        /^Dit concept is om \d\d:\d\d opgeslagen door beheer@example\.nl\. Uw wijzigingen zijn niet opgeslagen; ze staan nog op het scherm\.$/,
      );
      expect(body.errors[0].extraInfo).toEqual([byAdmin.draft!.updatedAt, BOOTSTRAP.email]);
      expect((await api.draft(editor)).draft?.source.document).toContain('"title": "Door de beheerder"');

      // The same person in another window is told so; knowing the newer save, the editor may save over it.
      const ownStale = await api.save(admin, { ...source, updatedAt: seenByEditor });
      expect(((await ownStale.json()) as { detail: string }).detail).toContain('opgeslagen door u, in een ander venster.');
      const over = await answerOf(
        await api.save(editor, {
          ...source,
          document: source.document.replace('"title": "Uw gegevens"', '"title": "Door de redacteur"'),
          updatedAt: byAdmin.draft!.updatedAt,
        }),
      );
      expect(over.draft?.source.document).toContain('"title": "Door de redacteur"');
      await expectErrorBody(await api.save(editor, { ...source, updatedAt: 'gisteren' }), 400, 'UREQ-01');

      // A draft deleted meanwhile is not brought back by a save that still had it on screen.
      expect((await api.remove(admin, { updatedAt: over.draft!.updatedAt })).status).toBe(204);
      const gone = await api.save(editor, { ...source, updatedAt: over.draft!.updatedAt, automatisch: true });
      await expectErrorBody(gone, 409, 'UBEH-09', 'Dit concept is intussen verwijderd. Uw wijzigingen zijn niet opgeslagen; ze staan nog op het scherm.');
      expect((await api.draft(editor)).draft).toBeNull();
    });

    it('keeps every save, goes back to an earlier one as a new save, and forgets them with the draft', async () => {
      const { admin, editor } = people;
      const started = await answerOf(await api.post(editor, CONCEPT, {}));
      const source = started.draft!.source;
      let updatedAt = started.draft!.updatedAt;
      const typed = async (title: string, automatisch = true) => {
        const saved = await answerOf(
          await api.save(editor, { ...source, document: source.document.replace('"title": "Uw gegevens"', `"title": "${title}"`), updatedAt, automatisch }),
        );
        updatedAt = saved.draft!.updatedAt;
        return saved;
      };
      await typed('Eerste titel', false);
      await typed('Tweede titel');
      await typed('Derde titel'); // an automatic save right after the last: the same kept save
      const list = async () => (await api.get<{ saves: DraftSaveRow[] }>(editor, `${CONCEPT}/eerdere-versies`)).saves;
      const saves = await list();
      expect(saves.map((save) => [save.kind, save.savedBy, save.summary])).toEqual([
        ['automatisch', 'redacteur@example.nl', 'Titel van stap 1 gewijzigd van ‘Eerste titel’ naar ‘Derde titel’.'],
        ['opgeslagen', 'redacteur@example.nl', 'Titel van stap 1 gewijzigd van ‘Uw gegevens’ naar ‘Eerste titel’.'],
        ['gestart', 'redacteur@example.nl', 'Gestart vanaf versie 1.'],
      ]);
      // Automatic saves add no line to the flow's history while the same person goes on editing.
      const history = await api.get<{ history: HistoryEntry[] }>(editor, `/api/beheer/flows/${FLOW}/geschiedenis`);
      expect(history.history.slice(0, 3).map((entry) => [entry.action, entry.actor])).toEqual([
        ['bewerkt', 'redacteur@example.nl'],
        ['aangemaakt', 'redacteur@example.nl'],
        ['verwijderd', BOOTSTRAP.email],
      ]);

      // Back to the first save: a new save, so it can be undone the same way.
      const restore = `${CONCEPT}/eerdere-versies/${saves[1].id}/terugzetten`;
      await expectErrorBody(await api.post(editor, restore, { updatedAt: started.draft!.updatedAt }), 409, 'UBEH-09');
      expect((await api.post(people.publicist, restore, { updatedAt })).status).toBe(403);
      const restored = await answerOf(await api.post(editor, restore, { updatedAt }));
      expect(restored.draft?.source.document).toContain('"title": "Eerste titel"');
      expect(restored.findings.filter((finding) => finding.severity === 'error')).toEqual([]);
      const after = await list();
      expect(after.map((save) => [save.kind, save.summary])[0]).toEqual(['hersteld', 'Titel van stap 1 gewijzigd van ‘Derde titel’ naar ‘Eerste titel’.']);
      expect(after).toHaveLength(4);
      await expectErrorBody(
        await api.post(editor, `${CONCEPT}/eerdere-versies/bestaat-niet/terugzetten`, { updatedAt: restored.draft!.updatedAt }),
        404,
        'UREQ-02',
      );

      // Deleting names the draft seen; the history goes with it.
      await expectErrorBody(
        await api.remove(admin, { updatedAt }),
        409,
        'UBEH-09',
        `Dit concept is om ${timeOf(restored.draft!.updatedAt)} opgeslagen door redacteur@example.nl. Het is niet verwijderd; bekijk het eerst opnieuw.`,
      );
      expect((await api.remove(admin, { updatedAt: restored.draft!.updatedAt })).status).toBe(204);
      expect(await server.storage.beheer.listDraftSaves(FLOW)).toEqual([]);
      await expectErrorBody(await server.fetch(`${CONCEPT}/eerdere-versies`, { headers: withBeheer(page, editor) }), 404, 'UREQ-02');
    });

    it('publishes only the draft as seen, and one equal to the version in use publishes nothing and stays', async () => {
      const { admin, publicist, editor } = people;
      const started = await answerOf(await api.post(editor, CONCEPT, {}));
      const publish = (body: unknown) => api.post(publicist, `/api/beheer/flows/${FLOW}/publiceren`, body);
      expect((await api.post(admin, `${CONCEPT}/goedkeuren`, { updatedAt: started.draft!.updatedAt })).status).toBe(204);

      await expectErrorBody(await publish({ note: 'Zonder te zeggen welk concept' }), 400, 'UREQ-01');
      const unchanged = await publish({ note: 'Niets', updatedAt: started.draft!.updatedAt });
      await expectErrorBody(
        unchanged,
        409,
        'UBEH-10',
        'Er is niets gewijzigd: het concept is gelijk aan versie 1, die aanvragers nu krijgen. Er is niets gepubliceerd; het concept blijft bewaard.',
      );
      expect((await api.draft(editor)).draft?.updatedAt).toBe(started.draft!.updatedAt);
      expect((await api.get<{ versions: VersionRow[] }>(editor, `/api/beheer/flows/${FLOW}/geschiedenis`)).versions).toHaveLength(1);

      // Saved after the publicist looked: what the publicist saw is not published.
      const source = started.draft!.source;
      const changed = await answerOf(
        await api.save(editor, {
          ...source,
          document: source.document.replace('"title": "Uw gegevens"', '"title": "Gegevens van de abonnee"'),
          updatedAt: started.draft!.updatedAt,
        }),
      );
      const stale = await publish({ note: 'Wat ik zag', updatedAt: started.draft!.updatedAt });
      expect(((await stale.clone().json()) as { detail: string }).detail).toContain('Er is niets gepubliceerd; bekijk het concept opnieuw.');
      await expectErrorBody(stale, 409, 'UBEH-09');
      expect((await api.post(admin, `${CONCEPT}/goedkeuren`, { updatedAt: changed.draft!.updatedAt })).status).toBe(204);
      const published = await publish({ note: 'Nieuwe staptitel', updatedAt: changed.draft!.updatedAt });
      expect([published.status, await published.json()]).toEqual([200, { version: 2, unchanged: false }]);
      expect((await api.draft(editor)).draft).toBeNull();
      expect(await server.storage.beheer.listDraftSaves(FLOW)).toEqual([]);
    });

    it('rolls back through a second person: the version becomes a draft, approved, then published', async () => {
      const { admin, publicist, editor } = people;
      const rollBack = (who: BeheerCookie, body: unknown) => api.post(who, `/api/beheer/flows/${FLOW}/terugzetten`, body);
      const live = async () => (await (await server.fetch(`/api/flows/${FLOW}`)).json()) as { version: number; flow: { steps: { title: string }[] } };
      expect((await live()).version).toBe(2);

      await expectErrorBody(await rollBack(publicist, { version: 1, note: '  ' }), 400, 'UVAL-01', "Het veld 'Toelichting' is niet ingevuld.");
      expect((await rollBack(publicist, { version: 1 })).status).toBe(400);
      await expectErrorBody(await rollBack(publicist, { version: 2, note: 'Al in gebruik' }), 409, 'UREQ-01', 'Versie 2 is al wat aanvragers krijgen.');

      // An open draft: refused unless the person saw it; then it takes the version's content and keeps its own in its history.
      const open = await answerOf(await api.post(editor, CONCEPT, {}));
      const edited = await answerOf(
        await api.save(editor, {
          ...open.draft!.source,
          document: open.draft!.source.document.replace('"title": "Gegevens van de abonnee"', '"title": "Half af"'),
          updatedAt: open.draft!.updatedAt,
        }),
      );
      await expectErrorBody(await rollBack(publicist, { version: 1, note: 'Terug naar de oude titel' }), 409, 'UBEH-09');
      const asked = await rollBack(publicist, { version: 1, note: 'Terug naar de oude titel', draftUpdatedAt: edited.draft!.updatedAt });
      expect([asked.status, await asked.json()]).toEqual([202, { version: null, concept: true }]);
      expect((await live()).version).toBe(2); // nothing published yet

      const draft = await api.draft(editor);
      expect(draft.draft?.rollback).toEqual({ version: 1, note: 'Terug naar de oude titel' });
      expect(draft.draft?.source.document).toContain('"title": "Uw gegevens"');
      const saves = (await api.get<{ saves: DraftSaveRow[] }>(editor, `${CONCEPT}/eerdere-versies`)).saves;
      expect(saves.map((save) => [save.kind, save.summary])[0]).toEqual(['teruggezet', 'Terugzetten naar versie 1.']);
      expect(saves[1].summary).toBe('Titel van stap 1 gewijzigd van ‘Gegevens van de abonnee’ naar ‘Half af’.');

      // Who asked for it cannot approve it or publish it unapproved; a second person approves.
      const seen = { updatedAt: draft.draft!.updatedAt };
      await expectErrorBody(await api.post(publicist, `${CONCEPT}/goedkeuren`, seen), 403, 'UBEH-07');
      await expectErrorBody(await api.post(publicist, `/api/beheer/flows/${FLOW}/publiceren`, { note: 'Terug', ...seen }), 409, 'UBEH-07');
      expect((await api.post(admin, `${CONCEPT}/goedkeuren`, seen)).status).toBe(204);
      const published = await api.post(publicist, `/api/beheer/flows/${FLOW}/publiceren`, { note: 'Terug naar de oude titel', ...seen });
      expect([published.status, await published.json()]).toEqual([200, { version: 3, unchanged: false }]);
      expect([(await live()).version, (await live()).flow.steps[0].title]).toEqual([3, 'Uw gegevens']);

      const flow = await api.get<{ versions: VersionRow[]; history: HistoryEntry[] }>(editor, `/api/beheer/flows/${FLOW}/geschiedenis`);
      expect(flow.versions[0]).toMatchObject({ version: 3, origin: 'terugzetting', author: 'publicist@example.nl', note: 'Terug naar de oude titel' });
      expect(flow.history.slice(0, 3).map((entry) => [entry.action, entry.actor, entry.note])).toEqual([
        ['teruggezet', 'publicist@example.nl', 'Terug naar de oude titel'],
        ['goedgekeurd', BOOTSTRAP.email, null],
        ['bewerkt', 'publicist@example.nl', 'Terugzetten naar versie 1: Terug naar de oude titel'],
      ]);
      expect((await api.draft(editor)).draft).toBeNull();
    });
  });
}

describe('rolling back without four eyes', () => {
  let server: TestServer;
  let page: Session;
  let people: People;

  beforeAll(async () => {
    server = await startServer({
      env: { BEHEER_ADMIN_EMAIL: BOOTSTRAP.email, BEHEER_ADMIN_PASSWORD: BOOTSTRAP.password, BEHEER_LOGIN_RATE_LIMIT_MAX: '1000' },
    });
    page = await server.session('/beheer');
    people = await signInEveryone(server, page);
  });
  afterAll(async () => server?.close());

  it('publishes the version at once with its note, and leaves an open draft as it is', async () => {
    const api = client(server, page);
    const { publicist, editor } = people;
    const started = await answerOf(await api.post(editor, CONCEPT, {}));
    const changed = await answerOf(
      await api.save(editor, {
        ...started.draft!.source,
        document: started.draft!.source.document.replace('"title": "Uw gegevens"', '"title": "Nieuw"'),
        updatedAt: started.draft!.updatedAt,
      }),
    );
    expect((await api.post(publicist, `/api/beheer/flows/${FLOW}/publiceren`, { note: 'Nieuw', updatedAt: changed.draft!.updatedAt })).status).toBe(200);
    const open = await answerOf(await api.post(editor, CONCEPT, {}));

    const rolledBack = await api.post(publicist, `/api/beheer/flows/${FLOW}/terugzetten`, { version: 1, note: 'Snel terug' });
    expect([rolledBack.status, await rolledBack.json()]).toEqual([200, { version: 3, concept: false }]);
    const versions = (await api.get<{ versions: VersionRow[] }>(editor, `/api/beheer/flows/${FLOW}/geschiedenis`)).versions;
    expect(versions[0]).toMatchObject({ version: 3, origin: 'terugzetting', note: 'Snel terug', state: 'published' });
    expect((await api.draft(editor)).draft?.updatedAt).toBe(open.draft!.updatedAt);
  });
});

/** 'HH:MM' in Dutch time, as the server names a moment in its messages. */
function timeOf(iso: string): string {
  return new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}
