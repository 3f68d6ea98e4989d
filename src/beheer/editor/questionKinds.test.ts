// Every generic question added to a step of a real flow compiles through the real pipeline and is
// checked as an applicant would be: required or not, its own options, a repeating group's first field.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileText, stepMessages } from '../../../tests/helpers/compileText';
import { addQuestion, questionProblems, questionSchema, type Question } from './questionKinds';

const DOCUMENTS = readFileSync('flows/aanleveren-documenten.flow.json', 'utf8');
const FILE = 'flows/aanleveren-documenten.flow.json';
const OPTIONS = [
  { value: 'nieuw', label: 'Nieuwe aanvraag' },
  { value: 'wijziging', label: 'Wijziging' },
];

const QUESTIONS: [string, Question][] = [
  ['kort', { kind: 'kort', label: 'Uw functie', required: true }],
  ['lang', { kind: 'lang', label: 'Toelichting', required: false }],
  ['getal', { kind: 'getal', label: 'Aantal passen', required: true }],
  ['datum', { kind: 'datum', label: 'Ingangsdatum', required: true }],
  ['janee', { kind: 'janee', label: 'Heeft u een KvK-nummer?', required: true }],
  ['keuze', { kind: 'keuze', label: 'Soort', required: true, options: OPTIONS }],
  ['meerkeuze', { kind: 'meerkeuze', label: 'Onderwerpen', required: true, options: OPTIONS }],
  ['groep', { kind: 'groep', label: 'Medewerkers', required: true, first: { kind: 'kort', label: 'Naam medewerker', required: true, key: 'naamMedewerker' } }],
];

describe('generic questions', () => {
  it('writes JSON Schema and ui hints the engine shows, for every kind', () => {
    expect(questionSchema(QUESTIONS[5][1])).toEqual({
      schema: {
        type: 'string',
        title: 'Soort',
        oneOf: [
          { const: 'nieuw', title: 'Nieuwe aanvraag' },
          { const: 'wijziging', title: 'Wijziging' },
        ],
      },
      ui: { 'ui:widget': 'RadioGroup' },
    });
    expect(questionSchema(QUESTIONS[6][1]).schema).toMatchObject({
      type: 'array',
      uniqueItems: true,
      minItems: 1,
      items: { type: 'string', oneOf: expect.any(Array) },
    });
    expect(questionSchema(QUESTIONS[7][1]).schema).toEqual({
      type: 'array',
      title: 'Medewerkers',
      minItems: 1,
      items: { type: 'object', required: ['naamMedewerker'], properties: { naamMedewerker: { type: 'string', title: 'Naam medewerker', maxLength: 200 } } },
    });
    expect(
      questionSchema({ kind: 'groep', label: 'Data', required: false, first: { kind: 'janee', label: 'Klaar?', required: false, key: 'klaar' } }).ui,
    ).toEqual({ items: { klaar: { 'ui:widget': 'YesNo' } } });
  });

  it('adds each kind to a step; the flow compiles and every required question is asked for', () => {
    let text = DOCUMENTS;
    for (const [key, question] of QUESTIONS) text = addQuestion(text, 0, key, question);
    const compiled = compileText(text, FILE);
    const step = compiled.content.documents.nl.steps[0];
    expect(step.uiSchema?.janee).toMatchObject({ 'ui:widget': 'YesNo' });
    const base = { abonneeNaam: 'Praktijk', naamContactpersoon: 'Jansen', emailAdresContactpersoon: 'a@b.nl' };
    const messages = stepMessages(compiled, 'stap1', { gegevens: base });
    expect(messages).toEqual({
      'gegevens.kort': "Het veld 'Uw functie' is niet ingevuld.",
      'gegevens.getal': "Het veld 'Aantal passen' is niet ingevuld.",
      'gegevens.datum': "Het veld 'Ingangsdatum' is niet ingevuld.",
      'gegevens.janee': "Het veld 'Heeft u een KvK-nummer?' is niet ingevuld.",
      'gegevens.keuze': "Het veld 'Soort' is niet ingevuld.",
      'gegevens.meerkeuze': "Het veld 'Onderwerpen' is niet ingevuld.",
      'gegevens.groep': "Het veld 'Medewerkers' is niet ingevuld.",
    });
    const filled = {
      ...base,
      kort: 'Praktijkhouder',
      getal: 2.5,
      datum: '31-12-2026',
      janee: false,
      keuze: 'wijziging',
      meerkeuze: ['nieuw'],
      groep: [{ naamMedewerker: 'Piet' }],
    };
    expect(stepMessages(compiled, 'stap1', { gegevens: filled })).toEqual({});
    expect(stepMessages(compiled, 'stap1', { gegevens: { ...filled, keuze: 'anders', datum: '31-02-2026', meerkeuze: [], groep: [{}] } })).toEqual({
      'gegevens.datum': "Het veld 'Ingangsdatum' bevat geen geldige datum.",
      'gegevens.keuze': "Het veld 'Soort' is ongeldig.",
      'gegevens.meerkeuze': "Het veld 'Onderwerpen' is niet ingevuld.",
      'gegevens.groep.0.naamMedewerker': "Het veld 'Naam medewerker' is niet ingevuld.",
    });
  });

  it('says what a question lacks before it is added', () => {
    expect(questionProblems({ kind: 'keuze', label: ' ', required: false, options: [OPTIONS[0]] })).toEqual({
      label: "Het veld 'Vraag' is niet ingevuld.",
      options: 'Geef ten minste twee opties.',
    });
    expect(questionProblems({ kind: 'keuze', label: 'Soort', required: false, options: [OPTIONS[0], { value: 'nieuw', label: 'Nieuw' }] }).options).toBe(
      'Twee opties hebben dezelfde waarde; geef elke optie een eigen waarde.',
    );
    expect(questionProblems({ kind: 'groep', label: 'Groep', required: false, first: { kind: 'kort', label: '', required: false, key: 'veld' } }).first).toBe(
      "Het veld 'Vraag van het eerste veld' is niet ingevuld.",
    );
    expect(questionProblems(QUESTIONS[0][1])).toEqual({});
  });
});
