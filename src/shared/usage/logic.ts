/**
 * The rules of a flow (json-logic) rewritten for a field that goes away, an option that goes away,
 * or a field that gets another name. Only the parts of a rule that read the target change; the
 * rest stays exactly as written.
 *
 * - A field removed, `drop`: every condition that reads it vanishes (a field's own rule keeps what
 *   it says about other answers: the field is not lost with the one it depended on).
 * - A field removed, `absent`: what the rule does when the field has no value, as it will for every
 *   applicant — `X = 4` never holds, `X ≠ 2` always does — while a test whether it is filled in
 *   vanishes (used for content, checks and computed texts, which exist for the answer's value).
 * - An option removed: a comparison with its value never holds (`X = v`), its opposite always does,
 *   and the value leaves a list (`X is een van 1, 2, 4` → `1, 4`).
 * The outcome says whether the rule still says something, always holds or never does.
 */
import { evaluateValue } from '../../../renderer/core/logic';
import type { JsonLogic } from '../../../renderer/core/types';

type Json = Record<string, unknown>;
/** Whether a `var` name reads the target. */
export type Reads = (name: string) => boolean;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A condition that no longer says anything (it read only the removed field). */
const NEUTRAL = Symbol('neutral');
type Out = unknown;

const ITEM_SCOPED = new Set(['map', 'filter', 'reduce', 'all', 'some', 'none']);
const COMPARISONS = new Set(['==', '===', '!=', '!==', '<', '>', '<=', '>=', 'in', 'matches']);

/** The name a `var` reads, or undefined for something else. */
function varName(node: unknown): string | undefined {
  if (!isObject(node) || Object.keys(node).length !== 1 || !('var' in node)) return undefined;
  const name = Array.isArray(node.var) ? node.var[0] : node.var;
  return typeof name === 'string' ? name : undefined;
}

/** Every `var` name a rule reads from the model (inside map/filter/... only the list, not the item). */
export function varNames(rule: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (isObject(node)) {
      for (const [op, args] of Object.entries(node)) {
        if (op === 'var') {
          const name = Array.isArray(args) ? args[0] : args;
          if (typeof name === 'string') found.push(name);
        } else if (ITEM_SCOPED.has(op) && Array.isArray(args)) walk(args[0]);
        else walk(args);
      }
    }
  };
  walk(rule);
  return found;
}

/** Whether a rule reads the target. */
export const readsTarget = (rule: unknown, reads: Reads): boolean => varNames(rule).some(reads);

const hasVars = (node: unknown): boolean => varNames(node).length > 0 || JSON.stringify(node ?? null).includes('"missing');
const truthy = (value: unknown) => (Array.isArray(value) ? value.length > 0 : Boolean(value));
const operands = (args: unknown): unknown[] => (Array.isArray(args) ? args : [args]);

type Mode = { kind: 'drop'; reads: Reads } | { kind: 'absent'; reads: Reads } | { kind: 'option'; reads: Reads; value: unknown };
type Context = 'condition' | 'value';

/** A test only of whether the field is filled in: `X ≠ leeg`, `X = leeg`, `!X`, `!!X`, `empty(X)`. */
function isFilledTest(op: string, args: unknown[], reads: Reads): boolean {
  const readsIt = (node: unknown) => {
    const name = varName(node);
    return name !== undefined && reads(name);
  };
  if ((op === '!' || op === '!!' || op === 'empty') && args.length === 1) return readsIt(args[0]);
  if (['==', '===', '!=', '!=='].includes(op) && args.length === 2) return (readsIt(args[0]) && args[1] === null) || (readsIt(args[1]) && args[0] === null);
  return false;
}

/** The rule with every `var` of the target replaced by what it reads when the field has no value (its default, else null). */
function absentValue(node: unknown, reads: Reads): unknown {
  if (Array.isArray(node)) return node.map((item) => absentValue(item, reads));
  if (!isObject(node)) return node;
  const name = varName(node);
  if (name !== undefined) return reads(name) ? (Array.isArray(node.var) && node.var.length > 1 ? node.var[1] : null) : node;
  return Object.fromEntries(
    Object.entries(node).map(([op, args]) => [
      op,
      ITEM_SCOPED.has(op) && Array.isArray(args) ? [absentValue(args[0], reads), ...args.slice(1)] : absentValue(args, reads),
    ]),
  );
}

/** A rule without `var`s folded to its value; anything else stays as it is. */
function folded(node: unknown): unknown {
  if (!isObject(node) || hasVars(node)) return node;
  try {
    const value = evaluateValue(node as JsonLogic, {});
    return value === undefined ? null : value;
  } catch {
    return node;
  }
}

/** An option's comparisons: `X = v` never holds, `X ≠ v` always, `v` leaves the lists `X` is looked up in. */
function optionComparison(op: string, args: unknown[], reads: Reads, value: unknown): unknown | undefined {
  const isTarget = (node: unknown) => {
    const name = varName(node);
    return name !== undefined && reads(name);
  };
  if (args.length !== 2) return undefined;
  const [left, right] = args;
  const other = isTarget(left) ? right : isTarget(right) ? left : undefined;
  if (other === undefined) return undefined;
  if (op === '==' || op === '===') return other === value ? false : undefined;
  if (op === '!=' || op === '!==') return other === value ? true : undefined;
  if (op === 'in' && isTarget(left) && Array.isArray(right) && right.includes(value)) {
    const rest = right.filter((item) => item !== value);
    return rest.length === 0 ? false : { in: [left, rest] };
  }
  // `v` among the choices of a multiple choice.
  if (op === 'in' && isTarget(right) && left === value) return false;
  return undefined;
}

function rewrite(node: unknown, mode: Mode, context: Context): Out {
  if (!readsTarget(node, mode.reads)) return node;
  if (Array.isArray(node)) return node.map((item) => rewrite(item, mode, 'value'));
  if (!isObject(node)) return node;
  const name = varName(node);
  if (name !== undefined) return mode.kind === 'option' ? node : absentValue(node, mode.reads);
  const entries = Object.entries(node);
  if (entries.length !== 1) return Object.fromEntries(entries.map(([op, args]) => [op, rewrite(args, mode, 'value')]));
  const [op, rawArgs] = entries[0];
  const args = operands(rawArgs);

  if ((op === 'and' || op === 'or') && context === 'condition')
    return junction(
      op,
      args.map((arg) => rewrite(arg, mode, 'condition')),
    );
  if ((op === '!' || op === '!!') && context === 'condition' && !isFilledTest(op, args, mode.reads)) {
    const inner = rewrite(args[0], mode, 'condition');
    if (inner === NEUTRAL) return NEUTRAL;
    return hasVars(inner) ? { [op]: [inner] } : op === '!' ? !truthy(inner) : truthy(inner);
  }
  if (op === 'if') return choice(args, mode, context);
  if (ITEM_SCOPED.has(op)) return folded({ [op]: [rewrite(args[0], mode, 'value'), ...args.slice(1)] });

  if (mode.kind === 'option') {
    if (COMPARISONS.has(op)) {
      const adjusted = optionComparison(op, args, mode.reads, mode.value);
      if (adjusted !== undefined) return adjusted;
    }
    return { [op]: Array.isArray(rawArgs) ? args.map((arg) => rewrite(arg, mode, 'value')) : rewrite(rawArgs, mode, 'value') };
  }
  if (context === 'condition' && (mode.kind === 'drop' ? COMPARISONS.has(op) || isFilledTest(op, args, mode.reads) : isFilledTest(op, args, mode.reads)))
    return NEUTRAL;
  return folded(absentValue(node, mode.reads));
}

/** `and`/`or` of rewritten parts: vanished parts left out, constants folded. */
function junction(op: 'and' | 'or', parts: Out[]): Out {
  const neutral = parts.some((part) => part === NEUTRAL);
  const rest = parts.filter((part) => part !== NEUTRAL);
  const decisive = op === 'and' ? (part: unknown) => !hasVars(part) && !truthy(part) : (part: unknown) => !hasVars(part) && truthy(part);
  if (rest.some(decisive)) return op === 'or';
  const open = rest.filter((part) => hasVars(part));
  if (open.length === 0) return neutral ? NEUTRAL : op === 'and';
  return open.length === 1 ? open[0] : { [op]: open };
}

/** An outcome of `if` that vanished holds (a rule never carries the marker). */
const settled = (part: Out): Out => (part === NEUTRAL ? true : part);

/** `if` with its conditions rewritten (as values: what they yield without the field) and decided ones folded away. */
function choice(args: unknown[], mode: Mode, context: Context): Out {
  const kept: unknown[] = [];
  for (let index = 0; index < args.length; index += 2) {
    if (index === args.length - 1) {
      kept.push(settled(rewrite(args[index], mode, context)));
      break;
    }
    const condition = rewrite(args[index], mode, 'value');
    const outcome = settled(rewrite(args[index + 1], mode, context));
    if (hasVars(condition)) kept.push(condition, outcome);
    else if (truthy(condition)) {
      kept.push(outcome);
      break;
    }
  }
  if (kept.length === 1) return kept[0];
  if (kept.length === 0) return null;
  return { if: kept };
}

/** What became of a condition: it still says something, or it always or never holds. */
export type ConditionOutcome = { rule: unknown } | 'always' | 'never';

function outcome(result: Out): ConditionOutcome {
  if (result === NEUTRAL) return 'always';
  if (!hasVars(result)) return truthy(result) ? 'always' : 'never';
  return { rule: result };
}

/** A condition (when to show, when a check holds) without the removed field (see the module's comment for `drop` and `absent`). */
export function conditionWithoutField(rule: unknown, reads: Reads, how: 'drop' | 'absent'): ConditionOutcome {
  return outcome(rewrite(rule, { kind: how, reads }, 'condition'));
}

/** A value (a computed text, a derived value) as it will be without the removed field. */
export function valueWithoutField(rule: unknown, reads: Reads): unknown {
  return rewrite(rule, { kind: 'absent', reads }, 'value');
}

/** A condition without the removed option. */
export function conditionWithoutOption(rule: unknown, reads: Reads, value: unknown): ConditionOutcome {
  return outcome(rewrite(rule, { kind: 'option', reads, value }, 'condition'));
}

/** A value without the removed option (a comparison with it folded). */
export function valueWithoutOption(rule: unknown, reads: Reads, value: unknown): unknown {
  return rewrite(rule, { kind: 'option', reads, value }, 'value');
}

/** The rule with every `var` name `rename` gives a new name for renamed (a default stays). */
export function renameVars(rule: unknown, rename: (name: string) => string | undefined): unknown {
  if (Array.isArray(rule)) return rule.map((item) => renameVars(item, rename));
  if (!isObject(rule)) return rule;
  const name = varName(rule);
  if (name !== undefined) {
    const to = rename(name);
    if (to === undefined) return rule;
    return { var: Array.isArray(rule.var) ? [to, ...rule.var.slice(1)] : to };
  }
  return Object.fromEntries(
    Object.entries(rule).map(([op, args]) => [
      op,
      ITEM_SCOPED.has(op) && Array.isArray(args) ? [renameVars(args[0], rename), ...args.slice(1)] : renameVars(args, rename),
    ]),
  );
}
