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
  // True when a value is not filled in (undefined, null, '' or an empty list).
  jsonLogic.add_operation('empty', (value: unknown) =>
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0),
  );
}

/** Evaluates a rule against data; any truthy result counts as true. */
export function evaluate(rule: JsonLogic, data: unknown): boolean {
  register();
  return Boolean(jsonLogic.apply(rule, data as Record<string, unknown>));
}

/** Every `var` path a rule reads (for the flow checker). */
export function ruleVariables(rule: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [op, args] of Object.entries(node)) {
        if (op === 'var') {
          const name = Array.isArray(args) ? args[0] : args;
          if (typeof name === 'string' && name !== '') found.push(name);
        } else walk(args);
      }
    }
  };
  walk(rule);
  return found;
}
