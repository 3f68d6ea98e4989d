/** Rules for showing a part (visibleIf): the change told, with the rule in a few words when it is simple json-logic. */
import type { Pos } from './location';
import type { Sentences } from './sentences';
import { has, isObj, nameOf } from './values';

const COMPARISONS: Record<string, string> = { '==': '=', '===': '=', '!=': '≠', '!==': '≠', '>': '>', '>=': '≥', '<': '<', '<=': '≤' };

function logicVar(value: unknown): string | undefined {
  if (!isObj(value) || !has(value, 'var')) return undefined;
  const name = Array.isArray(value.var) ? value.var[0] : value.var;
  return typeof name === 'string' ? name : undefined;
}

function logicValue(value: unknown): string | undefined {
  if (typeof value === 'string') return `‘${value}’`;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'ja' : 'nee';
  return undefined;
}

/** A simple json-logic rule in words ("documenten.aanvraagType = 4"), or undefined when it is not simple. */
function logicWords(rule: unknown, depth = 0): string | undefined {
  if (typeof rule === 'boolean') return rule ? 'altijd' : 'nooit';
  if (!isObj(rule) || Object.keys(rule).length !== 1 || depth > 2) return undefined;
  const [operator, args] = Object.entries(rule)[0];
  const operands = Array.isArray(args) ? args : [args];
  const comparison = nameOf(COMPARISONS, operator);
  if (comparison !== undefined && operands.length === 2) {
    const [left, right] = logicVar(operands[0]) !== undefined ? operands : [operands[1], operands[0]];
    const name = logicVar(left);
    if (name === undefined) return undefined;
    if (right === null) return operator.startsWith('!') ? `${name} is ingevuld` : operator.startsWith('=') ? `${name} is leeg` : undefined;
    const value = logicValue(right);
    return value === undefined ? undefined : `${name} ${comparison} ${value}`;
  }
  if (operator === 'in' && operands.length === 2 && Array.isArray(operands[1])) {
    const name = logicVar(operands[0]);
    const values = operands[1].map(logicValue);
    return name === undefined || values.some((value) => value === undefined) ? undefined : `${name} is een van ${values.join(', ')}`;
  }
  if ((operator === '!' || operator === '!!') && operands.length === 1) {
    const name = logicVar(operands[0]);
    return name === undefined ? undefined : `${name} ${operator === '!' ? 'is leeg' : 'is ingevuld'}`;
  }
  if ((operator === 'and' || operator === 'or') && operands.length > 0) {
    const parts = operands.map((operand) => logicWords(operand, depth + 1));
    return parts.some((part) => part === undefined) ? undefined : parts.join(operator === 'and' ? ' en ' : ' of ');
  }
  return undefined;
}

/** "<Rule> van <subject> toegevoegd: tonen als …" and the like; `rule` is the name of the part's visibleIf ('Regel voor tonen'). */
export function describeVisibility(out: Sentences, rule: string, subject: string, before: unknown, after: unknown, pos: Pos, field?: string): void {
  const words = (rule: unknown): string | undefined => {
    const simple = logicWords(rule);
    return simple === undefined ? undefined : `tonen als ${simple}`;
  };
  if (before === undefined && after === undefined) return;
  if (before === undefined) {
    const shown = words(after);
    out.emit('toegevoegd', `${rule} van ${subject} toegevoegd${shown ? `: ${shown}` : ''}.`, pos, { field });
  } else if (after === undefined) {
    out.emit('verwijderd', `${rule} van ${subject} verwijderd; het wordt altijd getoond.`, pos, { field });
  } else {
    const [from, to] = [words(before), words(after)];
    const detail = to ? `: nu ${to}${from && from !== to ? ` (was ${from})` : ''}` : '';
    out.emit('gewijzigd', `${rule} van ${subject} gewijzigd${detail}.`, pos, { field });
  }
}
