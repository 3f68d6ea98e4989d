import { describe, expect, it } from 'vitest';
import { getUiOptions as usedGetUiOptions, type UiSchema } from '@rjsf/utils';
import rjsfGetUiOptions from '@rjsf/utils/lib/getUiOptions.js';
import uiOptions from './uiOptionsShim';

const uiSchemas: (UiSchema | undefined)[] = [
  undefined,
  {},
  { 'ui:widget': 'TextInput' },
  { 'ui:widget': 'Select', 'ui:placeholder': 'Kies', 'ui:options': { allowedValues: ['a'], topValues: [] }, 'ui:help': 'Hulp' },
  { 'ui:options': { label: false }, nested: { 'ui:widget': 'TextInput' } },
];
const globals = [undefined, { label: true }, { label: false, inputType: 'tel' }];

describe('getUiOptions stand-in', () => {
  it('is what @rjsf/utils has in this build', () => {
    expect(usedGetUiOptions).toBe(uiOptions);
  });

  it('answers as rjsf, the same (frozen) object every time for a uiSchema', () => {
    for (const uiSchema of uiSchemas)
      for (const global of globals) {
        const answer = uiOptions(uiSchema, global);
        expect(answer).toEqual(rjsfGetUiOptions(uiSchema, global));
        if (uiSchema && Object.keys(uiSchema).length > 0) {
          expect(uiOptions(uiSchema, global)).toBe(answer);
          expect(Object.isFrozen(answer)).toBe(true);
          expect(() => Object.assign(answer, { widget: 'anders' })).toThrow(TypeError);
        }
      }
  });

  it('gives another uiSchema (a change makes a new one) its own answer', () => {
    const before = { 'ui:widget': 'TextInput' };
    const after = { ...before, 'ui:readonly': true };
    expect(uiOptions(before)).toEqual({ widget: 'TextInput' });
    expect(uiOptions(after)).toEqual({ widget: 'TextInput', readonly: true });
  });
});
