import { describe, expect, it } from 'vitest';
import { stepCodeNames } from '../../renderer/core/stepCode';
import type { JsonSchema } from '../../renderer/core/types';

const step = (schema: JsonSchema, uiSchema: Record<string, unknown> = {}) => ({ schema, uiSchema });

describe('stepCodeNames', () => {
  it('names the widgets and fields a step asks for, in its uiSchema and its shared definitions', () => {
    const names = stepCodeNames([
      step(
        { type: 'object', properties: { adres: { type: 'object', 'x-ui': { 'ui:field': 'Address' } } as JsonSchema, opmerking: { type: 'string' } } },
        { opmerking: { 'ui:widget': 'Textarea' } },
      ),
    ]);
    expect([...names].sort()).toEqual(['Address', 'Textarea']);
  });

  it("names rjsf's ArrayField for a list anywhere in the schema, also a list of files or choices", () => {
    expect(stepCodeNames([step({ type: 'object', properties: { a: { type: 'string' } } })]).has('ArrayField')).toBe(false);
    expect(
      stepCodeNames([
        step({ type: 'object', properties: { groep: { type: 'object', properties: { lijst: { type: 'array', items: { type: 'string' } } } } } }),
      ]).has('ArrayField'),
    ).toBe(true);
    expect(stepCodeNames([step({ type: 'object', properties: { bestanden: { type: ['array', 'null'] } as JsonSchema } })]).has('ArrayField')).toBe(true);
  });

  it("names rjsf's NumberField for a number or a whole number", () => {
    expect(stepCodeNames([step({ type: 'object', properties: { n: { type: 'integer' } } })]).has('NumberField')).toBe(true);
    expect(stepCodeNames([step({ type: 'object', properties: { n: { type: 'number' } } })]).has('NumberField')).toBe(true);
  });

  it('names the choice field for a choice between groups of fields, not for a list of options', () => {
    const groups = { type: 'object', oneOf: [{ properties: { a: { type: 'string' } } }, { properties: { b: { type: 'string' } } }] } as JsonSchema;
    const options = {
      type: 'object',
      properties: {
        keuze: {
          type: 'string',
          oneOf: [
            { const: 'a', title: 'A' },
            { const: 'b', title: 'B' },
          ],
        },
      },
    } as JsonSchema;
    expect(stepCodeNames([step(groups)]).has('ChoiceField')).toBe(true);
    expect(stepCodeNames([step(options)]).has('ChoiceField')).toBe(false);
  });

  it('names the text blocks when a step has some above or below its form', () => {
    expect(stepCodeNames([step({ type: 'object' })]).has('ContentBlocks')).toBe(false);
    expect(stepCodeNames([{ ...step({ type: 'object' }), intro: [{ kind: 'paragraph', text: 'Lees dit.' }] } as never]).has('ContentBlocks')).toBe(true);
  });

  it('takes every step given', () => {
    const names = stepCodeNames([step({ type: 'object' }, { a: { 'ui:widget': 'Range' } }), step({ type: 'object', properties: { l: { type: 'array' } } })]);
    expect([...names].sort()).toEqual(['ArrayField', 'Range']);
  });
});
