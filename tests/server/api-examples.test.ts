/**
 * The example flows (flows/voorbeelden: one per construct the engine can show) over real HTTP: the
 * server stores every valid fixture as an application and prints it (pdftotext), refuses every
 * invalid one at the fixture's fields (with its exact message where the fixture pins the wording)
 * and data of what does not apply by its path, and stores nothing then. In production they are not served at all.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixture, type Fixture } from '../../src/server/flows/fixtures';
import { pdfText } from '../helpers/poppler';
import { expectError, startServer, type Session, type TestServer } from '../helpers/server';

const EXAMPLES = readdirSync(path.join(process.cwd(), 'flows', 'voorbeelden'))
  .filter((name) => name.endsWith('.flow.json'))
  .map((name) => name.replace(/\.flow\.json$/, ''));

function fixturesOf(flowId: string): { name: string; fixture: Fixture }[] {
  const dir = path.join(process.cwd(), 'tests', 'fixtures', flowId);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ name, fixture: readFixture(JSON.parse(readFileSync(path.join(dir, name), 'utf8'))) }))
    .filter(({ fixture }) => fixture.step === undefined);
}

const printed = (text: string) => text.replace(/\s+/g, ' ');

let server: TestServer;
let session: Session;
beforeAll(async () => {
  server = await startServer();
  session = await server.session();
});
afterAll(() => server.close());

async function submit(flowId: string, data: unknown): Promise<Response> {
  return server.postJson(`/api/${flowId}/indienen?scenario=uzi`, data, session);
}

async function printedForm(flowId: string, kenmerk: string): Promise<string> {
  const response = await server.postJson(`/api/${flowId}/bevestiging`, { kenmerk }, session);
  expect(response.status).toBe(200);
  return printed(pdfText(Buffer.from(await response.arrayBuffer())));
}

describe('the example flows', () => {
  it('are served outside production, every one with a fixture of each kind', () => {
    expect(EXAMPLES.length).toBeGreaterThanOrEqual(9);
    for (const id of EXAMPLES) {
      expect(server.registry.get(id), id).toBeDefined();
      const fixtures = fixturesOf(id);
      expect(
        fixtures.some(({ fixture }) => fixture.expected.valid),
        `${id}: a valid fixture`,
      ).toBe(true);
      expect(
        fixtures.some(({ fixture }) => !fixture.expected.valid),
        `${id}: an invalid fixture`,
      ).toBe(true);
    }
  });

  for (const id of EXAMPLES) {
    it(`${id}: each valid fixture is stored and printed, each invalid one refused field by field with nothing stored`, async () => {
      for (const { name, fixture } of fixturesOf(id)) {
        const misplaced = fixture.expected.hiddenWithData ?? [];
        const before = await server.storage.countSubmissions();
        const response = await submit(id, fixture.data);
        if (fixture.expected.valid && misplaced.length === 0) {
          expect(response.status, name).toBe(200);
          const { kenmerk } = (await response.json()) as { kenmerk: string };
          expect((await server.storage.getSubmission(kenmerk))?.data, name).toEqual(fixture.data);
          expect(await printedForm(id, kenmerk), name).toContain(kenmerk);
          continue;
        }
        const body = await expectError(response, 400);
        if (misplaced.length > 0) {
          expect(body.errors.map((item) => item.extraInfo[0]).sort(), name).toEqual([...misplaced].sort());
          expect(
            body.errors.every((item) => item.code === 'UVAL-02'),
            name,
          ).toBe(true);
        } else {
          const refused = Object.fromEntries(body.errors.map((item) => [item.extraInfo[0], item.extraInfo[1]]));
          expect(Object.keys(refused).sort(), name).toEqual([...(fixture.expected.failing ?? [])].sort());
          // The wording only where the fixture pins it.
          expect(refused, name).toMatchObject(fixture.expected.wording ?? {});
        }
        expect(await server.storage.countSubmissions(), name).toBe(before);
      }
    });
  }

  it('prints a password as filled in but never its value, and leaves a hidden value out', async () => {
    const { data } = fixturesOf('voorbeeld-widgets').find(({ fixture }) => fixture.expected.valid)!.fixture;
    const response = await submit('voorbeeld-widgets', data);
    const text = await printedForm('voorbeeld-widgets', ((await response.json()) as { kenmerk: string }).kenmerk);
    expect(text).toContain('Wachtwoord Ingevuld (wordt niet getoond)');
    expect(text).not.toContain('geheim123');
    expect(text).not.toContain('Bron');
    // Values as the applicant reads them: labels of choices, the decimal comma, the date as typed.
    expect(text).toContain('Soort aanvraag Wijziging');
    expect(text).toContain('Provincie Utrecht');
    expect(text).toContain('Bedrag in euro 12,5');
    expect(text).toContain('Startdatum 01-02-2027');
    expect(text).toContain('Voorwaarden Ik ga akkoord met de voorwaarden.');
  });

  it('prints the fields in the order of ui:order, and stores an emptied field as its ui:emptyValue', async () => {
    const full = await submit('voorbeeld-weergave', fixturesOf('voorbeeld-weergave')[0].fixture.data);
    const text = await printedForm('voorbeeld-weergave', ((await full.json()) as { kenmerk: string }).kenmerk);
    expect(text).toMatch(
      /Contactgegevens Naam J\. Jansen E-mailadres j\.jansen@example\.nl Telefoonnummer 0612345678 Website https:\/\/www\.zorg\.example\.nl Adres Straat en huisnummer Dorpsstraat 1 Plaats Utrecht Land Nederland Opmerking Graag per e-mail\./,
    );
    const emptied = await submit('voorbeeld-weergave', { contact: { naam: 'J. Jansen', email: 'j.jansen@example.nl', opmerking: '' } });
    expect(emptied.status).toBe(200);
    const { kenmerk } = (await emptied.json()) as { kenmerk: string };
    expect((await server.storage.getSubmission(kenmerk))?.data).toEqual({ contact: { naam: 'J. Jansen', email: 'j.jansen@example.nl', opmerking: '' } });
    expect(await printedForm('voorbeeld-weergave', kenmerk)).toMatch(/Opmerking -- Niet ingevuld/);
  });

  it('stores a list of values as sent, refuses a wrong value at its own path, and prints the values one per line', async () => {
    const data = fixturesOf('voorbeeld-lijsten')[0].fixture.data;
    const response = await submit('voorbeeld-lijsten', data);
    const { kenmerk } = (await response.json()) as { kenmerk: string };
    expect((await server.storage.getSubmission(kenmerk))?.data).toEqual(data);
    const text = await printedForm('voorbeeld-lijsten', kenmerk);
    expect(text).toContain('Telefoonnummers • 0612345678 • 0201234567');
    expect(text).toContain('Bereikbaarheid • 0201234567 • Ja • 0612345670');
    expect(text).toContain('Beschikbare data • 15-01-2027 • 01-02-2027');
    expect(text).toContain('Aantallen per locatie • 12 • 3');

    // An added value left empty, as the browser sends it (null in JSON), is refused as not filled in.
    const body = await expectError(await submit('voorbeeld-lijsten', { contact: { telefoonnummers: ['0612345678', null] }, overig: {} }), 400);
    expect(body.errors.map((item) => item.extraInfo)).toEqual([['contact.telefoonnummers.1', "Het veld 'Telefoonnummer 2' is niet ingevuld."]]);
  });

  it('prints a sub-section per item of a repeating group, the labels of a multiple choice, and the option chosen', async () => {
    const group = await submit('voorbeeld-herhalende-groep', fixturesOf('voorbeeld-herhalende-groep')[0].fixture.data);
    const groupText = await printedForm('voorbeeld-herhalende-groep', ((await group.json()) as { kenmerk: string }).kenmerk);
    expect(groupText).toMatch(/Persoon 1 Naam Jansen Heeft deze persoon een BSN\? Ja BSN 111222333 Persoon 2 Naam de Vries Heeft deze persoon een BSN\? Nee/);
    expect(groupText).toMatch(/Taak 1 Titel Formulier invullen/);

    const choices = await submit('voorbeeld-meerkeuze', fixturesOf('voorbeeld-meerkeuze')[0].fixture.data);
    const choicesText = await printedForm('voorbeeld-meerkeuze', ((await choices.json()) as { kenmerk: string }).kenmerk);
    // One line per choice, as a list (the label wraps beside it).
    expect(choicesText).toMatch(/Voor welke beroepen vraagt u passen • Arts aan\? • Tandarts/);
    expect(choicesText).toContain('In welke talen kunnen wij u schrijven? • Nederlands • Duits');
    expect(choicesText).toContain('Op welke dagen bent u bereikbaar? • Maandag • Woensdag • Vrijdag');

    const choice = await submit('voorbeeld-keuze', fixturesOf('voorbeeld-keuze')[0].fixture.data);
    const choiceText = await printedForm('voorbeeld-keuze', ((await choice.json()) as { kenmerk: string }).kenmerk);
    expect(choiceText).toContain('Hoe wilt u bericht van ons krijgen? Per post');
    expect(choiceText).toContain('Hoe wilt u betalen? Per factuur');
    expect(choiceText).not.toContain('E-mailadres');

    const conditional = await submit('voorbeeld-als-dan', fixturesOf('voorbeeld-als-dan')[1].fixture.data);
    const conditionalText = await printedForm('voorbeeld-als-dan', ((await conditional.json()) as { kenmerk: string }).kenmerk);
    expect(conditionalText).toContain('Wat eet uw vis? Wormen');
    expect(conditionalText).toContain('Waar leeft uw vis? In een vijver');
    expect(conditionalText).toContain('Welke cursus gaat u volgen? Vissen voor beginners');
    expect(conditionalText).not.toContain('Hoeveel jaar');
  });
});

describe('the example flows in production', () => {
  let production: TestServer;
  beforeAll(async () => {
    production = await startServer({ env: { NODE_ENV: 'production', CSRF_SECRET: 'test-secret', SECURE_COOKIES: 'false' } });
  });
  afterAll(() => production.close());

  it('are not served: not in the index, not by id, not to submit to', async () => {
    const index = (await (await production.fetch('/api/flows')).json()) as { id: string }[];
    expect(index.some((entry) => entry.id.startsWith('voorbeeld-'))).toBe(false);
    expect(index.length).toBe(6);
    for (const id of EXAMPLES) await expectError(await production.fetch(`/api/flows/${id}`), 404);
    const productionSession = await production.session();
    await expectError(await production.postJson('/api/voorbeeld-widgets/indienen?scenario=uzi', {}, productionSession), 404);
  });
});
