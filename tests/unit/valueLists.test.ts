/**
 * Lists of plain values (telephone numbers, keywords, dates) in the core, on the example flow
 * voorbeeld-lijsten as the pipeline compiles it: each value has its own path with its index and is
 * named by its place in the list, the limits of the list speak of values, an added value left empty
 * is not filled in, the review lists the values as entered, and each value gets the widget of the
 * list's items (a shared definition's hints included).
 */
import { describe, expect, it } from 'vitest';
import { buildReview } from '../../renderer/core/review';
import { isItemList, isValueList, labelOf, schemaAt, valueSchemaAt } from '../../renderer/core/schemaPaths';
import type { FlowModel, JsonSchema, UiSchema } from '../../renderer/core/types';
import { buildUiSchema } from '../../renderer/core/uiSchema';
import { validateStep } from '../../renderer/core/validate';
import { createPipeline, type CompiledFlow } from '../../src/server/flows/pipeline/compileFlow';
import { flowInputs, loadPipelineSources } from '../../src/server/flows/sources';
import { edited } from '../helpers/flowEdits';
import { t } from './support';

const compile = createPipeline(loadPipelineSources(process.cwd()));

function compiled(id: string): CompiledFlow {
  const result = compile(flowInputs(process.cwd(), { examples: true }).find((input) => input.expectedId === id)!);
  if (!result.ok) throw new Error(`${id} geweigerd`);
  return result.flow;
}

const LIJSTEN = compiled('voorbeeld-lijsten');
const document = LIJSTEN.content.documents.nl;
const [contact, overig] = document.steps;

const messages = (model: FlowModel, step = contact) =>
  Object.fromEntries(validateStep(document, step, model, LIJSTEN.runtime.validators, t).map((error) => [error.field, error.message]));

describe('what a list of values is', () => {
  it('is a list of plain values without choices, files or fields', () => {
    expect(isValueList({ type: 'array', items: { type: 'string' } })).toBe(true);
    expect(isValueList({ type: 'array', items: { type: 'integer' } })).toBe(true);
    expect(isValueList({ type: 'array', items: { enum: ['a', 'b'] } })).toBe(false);
    expect(isValueList({ type: 'array', items: { type: 'string', oneOf: [{ const: 'a', title: 'A' }] } })).toBe(false);
    expect(isValueList({ type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } })).toBe(false);
    expect(isValueList({ type: 'array', items: { type: 'string' }, 'x-files': { accept: ['.pdf'], maxFileSize: 1, maxFiles: 1 } } as JsonSchema)).toBe(false);
    expect(isValueList({ type: 'array', items: {} })).toBe(false);
    expect(isItemList({ type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } })).toBe(true);
  });

  it('finds the schema of each value by its index and names it by its place in the list', () => {
    expect(schemaAt(contact.schema, 'telefoonnummers.2')?.format).toBe('telefoonnummer');
    expect(labelOf(contact.schema, 'telefoonnummers.1')).toBe('Telefoonnummer 2');
    expect(labelOf(overig.schema, 'aantallen.0')).toBe('Aantal 1');
    expect(labelOf(contact.schema, 'telefoonnummers')).toBe('Telefoonnummers');
  });
});

describe('a list with fixed positions', () => {
  it('is a list of values: each position a value of its own (a choice too), then further values', () => {
    const list = (extra?: unknown) =>
      ({ type: 'array', items: [{ type: 'string' }, { type: 'boolean' }, { enum: ['a', 'b'] }], additionalItems: extra }) as unknown as JsonSchema;
    expect(isValueList(list())).toBe(true);
    expect(isValueList(list({ type: 'integer' }))).toBe(true);
    expect(isValueList(list(false))).toBe(true);
    expect(isValueList({ type: 'array', items: [{ type: 'object', properties: { a: { type: 'string' } } }] } as unknown as JsonSchema)).toBe(false);
    expect(valueSchemaAt(list({ type: 'integer' }), 1)?.type).toBe('boolean');
    expect(valueSchemaAt(list({ type: 'integer' }), 5)?.type).toBe('integer');
    expect(valueSchemaAt(list(), 5)).toBeUndefined();
  });

  it('names a position by its own title and a further value by its place', () => {
    expect(labelOf(contact.schema, 'bereikbaarheid.1')).toBe('Ook bereikbaar in het weekend');
    expect(labelOf(contact.schema, 'bereikbaarheid.3')).toBe('Ander telefoonnummer 4');
  });

  it('asks every position, allows only the further values the form can add, and checks each by its own schema', () => {
    expect(messages({ contact: { telefoonnummers: ['0612345678'], bereikbaarheid: ['0201234567', true, '0612345670'] } })).toEqual({});
    expect(messages({ contact: { telefoonnummers: ['0612345678'], bereikbaarheid: ['0201234567'] } })).toEqual({
      bereikbaarheid: "Het veld 'Bereikbaarheid' is ongeldig. Er moeten minimaal 2 waarden ingevuld worden.",
    });
    expect(messages({ contact: { telefoonnummers: ['0612345678'], bereikbaarheid: ['0201234567', 'ja'] } })).toEqual({
      'bereikbaarheid.1': expect.stringMatching(/^Het veld 'Ook bereikbaar in het weekend' is ongeldig/),
    });
  });

  it('refuses values after the positions where the list has no additionalItems', () => {
    const result = compile(
      edited(
        flowInputs(process.cwd(), { examples: true }).find((input) => input.expectedId === 'voorbeeld-lijsten')!,
        (document) => delete document.steps[0].schema.properties.bereikbaarheid.additionalItems,
      ),
    );
    if (!result.ok) throw new Error('geweigerd');
    const validate = Object.entries(result.flow.runtime.validators).find(([id]) => id.endsWith('stap1'))![1];
    expect(validate({ telefoonnummers: ['0612345678'], bereikbaarheid: ['0201234567', true] })).toBe(true);
    expect(validate({ telefoonnummers: ['0612345678'], bereikbaarheid: ['0201234567', true, '0612345670'] })).toBe(false);
  });
});

describe('messages of a list of values', () => {
  it('puts the message of a wrong value at that value, named by its place', () => {
    expect(messages({ contact: { telefoonnummers: ['0612345678', 'abc'] } })).toEqual({
      'telefoonnummers.1': expect.stringMatching(/^Het veld 'Telefoonnummer 2' /),
    });
    expect(messages({ overig: { aantallen: [4, 0] } }, overig)).toEqual({
      'aantallen.1': "Het veld 'Aantal 2' is ongeldig. De waarde mag niet kleiner zijn dan 1.",
    });
  });

  it('says an added value left empty is not filled in', () => {
    expect(messages({ contact: { telefoonnummers: ['0612345678', undefined] } })).toEqual({
      'telefoonnummers.1': "Het veld 'Telefoonnummer 2' is niet ingevuld.",
    });
  });

  it('speaks of values in the limits of the list', () => {
    expect(messages({ contact: { telefoonnummers: [] } })).toEqual({ telefoonnummers: "Het veld 'Telefoonnummers' is niet ingevuld." });
    expect(messages({ contact: { telefoonnummers: ['0612345678', '0612345679', '0612345670', '0612345671'] } })).toEqual({
      telefoonnummers: "Het veld 'Telefoonnummers' is ongeldig. Er mogen maximaal 3 waarden ingevuld worden.",
    });
    expect(messages({ overig: { trefwoorden: ['spoed', 'spoed'] } }, overig)).toEqual({
      trefwoorden: "Het veld 'Trefwoorden' is ongeldig. Elke waarde mag maar één keer voorkomen.",
    });
  });
});

describe('the review of a list of values', () => {
  const model: FlowModel = {
    contact: { telefoonnummers: ['0612345678', '0201234567'] },
    overig: { trefwoorden: ['spoed'], datums: ['2027-01-15', '2027-02-01'], aantallen: [12, 3] },
  };
  const [first, second] = buildReview(document, model, t, 'nl', { validators: LIJSTEN.runtime.validators });

  it('lists the values of a list on one row, as entered (a date the Dutch way)', () => {
    const row = (path: string) => [...first.rows, ...second.rows].find((candidate) => candidate.path === path);
    expect(row('telefoonnummers')).toMatchObject({ label: 'Telefoonnummers', value: ['0612345678', '0201234567'], empty: false });
    expect(row('datums')).toMatchObject({ label: 'Beschikbare data', value: ['15-01-2027', '01-02-2027'] });
    expect(row('aantallen')?.value).toEqual(['12', '3']);
    expect(row('emailadressen')).toMatchObject({ empty: true, value: '-- Niet ingevuld' });
  });
});

describe('the widgets of a list of values', () => {
  it('gives each value the widget of the items, with the hints of a shared definition', () => {
    const ui = buildUiSchema(contact.schema, contact.uiSchema);
    expect((ui.telefoonnummers as UiSchema).items).toMatchObject({ 'ui:widget': 'TelWidget', 'ui:options': { autocomplete: 'tel' } });
    expect((ui.emailadressen as UiSchema).items).toMatchObject({ 'ui:widget': 'EmailWidget' });
    const settled = overig.uiSchema as Record<string, UiSchema>;
    expect(settled.aantallen.items).toMatchObject({ 'ui:widget': 'NumberInput' });
    expect(settled.datums.items).toMatchObject({ 'ui:widget': 'DateInput' });
    expect(settled.trefwoorden['ui:options']).toMatchObject({ orderable: false });
  });
});
