/**
 * Option lists that depend on another answer (`x-optionsFilter` on a field with `x-options`): the
 * field offers only the items of a reference list whose `key` (a list of allowed values) contains
 * the value of the field `by` — e.g. the specialisms allowed for the chosen professional title —
 * with the `top` values first. With `hideWhenEmpty` the field exists only while some item is
 * allowed (the resolver adds that to the step's visibility rules).
 *
 * Browser: `optionFilters` tells the select which values to show. Browser and server:
 * `validate` refuses a value outside the allowed items. Design time: the list, its key, the field
 * `by` and the top values must exist.
 */
import type { Environment } from '../environment';
import { interpolate, withParams, type TextParams, type Translate } from '../i18n';
import { getAt } from '../paths';
import { labelOf } from '../schemaPaths';
import type { FieldError, JsonLogic, JsonSchema, StepDefinition } from '../types';
import { eachField, fieldPointer, type DesignProblem, type RuleKind } from './types';
import { isHidden } from './visibility';

export interface OptionsFilter {
  list: string;
  key: string;
  /** Model path of the answer that filters (`dataKey.field`). */
  by: string;
  top?: (string | number)[];
  hideWhenEmpty?: boolean;
}

type ListItem = { Value: string | number; [key: string]: unknown };
export type AllowedOptions = Record<string, { allowed: (string | number)[]; top: (string | number)[] }>;

function filterOf(node: Record<string, unknown>): OptionsFilter | undefined {
  return node['x-optionsFilter'] as OptionsFilter | undefined;
}

function allowedValues(filter: OptionsFilter, env: Environment): (string | number)[] {
  const items = (env.$lists?.[filter.list] as ListItem[] | undefined) ?? [];
  const by = getAt(env, filter.by);
  return items.filter((item) => Array.isArray(item[filter.key]) && (item[filter.key] as unknown[]).includes(by)).map((item) => item.Value);
}

/** Field path -> the values allowed now, for every filtered field of the step (browser). */
export function optionFilters(step: StepDefinition | undefined, env: Environment): AllowedOptions {
  const result: AllowedOptions = {};
  if (!step) return result;
  // The filtered fields are found once per schema: this runs on every render of a step.
  for (const { path, filter } of filteredFieldsOf(step.schema)) {
    const allowed = allowedValues(filter, env);
    result[path] = { allowed, top: (filter.top ?? []).filter((value) => allowed.includes(value)) };
  }
  return result;
}

/** The visibility a `hideWhenEmpty` filter adds: some item of the list allows the answer. */
export function filterVisibility(filter: OptionsFilter): JsonLogic | undefined {
  if (!filter.hideWhenEmpty) return undefined;
  return { '>': [{ length: { optionsFor: [{ var: `$lists.${filter.list}` }, filter.key, { var: filter.by }] } }, 0] } as unknown as JsonLogic;
}

const filteredFields = new WeakMap<JsonSchema, { path: string; filter: OptionsFilter }[]>();

/** The fields of a schema with an option filter, found once per schema (validation runs on every change). */
function filteredFieldsOf(schema: JsonSchema): { path: string; filter: OptionsFilter }[] {
  let found = filteredFields.get(schema);
  if (!found) {
    const fields: { path: string; filter: OptionsFilter }[] = [];
    eachField(schema, (path, child) => {
      const filter = filterOf(child);
      if (filter) fields.push({ path, filter });
    });
    filteredFields.set(schema, (found = fields));
  }
  return found;
}

/** A choice outside the items the other answer allows is refused (browser and server). */
export function optionsFilterErrors(step: StepDefinition, model: Environment, t: Translate, vars: TextParams): FieldError[] {
  const errors: FieldError[] = [];
  for (const { path, filter } of filteredFieldsOf(step.schema)) {
    if (isHidden(step, path, model)) continue;
    const value = getAt(model[step.dataKey], path);
    if (value === undefined || value === null || allowedValues(filter, model).includes(value as string | number)) continue;
    errors.push({
      field: path,
      code: 'x-optionsFilter',
      message: t('validation.invalid', withParams(vars, { label: interpolate(labelOf(step.schema, path), vars) })),
    });
  }
  return errors;
}

/** The model paths the step's option filters read: the answers they filter by and their lists. */
export function optionsFilterReads(step: StepDefinition): string[] {
  return filteredFieldsOf(step.schema).flatMap(({ filter }) => [filter.by, `$lists.${filter.list}`]);
}

function check(step: StepDefinition, stepIndex: number, fields: Set<string>, lists: Record<string, unknown>): DesignProblem[] {
  const problems: DesignProblem[] = [];
  eachField(step.schema, (path, child) => {
    const filter = filterOf(child);
    if (!filter) return;
    const pointer = `${fieldPointer(stepIndex, path)}/x-optionsFilter`;
    const list = lists[filter.list];
    if (!Array.isArray(list)) problems.push({ pointer: `${pointer}/list`, message: `de lijst ‘${filter.list}’ van de beperking van de keuzes bestaat niet` });
    else {
      if (!list.some((item) => Array.isArray((item as ListItem)?.[filter.key])))
        problems.push({ pointer: `${pointer}/key`, message: `de lijst ‘${filter.list}’ heeft geen ‘${filter.key}’` });
      const values = new Set(list.map((item) => (item as ListItem).Value));
      for (const value of filter.top ?? [])
        if (!values.has(value)) problems.push({ pointer: `${pointer}/top`, message: `‘${value}’ staat niet in de lijst ‘${filter.list}’` });
    }
    if (!fields.has(filter.by))
      problems.push({ pointer: `${pointer}/by`, message: `de keuzes worden beperkt door het veld ‘${filter.by}’, maar dat bestaat niet` });
  });
  return problems;
}

export const optionsFilter: RuleKind = {
  name: 'x-optionsFilter',
  check: ({ flow, fields, lists }) => flow.steps.flatMap((step, index) => check(step, index, fields, lists)),
  validate: optionsFilterErrors,
};
