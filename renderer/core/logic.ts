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
  jsonLogic.add_operation('length', (value: unknown) =>
    typeof value === 'string' || Array.isArray(value) ? value.length : 0,
  );
  // Full match of a string against a regular expression given as text.
  jsonLogic.add_operation('matches', (value: unknown, pattern: unknown) =>
    typeof value === 'string' && typeof pattern === 'string' && new RegExp(`^(?:${pattern})$`, 'u').test(value),
  );
  // The label of a value in a reference list (a map label -> value, or items with Value/Description/Name).
  jsonLogic.add_operation('optionLabel', (list: unknown, value: unknown) => optionLabel(list, value));
  // The text between brackets, e.g. the register abbreviation in 'Kwaliteitsregister Paramedici (KP)'.
  jsonLogic.add_operation('bracketed', (text: unknown) => (typeof text === 'string' ? /\(([^)]*)\)/.exec(text)?.[1] ?? '' : ''));
  // Items of a list whose `key` (a list of allowed values) contains `value`.
  jsonLogic.add_operation('optionsFor', (list: unknown, key: unknown, value: unknown) =>
    Array.isArray(list) && typeof key === 'string'
      ? list.filter((item) => Array.isArray((item as Record<string, unknown>)?.[key]) && ((item as Record<string, unknown[]>)[key]).includes(value as never))
      : [],
  );
  // True when a value is not filled in (undefined, null, '' or an empty list).
  jsonLogic.add_operation('empty', (value: unknown) =>
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0),
  );
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

/** Evaluates a rule to its value (texts, numbers, lists). */
export function evaluateValue(rule: JsonLogic, data: unknown): unknown {
  register();
  return jsonLogic.apply(rule, data as Record<string, unknown>);
}

/** Evaluates a rule against data; any truthy result counts as true. */
export function evaluate(rule: JsonLogic, data: unknown): boolean {
  register();
  return Boolean(jsonLogic.apply(rule, data as Record<string, unknown>));
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
