/**
 * Stand-in for @rjsf/validator-ajv8's `processRawValidationErrors` (swapped in by vite.config.ts):
 * the portal's forms never let rjsf validate (`noValidate`; messages come from the core, the same
 * code as the server's), so rjsf's error processing (~0.8 KB gzipped) stays out of the download.
 * rjsf's precompiled validator keeps answering `isValid`, which rjsf uses to resolve schemas.
 */
export default function processRawValidationErrors(): never {
  throw new Error("rjsf's own validation is not part of the portal: a step is validated by the core (renderer/core/validate.ts)");
}
