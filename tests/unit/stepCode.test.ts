import { describe, expect, it } from 'vitest';
import { stepCodeNames } from '../../renderer/core/stepCode';
import type { JsonSchema } from '../../renderer/core/types';

const step = (schema: JsonSchema, uiSchema: Record<string, unknown> = {}) => ({ schema, uiSchema });

describe('stepCodeNames', () => {
  it('names the widgets and fields a step asks for, in its uiSchema and its shared definitions', () => {
    const names = stepCodeNames([
      step({ type: 'object', properties: { adres: { type: 'object', 'x-ui': { 'ui:field': 'Address' } } as JsonSchema, opmerking: { type: 'string' } } }, { opmerking: { 'ui:widget': 'Textarea' } }),
    ]);
    expect([...names].sort()).toEqual(['Address', 'Textarea']);
  });

  it("names rjsf's ArrayField for a list anywhere in the schema, also a list of files or choices", () => {
    expect(stepCodeNames([step({ type: 'object', properties: { a: { type: 'string' } } })]).has('ArrayField')).toBe(false);
    expect(stepCodeNames([step({ type: 'object', properties: { groep: { type: 'object', properties: { lijst: { type: 'array', items: { type: 'string' } } } } } })]).has('ArrayField')).toBe(true);
    expect(stepCodeNames([step({ type: 'object', properties: { bestanden: { type: ['array', 'null'] } as JsonSchema } })]).has('ArrayField')).toBe(true);
  });

  it('takes every step given', () => {
    const names = stepCodeNames([step({ type: 'object' }, { a: { 'ui:widget': 'Range' } }), step({ type: 'object', properties: { l: { type: 'array' } } })]);
    expect([...names].sort()).toEqual(['ArrayField', 'Range']);
  });
});
