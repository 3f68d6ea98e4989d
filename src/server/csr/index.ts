/**
 * Public entry point of the server-side CSR check; other server code imports only from here.
 */
export { checkCsr } from './checkCsr.js';
export { csrPolicyFromEnv, defaultCsrPolicy, type CsrPolicy } from './policy.js';
export type { CsrCheckResult, CsrErrorCode, CsrInfo } from './types.js';
