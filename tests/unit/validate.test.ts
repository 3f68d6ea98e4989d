import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAjv } from '../../src/server/flows/pipeline/ajv';
import { loadDefinitions } from '../../src/server/flows/load';
import { resolveFlow } from '../../renderer/core/resolve';
import type { FlowDocument, FlowModel, StepDefinition } from '../../renderer/core/types';
import { stepSchemaId, validateFlow, validateStep, type ValidatorSet } from '../../renderer/core/validate';
import { catalogueMessage, fieldTitle } from '../helpers/flowTexts';
import { makeFlow, t } from './support';

/** Compiles the step schemas exactly as the server does (one ajv, validators keyed by `$id`). */
function compile(flow: FlowDocument): ValidatorSet {
  const ajv = createAjv();
  const validators: ValidatorSet = {};
  for (const step of flow.steps) validators[step.schema.$id!] = ajv.compile(step.schema) as ValidatorSet[string];
  return validators;
}

const FLOW_ID = 'testflow';

const gegevens: StepDefinition = {
  id: 'stap1',
  title: 'Uw gegevens',
  dataKey: 'gegevens',
  schema: {
    $id: stepSchemaId(FLOW_ID, 'stap1'),
    type: 'object',
    required: ['naam', 'email', 'soort', 'toelichting', 'adres'],
    properties: {
      naam: { type: 'string', title: 'Naam', maxLength: 10, format: 'achternaam' },
      email: { type: 'string', title: 'E-mailadres', format: 'email' },
      herhaalEmail: { type: 'string', title: 'Herhaal e-mailadres' },
      soort: { type: 'integer', title: 'Soort', enum: [1, 2] },
      toelichting: { type: 'string', title: 'Toelichting', maxLength: 5 },
      adres: {
        type: 'object',
        title: 'Adres',
        required: ['postcode'],
        properties: {
          postcode: { type: 'string', title: 'Postcode', format: 'postcode' },
          huisnummer: { type: 'string', title: 'Huisnummer', format: 'huisnummer' },
        },
      },
    },
  },
  visibleIf: { toelichting: { '==': [{ var: 'gegevens.soort' }, 2] } },
  rules: [
    {
      id: 'emailGelijk',
      field: 'herhaalEmail',
      assert: { '==': [{ var: 'gegevens.email' }, { var: 'gegevens.herhaalEmail' }] },
      message: 'De e-mailadressen zijn niet gelijk.',
    },
    { id: 'altijdFout', field: 'toelichting', assert: false, message: 'Deze regel hoort bij een verborgen veld.' },
  ],
};

const documenten: StepDefinition = {
  id: 'stap2',
  title: 'Documenten',
  dataKey: 'documenten',
  schema: {
    $id: stepSchemaId(FLOW_ID, 'stap2'),
    type: 'object',
    required: ['bestanden'],
    properties: {
      bestanden: {
        type: 'array',
        title: 'Documenten',
        minItems: 1,
        maxItems: 2,
        items: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } },
      },
    },
  },
};

const flow = makeFlow([gegevens, documenten], FLOW_ID);
const validators = compile(flow);

const validGegevens = {
  naam: 'Jansen',
  email: 'jan@example.nl',
  herhaalEmail: 'jan@example.nl',
  soort: 1,
  adres: { postcode: '1234 AB', huisnummer: '1' },
};

describe('stepSchemaId', () => {
  it('is the urn the validators are keyed by', () => {
    expect(stepSchemaId('aanleveren-documenten', 'stap1')).toBe('urn:uzi-portaal:flow:aanleveren-documenten:stap1');
    expect(Object.keys(validators)).toEqual([stepSchemaId(FLOW_ID, 'stap1'), stepSchemaId(FLOW_ID, 'stap2')]);
  });
});

describe('validateStep', () => {
  it('returns nothing for valid data', () => {
    expect(validateStep(flow, gegevens, { gegevens: validGegevens }, validators, t)).toEqual([]);
  });

  it('returns one Dutch message per field, in form order (not in ajv order)', () => {
    const model: FlowModel = { gegevens: { naam: 'Jansen3', soort: 1, adres: { huisnummer: '0' } } };
    const errors = validateStep(flow, gegevens, model, validators, t);
    expect(errors).toEqual([
      { field: 'naam', code: 'format', message: "Het veld 'Naam' is ongeldig." },
      { field: 'email', code: 'required', message: "Het veld 'E-mailadres' is niet ingevuld." },
      { field: 'adres.postcode', code: 'required', message: "Het veld 'Postcode' is niet ingevuld." },
      { field: 'adres.huisnummer', code: 'format', message: "Het veld 'Huisnummer' is niet geldig." },
    ]);
  });

  it('keeps only the first message of a field that fails several keywords', () => {
    const model: FlowModel = { gegevens: { ...validGegevens, naam: 'Jansen12345' } };
    const errors = validateStep(flow, gegevens, model, validators, t);
    expect(errors).toHaveLength(1);
    expect(errors[0].field).toBe('naam');
    expect(["Het veld 'Naam' is ongeldig. Er mogen maximaal 10 tekens ingevuld worden.", "Het veld 'Naam' is ongeldig."]).toContain(errors[0].message);
  });

  it('does not report a required field while it is hidden', () => {
    const errors = validateStep(flow, gegevens, { gegevens: { ...validGegevens, soort: 1 } }, validators, t);
    expect(errors.map((error) => error.field)).not.toContain('toelichting');
  });

  it('ignores invalid data of a hidden field (it is stripped first)', () => {
    const model: FlowModel = { gegevens: { ...validGegevens, soort: 1, toelichting: 'veel te lang' } };
    expect(validateStep(flow, gegevens, model, validators, t)).toEqual([]);
  });

  it('reports the field once it is visible', () => {
    const missing = validateStep(flow, gegevens, { gegevens: { ...validGegevens, soort: 2 } }, validators, t);
    expect(missing).toContainEqual({ field: 'toelichting', code: 'required', message: "Het veld 'Toelichting' is niet ingevuld." });
    const tooLong = validateStep(flow, gegevens, { gegevens: { ...validGegevens, soort: 2, toelichting: 'veel te lang' } }, validators, t);
    expect(tooLong.find((error) => error.field === 'toelichting')?.message).toBe(
      "Het veld 'Toelichting' is ongeldig. Er mogen maximaal 5 tekens ingevuld worden.",
    );
  });

  it('applies a cross-field rule to a visible field', () => {
    const model: FlowModel = { gegevens: { ...validGegevens, herhaalEmail: 'piet@example.nl' } };
    expect(validateStep(flow, gegevens, model, validators, t)).toEqual([
      { field: 'herhaalEmail', code: 'rule:emailGelijk', message: 'De e-mailadressen zijn niet gelijk.' },
    ]);
  });

  it('does not apply a cross-field rule to a hidden field', () => {
    const errors = validateStep(flow, gegevens, { gegevens: { ...validGegevens, soort: 1 } }, validators, t);
    expect(errors.find((error) => error.code === 'rule:altijdFout')).toBeUndefined();
  });

  it('a schema error of a field wins over its rule', () => {
    const model: FlowModel = { gegevens: { ...validGegevens, soort: 2, toelichting: undefined } };
    const errors = validateStep(flow, gegevens, model, validators, t).filter((error) => error.field === 'toelichting');
    expect(errors).toEqual([{ field: 'toelichting', code: 'required', message: "Het veld 'Toelichting' is niet ingevuld." }]);
  });

  it('a rule on a visible field applies when the schema passes', () => {
    const model: FlowModel = { gegevens: { ...validGegevens, soort: 2, toelichting: 'kort' } };
    expect(validateStep(flow, gegevens, model, validators, t)).toEqual([
      { field: 'toelichting', code: 'rule:altijdFout', message: 'Deze regel hoort bij een verborgen veld.' },
    ]);
  });

  it('maps list errors to the list (minItems 1 -> required, maxItems) and an item error to the field of the item', () => {
    expect(validateStep(flow, documenten, { documenten: { bestanden: [] } }, validators, t)).toEqual([
      { field: 'bestanden', code: 'minItems', message: "Het veld 'Documenten' is niet ingevuld." },
    ]);
    const tooMany = { documenten: { bestanden: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] } };
    expect(validateStep(flow, documenten, tooMany, validators, t)).toEqual([
      { field: 'bestanden', code: 'maxItems', message: "Het veld 'Documenten' is ongeldig. Er mogen maximaal 2 items toegevoegd worden." },
    ]);
    const badItem = { documenten: { bestanden: [{ name: '' }] } };
    expect(validateStep(flow, documenten, badItem, validators, t).map((error) => error.field)).toEqual(['bestanden.0.name']);
  });

  it('validates an absent step as an empty object', () => {
    expect(validateStep(flow, documenten, {}, validators, t)).toEqual([
      { field: 'bestanden', code: 'required', message: "Het veld 'Documenten' is niet ingevuld." },
    ]);
  });

  it('throws when a step has no validator', () => {
    expect(() => validateStep(flow, gegevens, {}, {}, t)).toThrow(/stap1/);
  });
});

describe('validateFlow', () => {
  it('aggregates the errors per step and leaves out steps without errors', () => {
    const model: FlowModel = { gegevens: validGegevens, documenten: { bestanden: [] } };
    expect(validateFlow(flow, model, validators, t)).toEqual([
      {
        stepId: 'stap2',
        dataKey: 'documenten',
        errors: [{ field: 'bestanden', code: 'minItems', message: "Het veld 'Documenten' is niet ingevuld." }],
      },
    ]);
  });

  it('reports every failing step in flow order', () => {
    const result = validateFlow(flow, {}, validators, t);
    expect(result.map((step) => step.stepId)).toEqual(['stap1', 'stap2']);
    expect(result[0].errors.map((error) => error.field)).toEqual(['naam', 'email', 'soort', 'adres']);
  });

  it('is empty for a complete model', () => {
    expect(validateFlow(flow, { gegevens: validGegevens, documenten: { bestanden: [{ name: 'a.pdf' }] } }, validators, t)).toEqual([]);
  });
});

describe('with the real shared field definitions (schemas/velden)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2024, 5, 15, 12, 0, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const written = makeFlow(
    [
      {
        id: 'stap1',
        title: 'Gegevens pashouder',
        dataKey: 'pashouder',
        schema: {
          type: 'object',
          required: ['persoonsgegevens', 'toestemming'],
          properties: {
            persoonsgegevens: { $ref: 'urn:uzi-portaal:veld:persoonsgegevens' },
            toestemming: { $ref: 'urn:uzi-portaal:veld:toestemming', title: 'Toestemming verwerking persoonsgegevens' },
          },
        },
      },
    ],
    'pas',
  );
  const resolved = resolveFlow(written, { definitions: loadDefinitions(fileURLToPath(new URL('../../schemas', import.meta.url))), lists: {} });
  const realValidators = compile(resolved);
  const step = resolved.steps[0];
  /** The catalogue message for a field, labelled with the title the shared definition gives it. */
  const message = (key: string, field: string) => catalogueMessage(key, { label: fieldTitle(resolved, `pashouder.${field}`) });

  it('maps nested required, BSN, future birth date and consent to the spec messages', () => {
    const model: FlowModel = {
      pashouder: { persoonsgegevens: { bsn: '123456789', geboortedatum: '16-06-2024', voornamen: 'Jan' }, toestemming: false },
    };
    const errors = validateStep(resolved, step, model, realValidators, t);
    const byField = Object.fromEntries(errors.map((error) => [error.field, error.message]));
    expect(byField['persoonsgegevens.bsn']).toBe(message('validation.format.bsn', 'persoonsgegevens.bsn'));
    expect(byField['persoonsgegevens.geboortedatum']).toBe(message('validation.format.datum-verleden.future', 'persoonsgegevens.geboortedatum'));
    expect(byField['persoonsgegevens.geboortenaam']).toBe(message('validation.required', 'persoonsgegevens.geboortenaam'));
    // The title the flow gives next to the $ref wins over the definition's.
    expect(byField.toestemming).toBe("Het veld 'Toestemming verwerking persoonsgegevens' is niet ingevuld.");
    expect(errors.map((error) => error.field)).toEqual([
      'persoonsgegevens.bsn',
      'persoonsgegevens.geboortedatum',
      'persoonsgegevens.geboortenaam',
      'toestemming',
    ]);
  });

  it('an invalid birth date gets the invalid message', () => {
    const model: FlowModel = {
      pashouder: {
        persoonsgegevens: { bsn: '123456782', geboortedatum: '31-02-1990', voornamen: 'Jan', geboortenaam: 'Jansen' },
        toestemming: true,
      },
    };
    expect(validateStep(resolved, step, model, realValidators, t)).toEqual([
      {
        field: 'persoonsgegevens.geboortedatum',
        code: 'format',
        message: message('validation.format.datum-verleden.invalid', 'persoonsgegevens.geboortedatum'),
      },
    ]);
  });
});
