import { describe, expect, it } from 'vitest';
import { retrieveSchema, type RJSFSchema } from '@rjsf/utils';
import shallowAllOfMerge from './allOfMergeShim';
import { mergeSchemas } from '../core/conditions/effective';

const schema = {
  type: 'object',
  title: 'Groep',
  properties: { a: { type: 'string' } },
  required: ['a'],
  allOf: [
    { properties: { b: { type: 'string', maxLength: 5 } }, required: ['b'] },
    { properties: { a: { maxLength: 3 } }, required: ['a'] },
  ],
} as const;

describe('allOf merge stand-in', () => {
  it('merges with the core semantics, in order', () => {
    const { allOf, ...rest } = schema;
    expect(shallowAllOfMerge(structuredClone(schema) as never)).toEqual(mergeSchemas(mergeSchemas(rest as never, allOf[0] as never), allOf[1] as never));
    expect(shallowAllOfMerge(structuredClone(schema) as never)).toEqual({
      type: 'object',
      title: 'Groep',
      properties: { a: { type: 'string', maxLength: 3 }, b: { type: 'string', maxLength: 5 } },
      required: ['a', 'b'],
    });
  });

  it('is what rjsf merges allOf with in this build', () => {
    const validator = { isValid: () => true } as never;
    const retrieved = retrieveSchema(validator, structuredClone(schema) as unknown as RJSFSchema, {} as RJSFSchema, {});
    expect(retrieved).toEqual(shallowAllOfMerge(structuredClone(schema) as never));
  });
});
