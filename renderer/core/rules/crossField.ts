/**
 * Cross-field rules (`rules` of a step): when `assert` (json-logic over the whole model) is false,
 * `message` shows at `field`. Validated the same in browser and server; checked at design time.
 */
import { interpolate, withParams, type TextParams, type Translate } from '../i18n';
import { evaluate, ruleReads } from '../logic';
import { labelOf } from '../schemaPaths';
import type { FieldError, StepDefinition } from '../types';
import { isHidden } from './visibility';
import type { Environment } from '../environment';
import { unknownField, type RuleKind } from './types';

/** Field errors of the step's cross-field rules (browser and server). */
export function crossFieldErrors(step: StepDefinition, model: Environment, _t: Translate, vars: TextParams): FieldError[] {
  const errors: FieldError[] = [];
  for (const rule of step.rules ?? []) {
    if (errors.some((error) => error.field === rule.field) || isHidden(step, rule.field, model)) continue;
    if (!evaluate(rule.assert, model)) {
      const label = interpolate(labelOf(step.schema, rule.field), vars);
      errors.push({ field: rule.field, code: `rule:${rule.id}`, message: interpolate(rule.message, withParams(vars, { label })) });
    }
  }
  return errors;
}

/** The model paths the step's cross-field rules read; undefined when one of them does not name them all. */
export function crossFieldReads(step: StepDefinition): string[] | undefined {
  return ruleReads((step.rules ?? []).map((rule) => rule.assert));
}

export const crossFieldRules: RuleKind = {
  name: 'rules',
  check({ flow, vars }) {
    return flow.steps.flatMap((step, stepIndex) =>
      (step.rules ?? []).flatMap((rule, index) => {
        const pointer = `/steps/${stepIndex}/rules/${index}`;
        const unknown = unknownField(step, rule.field, `${pointer}/field`, `de controle ‘${rule.id}’`);
        const duplicate =
          (step.rules ?? []).findIndex((other) => other.id === rule.id) !== index
            ? [{ pointer: `${pointer}/id`, message: `de code ‘${rule.id}’ wordt door twee controles gebruikt` }]
            : [];
        return [...unknown, ...duplicate, ...vars(`${pointer}/assert`, rule.assert)];
      }),
    );
  },
  validate: crossFieldErrors,
};
