/**
 * The questions a step schema asks of its data to know which fields apply: does the data meet an
 * `if`, which case of a dependency's `oneOf` does its value pick, which option of a `oneOf`/`anyOf`
 * does it satisfy. Each is a sub-schema the server compiles next to the step's validator (same ajv,
 * same code in the browser's validator module), named by the step and its place in a fixed walk
 * order, so browser and server answer every question with the same code — and never with eval.
 */
import type { JsonSchema } from '../types';
import { escape, isChoiceList } from './branches';

export { isChoiceList } from './branches';

export interface ConditionTest {
  /** JSON pointer of the question in the step schema: `/allOf/0/if`, `/oneOf/1`, `/dependencies/x/oneOf/0`. */
  pointer: string;
  /** The schema the data (the object the condition is on) must be valid against. */
  schema: JsonSchema;
}

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The condition a case of a dependency's `oneOf` puts on the dependency's own field. */
export function caseCondition(key: string, option: JsonSchema): JsonSchema {
  return { type: 'object', properties: { [key]: option.properties?.[key] ?? {} }, required: [key] };
}

/** Every question of a step schema, in walk order (the order both sides number them in). */
export function conditionTests(schema: JsonSchema): ConditionTest[] {
  const tests: ConditionTest[] = [];
  const walk = (node: JsonSchema, pointer: string): void => {
    if (isSchema(node.if)) tests.push({ pointer: `${pointer}/if`, schema: node.if });
    for (const keyword of ['then', 'else'] as const) if (isSchema(node[keyword])) walk(node[keyword] as JsonSchema, `${pointer}/${keyword}`);
    if (Array.isArray(node.allOf)) node.allOf.forEach((item, index) => isSchema(item) && walk(item, `${pointer}/allOf/${index}`));
    for (const keyword of ['dependencies', 'dependentSchemas'] as const) {
      const map = node[keyword];
      if (!isSchema(map)) continue;
      for (const [key, dependency] of Object.entries(map)) {
        if (!isSchema(dependency)) continue;
        const at = `${pointer}/${keyword}/${escape(key)}`;
        if (isChoiceList(dependency.oneOf)) {
          dependency.oneOf.forEach((option, index) => {
            tests.push({ pointer: `${at}/oneOf/${index}`, schema: caseCondition(key, option) });
            walk(option, `${at}/oneOf/${index}`);
          });
        } else walk(dependency, at);
      }
    }
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const list = node[keyword];
      if (!isChoiceList(list)) continue;
      list.forEach((option, index) => {
        tests.push({ pointer: `${pointer}/${keyword}/${index}`, schema: option });
        walk(option, `${pointer}/${keyword}/${index}`);
      });
    }
    for (const [key, child] of Object.entries(node.properties ?? {})) if (isSchema(child)) walk(child, `${pointer}/properties/${escape(key)}`);
  };
  walk(schema, '');
  return tests;
}

/** The id of a question's compiled validator: the step schema's `$id` and the question's number. */
export function testId(stepSchemaId: string, index: number): string {
  return `${stepSchemaId}:toets:${index}`;
}
