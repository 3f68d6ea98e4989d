/**
 * Choices between objects as rjsf forms write them (renderer/core/conditions): options without
 * `type` or `required`, without `title`, on a property, and constants as an enum of one value —
 * on the example flow voorbeeld-keuze-objecten as the pipeline compiles it. Which option is in
 * effect follows from the data alone by one rule (`optionForData`), the browser checks that the
 * option the applicant chose is that one, and the option in effect is validated on its own.
 */
import { describe, expect, it } from 'vitest';
import { answerWith, optionTitle, stepInEffect } from '../../renderer/core/conditions';
import { optionErrors } from '../../renderer/core/conditions/optionErrors';
import { effectiveSchema, optionForData } from '../../renderer/core/conditions/effective';
import { errorsInEffect } from '../../renderer/core/conditions/errors';
import type { RawError } from '../../renderer/core/messages';
import type { FlowDocument, JsonSchema, StepDefinition } from '../../renderer/core/types';
import { validateStep, type ValidatorSet } from '../../renderer/core/validate';
import { createPipeline } from '../../src/server/flows/pipeline/compileFlow';
import { flowInputs, loadPipelineSources } from '../../src/server/flows/sources';
import { loadTranslations } from '../../src/server/i18n';

const compile = createPipeline(loadPipelineSources(process.cwd()));
const input = flowInputs(process.cwd(), { examples: true }).find((candidate) => candidate.expectedId === 'voorbeeld-keuze-objecten')!;
const result = compile(input);
if (!result.ok) throw new Error(result.problems.map((problem) => problem.message).join('; '));
const flow: FlowDocument = result.flow.content.documents.nl;
const english: FlowDocument = result.flow.content.documents.en;
const validators: ValidatorSet = result.flow.runtime.validators;
const [bekendmaken, bestelling] = flow.steps as [StepDefinition, StepDefinition];
const { nl, en } = loadTranslations();

const answer = answerWith(validators, bekendmaken.schema);
const options = bekendmaken.schema.anyOf as JsonSchema[];
const messagesOf = (step: StepDefinition, data: Record<string, unknown>, choices?: Record<string, number>) =>
  Object.fromEntries(validateStep(flow, step, { [step.dataKey]: data }, validators, nl, choices).map((error) => [error.field, error.message]));

describe('optionForData: the option in effect by the data alone', () => {
  it('takes the first option one of whose own fields is answered and whose schema the data meets', () => {
    expect(optionForData(options, '/anyOf', { naam: 'Jansen', woonplaats: 'Zwolle' }, answer)).toBe(0);
    expect(optionForData(options, '/anyOf', { naam: 'Jansen', klantnummer: '123456' }, answer)).toBe(1);
    expect(optionForData(options, '/anyOf', { woonplaats: 'Zwolle', klantnummer: '123456' }, answer)).toBe(0);
  });

  it('does not take an option the data meets only because it has no required fields', () => {
    // Empty data meets both options; neither is chosen by it.
    expect(answer('/anyOf/0', { naam: 'Jansen' })).toBe(true);
    expect(optionForData(options, '/anyOf', { naam: 'Jansen' }, answer)).toBe(-1);
    expect(optionForData(options, '/anyOf', { naam: 'Jansen', woonplaats: '' }, answer)).toBe(-1);
  });

  it('else takes the option with most own fields answered, valid or not', () => {
    expect(optionForData(options, '/anyOf', { klantnummer: '12' }, answer)).toBe(1);
    expect(optionForData(options, '/anyOf', { geboortedatum: 'gisteren', woonplaats: 'x'.repeat(81), klantnummer: '12' }, answer)).toBe(0);
  });

  it('decides a choice on a property without type by its own data path', () => {
    const decided = effectiveSchema(bestelling.schema, { lengte: { voet: 5 }, kleur: '#ff0000' }, answerWith(validators, bestelling.schema));
    expect(decided.decisions['/properties/lengte/oneOf']).toBe(1);
    expect(Object.keys(decided.schema.properties!.lengte.properties ?? {}).sort()).toEqual(['duim', 'voet']);
    expect(decided.choices.map((site) => site.path)).toEqual(['lengte', 'bezorging']);
  });
});

describe('the compiled flow', () => {
  it('makes a property that is only a choice a group, and an enum of one value per option a choice of values', () => {
    expect(bestelling.schema.properties!.lengte).toMatchObject({ type: 'object', properties: {}, title: 'Lengte' });
    expect(bestelling.schema.properties!.kleur).toMatchObject({ enum: ['#ff0000', '#00ff00', '#0000ff'], 'x-enumNames': ['Rood', 'Groen', 'Blauw'] });
    expect(bestelling.schema.properties!.kleur).not.toHaveProperty('anyOf');
    expect(english.steps[1].schema.properties!.kleur['x-enumNames']).toEqual(['Red', 'Green', 'Blue']);
  });
});

describe('optionTitle', () => {
  it("is the option's title, else 'Optie n' (English 'Option n')", () => {
    const lengte = bestelling.schema.properties!.lengte.oneOf as JsonSchema[];
    expect(optionTitle(options, 1, nl)).toBe('Met uw klantnummer');
    expect(optionTitle(english.steps[0].schema.anyOf as JsonSchema[], 1, en)).toBe('With your customer number');
    expect([optionTitle(lengte, 0, nl), optionTitle(lengte, 1, nl)]).toEqual(['Optie 1', 'Optie 2']);
    expect(optionTitle(lengte, 1, en)).toBe('Option 2');
  });
});

describe('validation of a choice between objects', () => {
  it('says a choice is not filled in while no option is in effect, also when no option has required fields', () => {
    expect(messagesOf(bekendmaken, { naam: 'Jansen' })).toEqual({ '': "Het veld 'Hoe wilt u zich bekendmaken?' is niet ingevuld." });
    expect(messagesOf(bestelling, { kleur: '#ff0000', bezorging: { afhaalpunt: 'utrecht' } })).toEqual({
      lengte: "Het veld 'Kies wat op u van toepassing is' is niet ingevuld.",
    });
  });

  it('asks for an answer under the option chosen when none of its own questions is answered (the server could not tell it)', () => {
    expect(messagesOf(bekendmaken, { naam: 'Jansen' }, { '': 1 })).toEqual({
      '': "Het veld 'Hoe wilt u zich bekendmaken?' is niet volledig ingevuld. Vul bij ‘Met uw klantnummer’ ten minste één vraag in.",
    });
    expect(messagesOf(bekendmaken, { naam: 'Jansen', klantnummer: '123456' }, { '': 1 })).toEqual({});
    // The answers of the option not chosen do not count: they are not sent.
    expect(messagesOf(bekendmaken, { naam: 'Jansen', woonplaats: 'Zwolle' }, { '': 1 })).toHaveProperty('');
  });

  it('checks the option in effect on its own, though the anyOf holds by another option', () => {
    const validate = validators[bekendmaken.schema.$id!];
    expect(validate({ naam: 'Jansen', klantnummer: '12' })).toBe(true);
    expect(messagesOf(bekendmaken, { naam: 'Jansen', klantnummer: '12' })).toEqual({ klantnummer: "Het veld 'Klantnummer' is ongeldig. Vul zes cijfers in." });
    expect(messagesOf(bestelling, { lengte: { voet: 5, duim: 12 }, bezorging: { afhaalpunt: 'utrecht' }, kleur: '#ff0000' })).toEqual({
      'lengte.duim': "Het veld 'Duim' is ongeldig. De waarde mag niet groter zijn dan 11.",
    });
  });

  it('gives the errors of an option at their place in the step', () => {
    const site = stepInEffect(bestelling, { lengte: { voet: -1 } }, validators).choices[0];
    const errors = optionErrors(validators, bestelling.schema, site, { voet: -1 });
    expect(errors.map((error) => [error.instancePath, error.schemaPath, error.keyword])).toEqual([
      ['/lengte/voet', '#/properties/lengte/oneOf/1/properties/voet/minimum', 'minimum'],
    ]);
  });

  it("leaves out a oneOf's bare 'not exactly one' once an option is in effect, and keeps it while none is", () => {
    const error = (keyword: string, schemaPath: string): RawError => ({ instancePath: '', keyword, params: {}, schemaPath });
    const errors = [error('oneOf', '#/properties/lengte/oneOf')];
    expect(errorsInEffect(errors, { '/properties/lengte/oneOf': 0 })).toEqual([]);
    expect(errorsInEffect(errors, { '/properties/lengte/oneOf': -1 })).toEqual(errors);
  });
});
