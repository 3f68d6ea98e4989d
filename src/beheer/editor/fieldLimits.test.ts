// Limits on fields of a real flow, also on fields built on shared definitions (written as overrides
// next to the `$ref`): each compiled through the real pipeline and checked as an applicant would be.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileText, stepMessages } from '../../../tests/helpers/compileText';
import { buildingBlocks } from '../../server/beheer/routes/buildingBlocks';
import { setMessage } from './fieldEdits';
import { parseCount, parseLimit, parsePattern, rangeProblem, readLimits, setDateRule, setLimit, setWholeNumbers } from './fieldLimits';
import { addQuestion } from './questionKinds';

const DOCUMENTS = readFileSync('flows/aanleveren-documenten.flow.json', 'utf8');
const FILE = 'flows/aanleveren-documenten.flow.json';
const SHARED = Object.fromEntries(buildingBlocks(process.cwd()).velden.map((definition) => [definition.id, definition.schema]));
const BASE = { abonneeNaam: 'Praktijk de Linde', naamContactpersoon: 'Jansen', emailAdresContactpersoon: 'a@b.nl' };
const field = (text: string, step: number, key: string) =>
  (JSON.parse(text) as { steps: { schema: { properties: Record<string, unknown> } }[] }).steps[step].schema.properties[key];

describe('limits of a field built on a shared definition', () => {
  it('reads the definition\u2019s limits beside the field\u2019s own', () => {
    expect(readLimits(DOCUMENTS, 0, 'abonneeNaam', SHARED)).toMatchObject({ kind: 'tekst', shared: true, own: {}, inherited: { maxLength: 625 } });
    expect(readLimits(DOCUMENTS, 1, 'aanvraagTypeWijziging', SHARED)).toMatchObject({ kind: 'tekst', shared: false, own: { maxLength: 200 }, inherited: {} });
    expect(readLimits(DOCUMENTS, 1, 'aanvraag', SHARED)?.kind).toBe('geen');
    expect(readLimits(DOCUMENTS, 1, 'documenten', SHARED)?.kind).toBe('geen');
  });

  it('writes a length and a pattern with its message next to the $ref, and the compiled field keeps to them', () => {
    let text = setLimit(DOCUMENTS, 0, 'abonneeNaam', 'maxLength', 20, SHARED);
    text = setLimit(text, 0, 'abonneeNaam', 'pattern', '^[^0-9]*$', SHARED);
    text = setMessage(text, 0, 'abonneeNaam', 'pattern', 'Een naam zonder cijfers, graag.');
    expect(field(text, 0, 'abonneeNaam')).toEqual({ $ref: 'urn:uzi-portaal:veld:organisatienaam', title: 'Naam abonnee', maxLength: 20, pattern: '^[^0-9]*$' });
    const compiled = compileText(text, FILE);
    expect(stepMessages(compiled, 'stap1', { gegevens: { ...BASE, abonneeNaam: 'Praktijk de Linde en Zonen BV' } })).toEqual({
      'gegevens.abonneeNaam': "Het veld 'Naam abonnee' is ongeldig. Er mogen maximaal 20 tekens ingevuld worden.",
    });
    expect(stepMessages(compiled, 'stap1', { gegevens: { ...BASE, abonneeNaam: 'Praktijk 12' } })).toEqual({
      'gegevens.abonneeNaam': 'Een naam zonder cijfers, graag.',
    });
    expect(stepMessages(compiled, 'stap1', { gegevens: BASE })).toEqual({});
    // The definition's own value again: the override goes.
    expect(field(setLimit(text, 0, 'abonneeNaam', 'maxLength', 625, SHARED), 0, 'abonneeNaam')).not.toHaveProperty('maxLength');
  });

  it('sets the date rule of a shared date field, and of a date question', () => {
    const withDate = addQuestion(DOCUMENTS, 0, 'ingangsdatum', { kind: 'datum', label: 'Ingangsdatum', required: false });
    expect(readLimits(withDate, 0, 'ingangsdatum', SHARED)).toMatchObject({ kind: 'datum', format: 'datum' });
    let text = setDateRule(withDate, 0, 'ingangsdatum', 'datum-verleden', SHARED);
    text = addQuestion(text, 0, 'geboren', { kind: 'kort', label: 'Geboren', required: false });
    expect(field(text, 0, 'ingangsdatum')).toMatchObject({ format: 'datum-verleden' });
    const compiled = compileText(text, FILE);
    expect(stepMessages(compiled, 'stap1', { gegevens: { ...BASE, ingangsdatum: '01-01-2999' } })).toEqual({
      'gegevens.ingangsdatum': "Het veld 'Ingangsdatum' heeft een waarde in de toekomst.",
    });
    expect(stepMessages(compiled, 'stap1', { gegevens: { ...BASE, ingangsdatum: '01-01-2000' } })).toEqual({});
  });
});

describe('limits of a number', () => {
  it('writes a range and whole numbers; the compiled field keeps to them', () => {
    let text = addQuestion(DOCUMENTS, 0, 'aantal', { kind: 'getal', label: 'Aantal passen', required: true });
    text = setLimit(text, 0, 'aantal', 'minimum', 1, SHARED);
    text = setLimit(text, 0, 'aantal', 'maximum', 10, SHARED);
    text = setWholeNumbers(text, 0, 'aantal', true, SHARED);
    expect(field(text, 0, 'aantal')).toEqual({ type: 'integer', title: 'Aantal passen', minimum: 1, maximum: 10 });
    expect(readLimits(text, 0, 'aantal', SHARED)).toMatchObject({ kind: 'getal', integer: true, own: { minimum: 1, maximum: 10 } });
    const compiled = compileText(text, FILE);
    expect(stepMessages(compiled, 'stap1', { gegevens: { ...BASE, aantal: 11 } })).toEqual({
      'gegevens.aantal': "Het veld 'Aantal passen' is ongeldig. De waarde mag niet groter zijn dan 10.",
    });
    expect(stepMessages(compiled, 'stap1', { gegevens: { ...BASE, aantal: 2.5 } })).toEqual({
      'gegevens.aantal': "Het veld 'Aantal passen' is ongeldig. Vul een geheel getal in.",
    });
  });

  it('names a lower limit above the upper one', () => {
    const text = setLimit(setLimit(DOCUMENTS, 0, 'abonneeNaam', 'minLength', 700, SHARED), 0, 'abonneeNaam', 'pattern', undefined, SHARED);
    const limits = readLimits(text, 0, 'abonneeNaam', SHARED)!;
    expect(rangeProblem(limits, 'minLength', 'maxLength', ['Minimale lengte', 'Maximale lengte'])).toBe(
      'Minimale lengte (700) is groter dan maximale lengte (625).',
    );
    expect(rangeProblem(readLimits(DOCUMENTS, 0, 'abonneeNaam', SHARED)!, 'minLength', 'maxLength', ['Minimale lengte', 'Maximale lengte'])).toBeUndefined();
  });
});

describe('what is typed in a limit', () => {
  it('takes only what the limit can be, with a Dutch sentence otherwise', () => {
    expect(parseCount('12')).toEqual({ value: 12 });
    expect(parseCount('')).toEqual({ value: undefined });
    expect(parseCount('-1')).toEqual({ problem: 'Vul een geheel getal van 0 of meer in, bijvoorbeeld 10.' });
    expect(parseCount('abc')).toEqual({ problem: 'Vul een geheel getal van 0 of meer in, bijvoorbeeld 10.' });
    expect(parseCount('1,5')).toHaveProperty('problem');
    expect(parseLimit('2,5', false)).toEqual({ value: 2.5 });
    expect(parseLimit('-5', true)).toEqual({ value: -5 });
    expect(parseLimit('2,5', true)).toEqual({ problem: 'Vul een geheel getal in, bijvoorbeeld 10 of -5.' });
    expect(parseLimit('abc', false)).toEqual({ problem: 'Vul een getal in, bijvoorbeeld 10 of 2,5.' });
    expect(parsePattern('^[0-9]{8}$')).toEqual({ value: '^[0-9]{8}$' });
    expect(parsePattern('([0-9]')).toHaveProperty('problem');
    expect(parsePattern('\\p{L}+')).toEqual({ value: '\\p{L}+' });
  });
});
