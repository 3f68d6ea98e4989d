/**
 * Loads a flow's precompiled validators: a same-origin ES module served by the server that exports
 * a factory taking `require`. The factory asks only for ajv's small runtime helpers and the portal's
 * format functions (no `format: uri`, which would pull in a URI parser), which this bundle already
 * ships — so the browser never compiles code and the CSP need not allow eval.
 */
import equal from 'ajv/dist/runtime/equal.js';
import ucs2length from 'ajv/dist/runtime/ucs2length.js';
import validationError from 'ajv/dist/runtime/validation_error.js';
import * as portalFormats from './formats';
import type { ValidatorSet } from './validate';

// CommonJS interop differs between bundlers and Node: take the function whichever way it arrives.
const unwrap = (module: unknown): unknown => (typeof module === 'function' ? module : ((module as { default?: unknown }).default ?? module));

const MODULES: Record<string, unknown> = {
  'portal:formats': portalFormats,
  'ajv/dist/runtime/equal': { default: unwrap(equal) },
  'ajv/dist/runtime/ucs2length': { default: unwrap(ucs2length) },
  'ajv/dist/runtime/validation_error': { default: unwrap(validationError) },
};

export function validatorRequire(id: string): unknown {
  const found = MODULES[id];
  if (!found) throw new Error(`Onbekende module in validatiecode: ${id}`);
  return found;
}

type ValidatorFactory = (require: (id: string) => unknown) => ValidatorSet;

/** Imports the module at `url` and builds its validators. */
export async function loadValidators(url: string): Promise<ValidatorSet> {
  const module = (await import(/* @vite-ignore */ url)) as { default: ValidatorFactory };
  return module.default(validatorRequire);
}
