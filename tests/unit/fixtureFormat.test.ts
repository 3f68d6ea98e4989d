/**
 * The format of a test case: what it expects about validity, which fields fail and which carry data
 * while hidden, and message texts only where it pins them (`wording`). The old format (every message
 * spelled out in `errors`) still reads, with its old meaning. On a small flow: a case not about
 * wording holds when a label and a message change; a wording case catches it, field by field.
 */
import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '../../renderer/core/types';
import { FixtureFormatError, fixtureFileText, fixtureResult, readFixture, type Fixture } from '../../src/server/flows/fixtures';
import { aanvraag, flow, validators } from './caseFlow';
import { t } from './support';

/** The flow with another label for 'Naam' and its own message when it is not filled in. */
function relabelled(): FlowDocument {
  const schema = structuredClone(aanvraag.schema);
  schema.properties!.naam.title = 'Volledige naam';
  return {
    ...flow,
    steps: [{ ...aanvraag, schema, messages: { ...aanvraag.messages, naam: { required: 'Vul uw volledige naam in.' } } }, ...flow.steps.slice(1)],
  };
}

const empty: Fixture = { description: 'Niets ingevuld', data: {}, expected: { valid: false, failing: ['aanvraag.naam', 'aanvraag.soort'] } };
const aboutWording: Fixture = {
  description: 'De melding noemt het veld',
  data: {},
  expected: { valid: false, failing: ['aanvraag.naam', 'aanvraag.soort'], wording: { 'aanvraag.naam': "Het veld 'Naam' is niet ingevuld." } },
};
const hidden: Fixture = {
  description: 'Toelichting bij soort a',
  data: { aanvraag: { naam: 'Piet', soort: 'a', toelichting: 'x' } },
  expected: { valid: true, hiddenWithData: ['aanvraag.toelichting'] },
};

describe('reading a test case', () => {
  it('reads the current format as written', () => {
    expect(readFixture({ ...aboutWording, step: 'stap1' })).toEqual({ ...aboutWording, step: 'stap1' });
    expect(readFixture(hidden)).toEqual(hidden);
  });

  it('reads the old format with its old meaning: every message it lists is pinned', () => {
    const old = { description: 'Oud', data: {}, expected: { valid: false, errors: { 'aanvraag.naam': "Het veld 'Naam' is niet ingevuld." } } };
    expect(readFixture(old).expected).toEqual({ valid: false, failing: ['aanvraag.naam'], wording: { 'aanvraag.naam': "Het veld 'Naam' is niet ingevuld." } });
    expect(readFixture({ description: 'Oud en geldig', data: {}, expected: { valid: true, errors: {} } }).expected).toEqual({ valid: true });
  });

  it('refuses a case that says two things at once, with why', () => {
    const refused = (expected: unknown) => () => readFixture({ description: 'Fout', data: {}, expected });
    expect(refused({ valid: false, failing: ['a.b'], wording: { 'a.c': 'X' } })).toThrow("'wording' noemt a.c, maar 'failing' niet.");
    expect(refused({ valid: true, failing: ['a.b'] })).toThrow("een geldig testgeval heeft geen velden in 'failing'.");
    expect(refused({ valid: false })).toThrow("een ongeldig testgeval noemt in 'failing' welke velden een melding geven.");
    expect(refused({ valid: false, failing: ['a.b'], errors: { 'a.b': 'X' } })).toThrow("gebruik 'failing' en 'wording', niet ook 'errors'.");
    expect(refused({ valid: false, failing: ['a.b'], hiddenWithData: ['a.b'] })).toThrow(FixtureFormatError);
    expect(refused({ valid: true, melding: 'x' })).toThrow("onbekende onderdelen 'melding'.");
    expect(() => readFixture({ description: 'Zonder gegevens', expected: { valid: true } })).toThrow("Het testgeval heeft geen gegevens ('data').");
  });

  it('writes the current format with its parts in a fixed order and empty parts left out', () => {
    const text = fixtureFileText({ description: 'D', step: 'stap1', data: {}, expected: { valid: true, failing: [], wording: {}, hiddenWithData: [] } });
    expect(text).toBe(`${JSON.stringify({ description: 'D', step: 'stap1', data: {}, expected: { valid: true } }, null, 2)}\n`);
    expect(Object.keys(JSON.parse(fixtureFileText(aboutWording)).expected)).toEqual(['valid', 'failing', 'wording']);
    expect(readFixture(JSON.parse(fixtureFileText(aboutWording)))).toEqual(aboutWording);
  });
});

describe('running a test case', () => {
  it('holds as written: which fields fail, the pinned text, the hidden data', () => {
    for (const fixture of [empty, aboutWording, hidden]) expect(fixtureResult(flow, fixture, validators, t).problems).toEqual([]);
  });

  it('a case not about wording holds after a new label and message; a wording case catches the change at its field', () => {
    const changed = relabelled();
    expect(fixtureResult(changed, empty, validators, t).problems).toEqual([]);
    expect(fixtureResult(changed, hidden, validators, t).problems).toEqual([]);
    const caught = fixtureResult(changed, aboutWording, validators, t);
    expect(caught.differences).toEqual([
      {
        field: 'aanvraag.naam',
        label: 'Volledige naam',
        expected: { state: 'message', message: "Het veld 'Naam' is niet ingevuld." },
        actual: { state: 'message', message: 'Vul uw volledige naam in.' },
      },
    ]);
    expect(caught.problems).toEqual(['aanvraag.naam: verwacht "Het veld \'Naam\' is niet ingevuld.", kreeg "Vul uw volledige naam in."']);
    // Taken over, the case keeps pinning the same field, with its new text.
    expect(caught.outcome).toEqual({ valid: false, failing: ['aanvraag.naam', 'aanvraag.soort'], wording: { 'aanvraag.naam': 'Vul uw volledige naam in.' } });
  });

  it('names each field that differs: a message missing or extra, data while hidden, validity', () => {
    const wrong: Fixture = {
      description: 'Verkeerd',
      data: { aanvraag: { naam: 'Piet', soort: 'b', toelichting: 'X' } },
      expected: { valid: false, failing: ['aanvraag.soort'], hiddenWithData: ['aanvraag.naam'] },
    };
    const result = fixtureResult(flow, wrong, validators, t);
    expect(result.differences).toEqual([
      { field: 'aanvraag.toelichting', label: 'Toelichting', expected: { state: 'ok' }, actual: { state: 'message', message: 'Alleen kleine letters.' } },
      { field: 'aanvraag.soort', label: 'Soort', expected: { state: 'message', message: null }, actual: { state: 'ok' } },
      { field: 'aanvraag.naam', label: 'Naam', expected: { state: 'hiddenWithData' }, actual: { state: 'ok' } },
    ]);
    expect(result.problems).toContain('aanvraag.soort: verwacht een melding, kreeg geen melding');
    const valid = fixtureResult(flow, { ...hidden, expected: { valid: false, failing: ['aanvraag.naam'] } }, validators, t);
    expect(valid.problems[0]).toBe('verwacht ongeldig, kreeg geldig');
    // A new case records the outcome without pinning any wording.
    expect(fixtureResult(flow, { ...empty, expected: { valid: true } }, validators, t).outcome).toEqual(empty.expected);
  });
});
