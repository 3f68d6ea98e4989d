/**
 * Compiles the step schemas of a resolved flow: validator functions for the server, and the same
 * validators as a same-origin ES module for the browser. The module wraps ajv's CommonJS standalone
 * code in a factory, `export default function (require) {...}`, so the browser runs it without eval
 * and hands it the few runtime helpers it asks for.
 */
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { FlowDocument } from '../../../renderer/core/types';
import type { ValidatorSet } from '../../../renderer/core/validate';
import { createAjv } from './ajv';

export interface CompiledFlow {
  validators: ValidatorSet;
  moduleCode: string;
}

export function compileFlow(flow: FlowDocument): CompiledFlow {
  const ajv = createAjv();
  const validators: ValidatorSet = {};
  const exportsById: Record<string, string> = {};
  for (const step of flow.steps) {
    const id = step.schema.$id!;
    validators[id] = ajv.compile(step.schema) as ValidatorSet[string];
    exportsById[id] = id;
  }
  const cjs = standaloneCode(ajv, exportsById);
  const moduleCode = `// Gegenereerd uit flow '${flow.id}' (versie ${flow.version}); niet bewerken.\nexport default function (require) {\nconst module = { exports: {} };\nconst exports = module.exports;\n${cjs}\nreturn module.exports;\n}\n`;
  return { validators, moduleCode };
}
