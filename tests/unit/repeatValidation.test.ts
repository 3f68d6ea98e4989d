/**
 * A step is validated over and over (on every change in the browser), so validation works things out
 * once: the field of an error's instance path per schema, a step's visibility rules per rule set, the
 * steps whose hidden data a step's validation must not see per flow and step. None of it may answer
 * for other data, another schema, another flow version or another language. And what runs on every
 * validation in a cheaper way (placeholders, dates, comparisons) answers exactly as before.
 */
import { describe, expect, it } from 'vitest';
import enMessages from '../../renderer/core/i18n/messages.en.json';
import { createTranslate, interpolate, type TextParams } from '../../renderer/core/i18n';
import { formatChecks, parseDutchDate } from '../../renderer/core/formats';
import { withEnvironment } from '../../renderer/core/environment';
import { evaluateValue, ruleReads } from '../../renderer/core/logic';
import { errorField } from '../../renderer/core/messages';
import { ruleReadsOf } from '../../renderer/core/rules/validation';
import { isHidden, stepsToStrip, stripHidden } from '../../renderer/core/rules/visibility';
import type { FlowDocument, JsonLogic, JsonSchema, StepDefinition } from '../../renderer/core/types';
import { stepSchemaId, validateStep, type ValidatorSet } from '../../renderer/core/validate';
import { createAjv } from '../../src/server/flows/pipeline/ajv';
import { loadFixtures } from '../../src/server/flows/fixtures';
import { compileShippedFlows } from '../../src/server/flows/sources';
import jsonLogic from 'json-logic-js';
import { makeFlow, t } from './support';

function compile(flow: FlowDocument): ValidatorSet {
  const ajv = createAjv();
  return Object.fromEntries(flow.steps.map((step) => [step.schema.$id!, ajv.compile(step.schema) as ValidatorSet[string]]));
}

const FLOW_ID = 'herhaling';

/** A step with a yes/no question and a name field that shows only after 'ja'. */
const vraag: StepDefinition = {
  id: 'stap1',
  title: 'Vraag',
  dataKey: 'vraag',
  schema: {
    $id: stepSchemaId(FLOW_ID, 'stap1'),
    type: 'object',
    required: ['antwoord', 'naam'],
    properties: { antwoord: { type: 'string', title: 'Antwoord', enum: ['ja', 'nee'] }, naam: { type: 'string', title: 'Naam', maxLength: 5 } },
  },
  visibleIf: { naam: { '==': [{ var: 'vraag.antwoord' }, 'ja'] } },
};

/** A step whose rule reads the first step's name (hidden data must not count). */
const controle: StepDefinition = {
  id: 'stap2',
  title: 'Controle',
  dataKey: 'controle',
  schema: { $id: stepSchemaId(FLOW_ID, 'stap2'), type: 'object', properties: { opmerking: { type: 'string', title: 'Opmerking' } } },
  rules: [{ id: 'geenFout', field: 'opmerking', assert: { '!=': [{ var: 'vraag.naam' }, 'fout'] }, message: 'De naam mag niet fout zijn.' }],
};

/** A step that reads no other step. */
const los: StepDefinition = {
  id: 'stap3',
  title: 'Los',
  dataKey: 'los',
  schema: { $id: stepSchemaId(FLOW_ID, 'stap3'), type: 'object', required: ['tekst'], properties: { tekst: { type: 'string', title: 'Tekst' } } },
};

const flow = makeFlow([vraag, controle, los], FLOW_ID);
const validators = compile(flow);

describe('errorField, worked out once per schema and instance path', () => {
  const groups: JsonSchema = { type: 'object', properties: { lijst: { type: 'array', items: { type: 'object', properties: { naam: { type: 'string' } } } } } };
  const files: JsonSchema = {
    type: 'object',
    properties: {
      lijst: {
        type: 'array',
        'x-files': { accept: ['pdf'], maxFileSize: 1000, maxFiles: 2 },
        items: { type: 'object', properties: { naam: { type: 'string' } } },
      },
    },
  };
  const error = { instancePath: '/lijst/0/naam', keyword: 'minLength', params: {} };

  it('answers per schema for the same instance path, as often as asked', () => {
    for (let round = 0; round < 3; round += 1) {
      expect(errorField(error, groups)).toBe('lijst.0.naam');
      expect(errorField(error, files)).toBe('lijst');
      expect(errorField(error)).toBe('lijst');
    }
  });

  it('names each missing field of one object, and the object itself for other keywords', () => {
    const missing = (name: string) => ({ instancePath: '/adres', keyword: 'required', params: { missingProperty: name } });
    expect(errorField(missing('postcode'), groups)).toBe('adres.postcode');
    expect(errorField(missing('huisnummer'), groups)).toBe('adres.huisnummer');
    expect(errorField({ instancePath: '/adres', keyword: 'type', params: {} }, groups)).toBe('adres');
    expect(errorField({ instancePath: '', keyword: 'required', params: { missingProperty: 'naam' } }, groups)).toBe('naam');
    expect(errorField({ instancePath: '', keyword: 'type', params: {} }, groups)).toBe('');
    // A property named '' (instance path '/') keeps its empty segment, as before.
    expect(errorField({ instancePath: '/', keyword: 'required', params: { missingProperty: 'x' } }, groups)).toBe('.x');
    expect(errorField({ instancePath: '/lijst/1', keyword: 'required', params: { missingProperty: 'naam' } }, files)).toBe('lijst');
  });
});

describe('isHidden, with the rules prepared once per rule set', () => {
  it('answers by the rules of the step it is given, also for a newer version of the step', () => {
    const model = { vraag: { antwoord: 'nee' } };
    expect(isHidden(vraag, 'naam', model)).toBe(true);
    const newer: StepDefinition = { ...vraag, visibleIf: { naam: { '==': [{ var: 'vraag.antwoord' }, 'nee'] } } };
    expect(isHidden(newer, 'naam', model)).toBe(false);
    expect(isHidden(vraag, 'naam', model)).toBe(true);
    expect(isHidden(vraag, 'naam', { vraag: { antwoord: 'ja' } })).toBe(false);
  });
});

describe('stepsToStrip', () => {
  it('holds the steps whose data is read, with the steps their visibility reads in turn, in flow order', () => {
    expect(stepsToStrip(flow, ['los'])).toEqual([los]);
    expect(stepsToStrip(flow, ['controle', 'vraag.naam'])).toEqual([vraag, controle]);
    const chained: StepDefinition = { ...los, visibleIf: { tekst: { '==': [{ var: 'controle.opmerking' }, 'x'] } } };
    const reading: StepDefinition = { ...controle, visibleIf: { opmerking: { '==': [{ var: 'vraag.antwoord' }, 'ja'] } } };
    expect(stepsToStrip(makeFlow([vraag, reading, chained]), ['los'])).toEqual([vraag, reading, chained]);
  });

  it('is every step when a rule on the way does not name what it reads', () => {
    expect(stepsToStrip(flow, undefined)).toBe(flow.steps);
    const opaque: StepDefinition = { ...los, visibleIf: { tekst: { '!': { missing: ['vraag.naam'] } } } };
    const whole: StepDefinition = { ...los, visibleIf: { tekst: { '!!': { var: '' } } } };
    for (const step of [opaque, whole]) {
      const steps = makeFlow([vraag, controle, step]);
      expect(stepsToStrip(steps, ['los'])).toBe(steps.steps);
    }
  });

  it('strips what a step reads exactly as stripping every step does, on every shipped flow and fixture', () => {
    let compared = 0;
    for (const [flowId, compiled] of compileShippedFlows(process.cwd(), { examples: true })) {
      const document = compiled.content.documents.nl;
      for (const { fixture } of loadFixtures(process.cwd(), flowId)) {
        const model = withEnvironment(document, fixture.data, compiled.content.lists.nl);
        const everything = stripHidden(document, model);
        for (const step of document.steps) {
          const reads = ruleReadsOf(step);
          const steps = stepsToStrip(document, reads && [step.dataKey, ...reads]);
          const scoped = stripHidden(document, model, steps);
          for (const { dataKey } of steps) expect(scoped[dataKey], `${flowId} ${step.id} ${dataKey}`).toEqual(everything[dataKey]);
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});

describe('validateStep, repeated', () => {
  it('answers for the data of each call, never for the data of an earlier one', () => {
    const valid = { vraag: { antwoord: 'ja', naam: 'Piet' } };
    const tooLong = { vraag: { antwoord: 'ja', naam: 'Pietje Puk' } };
    const hidden = { vraag: { antwoord: 'nee', naam: 'Pietje Puk' } };
    for (let round = 0; round < 3; round += 1) {
      expect(validateStep(flow, vraag, valid, validators, t)).toEqual([]);
      expect(validateStep(flow, vraag, tooLong, validators, t).map((error) => [error.field, error.code])).toEqual([['naam', 'maxLength']]);
      expect(validateStep(flow, vraag, hidden, validators, t)).toEqual([]);
      expect(validateStep(flow, vraag, { vraag: { antwoord: 'ja' } }, validators, t).map((error) => [error.field, error.code])).toEqual([['naam', 'required']]);
    }
  });

  it("a rule reading another step's hidden data sees it stripped", () => {
    const shown = { vraag: { antwoord: 'ja', naam: 'fout' }, controle: {} };
    const hidden = { vraag: { antwoord: 'nee', naam: 'fout' }, controle: {} };
    expect(validateStep(flow, controle, shown, validators, t).map((error) => error.field)).toEqual(['opmerking']);
    expect(validateStep(flow, controle, hidden, validators, t)).toEqual([]);
    // A step that reads nothing of the others is not affected by their data.
    expect(validateStep(flow, los, hidden, validators, t).map((error) => error.field)).toEqual(['tekst']);
  });

  it("strips what the step's own visibility reads, also for a step the flow does not hold (an edited one)", () => {
    const edited: StepDefinition = { ...los, visibleIf: { tekst: { '==': [{ var: 'vraag.naam' }, 'x'] } } };
    expect(validateStep(flow, edited, { vraag: { antwoord: 'nee', naam: 'x' } }, validators, t)).toEqual([]);
    expect(validateStep(flow, edited, { vraag: { antwoord: 'ja', naam: 'x' } }, validators, t).map((error) => error.field)).toEqual(['tekst']);
  });

  it('follows a new version of the flow that makes the same step read further', () => {
    const model = { vraag: { antwoord: 'nee', naam: 'fout' }, controle: {} };
    expect(validateStep(flow, controle, model, validators, t)).toEqual([]);
    // Version 2: the name shows whatever the answer, so the same step object now sees it.
    const vraag2: StepDefinition = { ...vraag, visibleIf: { naam: { '!!': [true] } } };
    const flow2 = makeFlow([vraag2, controle, los], FLOW_ID);
    expect(validateStep(flow2, controle, model, validators, t).map((error) => error.field)).toEqual(['opmerking']);
    expect(validateStep(flow, controle, model, validators, t)).toEqual([]);
  });

  it('labels a field by the schema of each call (a newer version of the step renames it)', () => {
    const model = { vraag: { antwoord: 'ja' } };
    const properties = vraag.schema.properties!;
    const renamed: StepDefinition = {
      ...vraag,
      schema: { ...vraag.schema, properties: { ...properties, naam: { ...properties.naam, title: 'Volledige naam' } } },
    };
    for (let round = 0; round < 2; round += 1) {
      expect(validateStep(flow, vraag, model, validators, t)[0].message).toBe("Het veld 'Naam' is niet ingevuld.");
      expect(validateStep(flow, renamed, model, validators, t)[0].message).toBe("Het veld 'Volledige naam' is niet ingevuld.");
    }
  });

  it('words its messages in the language of each call', () => {
    const english = createTranslate(enMessages as Record<string, string>);
    const model = { vraag: { antwoord: 'ja' } };
    const dutch = validateStep(flow, vraag, model, validators, t)[0].message;
    expect(validateStep(flow, vraag, model, validators, english)[0].message).toBe("The field 'Naam' has not been filled in.");
    expect(validateStep(flow, vraag, model, validators, t)[0].message).toBe(dutch);
    expect(dutch).toBe("Het veld 'Naam' is niet ingevuld.");
  });
});

describe('ruleReads', () => {
  it('names every model path a rule reads, a default and the start of a reduce included', () => {
    expect(ruleReads({ and: [{ '==': [{ var: 's.a' }, 1] }, { in: [{ var: ['s.b', { var: 's.c' }] }, [1, 2]] }] })).toEqual(['s.a', 's.b', 's.c']);
    expect(ruleReads({ some: [{ var: 's.lijst' }, { '==': [{ var: 'x' }, 1] }] })).toEqual(['s.lijst']);
    expect(ruleReads({ reduce: [{ var: 's.lijst' }, { '+': [{ var: 'current' }, { var: 'accumulator' }] }, { var: 's.start' }] })).toEqual([
      's.lijst',
      's.start',
    ]);
    expect(ruleReads(true)).toEqual([]);
  });

  it('is undefined when a rule does not name what it reads', () => {
    for (const rule of [{ var: '' }, { var: [] }, { var: { cat: ['s.', 'a'] } }, { missing: ['s.a'] }, { missing_some: [1, ['s.a']] }, { '!': { var: 1 } }])
      expect(ruleReads(rule), JSON.stringify(rule)).toBeUndefined();
  });
});

describe('a field compared with a constant, built as one function', () => {
  it('answers exactly as json-logic-js', () => {
    const data = { s: { n: 5, t: '5', z: 0, leeg: '', niets: null, ja: true, lijst: [1] } };
    const fields = ['s.n', 's.t', 's.z', 's.leeg', 's.niets', 's.ja', 's.x', 's.x.y', 's.lijst', 's.n.x'];
    const constants = [5, '5', 0, '', null, true, false, 'NL'];
    const rules: unknown[] = [];
    for (const field of fields) {
      for (const op of ['==', '===', '!=', '!=='])
        for (const constant of constants) rules.push({ [op]: [{ var: field }, constant] }, { [op]: [{ var: [field] }, constant] });
      rules.push({ in: [{ var: field }, [1, 5, '5', null, 0]] }, { in: [{ var: field }, []] }, { in: [{ var: field }, ['', false]] });
    }
    for (const rule of rules) {
      for (const model of [data, {}, null])
        expect(evaluateValue(rule as JsonLogic, model), JSON.stringify(rule)).toStrictEqual(
          jsonLogic.apply(rule as JsonLogic, model as Record<string, unknown>),
        );
    }
  });
});

describe('interpolate, scanned by hand', () => {
  it('answers as the regular expression /\\{(\\w+)\\}/g with a callback did', () => {
    const reference = (text: string, params: TextParams) =>
      text.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
    const params: TextParams = { a: 'X', a1: 1, _: '{a}', label: 'Naam', b: undefined, lang: 0 };
    const pieces = ['{', '}', 'a', 'a1', '_', 'b', 'label', 'lang', ' ', 'é', '{{', '}}', '-', 'x'];
    // A fixed pseudo-random sequence, so a failure can be repeated.
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const texts = ["Het veld '{label}' is niet ingevuld.", '{a}{a1}{_}{b}{c}', '{{a}}', '{a', 'a}', '{}', '{ a}', '{label}.', ''];
    for (let index = 0; index < 3000; index += 1) texts.push(Array.from({ length: next() % 12 }, () => pieces[next() % pieces.length]).join(''));
    for (const text of texts) expect(interpolate(text, params), JSON.stringify(text)).toBe(reference(text, params));
  });
});

describe('a date checked by counting days', () => {
  it('accepts exactly the dates a Date built from them keeps, at the same time', () => {
    // The check as it was: build the date and see whether its day stayed.
    const byDate = (value: string) => {
      const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
      if (!match) return undefined;
      const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
      if (year < 1800 || month < 1 || month > 12 || day < 1) return undefined;
      const date = new Date(Date.UTC(year, month - 1, day));
      return date.getUTCDate() === day ? date.getTime() : undefined;
    };
    const pad = (value: number, length: number) => String(value).padStart(length, '0');
    let checked = 0;
    for (const year of [1799, 1800, 1900, 1904, 1999, 2000, 2023, 2024, 2100, 2400, 9999]) {
      for (let month = 0; month <= 13; month += 1) {
        for (let day = 0; day <= 32; day += 1) {
          const value = `${pad(day, 2)}-${pad(month, 2)}-${pad(year, 4)}`;
          expect(parseDutchDate(value)?.getTime(), value).toBe(byDate(value));
          expect(formatChecks.datum(value) === true, value).toBe(byDate(value) !== undefined);
          expect(formatChecks.date(`${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`) === true, value).toBe(byDate(value) !== undefined);
          checked += 1;
        }
      }
    }
    for (const value of ['1-01-2000', '01-1-2000', '01-01-200', 'aa-bb-cccc', '', '01-01-2000 ']) expect(parseDutchDate(value), value).toBeUndefined();
    expect(formatChecks['datum-verleden']('01-01-2000')).toBe(true);
    expect(formatChecks['datum-verleden']('01-01-9999')).toBe('future');
    expect(formatChecks['datum-verleden']('30-02-2000')).toBe('invalid');
    expect(checked).toBeGreaterThan(5000);
  });
});
