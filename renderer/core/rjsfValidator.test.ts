import { describe, expect, it } from 'vitest';
import { hashForSchema, JUNK_OPTION_ID, type RJSFSchema } from '@rjsf/utils';
import { rjsfValidator } from './rjsfValidator';
import type { CompiledValidator, ValidatorSet } from './validate';

function compiled(test: (data: unknown) => boolean): CompiledValidator {
  const validate: CompiledValidator = (data) => {
    const valid = test(data);
    validate.errors = valid ? null : [{ keyword: 'type', instancePath: '', schemaPath: '#/type', params: {} }];
    return valid;
  };
  return validate;
}

const option: RJSFSchema = { type: 'string' };
const functions: ValidatorSet = {
  'urn:stap': compiled((data) => typeof data === 'object'),
  [hashForSchema(option)]: compiled((data) => typeof data === 'string'),
};

describe("rjsf's validator over the precompiled functions", () => {
  const validator = rjsfValidator(functions);

  it('answers isValid with the function of the schema, found by $id or by rjsf’s hash', () => {
    expect(validator.isValid({ $id: 'urn:stap' }, {}, {})).toBe(true);
    expect(validator.isValid({ $id: 'urn:stap' }, 'tekst', {})).toBe(false);
    expect(validator.isValid(option, 'tekst', {})).toBe(true);
    expect(validator.isValid(option, 3, {})).toBe(false);
  });

  it('holds rjsf’s placeholder option invalid, and names a schema it has no function for', () => {
    expect(validator.isValid({ $id: JUNK_OPTION_ID }, {}, {})).toBe(false);
    expect(() => validator.isValid({ type: 'number' }, 1, {})).toThrow(/No precompiled validator function/);
  });

  it('gives raw errors once, then forgets them', () => {
    expect(validator.rawValidation(option, 3).errors).toHaveLength(1);
    expect(functions[hashForSchema(option)].errors).toBeNull();
    expect(validator.rawValidation(option, 'tekst').errors).toBeUndefined();
  });

  it('refuses to make messages: the core validates a step', () => {
    expect(() => validator.validateFormData({}, { $id: 'urn:stap' })).toThrow(/validated by the core/);
  });

  it('is one validator per set of functions, so the form sees the same one on every render', () => {
    expect(rjsfValidator(functions)).toBe(validator);
  });
});
