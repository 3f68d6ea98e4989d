/**
 * What one test case reaches, found with the core's own validation and visibility (as the portal
 * and the server run them): the steps it checks that it fills in or gets a message on, the fields it
 * fills in (while shown) or gets a message at, the messages it gets, each visibility rule's answer
 * and each value the flow would set itself.
 */
import { withEnvironment } from '../environment';
import type { Translate } from '../i18n';
import { evaluate } from '../logic';
import { isEmptyValue } from '../paths';
import { stripHidden, visibilityOutcomes } from '../rules/visibility';
import { isRepeatingGroup, schemaAt, schemaPathOf } from '../schemaPaths';
import type { FlowDocument, FlowModel, JsonSchema, ReferenceLists, StepDefinition } from '../types';
import { validateStep, type ValidatorSet } from '../validate';
import { coverageFields, messageKeyOfError, type CoverageField } from './fields';
import { targetId } from './targets';

/** A test case as coverage needs it: its data, and the one step it checks (all steps otherwise). */
export interface CoverageCase {
  data: FlowModel;
  step?: string;
}

/** The paths (as definitions name them) of the fields that hold a value in a step's data. */
function filledPaths(schema: JsonSchema, data: unknown, prefix = '', found = new Set<string>()): Set<string> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return found;
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (isEmptyValue(value)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    found.add(path);
    const at = schemaAt(schema, path);
    if (isRepeatingGroup(at) && Array.isArray(value)) for (const item of value) filledPaths(schema, item, path, found);
    else if (value && typeof value === 'object' && !Array.isArray(value)) filledPaths(schema, value, path, found);
  }
  return found;
}

const fieldsByStep = new WeakMap<StepDefinition, Map<string, CoverageField>>();

/** The step's coverage fields by path, found once per step. */
function fieldsOf(step: StepDefinition): Map<string, CoverageField> {
  let fields = fieldsByStep.get(step);
  if (!fields) fieldsByStep.set(step, (fields = new Map(coverageFields(step).map((field) => [field.path, field]))));
  return fields;
}

/** Adds the ids of the targets `testCase` reaches to `reached`. */
export function reachOf(flow: FlowDocument, testCase: CoverageCase, validators: ValidatorSet, t: Translate, lists: ReferenceLists, reached: Set<string>): void {
  const steps = testCase.step === undefined ? flow.steps : flow.steps.filter((step) => step.id === testCase.step);
  const model = withEnvironment(flow, testCase.data, lists);
  const stripped = stripHidden(flow, model);
  for (const step of steps) {
    const fields = fieldsOf(step);
    const errors = validateStep(flow, step, model, validators, t);
    const filled = filledPaths(step.schema, stripped[step.dataKey]);
    if (errors.length > 0 || filled.size > 0) reached.add(targetId('step', step.id));
    for (const path of filled) reached.add(targetId('field', step.id, path));
    for (const error of errors) {
      const path = schemaPathOf(error.field);
      const field = fields.get(path);
      reached.add(targetId('field', step.id, path));
      reached.add(targetId('message', step.id, path, error.code.startsWith('rule:') ? error.code : messageKeyOfError(error.code, field)));
    }
    for (const { key, shown } of visibilityOutcomes(step, stripped)) reached.add(targetId(shown ? 'shown' : 'hidden', step.id, key));
    (step.derive ?? []).forEach((rule, index) => {
      if (evaluate(rule.when, stripped)) reached.add(targetId('derive', step.id, rule.field, String(index)));
    });
  }
}
