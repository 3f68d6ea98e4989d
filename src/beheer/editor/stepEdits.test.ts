// Steps added, copied and removed in the text of a real flow; each result goes through the real
// pipeline, and a copy's rules look at its own fields.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileText, stepMessages } from '../../../tests/helpers/compileText';
import { addStep, copyStep } from './stepEdits';

const DOCUMENTS = readFileSync('flows/aanleveren-documenten.flow.json', 'utf8');
const ZORGINSTELLING = readFileSync('flows/abonneeregistratie-zorginstelling.flow.json', 'utf8');
const FILE = (id: string) => `flows/${id}.flow.json`;

type Step = {
  id: string;
  title: string;
  dataKey: string;
  intro?: { id?: string; kind: string }[];
  visibleIf?: Record<string, unknown>;
  boxes?: { visibleIf?: unknown }[];
  schema: { properties: Record<string, unknown> };
};
const steps = (text: string) => (JSON.parse(text) as { steps: Step[] }).steps;

describe('steps in the text of a flow', () => {
  it('adds a step after another with a new id (past the review) and a data key from its title, and the flow still compiles', () => {
    const added = addStep(DOCUMENTS, 0, 'Uw organisatie')!;
    expect(added).toMatchObject({ index: 1, id: 'stap4' });
    expect(steps(added.text).map((step) => [step.id, step.title, step.dataKey])).toEqual([
      ['stap1', 'Uw gegevens', 'gegevens'],
      ['stap4', 'Uw organisatie', 'uwOrganisatie'],
      ['stap2', 'Documenten', 'documenten'],
    ]);
    expect(steps(added.text)[1].schema).toEqual({ type: 'object', properties: {} });
    // Everything else stays as written.
    expect(added.text).toContain('"aanvraag": { "type": "integer", "title": "Waar hebben de documenten betrekking op?", "x-options": "AanvraagOptions" },');
    const compiled = compileText(added.text, FILE('aanleveren-documenten'));
    expect(compiled.content.documents.nl.steps.map((step) => step.id)).toEqual(['stap1', 'stap4', 'stap2']);
    // The same title again gets its own data key.
    const again = addStep(added.text, 1, 'Uw organisatie')!;
    expect(steps(again.text)[2]).toMatchObject({ id: 'stap5', dataKey: 'uwOrganisatie2' });
  });

  it('copies a step with new ids: its rules name its own fields, its blocks get new ids, and the copy works on its own', () => {
    const copied = copyStep(ZORGINSTELLING, 2, 'Tweede gemachtigd aanvrager')!;
    const [, , original, copy] = steps(copied.text);
    expect(copy).toMatchObject({ id: 'stap5', title: 'Tweede gemachtigd aanvrager', dataKey: 'tweedeGemachtigdAanvrager' });
    expect(Object.keys(copy.schema.properties)).toEqual(Object.keys(original.schema.properties));
    expect(JSON.stringify(copy.visibleIf)).toContain('"tweedeGemachtigdAanvrager.gemachtigdAanvragerAanwijzen"');
    expect(JSON.stringify(copy.visibleIf)).not.toContain('"gemachtigdAanvrager.');
    expect(JSON.stringify(copy.boxes)).toContain('tweedeGemachtigdAanvrager.gemachtigdAanvragerAanwijzen');
    expect(JSON.stringify(original.visibleIf)).toContain('"gemachtigdAanvrager.gemachtigdAanvragerAanwijzen"');
    for (const block of copy.intro ?? []) expect(block.id).toEqual(expect.any(String));

    const compiled = compileText(copied.text, FILE('abonneeregistratie-zorginstelling'));
    // The copy asks its own questions: 'Nee' there hides its person fields whatever the original says.
    const messages = stepMessages(compiled, 'stap5', {
      gemachtigdAanvrager: { gemachtigdAanvragerAanwijzen: true },
      tweedeGemachtigdAanvrager: { gemachtigdAanvragerAanwijzen: false },
    });
    expect(messages).toEqual({});
    const asked = stepMessages(compiled, 'stap5', { tweedeGemachtigdAanvrager: { gemachtigdAanvragerAanwijzen: true } });
    expect(Object.keys(asked).every((path) => path.startsWith('tweedeGemachtigdAanvrager.'))).toBe(true);
    expect(Object.keys(asked).length).toBeGreaterThan(0);
  });

  it('gives a copy\u2019s fields names of their own in an upload, which sends every field under its name', () => {
    const copied = copyStep(DOCUMENTS, 0, 'Tweede contact')!;
    expect((JSON.parse(copied.text) as { submit: { names: Record<string, string> } }).submit.names).toEqual({
      'tweedeContact.abonneeNaam': 'tweedeContact.abonneeNaam',
      'tweedeContact.abonneeNummer': 'tweedeContact.abonneeNummer',
      'tweedeContact.naamContactpersoon': 'tweedeContact.naamContactpersoon',
      'tweedeContact.emailAdresContactpersoon': 'tweedeContact.emailAdresContactpersoon',
    });
    compileText(copied.text, FILE('aanleveren-documenten'));
  });
});
