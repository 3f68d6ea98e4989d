/**
 * The validator rjsf's schema utilities are given: rjsf's `ValidatorType`, answered by the step's
 * precompiled functions (the ones the core validates with, in the browser and on the server). rjsf
 * asks it one thing here, `isValid`, to pick among schema options; a step's messages never come
 * from rjsf (the form has `noValidate`, the core validates), so its error processing is not part of
 * this validator. Functions are found the way rjsf's precompiled validator finds them: by the
 * schema's `$id`, else by rjsf's hash of the schema.
 */
import { hashForSchema, ID_KEY, JUNK_OPTION_ID, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import type { CompiledValidator, ValidatorSet } from './validate';

class PrecompiledValidator implements ValidatorType {
  constructor(private readonly functions: ValidatorSet) {}

  private functionFor(schema: RJSFSchema): CompiledValidator {
    const key = (schema[ID_KEY] as string | undefined) || hashForSchema(schema);
    const validate = this.functions[key];
    if (!validate) throw new Error(`No precompiled validator function was found for the given schema for "${key}"`);
    return validate;
  }

  isValid(schema: RJSFSchema, formData: unknown): boolean {
    if (schema[ID_KEY] === JUNK_OPTION_ID) return false;
    return this.functionFor(schema)(formData);
  }

  rawValidation<Result>(schema: RJSFSchema, formData?: unknown): { errors?: Result[] } {
    const validate = this.functionFor(schema);
    validate(formData);
    const errors = validate.errors ?? undefined;
    validate.errors = null;
    return { errors: errors as Result[] | undefined };
  }

  validateFormData(): never {
    throw new Error("rjsf's own validation is not part of the portal: a step is validated by the core (renderer/core/validate.ts)");
  }
}

const validators = new WeakMap<ValidatorSet, ValidatorType>();

/** rjsf's validator over a set of precompiled functions (one per set). */
export function rjsfValidator(functions: ValidatorSet): ValidatorType {
  let validator = validators.get(functions);
  if (!validator) validators.set(functions, (validator = new PrecompiledValidator(functions)));
  return validator;
}
