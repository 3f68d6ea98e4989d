/**
 * JSON Schema conditions (renderer/core/conditions): which branch of an if/then/else, which case of
 * a dependency and which option of a choice between groups of fields is in effect for the data —
 * answered by the validators the pipeline compiles for the example flows — and what is left out
 * (data and errors of branches not in effect).
 */
import { describe, expect, it } from 'vitest';
import { answerWith, hasAnyConditions, stepInEffect } from '../../renderer/core/conditions';
import { effectiveSchema, inapplicablePaths, type Answer } from '../../renderer/core/conditions/effective';
import { errorsInEffect } from '../../renderer/core/conditions/errors';
import { withoutStaleChoices } from '../../renderer/core/rules/conditions';
import type { RawError } from '../../renderer/core/messages';
import type { JsonSchema, StepDefinition } from '../../renderer/core/types';
import type { ValidatorSet } from '../../renderer/core/validate';
import { createPipeline, type CompiledFlow } from '../../src/server/flows/pipeline/compileFlow';
import { flowInputs, loadPipelineSources } from '../../src/server/flows/sources';

const compile = createPipeline(loadPipelineSources(process.cwd()));
const inputs = flowInputs(process.cwd(), { examples: true });

function compiled(id: string): CompiledFlow {
  const input = inputs.find((candidate) => candidate.expectedId === id);
  if (!input) throw new Error(`geen flow ${id}`);
  const result = compile(input);
  if (!result.ok) throw new Error(`${id} geweigerd: ${result.problems.map((problem) => problem.message).join('; ')}`);
  return result.flow;
}

/** Step `index` of a compiled example flow (Dutch), with the flow's validators and an answer function. */
function stepOf(id: string, index = 0): { step: StepDefinition; validators: ValidatorSet; answer: Answer } {
  const flow = compiled(id);
  const step = flow.content.documents.nl.steps[index];
  return { step, validators: flow.runtime.validators, answer: answerWith(flow.runtime.validators, step.schema) };
}

const fieldsOf = (schema: JsonSchema) => Object.keys(schema.properties ?? {}).sort();

const ALS_DAN = stepOf('voorbeeld-als-dan');
const AFHANKELIJK = stepOf('voorbeeld-afhankelijkheden');
const BERICHT = stepOf('voorbeeld-keuze', 0);
const BETALING = stepOf('voorbeeld-keuze', 1);

describe('effectiveSchema: if/then/else', () => {
  it('takes then when the if holds and else when it does not, also inside allOf', () => {
    const kat = effectiveSchema(ALS_DAN.step.schema, { dier: 'kat', ervaring: true }, ALS_DAN.answer);
    expect(fieldsOf(kat.schema)).toEqual(['dier', 'ervaring', 'jaren', 'voer']);
    expect(kat.schema.properties!.voer).toMatchObject({ title: 'Wat eet uw kat?', enum: ['vlees', 'brokken', 'vis'] });
    expect(kat.schema.required).toEqual(expect.arrayContaining(['dier', 'ervaring', 'voer', 'jaren']));
    expect(kat.schema.required).not.toContain('cursus');
    expect(kat.decisions).toEqual({ '/if': true, '/allOf/0/if': true, '/allOf/1/if': false });

    const vis = effectiveSchema(ALS_DAN.step.schema, { dier: 'vis', ervaring: false }, ALS_DAN.answer);
    expect(fieldsOf(vis.schema)).toEqual(['cursus', 'dier', 'ervaring', 'voer', 'water']);
    expect(vis.schema.properties!.voer).toMatchObject({ title: 'Wat eet uw vis?', enum: ['insecten', 'wormen'] });
    expect(vis.decisions).toEqual({ '/if': false, '/allOf/0/if': false, '/allOf/1/if': true });
  });

  it('applies else while the field the if asks about is empty', () => {
    const empty = effectiveSchema(ALS_DAN.step.schema, {}, ALS_DAN.answer);
    expect(fieldsOf(empty.schema)).toEqual(['cursus', 'dier', 'ervaring']);
    expect(empty.schema.required).toContain('cursus');
    expect(empty.decisions['/if']).toBe(false);
  });

  it('hands back a plain object schema: no conditional keywords left', () => {
    const { schema } = effectiveSchema(ALS_DAN.step.schema, { dier: 'kat', ervaring: true }, ALS_DAN.answer);
    for (const keyword of ['if', 'then', 'else', 'allOf', 'oneOf', 'anyOf', 'dependencies']) expect(schema).not.toHaveProperty(keyword);
    expect(schema.$id).toBe(ALS_DAN.step.schema.$id);
  });

  it('does not change the schema it is given', () => {
    const before = structuredClone(ALS_DAN.step.schema);
    effectiveSchema(ALS_DAN.step.schema, { dier: 'vis', ervaring: true }, ALS_DAN.answer);
    expect(ALS_DAN.step.schema).toEqual(before);
  });
});

describe('effectiveSchema: dependencies', () => {
  it('adds the fields of a dependency only when its field has a value', () => {
    const without = effectiveSchema(AFHANKELIJK.step.schema, { naam: 'Jansen' }, AFHANKELIJK.answer);
    expect(without.schema.properties).not.toHaveProperty('bereikbaar');
    expect(without.schema.required).toEqual(['naam']);

    const withPhone = effectiveSchema(AFHANKELIJK.step.schema, { naam: 'Jansen', telefoon: '0612345678', bedrijfsnaam: 'Zorg BV' }, AFHANKELIJK.answer);
    expect(withPhone.schema.properties).toHaveProperty('bereikbaar');
    // dependentRequired: a company name asks for the KVK number.
    expect(withPhone.schema.required).toEqual(expect.arrayContaining(['naam', 'bereikbaar', 'kvkNummer']));
  });

  it('picks the case of a dependency oneOf by the value of its field', () => {
    const site = '/properties/huisdieren/dependencies/heeftHuisdieren/oneOf';
    const pets = (heeftHuisdieren?: string) =>
      effectiveSchema(AFHANKELIJK.step.schema, { huisdieren: heeftHuisdieren === undefined ? {} : { heeftHuisdieren } }, AFHANKELIJK.answer);

    const een = pets('een');
    expect(een.decisions[site]).toBe(1);
    expect(fieldsOf(een.schema.properties!.huisdieren)).toEqual(['heeftHuisdieren', 'leeftijd']);
    expect(een.schema.properties!.huisdieren.required).toEqual(expect.arrayContaining(['heeftHuisdieren', 'leeftijd']));

    const meer = pets('meer');
    expect(meer.decisions[site]).toBe(2);
    expect(fieldsOf(meer.schema.properties!.huisdieren)).toEqual(['aantal', 'heeftHuisdieren']);

    const nee = pets('nee');
    expect(nee.decisions[site]).toBe(0);
    expect(fieldsOf(nee.schema.properties!.huisdieren)).toEqual(['heeftHuisdieren']);

    const unanswered = pets();
    expect(unanswered.decisions).not.toHaveProperty(site);
    expect(fieldsOf(unanswered.schema.properties!.huisdieren)).toEqual(['heeftHuisdieren']);
  });

  it("keeps the field's own schema: the case's condition on it is not merged in", () => {
    const een = effectiveSchema(AFHANKELIJK.step.schema, { huisdieren: { heeftHuisdieren: 'een' } }, AFHANKELIJK.answer);
    expect(een.schema.properties!.huisdieren.properties!.heeftHuisdieren.enum).toEqual(['nee', 'een', 'meer']);
  });
});

describe('effectiveSchema: a choice between groups of fields', () => {
  it("takes the applicant's explicit choice over what the data satisfies", () => {
    const data = { naam: 'Jansen', emailadres: 'j.jansen@example.nl' };
    const chosen = effectiveSchema(BERICHT.step.schema, data, BERICHT.answer, { '': 1 });
    expect(chosen.decisions['/oneOf']).toBe(1);
    expect(fieldsOf(chosen.schema)).toEqual(['naam', 'postadres']);
    expect(chosen.choices).toEqual([
      { path: '', pointer: '/oneOf', options: BERICHT.step.schema.oneOf, chosen: 1, fields: ['naam'], label: 'Hoe wilt u bericht van ons krijgen?' },
    ]);
  });

  it('ignores an explicit choice that names no option', () => {
    const data = { naam: 'Jansen', emailadres: 'j.jansen@example.nl' };
    expect(effectiveSchema(BERICHT.step.schema, data, BERICHT.answer, { '': 7 }).decisions['/oneOf']).toBe(0);
    expect(effectiveSchema(BERICHT.step.schema, data, BERICHT.answer, { '': -1 }).decisions['/oneOf']).toBe(0);
  });

  it('else takes the first option the data satisfies', () => {
    const post = effectiveSchema(BERICHT.step.schema, { naam: 'Jansen', postadres: 'Postbus 1' }, BERICHT.answer);
    expect(post.decisions['/oneOf']).toBe(1);
    expect(fieldsOf(post.schema)).toEqual(['naam', 'postadres']);
    // Both satisfied: the first one.
    const both = effectiveSchema(BERICHT.step.schema, { naam: 'Jansen', emailadres: 'j.jansen@example.nl', postadres: 'Postbus 1' }, BERICHT.answer);
    expect(both.decisions['/oneOf']).toBe(0);
    expect(fieldsOf(both.schema)).toEqual(['emailadres', 'naam']);
  });

  it('else takes the option with most of its own fields filled in, valid or not', () => {
    const email = effectiveSchema(BERICHT.step.schema, { naam: 'Jansen', emailadres: 'geen-adres' }, BERICHT.answer);
    expect(email.decisions['/oneOf']).toBe(0);
    const post = effectiveSchema(BERICHT.step.schema, { naam: 'Jansen', postadres: 'x'.repeat(301) }, BERICHT.answer);
    expect(post.decisions['/oneOf']).toBe(1);
  });

  it('else chooses none (-1): only the fields before the choice', () => {
    const none = effectiveSchema(BERICHT.step.schema, { naam: 'Jansen' }, BERICHT.answer);
    expect(none.decisions['/oneOf']).toBe(-1);
    expect(none.choices[0].chosen).toBe(-1);
    expect(fieldsOf(none.schema)).toEqual(['naam']);
  });

  it('counts only fields not every option has, and the first of equally filled options wins', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {},
      oneOf: [
        { title: 'A', properties: { gedeeld: { type: 'string' }, a: { type: 'string' } } },
        { title: 'B', properties: { gedeeld: { type: 'string' }, b1: { type: 'string' }, b2: { type: 'string' } } },
      ],
    };
    const never: Answer = () => false;
    expect(effectiveSchema(schema, { gedeeld: 'x', a: 'x' }, never).decisions['/oneOf']).toBe(0);
    expect(effectiveSchema(schema, { a: 'x', b1: 'x', b2: 'x' }, never).decisions['/oneOf']).toBe(1);
    expect(effectiveSchema(schema, { a: 'x', b1: 'x' }, never).decisions['/oneOf']).toBe(0);
    expect(effectiveSchema(schema, { gedeeld: 'x' }, never).decisions['/oneOf']).toBe(-1);
  });

  it('decides a choice on a sub-object by its own data path', () => {
    const invoice = effectiveSchema(BETALING.step.schema, { betaling: { bedrag: 10, bank: 'abn' } }, BETALING.answer, { betaling: 1 });
    expect(invoice.decisions['/properties/betaling/anyOf']).toBe(1);
    expect(fieldsOf(invoice.schema.properties!.betaling)).toEqual(['bedrag', 'iban']);
    expect(invoice.choices).toMatchObject([
      { path: 'betaling', pointer: '/properties/betaling/anyOf', chosen: 1, fields: ['bedrag'], label: 'Hoe wilt u betalen?' },
    ]);
    // A choice at the step's own path does not decide the sub-object's.
    const ideal = effectiveSchema(BETALING.step.schema, { betaling: { bedrag: 10, bank: 'abn' } }, BETALING.answer, { '': 1 });
    expect(ideal.decisions['/properties/betaling/anyOf']).toBe(0);
  });

  it("keeps the object's own title: an option never renames the group", () => {
    const { schema } = effectiveSchema(BETALING.step.schema, { betaling: { bedrag: 10, bank: 'abn' } }, BETALING.answer);
    expect(schema.properties!.betaling.title).toBe('Betaling');
  });
});

describe('inapplicablePaths', () => {
  it('lists the data of branches not in effect, and nothing else', () => {
    const data = { dier: 'kat', voer: 'vlees', water: 'vijver', ervaring: true, jaren: 2, cursus: 'Katten', onbekend: 'x' };
    const { schema } = effectiveSchema(ALS_DAN.step.schema, data, ALS_DAN.answer);
    expect(inapplicablePaths(ALS_DAN.step.schema, schema, data).sort()).toEqual(['cursus', 'water']);
  });

  it('lists nothing when all data is of branches in effect', () => {
    const data = { dier: 'vis', voer: 'wormen', water: 'vijver', ervaring: false, cursus: 'Vissen' };
    const { schema } = effectiveSchema(ALS_DAN.step.schema, data, ALS_DAN.answer);
    expect(inapplicablePaths(ALS_DAN.step.schema, schema, data)).toEqual([]);
  });

  it('lists nested data by its dotted path', () => {
    const data = { huisdieren: { heeftHuisdieren: 'meer', leeftijd: 3, aantal: 4 } };
    const { schema } = effectiveSchema(AFHANKELIJK.step.schema, data, AFHANKELIJK.answer);
    expect(inapplicablePaths(AFHANKELIJK.step.schema, schema, data)).toEqual(['huisdieren.leeftijd']);
    const choice = { betaling: { bedrag: 10, bank: 'abn', iban: 'NL91ABNA0417164300' } };
    const effective = effectiveSchema(BETALING.step.schema, choice, BETALING.answer).schema;
    expect(inapplicablePaths(BETALING.step.schema, effective, choice)).toEqual(['betaling.iban']);
  });
});

describe('errorsInEffect', () => {
  function errorsFor(target: typeof BERICHT, data: Record<string, unknown>, choices?: Record<string, number>) {
    const validate = target.validators[target.step.schema.$id!];
    const inEffect = stepInEffect(target.step, data, target.validators, choices);
    expect(validate(inEffect.data)).toBe(false);
    return { all: [...(validate.errors ?? [])], kept: errorsInEffect([...(validate.errors ?? [])], inEffect.decisions) };
  }
  const said = (errors: RawError[]) => errors.map((error) => `${error.keyword} ${error.schemaPath}`);

  it('drops the errors of the options not chosen and the bare choice error', () => {
    const { all, kept } = errorsFor(BERICHT, { naam: 'Jansen', emailadres: 'geen-adres' });
    expect(said(all)).toEqual(expect.arrayContaining(['required #/oneOf/1/required', 'oneOf #/oneOf']));
    expect(said(kept)).toEqual(['format #/oneOf/0/properties/emailadres/format']);
  });

  it("keeps the choice's own error while no option is chosen (nothing else explains it)", () => {
    const { kept } = errorsFor(BERICHT, { naam: 'Jansen' });
    expect(said(kept)).toEqual(['oneOf #/oneOf']);
  });

  it('drops the bare if errors and keeps what the branches in effect miss', () => {
    const { all, kept } = errorsFor(ALS_DAN, { dier: 'vis', ervaring: true });
    expect(all.some((error) => error.keyword === 'if')).toBe(true);
    expect(kept.map((error) => error.keyword)).toEqual(['required', 'required', 'required']);
    expect(kept.map((error) => error.params.missingProperty).sort()).toEqual(['jaren', 'voer', 'water']);
  });

  it('drops the errors of the dependency cases not in effect', () => {
    const { kept } = errorsFor(AFHANKELIJK, { naam: 'Jansen', huisdieren: { heeftHuisdieren: 'een' } });
    expect(said(kept)).toEqual(['required #/properties/huisdieren/dependencies/heeftHuisdieren/oneOf/1/required']);
  });

  it('reads URI-encoded schema paths and keeps errors without one', () => {
    const errors: RawError[] = [
      { instancePath: '', keyword: 'required', params: { missingProperty: 'a' }, schemaPath: '#/dependencies/mijn%20veld/oneOf/0/required' },
      { instancePath: '', keyword: 'required', params: { missingProperty: 'b' }, schemaPath: '#/dependencies/mijn%20veld/oneOf/1/required' },
      { instancePath: '/c', keyword: 'type', params: {} },
    ];
    expect(errorsInEffect(errors, { '/dependencies/mijn veld/oneOf': 1 }).map((error) => error.params.missingProperty ?? error.instancePath)).toEqual([
      'b',
      '/c',
    ]);
  });
});

describe('stepInEffect', () => {
  it('returns the step and data unchanged (same objects) when the schema has no conditions', () => {
    const plain = stepOf('voorbeeld-getallen');
    const data = { geheel: 3 };
    const result = stepInEffect(plain.step, data, plain.validators);
    expect(result.step).toBe(plain.step);
    expect(result.data).toBe(data);
    expect(result).toMatchObject({ inapplicable: [], decisions: {}, choices: [] });
  });

  it('gives the schema in effect and the data without answers that do not apply', () => {
    const data = { dier: 'kat', voer: 'vlees', water: 'vijver', ervaring: true, jaren: 2 };
    const result = stepInEffect(ALS_DAN.step, data, ALS_DAN.validators);
    expect(result.step).not.toBe(ALS_DAN.step);
    expect(result.step.id).toBe(ALS_DAN.step.id);
    expect(fieldsOf(result.step.schema)).toEqual(['dier', 'ervaring', 'jaren', 'voer']);
    expect(result.inapplicable).toEqual(['water']);
    expect(result.data).toEqual({ dier: 'kat', voer: 'vlees', ervaring: true, jaren: 2 });
    expect(data).toHaveProperty('water', 'vijver');
  });

  it("passes the applicant's choices on", () => {
    const data = { naam: 'Jansen', emailadres: 'j.jansen@example.nl' };
    const result = stepInEffect(BERICHT.step, data, BERICHT.validators, { '': 1 });
    expect(result.choices[0].chosen).toBe(1);
    expect(result.inapplicable).toEqual(['emailadres']);
    expect(result.data).toEqual({ naam: 'Jansen' });
  });
});

describe('hasAnyConditions and answerWith', () => {
  it('sees conditions on the step and in sub-objects, not in the items of a list', () => {
    expect(hasAnyConditions(ALS_DAN.step.schema)).toBe(true);
    expect(hasAnyConditions(BETALING.step.schema)).toBe(true);
    expect(hasAnyConditions({ type: 'object', properties: { a: { type: 'string' } } })).toBe(false);
    const inItems: JsonSchema = {
      type: 'object',
      properties: { lijst: { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } }, if: { required: ['a'] }, then: {} } } },
    };
    expect(hasAnyConditions(inItems)).toBe(false);
  });

  it('refuses to answer a question it has no validator for', () => {
    const answer = answerWith({}, ALS_DAN.step.schema);
    expect(() => answer('/if', {})).toThrow(/Geen validator voor de voorwaarde \/if/);
    expect(() => ALS_DAN.answer('/bestaat/niet', {})).toThrow(/Geen validator/);
  });
});

describe('decisions of dependencies', () => {
  it('record that a dependency applies, so what decides the step on screen changes with it', () => {
    const { step, validators } = stepOf('voorbeeld-afhankelijkheden');
    const without = stepInEffect(step, { naam: 'Jansen' }, validators);
    const withPhone = stepInEffect(step, { naam: 'Jansen', telefoon: '0612345678' }, validators);
    expect(JSON.stringify(withPhone.decisions)).not.toBe(JSON.stringify(without.decisions));
    expect(Object.keys(withPhone.step.schema.properties ?? {})).toContain('bereikbaar');
    expect(Object.keys(without.step.schema.properties ?? {})).not.toContain('bereikbaar');
  });
});

describe('withoutStaleChoices', () => {
  it('clears an answer the field as now defined does not offer, and keeps the others', () => {
    const { step, validators } = stepOf('voorbeeld-als-dan');
    expect(withoutStaleChoices(step, { dier: 'vis', voer: 'vlees', ervaring: true, jaren: 5 }, validators)).toEqual({ dier: 'vis', ervaring: true, jaren: 5 });
    const fitting = { dier: 'kat', voer: 'vlees', ervaring: true };
    expect(withoutStaleChoices(step, fitting, validators)).toBe(fitting);
  });
});
