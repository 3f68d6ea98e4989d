import { describe, expect, it } from 'vitest';
import { createSchemaUtils, getDefaultFormState as usedGetDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import defaultFormState, { withDefaultsApplied } from './defaultFormStateShim';
import { FORM_DEFAULTS_BEHAVIOR } from '../core/formDefaults';

const schema: RJSFSchema = { type: 'object', properties: { land: { type: 'string', default: 'NL' }, naam: { type: 'string' } } };
const utils = (root: RJSFSchema) => createSchemaUtils(validator, root, FORM_DEFAULTS_BEHAVIOR);

describe('getDefaultFormState stand-in', () => {
  it('works the defaults out for data that was not marked, as rjsf does', () => {
    expect(utils(schema).getDefaultFormState(schema, { naam: 'Jansen' })).toEqual({ land: 'NL', naam: 'Jansen' });
  });

  it('hands marked data back as it is, in the schema it was first asked in, every time', () => {
    // Data without the default, so that an answer worked out again would show.
    const data = withDefaultsApplied({ naam: 'Jansen' });
    const form = utils(schema);
    expect(form.getDefaultFormState(schema, data)).toBe(data);
    expect(form.getDefaultFormState(schema, data)).toBe(data);
  });

  it('works them out again for marked data asked in another schema (a condition changed the step)', () => {
    const data = withDefaultsApplied({ naam: 'Jansen' });
    expect(utils(schema).getDefaultFormState(schema, data)).toBe(data);
    const other: RJSFSchema = { ...schema, properties: { ...schema.properties, rol: { type: 'string', default: 'aanvrager' } } };
    expect(utils(other).getDefaultFormState(other, data)).toEqual({ land: 'NL', naam: 'Jansen', rol: 'aanvrager' });
  });

  it('answers as rjsf for a part of the form (not the whole schema)', () => {
    const data = withDefaultsApplied({});
    const part: RJSFSchema = { type: 'object', properties: { land: { type: 'string', default: 'NL' } } };
    expect(utils(schema).getDefaultFormState(part, data)).toEqual({ land: 'NL' });
  });

  it('is what @rjsf/utils has in this build', () => {
    expect(usedGetDefaultFormState).toBe(defaultFormState);
  });
});
