/**
 * A step as in effect for its data: the conditions of its schema decided with the step's compiled
 * questions (see tests.ts and effective.ts). Browser and server call this one place; a step schema
 * without conditions is handed back as it is (same object), so nothing downstream re-renders.
 */
import type { Translate } from '../i18n';
import { withoutPath } from '../paths';
import type { JsonSchema, StepDefinition } from '../types';
import type { CompiledValidator, ValidatorSet } from '../validate';
import { hasConditions } from './branches';
import { effectiveSchema, inapplicablePaths, type Answer, type ChoiceSite, type Choices } from './effective';
import { conditionTests, testId } from './tests';

export type { ChoiceSite, Choices } from './effective';

const conditional = new WeakMap<JsonSchema, boolean>();
const questions = new WeakMap<JsonSchema, Map<string, number>>();

/** Whether a schema states a condition anywhere outside the items of its lists. */
export function hasAnyConditions(schema: JsonSchema): boolean {
  let known = conditional.get(schema);
  if (known === undefined) {
    const walk = (node: JsonSchema): boolean => {
      if (hasConditions(node)) return true;
      const properties = node.properties;
      if (!properties) return false;
      for (const key in properties) {
        const child = properties[key];
        if (typeof child === 'object' && child !== null && walk(child)) return true;
      }
      return false;
    };
    known = walk(schema);
    conditional.set(schema, known);
  }
  return known;
}

/** The compiled validator of a question (by its pointer) of a step schema. */
export function questionValidator(validators: ValidatorSet, schema: JsonSchema, pointer: string): CompiledValidator {
  let index = questions.get(schema);
  if (!index) {
    index = new Map(conditionTests(schema).map((test, position) => [test.pointer, position]));
    questions.set(schema, index);
  }
  const number = index.get(pointer);
  const validate = number === undefined ? undefined : validators[testId(schema.$id ?? '', number)];
  if (!validate) throw new Error(`Geen validator voor de voorwaarde ${pointer} van ${schema.$id}`);
  return validate;
}

/** Answers the questions of a step schema with its compiled validators. */
export function answerWith(validators: ValidatorSet, schema: JsonSchema): Answer {
  return (pointer, data) => questionValidator(validators, schema, pointer)(data) === true;
}

export interface StepInEffect {
  /** The step with the schema in effect (the same object when its schema has no conditions). */
  step: StepDefinition;
  /** The step's data without answers to questions that do not apply. */
  data: Record<string, unknown>;
  /** Paths (within the step) of answers that do not apply. */
  inapplicable: string[];
  decisions: Record<string, number | boolean>;
  choices: ChoiceSite[];
}

/** The step as in effect for `data`; `choices` are the applicant's own choices between groups of fields. */
export function stepInEffect(step: StepDefinition, data: Record<string, unknown>, validators: ValidatorSet, choices?: Choices): StepInEffect {
  if (!hasAnyConditions(step.schema)) return { step, data, inapplicable: [], decisions: {}, choices: [] };
  const effective = effectiveSchema(step.schema, data, answerWith(validators, step.schema), choices);
  const inapplicable = inapplicablePaths(step.schema, effective.schema, data);
  let kept = data;
  for (const path of inapplicable) kept = withoutPath(kept, path);
  return { step: { ...step, schema: effective.schema }, data: kept, inapplicable, decisions: effective.decisions, choices: effective.choices };
}

/** The text of a choice's option: its `title`, else 'Optie 1', 'Optie 2', … (as rjsf numbers options without one). */
export function optionTitle(options: JsonSchema[], index: number, t: Translate): string {
  const title = options[index]?.title;
  return typeof title === 'string' && title !== '' ? title : t('wizard.option', { n: index + 1 });
}
