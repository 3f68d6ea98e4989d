/**
 * Where a JSON Schema object adds fields under a condition: `if`/`then`/`else` (also inside
 * `allOf`), `dependencies` and `dependentSchemas` (also with a `oneOf` of cases) and the options of
 * a `oneOf`/`anyOf`. The rest of the engine asks these modules, never the keywords themselves.
 */
import type { JsonSchema } from '../types';

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A `oneOf`/`anyOf` between groups of fields (each option has properties), as opposed to a list of constants. */
export function isChoiceList(list: unknown): list is JsonSchema[] {
  return Array.isArray(list) && list.length > 0 && list.every((option) => isSchema(option) && isSchema(option.properties));
}

/**
 * Whether a schema describes an object: `type: "object"`, its own `properties`, or — as rjsf reads a
 * property written as `{ "oneOf": [ { "properties": … }, … ] }` — a choice between groups of fields.
 */
export function describesObject(schema: JsonSchema): boolean {
  return schema.type === 'object' || isSchema(schema.properties) || isChoiceList(schema.oneOf) || isChoiceList(schema.anyOf);
}

/**
 * The fields of each option of a choice that no other option has: what tells the options apart in
 * the data (a field every option has, or several have, says nothing about which one was chosen).
 */
export function ownFieldsOf(options: JsonSchema[]): string[][] {
  const keys = options.map((option) => Object.keys(option.properties ?? {}));
  return keys.map((own, index) => own.filter((key) => keys.every((other, otherIndex) => otherIndex === index || !other.includes(key))));
}

/** Keywords whose sub-schemas apply to the same object under a condition (or always, for allOf). */
export const CONDITIONAL_KEYWORDS = ['if', 'then', 'else', 'allOf', 'oneOf', 'anyOf', 'dependencies', 'dependentSchemas', 'dependentRequired'] as const;
const CONDITIONAL: ReadonlySet<string> = new Set(CONDITIONAL_KEYWORDS);

/** The sub-schemas of `node` that may add fields to the same object, each with its JSON pointer below `node`. */
export function branchesWithPointers(node: JsonSchema): { schema: JsonSchema; pointer: string }[] {
  const found: { schema: JsonSchema; pointer: string }[] = [];
  const add = (value: unknown, pointer: string) => {
    if (isSchema(value)) found.push({ schema: value, pointer });
  };
  add(node.then, '/then');
  add(node.else, '/else');
  for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) {
    const list = node[keyword];
    if (Array.isArray(list)) list.forEach((item, index) => add(item, `/${keyword}/${index}`));
  }
  for (const keyword of ['dependencies', 'dependentSchemas'] as const) {
    const map = node[keyword];
    if (isSchema(map)) for (const [key, value] of Object.entries(map)) add(value, `/${keyword}/${escape(key)}`);
  }
  return found;
}

/** The sub-schemas of `node` that may add fields to the same object. */
export function branchesOf(node: JsonSchema): JsonSchema[] {
  return branchesWithPointers(node).map((branch) => branch.schema);
}

/** Whether `node` states any condition on the object it describes. */
export function hasConditions(node: JsonSchema): boolean {
  // The node's own keys (a few for a field) looked up, not every keyword in the node.
  for (const key in node) if (CONDITIONAL.has(key) && node[key] !== undefined) return true;
  return false;
}

/** Escapes one JSON pointer segment. */
export function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Every field of an object, its own and those a condition may add (the first definition of a name wins). */
export function allProperties(node: JsonSchema): Record<string, JsonSchema> {
  const fields: Record<string, JsonSchema> = {};
  const visit = (schema: JsonSchema) => {
    for (const [key, child] of Object.entries(schema.properties ?? {})) if (!(key in fields) && isSchema(child)) fields[key] = child;
    branchesOf(schema).forEach(visit);
  };
  visit(node);
  return fields;
}
