/**
 * Visibility rules (`visibleIf`, json-logic) in the shape the rule builder edits: a react-querybuilder
 * query of groups ('en' / 'of', possibly negated) holding conditions on one field each.
 *
 * Only the shapes the builder writes back exactly are converted: `and`, `or`, `!` of a group or a
 * condition, and `==`, `!=`, `<`, `>`, `in` between a `{ "var": "<model path>" }` and literal values
 * (`null` meaning 'empty'). Anything else — other operations, a variable that is not one of the
 * given fields, a value of the wrong JSON type — is reported as not supported, so it stays as it is
 * and is edited in the source view. Values keep their JSON type (4 stays 4, false stays false): a
 * condition only accepts values of its field's type.
 */
import type { RuleGroupType, RuleType } from 'react-querybuilder';

export type RuleValue = string | number | boolean;

export interface RuleFieldOption {
  value: RuleValue;
  label: string;
}

/** A field a rule may read: its model path, a label for people, its JSON type and optional choices. */
export interface RuleField {
  /** Model path, e.g. `documenten.aanvraagType`. */
  name: string;
  /** Label shown in the field list, e.g. 'Stap 2 – Type aanvraag'. */
  label: string;
  type: 'boolean' | 'number' | 'string';
  options?: RuleFieldOption[];
}

/** A json-logic rule as written in a flow document. */
export type JsonLogicRule = Record<string, unknown>;

/** Operator names in the query (react-querybuilder's default names). */
export type RuleOperator = '=' | '!=' | '<' | '>' | 'in' | 'null' | 'notNull';

export type RuleCombinator = 'and' | 'or';

export const OPERATOR_LABELS: Record<RuleOperator, string> = {
  '=': 'is gelijk aan',
  '!=': 'is niet gelijk aan',
  '<': 'is kleiner dan',
  '>': 'is groter dan',
  in: 'is een van',
  null: 'is leeg',
  notNull: 'is niet leeg',
};

export const COMBINATOR_LABELS: Record<RuleCombinator, string> = { and: 'en', or: 'of' };

/** The field name of a condition whose field has not been chosen yet (react-querybuilder's placeholder). */
export const NO_FIELD = '~';

const BOOLEAN_OPTIONS: RuleFieldOption[] = [
  { value: true, label: 'Ja' },
  { value: false, label: 'Nee' },
];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const isRuleGroup = (item: unknown): item is RuleGroupType => isObject(item) && Array.isArray(item.rules);

/** The operators a field offers, in the order the builder lists them. */
export function operatorsFor(field: RuleField | undefined): RuleOperator[] {
  switch (field?.type) {
    case undefined:
      return [];
    case 'boolean':
      return ['=', '!=', 'null', 'notNull'];
    case 'number':
      return ['=', '!=', '<', '>', 'in', 'null', 'notNull'];
    default:
      return ['=', '!=', 'in', 'null', 'notNull'];
  }
}

/** Whether a condition with this operator compares with a value ('is leeg' does not). */
export function takesValue(operator: string): boolean {
  return operator !== 'null' && operator !== 'notNull';
}

/** The choices of a field: its own options, 'Ja'/'Nee' for a yes/no field, else none (free input). */
export function optionsOf(field: RuleField): RuleFieldOption[] | undefined {
  if (field.options && field.options.length > 0) return field.options;
  return field.type === 'boolean' ? BOOLEAN_OPTIONS : undefined;
}

/** The value a new condition starts with: nothing chosen yet. */
export function initialValue(operator: string): unknown {
  if (operator === 'in') return [];
  return takesValue(operator) ? '' : null;
}

/** Whether `value` is a complete value of the field's JSON type. */
export function isValueOf(type: RuleField['type'], value: unknown): value is RuleValue {
  switch (type) {
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    default:
      return typeof value === 'string' && value !== '';
  }
}

const isRuleValue = (value: unknown): value is RuleValue =>
  typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value !== '');

// ---------------------------------------------------------------------------------------------
// json-logic -> query

type Item = RuleType | RuleGroupType;
type Converted<T> = { ok: T } | { problem: string };

const COMPARISONS: Record<string, RuleOperator> = { '==': '=', '!=': '!=', '<': '<', '>': '>', in: 'in' };

function conditionFrom(op: string, args: unknown, fields: ReadonlyMap<string, RuleField>): Converted<RuleType> {
  if (!Array.isArray(args) || args.length !== 2) return { problem: `'${op}' heeft hier precies twee delen nodig` };
  const [left, right] = args as [unknown, unknown];
  if (!isObject(left) || Object.keys(left).length !== 1 || typeof left.var !== 'string') {
    return { problem: `'${op}' vergelijkt hier niet een veld ({"var": "..."}) met een waarde` };
  }
  const field = fields.get(left.var);
  if (!field) return { problem: `'${left.var}' is geen veld dat hier gekozen kan worden` };
  let operator = COMPARISONS[op];
  let value: unknown = right;
  if (right === null && (op === '==' || op === '!=')) {
    operator = op === '==' ? 'null' : 'notNull';
  } else if (operator === 'in') {
    if (!Array.isArray(right) || right.length === 0) return { problem: `'in' heeft hier een lijst met waarden nodig` };
    if (!right.every((item) => isValueOf(field.type, item)))
      return { problem: `de lijst bij '${left.var}' bevat waarden die niet van het type ${field.type} zijn` };
    value = [...right];
  } else if (!isValueOf(field.type, right)) {
    return { problem: `${JSON.stringify(right)} is geen waarde van het type ${field.type} voor '${left.var}'` };
  }
  if (!operatorsFor(field).includes(operator)) return { problem: `'${op}' kan niet bij een veld van het type ${field.type}` };
  return { ok: { field: field.name, operator, value } };
}

function itemFrom(node: unknown, fields: ReadonlyMap<string, RuleField>): Converted<Item> {
  if (!isObject(node) || Object.keys(node).length !== 1) return { problem: `${JSON.stringify(node)} is geen enkele json-logic-bewerking` };
  const [op, args] = Object.entries(node)[0];
  if (op === 'and' || op === 'or') {
    if (!Array.isArray(args) || args.length === 0) return { problem: `'${op}' heeft hier een lijst met voorwaarden nodig` };
    const rules: Item[] = [];
    for (const arg of args) {
      const child = itemFrom(arg, fields);
      if ('problem' in child) return child;
      rules.push(child.ok);
    }
    return { ok: { combinator: op, rules } };
  }
  if (op === '!') {
    if (Array.isArray(args) && args.length !== 1) return { problem: `'!' heeft hier precies één deel nodig` };
    const inner = itemFrom(Array.isArray(args) ? args[0] : args, fields);
    if ('problem' in inner) return inner;
    const item = inner.ok;
    if (isRuleGroup(item) && !item.not) return { ok: { ...item, not: true } };
    return { ok: { combinator: 'and', not: true, rules: [item] } };
  }
  if (Object.hasOwn(COMPARISONS, op)) return conditionFrom(op, args, fields);
  return { problem: `de bewerking '${op}' kan hier niet worden getoond` };
}

function convert(logic: unknown, fields: readonly RuleField[]): Converted<RuleGroupType> {
  if (logic === undefined) return { ok: { combinator: 'and', rules: [] } };
  const item = itemFrom(logic, new Map(fields.map((field) => [field.name, field])));
  if ('problem' in item) return item;
  return { ok: isRuleGroup(item.ok) ? item.ok : { combinator: 'and', rules: [item.ok] } };
}

/**
 * The query for a rule (undefined: always visible, an empty group), or undefined when the builder
 * cannot show the rule faithfully.
 */
export function ruleToQuery(logic: unknown, fields: readonly RuleField[]): RuleGroupType | undefined {
  const converted = convert(logic, fields);
  return 'ok' in converted ? converted.ok : undefined;
}

/** Why `ruleToQuery` gives up on a rule (in Dutch), or undefined when it does not. */
export function unsupportedReason(logic: unknown, fields: readonly RuleField[]): string | undefined {
  const converted = convert(logic, fields);
  return 'problem' in converted ? converted.problem : undefined;
}

// ---------------------------------------------------------------------------------------------
// query -> json-logic

/** A condition as json-logic, or undefined while it is incomplete (no field, no value yet). */
function conditionToLogic(rule: RuleType): JsonLogicRule | undefined {
  if (!rule.field || rule.field === NO_FIELD) return undefined;
  const variable = { var: rule.field };
  switch (rule.operator) {
    case 'null':
      return { '==': [variable, null] };
    case 'notNull':
      return { '!=': [variable, null] };
    case '=':
    case '!=':
    case '<':
    case '>':
      return isRuleValue(rule.value) ? { [rule.operator === '=' ? '==' : rule.operator]: [variable, rule.value] } : undefined;
    case 'in':
      return Array.isArray(rule.value) && rule.value.length > 0 && rule.value.every(isRuleValue)
        ? { in: [variable, [...(rule.value as RuleValue[])]] }
        : undefined;
    default:
      return undefined;
  }
}

const combinatorOf = (group: RuleGroupType): RuleCombinator => (String(group.combinator).toLowerCase() === 'or' ? 'or' : 'and');

function groupToLogic(group: RuleGroupType, root: boolean): JsonLogicRule | undefined {
  const parts = group.rules.flatMap((item) => {
    const logic = isRuleGroup(item) ? groupToLogic(item, false) : conditionToLogic(item);
    return logic === undefined ? [] : [logic];
  });
  if (parts.length === 0) return undefined;
  // The outermost group and a negated group hold a single part without an and/or around it.
  const body = parts.length === 1 && (root || group.not) ? parts[0] : { [combinatorOf(group)]: parts };
  return group.not ? { '!': body } : body;
}

/**
 * The json-logic of a query; undefined when it has no complete condition (always visible).
 * Conditions still missing a field or value are left out.
 */
export function queryToRule(query: RuleGroupType): JsonLogicRule | undefined {
  return groupToLogic(query, true);
}

/**
 * Fits each condition's value to its operator after the operator changed, keeping what was chosen:
 * a single value becomes a one-item list for 'is een van' and back, 'is leeg' holds none.
 */
export function fitValues(query: RuleGroupType): RuleGroupType {
  let changed = false;
  const rules = query.rules.map((item) => {
    if (isRuleGroup(item)) {
      const fitted = fitValues(item);
      if (fitted !== item) changed = true;
      return fitted;
    }
    const value = fitValue(item.operator, item.value);
    if (value === item.value) return item;
    changed = true;
    return { ...item, value };
  });
  return changed ? { ...query, rules } : query;
}

function fitValue(operator: string, value: unknown): unknown {
  if (!takesValue(operator)) return null;
  if (operator === 'in') {
    if (Array.isArray(value)) return value;
    return isRuleValue(value) ? [value] : [];
  }
  if (Array.isArray(value)) return value.length > 0 && isRuleValue(value[0]) ? value[0] : '';
  return value === null || value === undefined ? '' : value;
}

// ---------------------------------------------------------------------------------------------
// Plain Dutch descriptions

/** The label without the step in front ('Stap 2 – Type aanvraag' -> 'Type aanvraag'), for sentences. */
export function shortLabel(label: string): string {
  return label.replace(/^Stap\s+\d+\s*[–-]\s*/u, '');
}

const NUMBER_FORMAT = new Intl.NumberFormat('nl-NL', { useGrouping: false, maximumFractionDigits: 20 });

/** A value as people read it: the option's label, 'Ja'/'Nee', a Dutch number or the text in quotes. */
export function valueText(field: RuleField | undefined, value: unknown): string {
  const option = field ? optionsOf(field)?.find((candidate) => candidate.value === value) : undefined;
  if (option) return option.label;
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nee';
  if (typeof value === 'number') return NUMBER_FORMAT.format(value);
  return `"${String(value)}"`;
}

/** 'a', 'a of b', 'a, b of c'. */
function listText(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} of ${items.at(-1)}`;
}

function fieldLabel(fields: ReadonlyMap<string, RuleField>, name: string): string {
  const field = fields.get(name);
  return field ? shortLabel(field.label) : name;
}

function conditionSentence(rule: RuleType, fields: ReadonlyMap<string, RuleField>): string | undefined {
  const logic = conditionToLogic(rule);
  if (logic === undefined) return undefined;
  const field = fields.get(rule.field);
  const operator = OPERATOR_LABELS[rule.operator as RuleOperator];
  const subject = `${fieldLabel(fields, rule.field)} ${operator}`;
  if (!takesValue(rule.operator)) return subject;
  const values = Array.isArray(rule.value) ? rule.value : [rule.value];
  return `${subject} ${listText(values.map((value) => valueText(field, value)))}`;
}

function groupSentence(group: RuleGroupType, fields: ReadonlyMap<string, RuleField>, root: boolean): string | undefined {
  const parts = group.rules.flatMap((item) => {
    const text = isRuleGroup(item) ? groupSentence(item, fields, false) : conditionSentence(item, fields);
    return text === undefined ? [] : [text];
  });
  if (parts.length === 0) return undefined;
  const text = parts.join(` ${COMBINATOR_LABELS[combinatorOf(group)]} `);
  if (group.not) return `niet (${text})`;
  return root || parts.length === 1 ? text : `(${text})`;
}

const fieldMap = (fields: readonly RuleField[]) => new Map(fields.map((field) => [field.name, field]));

/** The rule of a query as a sentence: 'Tonen als Type aanvraag is gelijk aan Wijziging', or 'Altijd tonen'. */
export function describeQuery(query: RuleGroupType, fields: readonly RuleField[]): string {
  const text = groupSentence(query, fieldMap(fields), true);
  return text === undefined ? 'Altijd tonen' : `Tonen als ${text}`;
}

/** What one condition says, also while incomplete (for the name of its remove button). */
export function describeCondition(rule: RuleType, fields: readonly RuleField[]): string {
  const map = fieldMap(fields);
  const complete = conditionSentence(rule, map);
  if (complete !== undefined) return complete;
  if (!rule.field || rule.field === NO_FIELD) return 'nog zonder veld';
  const operator = OPERATOR_LABELS[rule.operator as RuleOperator] ?? rule.operator;
  return `${fieldLabel(map, rule.field)} ${operator} (nog geen waarde)`;
}

/** What a group says (for the names of its buttons), or undefined while it has no complete condition. */
export function describeGroup(group: RuleGroupType, fields: readonly RuleField[]): string | undefined {
  return groupSentence(group, fieldMap(fields), true);
}
