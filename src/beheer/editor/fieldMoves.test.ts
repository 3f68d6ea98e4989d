// Fields moved within their step and to another step in the text of real flows: each carries what
// the step says of it, every rule that named it follows its new data path, the result compiles and
// works; what cannot follow refuses the move with a sentence.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileText, stepMessages } from '../../../tests/helpers/compileText';
import { moveFieldToStep, moveFieldWithin } from './fieldMoves';

const DOCUMENTS = readFileSync('flows/aanleveren-documenten.flow.json', 'utf8');
const ZORGINSTELLING = readFileSync('flows/abonneeregistratie-zorginstelling.flow.json', 'utf8');
const ZORGVERLENER = readFileSync('flows/abonneeregistratie-zorgverlener.flow.json', 'utf8');
const FILE = (id: string) => `flows/${id}.flow.json`;

type Step = {
  id: string;
  dataKey: string;
  schema: { required?: string[]; properties: Record<string, unknown> };
  uiSchema?: Record<string, unknown>;
  visibleIf?: Record<string, unknown>;
  messages?: Record<string, unknown>;
  rules?: { id: string; field: string; assert: unknown }[];
  boxes?: { id: string; after?: string }[];
  derive?: { field: string }[];
};
const parsed = (text: string) => JSON.parse(text) as { steps: Step[]; confirmation: unknown };
const moved = (result: ReturnType<typeof moveFieldToStep>) => {
  if ('problem' in result) throw new Error(result.problem);
  return result.text;
};

describe('moving a field within its step', () => {
  it('moves it one place up or down, as written, and not past the ends', () => {
    const down = moveFieldWithin(DOCUMENTS, 0, 'abonneeNaam', 1);
    expect(Object.keys(parsed(down).steps[0].schema.properties)).toEqual(['abonneeNummer', 'abonneeNaam', 'naamContactpersoon', 'emailAdresContactpersoon']);
    expect(down).toContain(
      '          "abonneeNummer": { "$ref": "urn:uzi-portaal:veld:abonneenummer", "title": "Abonneenummer" },\n          "abonneeNaam": { "$ref": "urn:uzi-portaal:veld:organisatienaam", "title": "Naam abonnee" },\n',
    );
    expect(moveFieldWithin(down, 0, 'abonneeNaam', -1)).toBe(DOCUMENTS);
    expect(moveFieldWithin(DOCUMENTS, 0, 'abonneeNaam', -1)).toBe(DOCUMENTS);
    const compiled = compileText(down, FILE('aanleveren-documenten'));
    expect(Object.keys(compiled.content.documents.nl.steps[0].schema.properties ?? {})[0]).toBe('abonneeNummer');
  });

  it('follows the step\u2019s ui:order when it has one, and moves a field within a repeating group', () => {
    const text = JSON.stringify({ steps: [{ id: 'stap1', schema: { properties: { a: {}, b: {}, c: {} } }, uiSchema: { 'ui:order': ['c', 'a', 'b'] } }] });
    const result = parsed(moveFieldWithin(text, 0, 'a', 1)).steps[0];
    expect(Object.keys(result.schema.properties)).toEqual(['b', 'a', 'c']);
    expect(result.uiSchema?.['ui:order']).toEqual(['c', 'b', 'a']);
    const group = JSON.stringify({
      steps: [{ id: 'stap1', schema: { properties: { personen: { type: 'array', items: { type: 'object', properties: { naam: {}, bsn: {} } } } } } }],
    });
    const inner = parsed(moveFieldWithin(group, 0, 'personen.bsn', -1)).steps[0].schema.properties.personen as { items: { properties: object } };
    expect(Object.keys(inner.items.properties)).toEqual(['bsn', 'naam']);
  });
});

describe('moving a field to another step', () => {
  it('carries its settings, message, rule and required flag, and every rule naming it follows the new data path', () => {
    const text = moved(moveFieldToStep(ZORGINSTELLING, 2, 'gemachtigdAanvragerAanwijzen', 1));
    const { steps } = parsed(text);
    expect(Object.keys(steps[2].schema.properties)).not.toContain('gemachtigdAanvragerAanwijzen');
    expect(Object.keys(steps[1].schema.properties).at(-1)).toBe('gemachtigdAanvragerAanwijzen');
    expect(steps[1].schema.required).toContain('gemachtigdAanvragerAanwijzen');
    expect(steps[2].schema.required ?? []).not.toContain('gemachtigdAanvragerAanwijzen');
    expect(steps[1].uiSchema?.gemachtigdAanvragerAanwijzen).toBeDefined();
    expect(steps[2].uiSchema?.gemachtigdAanvragerAanwijzen).toBeUndefined();
    // The box shown after it went with it.
    expect(steps[1].boxes?.map((box) => box.id)).toEqual(['kopie-identiteitsbewijs']);
    expect(steps[2].boxes).toBeUndefined();
    // No rule names the old path any more: the step's own rules, the confirmation's documents and signers.
    expect(text).not.toContain('"gemachtigdAanvrager.gemachtigdAanvragerAanwijzen"');
    expect(JSON.stringify(steps[2].visibleIf)).toContain('"wettelijkVertegenwoordiger.gemachtigdAanvragerAanwijzen"');
    expect(JSON.stringify(parsed(text).confirmation)).toContain('"wettelijkVertegenwoordiger.gemachtigdAanvragerAanwijzen"');

    const compiled = compileText(text, FILE('abonneeregistratie-zorginstelling'));
    // The question is asked in step 2 now, and its answer still decides what step 3 asks.
    expect(stepMessages(compiled, 'stap2', { wettelijkVertegenwoordiger: {} })['wettelijkVertegenwoordiger.gemachtigdAanvragerAanwijzen']).toMatch(
      /is niet ingevuld/,
    );
    expect(stepMessages(compiled, 'stap3', { wettelijkVertegenwoordiger: { gemachtigdAanvragerAanwijzen: false }, gemachtigdAanvrager: {} })).toEqual({});
    expect(
      Object.keys(stepMessages(compiled, 'stap3', { wettelijkVertegenwoordiger: { gemachtigdAanvragerAanwijzen: true }, gemachtigdAanvrager: {} })).length,
    ).toBeGreaterThan(0);
  });

  it('takes the step\u2019s cross-field rules, boxes and derived values about the field along', () => {
    const text = moved(moveFieldToStep(ZORGVERLENER, 2, 'opleidingstitel', 1));
    const { steps } = parsed(text);
    expect(steps[1].rules?.map((rule) => [rule.id, rule.field])).toEqual([['mondhygienist', 'opleidingstitel']]);
    expect(steps[2].rules?.map((rule) => rule.id)).toEqual(['inschrijfnummer-lengte']);
    expect(steps[1].boxes?.map((box) => box.id)).toEqual(['kopie-identiteitsbewijs', 'diplomatoets']);
    expect(steps[1].derive?.map((rule) => rule.field)).toEqual(['opleidingstitel']);
    expect(steps[2].derive).toBeUndefined();
    expect(text).not.toContain('"toetsingsGegevens.opleidingstitel"');
    compileText(text, FILE('abonneeregistratie-zorgverlener'));
  });

  it('refuses, with a sentence, what cannot follow a field to another step', () => {
    const conditional = JSON.stringify({
      steps: [
        {
          id: 'stap1',
          title: 'Een',
          dataKey: 'een',
          schema: { type: 'object', properties: { soort: { type: 'string', title: 'Soort' }, a: { type: 'string' } }, dependencies: { soort: ['a'] } },
        },
        { id: 'stap2', title: 'Twee', dataKey: 'twee', schema: { type: 'object', properties: { soort: { type: 'string' } } } },
      ],
    });
    expect(moveFieldToStep(conditional, 0, 'soort', 1)).toEqual({
      problem: '‘Soort’ kan niet naar ‘Twee’: die stap heeft al een veld onder dezelfde naam in de gegevens. Verplaats of verwijder dat veld eerst.',
    });
    const other = conditional.replace('"properties":{"soort":{"type":"string"}}', '"properties":{}');
    expect(moveFieldToStep(other, 0, 'soort', 1)).toEqual({
      problem:
        '‘Soort’ kan niet naar een andere stap: de stap stelt er een voorwaarde mee (als-dan, keuze of afhankelijkheid). Pas die voorwaarde eerst aan in de broncode.',
    });
    const reset = JSON.stringify({
      steps: [
        {
          id: 'stap1',
          dataKey: 'een',
          schema: { properties: { titel: { type: 'string', title: 'Titel' }, specialisme: { type: 'string', title: 'Specialisme', 'x-resetOn': ['titel'] } } },
        },
        { id: 'stap2', dataKey: 'twee', schema: { properties: {} } },
      ],
    });
    expect(moveFieldToStep(reset, 0, 'titel', 1)).toEqual({
      problem:
        '‘Titel’ kan niet naar een andere stap: het hangt samen met ‘Specialisme’ (leegmaken bij een wijziging of een bestandscontrole). Die samenhang werkt alleen binnen één stap.',
    });
    expect('problem' in moveFieldToStep(reset, 0, 'specialisme', 1)).toBe(true);
  });
});
