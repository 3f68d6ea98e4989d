/**
 * The schema in effect for the data: a step schema with its conditions decided — `if`/`then`/`else`
 * answered, the dependencies of present fields added, the chosen option of a `oneOf`/`anyOf` between
 * groups of fields merged in — so that what is shown, reviewed, printed and stored is a plain object
 * schema. The form is given this schema (rjsf then never has to validate sub-schemas itself), the
 * review and the printed form list its fields, and data of fields it does not have is not kept.
 *
 * Questions are answered by compiled validators (see tests.ts); which option of a choice applies is
 * what the applicant chose (browser), else what the data alone says (`optionForData`, the rule the
 * server goes by; the browser checks that the data says what the applicant chose, validate.ts).
 */
import type { JsonSchema } from '../types';
import { describesObject, escape, ownFieldsOf } from './branches';
import { isChoiceList } from './tests';

/** Answers a question (by its pointer, see tests.ts) for the data of the object it is on. */
export type Answer = (pointer: string, data: unknown) => boolean;

/** The option chosen per choice, by the data path of the object it is on ('' for the step itself). */
export type Choices = Record<string, number>;

/** A choice between groups of fields in effect: where it is, its options and which one applies. */
export interface ChoiceSite {
  /** Data path of the object ('' for the step). */
  path: string;
  /** JSON pointer of the `oneOf`/`anyOf` in the step schema. */
  pointer: string;
  options: JsonSchema[];
  /** The option in effect; -1 while none is chosen (no option's own field has an answer yet). */
  chosen: number;
  /** The object's own fields (before the options'): the choice is asked after them. */
  fields: string[];
  /** The question above the options (`x-choiceLabel` of the object), when the flow gives one. */
  label?: string;
}

export interface Effective {
  schema: JsonSchema;
  /** What was decided per question (site pointer -> option index, case index or -1, the `if` outcome, or true for a dependency in effect). */
  decisions: Record<string, number | boolean>;
  choices: ChoiceSite[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Annotations of the object itself: a branch never renames the group it adds to. */
const OWN_ANNOTATIONS = new Set(['title', 'description', '$id', 'x-choiceLabel']);

/** Merges what a branch says about an object into what the object says (allOf semantics, as rjsf merges). */
export function mergeSchemas(base: JsonSchema, extra: JsonSchema): JsonSchema {
  const result: JsonSchema = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    if (key === 'properties' && isRecord(value)) {
      const properties: Record<string, JsonSchema> = { ...(base.properties ?? {}) };
      for (const [name, child] of Object.entries(value as Record<string, JsonSchema>)) {
        properties[name] = properties[name] ? mergeSchemas(properties[name], child) : child;
      }
      result.properties = properties;
    } else if (key === 'required' && Array.isArray(value)) {
      result.required = [...new Set([...(base.required ?? []), ...(value as string[])])];
    } else if (!(OWN_ANNOTATIONS.has(key) && key in base)) {
      result[key] = value;
    }
  }
  return result;
}

/** Whether a value is an answer: not empty, and for a group or a list, holding one. */
const answered = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== '' && (typeof value !== 'object' || Object.values(value).some(answered));

/**
 * The option in effect by the data alone — the server's rule, and the browser's until the applicant
 * chooses: the first option whose own fields (those no other option has) the data answers and
 * whose schema it meets, as rjsf takes the first matching option; else the option with most of its
 * own fields answered, valid or not, so its messages show (the first on a tie); else none (-1).
 * `at` is the pointer of the `oneOf`/`anyOf`, whose options `answer` knows as `${at}/${index}`.
 */
export function optionForData(options: JsonSchema[], at: string, data: Record<string, unknown>, answer: Answer): number {
  const counts = ownFieldsOf(options).map((fields) => fields.filter((key) => answered(data[key])).length);
  const matching = options.findIndex((_, index) => counts[index] > 0 && answer(`${at}/${index}`, data));
  if (matching >= 0) return matching;
  const most = Math.max(0, ...counts);
  return most === 0 ? -1 : counts.indexOf(most);
}

interface Walk {
  answer: Answer;
  choices: Choices;
  decisions: Effective['decisions'];
  sites: ChoiceSite[];
}

/** The option in effect: the applicant's own choice, else the one the data says; -1 while none is made. */
function choose(walk: Walk, options: JsonSchema[], at: string, path: string, data: Record<string, unknown>): number {
  const explicit = walk.choices[path];
  if (Number.isInteger(explicit) && explicit >= 0 && explicit < options.length) return explicit;
  return optionForData(options, at, data, walk.answer);
}

function resolveChild(walk: Walk, schema: JsonSchema, pointer: string, data: unknown, path: string): JsonSchema {
  return describesObject(schema) ? resolve(walk, schema, pointer, data, path) : schema;
}

function resolve(walk: Walk, node: JsonSchema, pointer: string, data: unknown, path: string): JsonSchema {
  const object = isRecord(data) ? data : {};
  const { if: condition, then: thenBranch, else: elseBranch, allOf, oneOf, anyOf, dependencies, dependentSchemas, dependentRequired, ...base } = node;
  const child = (key: string) => (path ? `${path}.${key}` : key);
  if (isRecord(base.properties)) {
    base.properties = Object.fromEntries(
      Object.entries(base.properties as Record<string, JsonSchema>).map(([key, schema]) => [
        key,
        resolveChild(walk, schema, `${pointer}/properties/${escape(key)}`, object[key], child(key)),
      ]),
    );
  }
  const parts: JsonSchema[] = [];
  const branch = (schema: unknown, at: string) => {
    if (isRecord(schema)) parts.push(resolve(walk, schema as JsonSchema, at, data, path));
  };
  if (isRecord(condition)) {
    const holds = walk.answer(`${pointer}/if`, object);
    walk.decisions[`${pointer}/if`] = holds;
    branch(holds ? thenBranch : elseBranch, `${pointer}/${holds ? 'then' : 'else'}`);
  }
  if (Array.isArray(allOf)) allOf.forEach((item, index) => branch(item, `${pointer}/allOf/${index}`));
  for (const [keyword, map] of [
    ['dependencies', dependencies],
    ['dependentSchemas', dependentSchemas],
    ['dependentRequired', dependentRequired],
  ] as const) {
    if (!isRecord(map)) continue;
    for (const [key, dependency] of Object.entries(map)) {
      if (object[key] === undefined) continue;
      const at = `${pointer}/${keyword}/${escape(key)}`;
      // Recorded like any decision, so a step on screen changes when a field's dependency starts to apply.
      walk.decisions[at] = true;
      if (Array.isArray(dependency)) parts.push({ required: dependency as string[] });
      else if (isRecord(dependency) && isChoiceList(dependency.oneOf)) {
        const cases = dependency.oneOf;
        const index = cases.findIndex((_, caseIndex) => walk.answer(`${at}/oneOf/${caseIndex}`, object));
        walk.decisions[`${at}/oneOf`] = index;
        if (index >= 0) {
          // The case's own condition on the field is not a field of its own (rjsf does the same).
          const { [key]: _condition, ...fields } = cases[index].properties ?? {};
          branch({ ...cases[index], properties: fields }, `${at}/oneOf/${index}`);
        }
      } else branch(dependency, at);
    }
  }
  for (const [keyword, list] of [
    ['oneOf', oneOf],
    ['anyOf', anyOf],
  ] as const) {
    if (!isChoiceList(list)) continue;
    const at = `${pointer}/${keyword}`;
    const chosen = choose(walk, list, at, path, object);
    walk.decisions[at] = chosen;
    walk.sites.push({
      path,
      pointer: at,
      options: list,
      chosen,
      fields: Object.keys(base.properties ?? {}),
      ...(typeof node['x-choiceLabel'] === 'string' ? { label: node['x-choiceLabel'] } : {}),
    });
    if (chosen >= 0) branch(list[chosen], `${at}/${chosen}`);
  }
  return parts.reduce(mergeSchemas, base as JsonSchema);
}

/** The schema in effect for `data`, with what was decided; `choices` are the applicant's own (browser). */
export function effectiveSchema(schema: JsonSchema, data: unknown, answer: Answer, choices: Choices = {}): Effective {
  const walk: Walk = { answer, choices, decisions: {}, sites: [] };
  const resolved = resolve(walk, schema, '', data, '');
  return { schema: resolved, decisions: walk.decisions, choices: walk.sites };
}

/** The fields of an object a condition may add (those of its branches that are not its own). */
function conditionalKeys(node: JsonSchema): Set<string> {
  const keys = new Set<string>();
  const collect = (schema: JsonSchema) => {
    for (const key of Object.keys(schema.properties ?? {})) keys.add(key);
    for (const keyword of ['then', 'else'] as const) if (isRecord(schema[keyword])) collect(schema[keyword] as JsonSchema);
    for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const)
      for (const item of (schema[keyword] as unknown[] | undefined) ?? []) if (isRecord(item)) collect(item as JsonSchema);
    for (const keyword of ['dependencies', 'dependentSchemas'] as const)
      for (const item of Object.values((schema[keyword] as Record<string, unknown> | undefined) ?? {})) if (isRecord(item)) collect(item as JsonSchema);
  };
  for (const keyword of ['then', 'else'] as const) if (isRecord(node[keyword])) collect(node[keyword] as JsonSchema);
  for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const)
    for (const item of (node[keyword] as unknown[] | undefined) ?? []) if (isRecord(item)) collect(item as JsonSchema);
  for (const keyword of ['dependencies', 'dependentSchemas'] as const)
    for (const item of Object.values((node[keyword] as Record<string, unknown> | undefined) ?? {})) if (isRecord(item)) collect(item as JsonSchema);
  for (const own of Object.keys(node.properties ?? {})) keys.delete(own);
  return keys;
}

/**
 * The data paths (below `prefix`) that hold data of fields a condition adds but the schema in effect
 * does not have — an answer to a question that no longer applies.
 */
export function inapplicablePaths(full: JsonSchema, effective: JsonSchema, data: unknown, prefix = ''): string[] {
  if (!isRecord(data)) return [];
  const conditional = conditionalKeys(full);
  const paths: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const inEffect = effective.properties?.[key];
    if (!inEffect) {
      if (conditional.has(key) && value !== undefined) paths.push(path);
      continue;
    }
    const fullChild = full.properties?.[key] ?? inEffect;
    if (describesObject(inEffect) || describesObject(fullChild)) paths.push(...inapplicablePaths(fullChild, inEffect, value, path));
  }
  return paths;
}
