/**
 * Compiles the step schemas of a resolved flow: validator functions for the server, and the same
 * validators as same-origin ES modules for the browser, one per step, so a step loads only its own
 * code. Each module wraps ajv's CommonJS standalone code in a factory,
 * `export default function (require) {...}`, so the browser runs it without eval and hands it the
 * few runtime helpers it asks for.
 */
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { FlowDocument } from '../../../renderer/core/types';
import type { ValidatorSet } from '../../../renderer/core/validate';
import { createAjv } from './ajv';
import { validationSchema } from './validationSchema';

export interface CompiledFlow {
  validators: ValidatorSet;
  /** Browser module code by step id. */
  modules: Record<string, string>;
}

export function compileFlow(flow: FlowDocument): CompiledFlow {
  const ajv = createAjv();
  const validators: ValidatorSet = {};
  for (const step of flow.steps) validators[step.schema.$id!] = ajv.compile(validationSchema(step.schema)) as ValidatorSet[string];
  const modules: Record<string, string> = {};
  for (const step of flow.steps) {
    const id = step.schema.$id!;
    modules[step.id] = `// Gegenereerd uit flow '${flow.id}' (versie ${flow.version}), stap '${step.id}'; niet bewerken.\nexport default function (require) {\nconst module = { exports: {} };\nconst exports = module.exports;\n${standaloneCode(ajv, { [id]: id })}\nreturn module.exports;\n}\n`;
  }
  return { validators, modules };
}
