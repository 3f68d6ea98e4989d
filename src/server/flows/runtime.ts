/**
 * What a flow version needs to run, built from its resolved Dutch document: validator functions
 * for the server, and the same validators as same-origin ES modules for the browser, one per step,
 * so a step loads only its own code. Each module wraps ajv's CommonJS standalone code in a factory,
 * `export default function (require) {...}`, so the browser runs it without eval and hands it the
 * few runtime helpers it asks for. Each module is named by the hash of its own code, so it can be
 * cached for good.
 */
import standaloneCode from 'ajv/dist/standalone/index.js';
import { createHash } from 'node:crypto';
import type { FlowDocument } from '../../../renderer/core/types';
import type { ValidatorSet } from '../../../renderer/core/validate';
import { createAjv } from './pipeline/ajv';
import { validationSchema } from './pipeline/validationSchema';

export interface FlowRuntime {
  validators: ValidatorSet;
  /** Browser module per step id, with the hash of its code. */
  modules: Record<string, { code: string; hash: string }>;
}

/** Compiles the validators of a resolved flow; throws when a step schema cannot be compiled. */
export function buildRuntime(flow: FlowDocument, versionHash: string): FlowRuntime {
  const ajv = createAjv();
  const validators: ValidatorSet = {};
  for (const step of flow.steps) validators[step.schema.$id!] = ajv.compile(validationSchema(step.schema)) as ValidatorSet[string];
  const modules: FlowRuntime['modules'] = {};
  for (const step of flow.steps) {
    const id = step.schema.$id!;
    const code = `// Gegenereerd uit flow '${flow.id}' (versie ${versionHash.slice(0, 12)}), stap '${step.id}'; niet bewerken.\nexport default function (require) {\nconst module = { exports: {} };\nconst exports = module.exports;\n${standaloneCode(ajv, { [id]: id })}\nreturn module.exports;\n}\n`;
    modules[step.id] = { code, hash: createHash('sha256').update(code).digest('hex').slice(0, 16) };
  }
  return { validators, modules };
}
