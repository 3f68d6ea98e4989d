/**
 * What a flow version needs to run, built from its resolved Dutch document: validator functions
 * for the server (each step's, and those of the questions its conditions ask), and the same
 * validators as same-origin ES modules for the browser, one per step,
 * so a step loads only its own code. Each module wraps ajv's CommonJS standalone code in a factory,
 * `export default function (require) {...}`, so the browser runs it without eval and hands it the
 * few runtime helpers it asks for. Each module is named by the hash of its own code, so it can be
 * cached for good, and sent to applicants minified (./sentModule.ts).
 */
import standaloneCode from 'ajv/dist/standalone/index.js';
import { createHash } from 'node:crypto';
import type { FlowDocument } from '../../../renderer/core/types';
import type { ValidatorSet } from '../../../renderer/core/validate';
import { conditionTests, testId } from '../../../renderer/core/conditions/tests';
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
  // Per step: its validator and those of the questions its conditions ask (conditions/tests.ts).
  const exported: Record<string, Record<string, string>> = {};
  for (const step of flow.steps) {
    const id = step.schema.$id!;
    validators[id] = ajv.compile(validationSchema(step.schema)) as ValidatorSet[string];
    exported[step.id] = { [id]: id };
    conditionTests(step.schema).forEach((test, index) => {
      const question = testId(id, index);
      // A question is asked of an object: said so, as ajv's strict types want it said.
      validators[question] = ajv.compile({ type: 'object', ...validationSchema(test.schema), $id: question }) as ValidatorSet[string];
      exported[step.id][question] = question;
    });
  }
  const modules: FlowRuntime['modules'] = {};
  for (const step of flow.steps) {
    const code = `// Gegenereerd uit flow '${flow.id}' (versie ${versionHash.slice(0, 12)}), stap '${step.id}'; niet bewerken.\nexport default function (require) {\nconst module = { exports: {} };\nconst exports = module.exports;\n${standaloneCode(ajv, exported[step.id])}\nreturn module.exports;\n}\n`;
    modules[step.id] = { code, hash: createHash('sha256').update(code).digest('hex').slice(0, 16) };
  }
  return { validators, modules };
}
