/**
 * json-logic, interpreted (CSP-safe), with the few operations flow documents need beyond the
 * standard set. Registered once; browser and server evaluate rules identically.
 */
import jsonLogic from 'json-logic-js';
import type { JsonLogic } from './types';

let registered = false;

function register(): void {
  if (registered) return;
  registered = true;
  // Length of a string or list; 0 for anything else.
  jsonLogic.add_operation('length', (value: unknown) => (typeof value === 'string' || Array.isArray(value) ? value.length : 0));
  // Full match of a string against a regular expression given as text.
  jsonLogic.add_operation(
    'matches',
    (value: unknown, pattern: unknown) => typeof value === 'string' && typeof pattern === 'string' && new RegExp(`^(?:${pattern})$`, 'u').test(value),
  );
  // The label of a value in a reference list (a map label -> value, or items with Value/Description/Name).
  jsonLogic.add_operation('optionLabel', (list: unknown, value: unknown) => optionLabel(list, value));
  // The text between brackets, e.g. the register abbreviation in 'Kwaliteitsregister Paramedici (KP)'.
  jsonLogic.add_operation('bracketed', (text: unknown) => (typeof text === 'string' ? (/\(([^)]*)\)/.exec(text)?.[1] ?? '') : ''));
  // Items of a list whose `key` (a list of allowed values) contains `value`.
  jsonLogic.add_operation('optionsFor', (list: unknown, key: unknown, value: unknown) =>
    Array.isArray(list) && typeof key === 'string'
      ? list.filter((item) => Array.isArray((item as Record<string, unknown>)?.[key]) && (item as Record<string, unknown[]>)[key].includes(value as never))
      : [],
  );
  // True when a value is not filled in (undefined, null, '' or an empty list).
  jsonLogic.add_operation('empty', (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0));
}

/** The label of `value` in a reference list, or undefined. */
export function optionLabel(list: unknown, value: unknown): string | undefined {
  if (Array.isArray(list)) {
    const item = list.find((entry) => (entry as { Value?: unknown })?.Value === value) as { Description?: string; Name?: string } | undefined;
    return item?.Description ?? item?.Name;
  }
  if (list && typeof list === 'object') return Object.entries(list).find(([, v]) => v === value)?.[0];
  return undefined;
}

/**
 * A rule turned into a function once, so evaluating it does not walk the rule again (json-logic-js
 * re-reads every node's keys on every call: about a microsecond per rule, and a step evaluates
 * dozens). The operations flow documents use most are built here with json-logic-js's own
 * semantics (same loose comparisons, truthiness, `var` lookup); any other operation, the custom ones
 * and those with a scope of their own (`map`, `filter`, ...) included, is handed to
 * `jsonLogic.apply` unchanged. A unit test compares both on every rule of the shipped flows.
 */
type Compiled = (data: unknown) => unknown;

const compiledRules = new WeakMap<object, Compiled>();

const truthy = (value: unknown): boolean => (Array.isArray(value) && value.length === 0 ? false : Boolean(value));

/** json-logic-js's `var`: a dotted path into the data; `fallback` (default null) when absent. */
function lookup(data: unknown, name: unknown, fallback: unknown): unknown {
  const notFound = fallback === undefined ? null : fallback;
  if (name === undefined || name === '' || name === null) return data;
  let node = data as Record<string, unknown> | null | undefined;
  for (const key of String(name).split('.')) {
    if (node === null || node === undefined) return notFound;
    node = node[key] as Record<string, unknown> | null | undefined;
    if (node === undefined) return notFound;
  }
  return node;
}

/** json-logic-js's `var` of a path split beforehand, without a default. */
function lookupKeys(data: unknown, keys: string[]): unknown {
  let node = data as Record<string, unknown> | null | undefined;
  for (const key of keys) {
    if (node === null || node === undefined) return null;
    node = node[key] as Record<string, unknown> | null | undefined;
    if (node === undefined) return null;
  }
  return node;
}

/** `var` with one constant path and no default: the path split once. */
function constantLookup(name: string): Compiled {
  if (name === '') return (data) => data;
  const keys = name.split('.');
  return (data) => lookupKeys(data, keys);
}

/** The keys of `{ "var": "a.b" }` (one constant, non-empty path, no default), else undefined. */
function constantPath(logic: unknown): string[] | undefined {
  if (typeof logic !== 'object' || logic === null || Array.isArray(logic)) return undefined;
  const keys = Object.keys(logic);
  if (keys.length !== 1 || keys[0] !== 'var') return undefined;
  const raw = (logic as { var: unknown }).var;
  const name = Array.isArray(raw) && raw.length === 1 ? raw[0] : raw;
  return typeof name === 'string' && name !== '' ? name.split('.') : undefined;
}

const isConstant = (value: unknown) => typeof value !== 'object' || value === null;

/**
 * The shape most visibility rules have, a field compared with a constant (`{ "==": [{ "var":
 * "stap.land" }, "NL"] }`, `{ "in": [{ "var": "stap.register" }, [1, 2]] }`), as one function: no
 * call per argument and no list built per evaluation. Undefined for any other shape.
 */
function fieldComparison(op: string, values: unknown[]): Compiled | undefined {
  if (values.length !== 2) return undefined;
  const keys = constantPath(values[0]);
  if (!keys) return undefined;
  const constant = values[1];
  if (op === 'in') {
    if (!Array.isArray(constant) || !constant.every(isConstant)) return undefined;
    // The same items compiling the list would build each time (constants evaluate to themselves).
    const list = [...constant];
    return (data) => list.indexOf(lookupKeys(data, keys)) !== -1;
  }
  if (!isConstant(constant)) return undefined;
  switch (op) {
    case '==':
      // eslint-disable-next-line eqeqeq -- json-logic's == and != are loose by definition
      return (data) => lookupKeys(data, keys) == constant;
    case '===':
      return (data) => lookupKeys(data, keys) === constant;
    case '!=':
      // eslint-disable-next-line eqeqeq -- json-logic's == and != are loose by definition
      return (data) => lookupKeys(data, keys) != constant;
    case '!==':
      return (data) => lookupKeys(data, keys) !== constant;
  }
  return undefined;
}

const BINARY: Record<string, (a: unknown, b: unknown) => unknown> = {
  // eslint-disable-next-line eqeqeq -- json-logic's == and != are loose by definition
  '==': (a, b) => a == b,
  '===': (a, b) => a === b,
  // eslint-disable-next-line eqeqeq -- json-logic's == and != are loose by definition
  '!=': (a, b) => a != b,
  '!==': (a, b) => a !== b,
  '>': (a, b) => (a as number) > (b as number),
  '>=': (a, b) => (a as number) >= (b as number),
  in: (a, b) => (!b || typeof (b as { indexOf?: unknown }).indexOf === 'undefined' ? false : (b as unknown[]).indexOf(a) !== -1),
};

function compile(logic: unknown): Compiled {
  if (Array.isArray(logic)) {
    const items = logic.map(compile);
    return (data) => items.map((item) => item(data));
  }
  if (typeof logic !== 'object' || logic === null) return () => logic;
  const keys = Object.keys(logic);
  if (keys.length !== 1) return () => logic;
  const op = keys[0];
  const raw = (logic as Record<string, unknown>)[op];
  const values = Array.isArray(raw) ? raw : [raw];
  const args = () => values.map(compile);
  switch (op) {
    case 'var': {
      if (values.length === 1 && typeof values[0] === 'string') return constantLookup(values[0]);
      const all = args();
      return (data) => {
        const evaluated = all.map((arg) => arg(data));
        return lookup(data, evaluated[0], evaluated[1]);
      };
    }
    case '!':
    case '!!': {
      const all = args();
      const negate = op === '!';
      if (all.length === 1) {
        const [only] = all;
        return (data) => truthy(only(data)) !== negate;
      }
      return (data) => truthy(all.map((arg) => arg(data))[0]) !== negate;
    }
    case 'and':
    case 'or': {
      const all = args();
      const stopOn = op === 'or';
      return (data) => {
        let current: unknown;
        for (const arg of all) {
          current = arg(data);
          if (truthy(current) === stopOn) return current;
        }
        return current;
      };
    }
    case 'if':
    case '?:': {
      const all = args();
      return (data) => {
        let index = 0;
        for (; index < all.length - 1; index += 2) if (truthy(all[index](data))) return all[index + 1](data);
        return all.length === index + 1 ? all[index](data) : null;
      };
    }
    case 'cat': {
      const all = args();
      return (data) => all.map((arg) => arg(data)).join('');
    }
    case '<':
    case '<=': {
      const all = args();
      const strict = op === '<';
      return (data) => {
        const [a, b, c] = all.map((arg) => arg(data)) as number[];
        const below = (x: number, y: number) => (strict ? x < y : x <= y);
        return c === undefined ? below(a, b) : below(a, b) && below(b, c);
      };
    }
  }
  const binary = BINARY[op];
  if (binary) {
    const comparison = fieldComparison(op, values);
    if (comparison) return comparison;
    const all = args();
    if (all.length === 2) {
      const [left, right] = all;
      return (data) => binary(left(data), right(data));
    }
    return (data) => {
      const evaluated = all.map((arg) => arg(data));
      return binary(evaluated[0], evaluated[1]);
    };
  }
  // Everything else exactly as json-logic-js does it (scoped operations, custom ones, errors).
  return (data) => jsonLogic.apply(logic as JsonLogic, data as Record<string, unknown>);
}

function compiled(rule: object): Compiled {
  let found = compiledRules.get(rule);
  if (!found) {
    found = compile(rule);
    compiledRules.set(rule, found);
  }
  return found;
}

/**
 * A rule as a function of its data, made once per rule object: for a caller that keeps it and
 * evaluates the rule over and over (no lookup of the compiled rule per evaluation).
 */
export function ruleFunction(rule: JsonLogic): (data: unknown) => unknown {
  register();
  return typeof rule === 'object' && rule !== null ? compiled(rule) : () => rule;
}

/** Evaluates a rule to its value (texts, numbers, lists). */
export function evaluateValue(rule: JsonLogic, data: unknown): unknown {
  register();
  return typeof rule === 'object' && rule !== null ? compiled(rule)(data) : rule;
}

/** Evaluates a rule against data; any truthy result counts as true. */
export function evaluate(rule: JsonLogic, data: unknown): boolean {
  return Boolean(evaluateValue(rule, data));
}

const ITEM_SCOPED = new Set(['map', 'filter', 'reduce', 'all', 'some', 'none']);

/** Every `var` path a rule reads from the model (for the flow checker). */
export function ruleVariables(rule: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [op, args] of Object.entries(node)) {
        if (op === 'var') {
          const name = Array.isArray(args) ? args[0] : args;
          if (typeof name === 'string' && name !== '') found.push(name);
        } else if (ITEM_SCOPED.has(op) && Array.isArray(args)) {
          // Inside map/filter/... the second argument reads the list item, not the model.
          walk(args[0]);
        } else walk(args);
      }
    }
  };
  walk(rule);
  return found;
}

/**
 * The model paths a rule (or a list of rules) can read, for a caller that leaves out work on data
 * no rule reads; undefined when the rule does not name them all (a `var` of the whole data or of a
 * computed path, `missing` and `missing_some`, whose paths are plain texts). Complete where
 * `ruleVariables` need not be: the default of a `var` and the start value of a `reduce` are read
 * from the model too.
 */
export function ruleReads(rule: unknown): string[] | undefined {
  const found: string[] = [];
  let named = true;
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [op, args] of Object.entries(node)) {
        const list: unknown[] = Array.isArray(args) ? args : [args];
        if (op === 'var') {
          const name = list[0];
          if (typeof name === 'string' && name !== '') found.push(name);
          else named = false;
          list.slice(1).forEach(walk);
        } else if (op === 'missing' || op === 'missing_some') named = false;
        else if (ITEM_SCOPED.has(op)) {
          // The logic applied per item reads the item (reduce: the item and the running value), not the model.
          walk(list[0]);
          if (op === 'reduce') walk(list[2]);
        } else walk(args);
      }
    }
  };
  walk(rule);
  return named ? found : undefined;
}
