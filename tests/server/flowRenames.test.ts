/**
 * The change sentences say a field that got another name in the data was renamed — once, with its
 * old and new name — and nothing else about it, when the editor renamed it (its rules, messages,
 * signers and English along); a field that went and another that came elsewhere or with another
 * definition are still a removal and an addition. Labels come from the flow files.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renameInTexts } from '../../src/beheer/editor/impactEdits';
import { describeChanges, type FlowSourceTexts } from '../../src/server/beheer/flowDiff';
import { findRenames } from '../../src/server/beheer/flowRenames';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- free edits of a parsed document

const PAS = 'aanvraag-zorgverlenerpas';
const source = (id: string): FlowSourceTexts => ({
  document: readFileSync(path.join('flows', `${id}.flow.json`), 'utf8'),
  english: readFileSync(path.join('flows', 'i18n', `${id}.en.json`), 'utf8'),
});
const original = source(PAS);
const parsed = JSON.parse(original.document) as Json;
const step = (parsed.steps as Json[]).findIndex((candidate) => candidate.id === 'stap1');
const label = parsed.steps[step].schema.properties.abonneeNaam.title as string;
const renamed = (): FlowSourceTexts => renameInTexts({ document: original.document, english: original.english ?? '' }, step, 'abonneeNaam', 'naamAbonnee');
const texts = (changes: { text: string }[]) => changes.map((change) => change.text);

describe('a renamed data key in the change sentences', () => {
  it('says a rename is a rename, at the field, with nothing else to tell', () => {
    const changes = describeChanges(original, renamed());
    expect(texts(changes)).toEqual([`Veld ‘${label}’ heeft een nieuwe naam in de gegevens: ‘abonneeNaam’ → ‘naamAbonnee’.`]);
    expect(changes[0]).toMatchObject({
      kind: 'gewijzigd',
      where: `Stap ${step + 1} ‘${parsed.steps[step].title as string}’ › veld ‘${label}’`,
      path: `/steps/${step}/schema/properties/naamAbonnee`,
    });
    expect(texts(describeChanges(renamed(), original))).toEqual([`Veld ‘${label}’ heeft een nieuwe naam in de gegevens: ‘naamAbonnee’ → ‘abonneeNaam’.`]);
  });

  it('tells what else changed beside the rename, the rename first among its step’s changes', () => {
    const both = renamed();
    const document = JSON.parse(both.document) as Json;
    document.steps[step].schema.properties.isAbonnee.title = 'Bent u al abonnee?';
    document.steps[step].schema.properties.naamAbonnee.title = 'Naam van de abonnee';
    const changes = texts(describeChanges(original, { ...both, document: JSON.stringify(document, null, 2) }));
    expect(changes[0]).toBe('Veld ‘Naam van de abonnee’ heeft een nieuwe naam in de gegevens: ‘abonneeNaam’ → ‘naamAbonnee’.');
    expect(changes).toContain(`Label van veld ‘naamAbonnee’ gewijzigd van ‘${label}’ naar ‘Naam van de abonnee’.`);
    expect(changes.filter((change) => change.includes('verwijderd') || change.includes('toegevoegd'))).toEqual([]);
  });

  it('keeps a removal and an addition apart when the new field is elsewhere or defined otherwise', () => {
    const elsewhere = JSON.parse(original.document) as Json;
    const properties = elsewhere.steps[step].schema.properties as Json;
    const field = properties.abonneeNaam;
    delete properties.abonneeNaam;
    properties.naamAbonnee = field;
    expect(findRenames(parsed, elsewhere)).toEqual([]);

    const other = JSON.parse(original.document) as Json;
    const kept = Object.entries(other.steps[step].schema.properties as Json).map(([key, value]) =>
      key === 'abonneeNaam' ? ['naamAbonnee', { ...value, maxLength: 10 }] : [key, value],
    );
    other.steps[step].schema.properties = Object.fromEntries(kept);
    expect(findRenames(parsed, other)).toEqual([]);
    const sentences = texts(describeChanges(original, { ...original, document: JSON.stringify(other, null, 2) }));
    expect(sentences).toContain(`Veld ‘${label}’ verwijderd uit stap ‘${parsed.steps[step].title as string}’.`);
    expect(sentences).toContain(`Veld ‘${label}’ toegevoegd aan stap ‘${parsed.steps[step].title as string}’.`);
  });
});
