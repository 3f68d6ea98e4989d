/**
 * Option lists that depend on other answers: a field with `x-optionsFilter` offers only the items
 * of a reference list that allow the value of another field (e.g. specialisms allowed for the chosen
 * professional title), with `top` values first; a field with `x-resetOn` returns to the prompt when
 * one of the named fields of its step changes.
 */
import type { Environment } from './environment';
import { getAt } from './paths';
import type { JsonSchema, StepDefinition } from './types';

interface OptionsFilter {
  list: string;
  key: string;
  by: string;
  top?: (string | number)[];
}

function walk(schema: JsonSchema, visit: (path: string, child: JsonSchema) => void, prefix = ''): void {
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    visit(path, child);
    if (child.properties) walk(child, visit, path);
  }
}

export function optionFilters(step: StepDefinition | undefined, env: Environment): Record<string, { allowed: (string | number)[]; top: (string | number)[] }> {
  const result: Record<string, { allowed: (string | number)[]; top: (string | number)[] }> = {};
  if (!step) return result;
  walk(step.schema, (path, child) => {
    const filter = child['x-optionsFilter'] as OptionsFilter | undefined;
    if (!filter) return;
    const items = (env.$lists?.[filter.list] as { Value: string | number; [key: string]: unknown }[] | undefined) ?? [];
    const by = getAt(env, filter.by);
    const allowed = items.filter((item) => Array.isArray(item[filter.key]) && (item[filter.key] as unknown[]).includes(by)).map((item) => item.Value);
    result[path] = { allowed, top: (filter.top ?? []).filter((value) => allowed.includes(value)) };
  });
  return result;
}

/** Clears fields whose `x-resetOn` fields changed between two versions of the step data. */
export function resetDependents(step: StepDefinition, before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  let data = after;
  walk(step.schema, (path, child) => {
    const on = child['x-resetOn'] as string[] | undefined;
    if (!on || path.includes('.')) return;
    if (on.some((field) => getAt(before, field) !== getAt(after, field)) && data[path] !== undefined) {
      data = { ...data };
      delete data[path];
    }
  });
  return data;
}
