/**
 * Field visibility from the json-logic rules of a flow, and stripping of hidden data. Rules read the
 * whole flow model (`dataKey.field`); a hidden field's data never makes another field visible,
 * because stripping repeats until nothing changes.
 *
 * A rule may be on a field of a repeating group's items ('personen.bsn'): it then holds per item,
 * and its vars relative to the item (written `./heeftBsn`, resolved to `stap1.personen.*.heeftBsn`)
 * read that item's fields.
 */
import { evaluate, ruleFunction, ruleReads } from '../logic';
import { getAt, splitPath, withoutPath } from '../paths';
import { isRepeatingGroup, schemaAt } from '../schemaPaths';
import type { FlowDocument, FlowModel, JsonLogic, JsonSchema, StepDefinition } from '../types';
import { escapePointer, unknownField, type RuleKind } from './types';

const isIndex = (segment: string) => /^\d+$/.test(segment);

/** The item indexes on the way to `field` that the rule's path passes, both split ('personen.1.bsn' within 'personen.bsn' -> [1]). */
function indexesOn(field: string[], wanted: string[]): number[] | undefined {
  const indexes: number[] = [];
  let matched = 0;
  for (const segment of field) {
    if (matched === wanted.length) break;
    if (isIndex(segment) && wanted[matched] !== segment) indexes.push(Number(segment));
    else if (segment === wanted[matched]) matched += 1;
    else return undefined;
  }
  return matched === wanted.length ? indexes : undefined;
}

/**
 * The item indexes on the way to `field` that the rule's path `key` passes ('personen.1.bsn' within
 * 'personen.bsn' -> [1]); undefined when `field` is not `key` nor inside it.
 */
function itemIndexes(field: string, key: string): number[] | undefined {
  return indexesOn(splitPath(field), splitPath(key));
}

type Shows = (model: unknown) => unknown;

/** A step's visibility rule, prepared once (a step is validated over and over). */
interface VisibilityRule {
  key: string;
  /** The field's path, split. */
  wanted: string[];
  rule: JsonLogic;
  /** The rule as a function of the model: the field shows when it answers something truthy. */
  shows: Shows;
  /** Whether the path passes a repeating group, as last found in the schema `groupedIn`. */
  grouped?: boolean;
  groupedIn?: JsonSchema;
}

/** A step's visibility rules with, per field path asked about, the rules that decide it. */
interface VisibilityPlan {
  rules: VisibilityRule[];
  byField: Map<string, Shows[]>;
}

const plans = new WeakMap<object, VisibilityPlan>();
const NO_RULES: VisibilityPlan = { rules: [], byField: new Map() };

function planOf(step: StepDefinition): VisibilityPlan {
  const rules = step.visibleIf;
  if (!rules) return NO_RULES;
  let plan = plans.get(rules);
  if (!plan) {
    plan = { rules: Object.entries(rules).map(([key, rule]) => ({ key, wanted: splitPath(key), rule, shows: ruleFunction(rule) })), byField: new Map() };
    plans.set(rules, plan);
  }
  return plan;
}

const bound = new WeakMap<object, Map<string, JsonLogic>>();

/** The rule with its item placeholders (`*`) filled with the indexes, in order. */
function bindItems(rule: JsonLogic, indexes: number[]): JsonLogic {
  if (indexes.length === 0 || typeof rule !== 'object' || rule === null) return rule;
  const key = indexes.join('.');
  let cache = bound.get(rule);
  if (!cache) bound.set(rule, (cache = new Map()));
  let result = cache.get(key);
  if (!result) {
    const fill = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(fill);
      if (!node || typeof node !== 'object') return node;
      return Object.fromEntries(
        Object.entries(node).map(([op, args]) => {
          if (op !== 'var') return [op, fill(args)];
          const name = Array.isArray(args) ? args[0] : args;
          if (typeof name !== 'string' || !name.includes('*')) return [op, args];
          let next = 0;
          const filled = name
            .split('.')
            .map((segment) => (segment === '*' ? String(indexes[next++] ?? 0) : segment))
            .join('.');
          return [op, Array.isArray(args) ? [filled, ...args.slice(1)] : filled];
        }),
      );
    };
    result = fill(rule) as JsonLogic;
    cache.set(key, result);
  }
  return result;
}

/** True when `field` (or one of its parents) of `step` is hidden for this model. */
export function isHidden(step: StepDefinition, field: string, model: FlowModel): boolean {
  const plan = planOf(step);
  if (plan.rules.length === 0) return false;
  for (const shows of rulesOn(plan, field)) if (!shows(model)) return true;
  return false;
}

/** The rules (item placeholders filled) that decide whether `field` shows: those of the field and of its groups. */
function rulesOn(plan: VisibilityPlan, field: string): Shows[] {
  const { byField } = plan;
  let found = byField.get(field);
  if (!found) {
    // Bounded: a step has few fields, but a repeating group's items each have their own paths.
    if (byField.size > 1000) byField.clear();
    const segments = splitPath(field);
    found = [];
    for (const { wanted, rule, shows } of plan.rules) {
      const indexes = indexesOn(segments, wanted);
      if (indexes !== undefined) found.push(indexes.length === 0 ? shows : ruleFunction(bindItems(rule, indexes)));
    }
    byField.set(field, found);
  }
  return found;
}

/** Whether a rule's path passes through a repeating group of the step (then it has one instance per item). */
function passesGroup(step: StepDefinition, plan: VisibilityRule): boolean {
  if (plan.groupedIn !== step.schema) {
    const { wanted } = plan;
    plan.grouped = wanted.slice(0, -1).some((_, index) => isRepeatingGroup(schemaAt(step.schema, wanted.slice(0, index + 1).join('.'))));
    plan.groupedIn = step.schema;
  }
  return plan.grouped!;
}

/** The paths a rule's field has in the step's data: one per item of each repeating group on the way. */
function instancesOf(step: StepDefinition, key: string, data: unknown): string[] {
  const expand = (segments: string[], node: unknown, prefix: string): string[] => {
    if (segments.length === 0) return [prefix];
    if (prefix && isRepeatingGroup(schemaAt(step.schema, prefix))) {
      return (Array.isArray(node) ? node : []).flatMap((item, index) => expand(segments, item, `${prefix}.${index}`));
    }
    const [head, ...rest] = segments;
    const child = node && typeof node === 'object' ? (node as Record<string, unknown>)[head] : undefined;
    return expand(rest, child, prefix ? `${prefix}.${head}` : head);
  };
  return expand(splitPath(key), data, '');
}

/** The hidden field paths of a step (only those with a rule; items of a repeating group each by index). */
export function hiddenFields(step: StepDefinition, model: FlowModel): string[] {
  const hidden: string[] = [];
  for (const plan of planOf(step).rules) {
    const { key, rule } = plan;
    // Outside repeating groups a rule's field has one path, whatever the data: the rule's own.
    if (!passesGroup(step, plan)) {
      if (!plan.shows(model)) hidden.push(key);
      continue;
    }
    for (const path of instancesOf(step, key, model[step.dataKey])) if (!evaluate(bindItems(rule, itemIndexes(path, key) ?? []), model)) hidden.push(path);
  }
  return hidden;
}

/**
 * Each visibility rule of a step with what it decides for this model: one answer per rule, or per
 * item of a repeating group its field is in (none for a group without items). For a tester's map of
 * which rules were seen both ways (coverage).
 */
export function visibilityOutcomes(step: StepDefinition, model: FlowModel): { key: string; shown: boolean }[] {
  const outcomes: { key: string; shown: boolean }[] = [];
  for (const plan of planOf(step).rules) {
    if (!passesGroup(step, plan)) {
      outcomes.push({ key: plan.key, shown: Boolean(plan.shows(model)) });
      continue;
    }
    for (const path of instancesOf(step, plan.key, model[step.dataKey]))
      outcomes.push({ key: plan.key, shown: evaluate(bindItems(plan.rule, itemIndexes(path, plan.key) ?? []), model) });
  }
  return outcomes;
}

/** The paths of a step's fields that hold data and are hidden (the model as it is now). */
function hiddenWithData(step: StepDefinition, model: FlowModel): string[] | undefined {
  const data = model[step.dataKey];
  let found: string[] | undefined;
  for (const plan of planOf(step).rules) {
    // Only a field with data is asked about: a rule has no effects, and most fields are empty or shown.
    if (!passesGroup(step, plan)) {
      if (getAt(data, plan.wanted) !== undefined && !plan.shows(model)) (found ??= []).push(plan.key);
      continue;
    }
    for (const path of instancesOf(step, plan.key, data)) {
      if (getAt(data, path) !== undefined && !evaluate(bindItems(plan.rule, itemIndexes(path, plan.key) ?? []), model)) (found ??= []).push(path);
    }
  }
  return found;
}

/** The model paths a step's visibility rules read; undefined when one of them does not name them all. */
export function visibilityReads(step: StepDefinition): string[] | undefined {
  return ruleReads(Object.values(step.visibleIf ?? {}));
}

/** The first segment of a model path: a step's data key (or `$lists`, `$vars`). */
const dataKeyOf = (path: string) => splitPath(path)[0] ?? '';

/**
 * The steps whose hidden data must be gone before the model paths `reads` are read: the steps that
 * hold that data and, in turn, the steps whose data their visibility rules read. Every step when a
 * rule on the way does not name what it reads (`reads` undefined included). In flow order.
 */
export function stepsToStrip(flow: FlowDocument, reads: readonly string[] | undefined): readonly StepDefinition[] {
  if (!reads) return flow.steps;
  const keys = new Set(reads.map(dataKeyOf));
  for (let grew = true; grew;) {
    grew = false;
    for (const step of flow.steps) {
      if (!keys.has(step.dataKey)) continue;
      const paths = visibilityReads(step);
      if (!paths) return flow.steps;
      for (const key of paths.map(dataKeyOf)) {
        if (keys.has(key)) continue;
        keys.add(key);
        grew = true;
      }
    }
  }
  const steps = flow.steps.filter((step) => keys.has(step.dataKey));
  return steps.length === flow.steps.length ? flow.steps : steps;
}

/**
 * Removes the data of every hidden field of every step, until stable. With `steps` (from
 * `stepsToStrip`) only those steps' data is stripped; the rest of the model is left as it is, for a
 * reader that reads no further — what it reads is then exactly as stripped as with every step.
 */
export function stripHidden(flow: FlowDocument, model: FlowModel, steps: readonly StepDefinition[] = flow.steps): FlowModel {
  let current = model;
  for (let pass = 0; pass < 10; pass += 1) {
    let changed = false;
    for (const step of steps) {
      // Decided on the model as it was before this step's fields were stripped, then stripped one by one.
      for (const path of hiddenWithData(step, current) ?? []) {
        const full = `${step.dataKey}.${path}`;
        if (getAt(current, full) !== undefined) {
          current = withoutPath(current, full);
          changed = true;
        }
      }
    }
    if (!changed) return current;
  }
  return current;
}

/** Field paths that carry data while hidden (a submission the server refuses). */
export function hiddenFieldsWithData(flow: FlowDocument, model: FlowModel): string[] {
  const stripped = stripHidden(flow, model);
  const offending: string[] = [];
  for (const step of flow.steps) {
    for (const key of Object.keys(step.visibleIf ?? {})) {
      for (const path of instancesOf(step, key, model[step.dataKey])) {
        const full = `${step.dataKey}.${path}`;
        if (getAt(model, full) !== undefined && getAt(stripped, full) === undefined) offending.push(full);
      }
    }
  }
  return offending;
}

/**
 * Design-time check: every `visibleIf` names a field of its step and reads only what the flow has.
 * (Server enforcement: `hiddenFieldsWithData` refuses a submission carrying data of a hidden field.)
 */
export const visibility: RuleKind = {
  name: 'visibleIf',
  check({ flow, vars }) {
    return flow.steps.flatMap((step, index) =>
      Object.entries(step.visibleIf ?? {}).flatMap(([field, rule]) => {
        const pointer = `/steps/${index}/visibleIf/${escapePointer(field)}`;
        return [...unknownField(step, field, pointer, 'Wanneer tonen (visibleIf)', { items: true }), ...vars(pointer, rule)];
      }),
    );
  },
};
