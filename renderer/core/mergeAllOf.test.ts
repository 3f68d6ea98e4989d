import { describe, expect, it } from 'vitest';
import { retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import { mergeAllOf, mergeFieldAllOf } from './mergeAllOf';
import { mergeSchemas } from './conditions/effective';
import { MERGE_ALL_OF } from './formDefaults';
import shallowAllOfMerge from '../react/allOfMergeShim';

const schema = {
  type: 'object',
  title: 'Groep',
  properties: { a: { type: 'string' } },
  required: ['a'],
  allOf: [
    { title: 'Deel', properties: { b: { type: 'string', maxLength: 5 } }, required: ['b'] },
    { properties: { a: { maxLength: 3 } }, required: ['a'] },
  ],
} as const;

const merged = {
  type: 'object',
  title: 'Groep',
  properties: { a: { type: 'string', maxLength: 3 }, b: { type: 'string', maxLength: 5 } },
  required: ['a', 'b'],
};

describe('merging allOf the core way', () => {
  it('merges the parts in order with the core semantics (the group keeps its own title)', () => {
    const { allOf, ...rest } = schema;
    expect(mergeAllOf(structuredClone(schema) as never)).toEqual(mergeSchemas(mergeSchemas(rest as never, allOf[0] as never), allOf[1] as never));
    expect(mergeAllOf(structuredClone(schema) as never)).toEqual(merged);
  });

  it('is what rjsf merges with when given the supported option', () => {
    const validator = { isValid: () => true } as never;
    let asked = 0;
    const counted = (part: RJSFSchema) => (asked++, MERGE_ALL_OF(part));
    const retrieved = retrieveSchema(validator, structuredClone(schema) as unknown as RJSFSchema, {} as RJSFSchema, {}, counted);
    expect(retrieved).toEqual(merged);
    expect(asked).toBe(1);
  });

  it('is also what the module left in rjsf merges with, should anything still call it', () => {
    expect(shallowAllOfMerge(structuredClone(schema) as never)).toEqual(merged);
  });
});

describe('merging a field written as parts', () => {
  it('makes one field of parts that give the type, the title, a format or the choices', () => {
    expect(mergeFieldAllOf({ allOf: [{ type: 'boolean' }, { title: 'Akkoord' }] })).toEqual({ type: 'boolean', title: 'Akkoord' });
    expect(mergeFieldAllOf({ title: 'E-mail', allOf: [{ type: 'string' }, { format: 'email' }] })).toEqual({
      title: 'E-mail',
      type: 'string',
      format: 'email',
    });
    expect(mergeFieldAllOf({ type: 'string', allOf: [{ enum: ['a', 'b', 'c'] }, { enum: ['b', 'c', 'd'] }] })).toEqual({ type: 'string', enum: ['b', 'c'] });
  });

  it('leaves an allOf on a group of fields, and one whose parts are conditions, as it is', () => {
    expect(mergeFieldAllOf(structuredClone(schema) as never)).toEqual(schema);
    const conditional = { allOf: [{ if: { properties: { a: { const: true } } }, then: { required: ['b'] } }] };
    expect(mergeFieldAllOf(conditional as never)).toEqual(conditional);
  });
});
