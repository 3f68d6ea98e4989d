/**
 * Field visibility from the json-logic rules of a flow, and stripping of hidden data. Rules read the
 * whole flow model (`dataKey.field`); a hidden field's data never makes another field visible,
 * because stripping repeats until nothing changes.
 *
 * A rule may be on a field of a repeating group's items ('personen.bsn'): it then holds per item,
 * and its vars relative to the item (written `./heeftBsn`, resolved to `stap1.personen.*.heeftBsn`)
 * read that item's fields.
 */
import { evaluate } from '../logic';
import { getAt, isWithin, splitPath, withoutPath } from '../paths';
import { isRepeatingGroup, schemaAt } from '../schemaPaths';
import type { FlowDocument, FlowModel, JsonLogic, StepDefinition } from '../types';
import { escapePointer, unknownField, type RuleKind } from './types';

const isIndex = (segment: string) => /^\d+$/.test(segment);

/**
 * The item indexes on the way to `field` that the rule's path `key` passes ('personen.1.bsn' within
 * 'personen.bsn' -> [1]); undefined when `field` is not `key` nor inside it.
 */
function itemIndexes(field: string, key: string): number[] | undefined {
  const wanted = splitPath(key);
  const indexes: number[] = [];
  let matched = 0;
  for (const segment of splitPath(field)) {
    if (matched === wanted.length) break;
    if (isIndex(segment) && wanted[matched] !== segment) indexes.push(Number(segment));
    else if (segment === wanted[matched]) matched += 1;
    else return undefined;
  }
  return matched === wanted.length ? indexes : undefined;
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
          const filled = name.split('.').map((segment) => (segment === '*' ? String(indexes[next++] ?? 0) : segment)).join('.');
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
  const rules = step.visibleIf;
  if (!rules) return false;
  return Object.entries(rules).some(([path, rule]) => {
    const indexes = itemIndexes(field, path);
    return indexes !== undefined && !evaluate(bindItems(rule, indexes), model);
  });
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
  return Object.entries(step.visibleIf ?? {}).flatMap(([key, rule]) =>
    instancesOf(step, key, model[step.dataKey]).filter((path) => !evaluate(bindItems(rule, itemIndexes(path, key) ?? []), model)),
  );
}

/** Removes the data of every hidden field of every step, until stable. */
export function stripHidden(flow: FlowDocument, model: FlowModel): FlowModel {
  let current = model;
  for (let pass = 0; pass < 10; pass += 1) {
    let changed = false;
    for (const step of flow.steps) {
      for (const path of hiddenFields(step, current)) {
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
        return [...unknownField(step, field, pointer, 'visibleIf', { items: true }), ...vars(pointer, rule)];
      }),
    );
  },
};
