import { describe, expect, it } from 'vitest';
import { evaluate as evaluateRule, ruleVariables } from '../../renderer/core/logic';
import type { JsonLogic } from '../../renderer/core/types';

/** Rules with the custom operations come from JSON flow documents; the json-logic typings do not know them. */
const evaluate = (rule: unknown, data: unknown): boolean => evaluateRule(rule as JsonLogic, data);

describe('evaluate', () => {
  it('reads dotted vars over the data', () => {
    const model = { gegevens: { aanvraagType: 4 } };
    expect(evaluate({ '==': [{ var: 'gegevens.aanvraagType' }, 4] }, model)).toBe(true);
    expect(evaluate({ '==': [{ var: 'gegevens.aanvraagType' }, 5] }, model)).toBe(false);
  });

  it('turns any result into a boolean', () => {
    expect(evaluate({ var: 'x' }, { x: 'tekst' })).toBe(true);
    expect(evaluate({ var: 'x' }, { x: 0 })).toBe(false);
    expect(evaluate({ var: 'x' }, {})).toBe(false);
    expect(evaluate(true, {})).toBe(true);
  });
});

describe('custom operation length', () => {
  it('counts a string or a list, 0 otherwise', () => {
    expect(evaluate({ '==': [{ length: { var: 's' } }, 5] }, { s: 'abcde' })).toBe(true);
    expect(evaluate({ '==': [{ length: { var: 'l' } }, 2] }, { l: [1, 2] })).toBe(true);
    expect(evaluate({ '==': [{ length: { var: 'n' } }, 0] }, { n: 12345 })).toBe(true);
    expect(evaluate({ '==': [{ length: { var: 'missing' } }, 0] }, {})).toBe(true);
  });
});

describe('custom operation matches', () => {
  it('matches the whole string', () => {
    expect(evaluate({ matches: [{ var: 'n' }, '\\d{11}'] }, { n: '12345678901' })).toBe(true);
    expect(evaluate({ matches: [{ var: 'n' }, '\\d{11}'] }, { n: '123456789012' })).toBe(false);
    expect(evaluate({ matches: [{ var: 'n' }, '\\d{6}'] }, { n: 'x123456' })).toBe(false);
  });

  it('anchors an alternation as a whole', () => {
    expect(evaluate({ matches: [{ var: 'v' }, 'a|b'] }, { v: 'a' })).toBe(true);
    expect(evaluate({ matches: [{ var: 'v' }, 'a|b'] }, { v: 'ab' })).toBe(false);
    expect(evaluate({ matches: [{ var: 'v' }, 'a|b'] }, { v: 'xb' })).toBe(false);
  });

  it('is Unicode-aware', () => {
    expect(evaluate({ matches: [{ var: 'v' }, '\\p{L}+'] }, { v: 'Zoë' })).toBe(true);
  });

  it('is false for a non-string value', () => {
    expect(evaluate({ matches: [{ var: 'v' }, '\\d+'] }, { v: 123 })).toBe(false);
    expect(evaluate({ matches: [{ var: 'v' }, '.*'] }, {})).toBe(false);
  });
});

describe('custom operation empty', () => {
  it.each([
    ['undefined', {}],
    ['null', { v: null }],
    ['empty string', { v: '' }],
    ['empty list', { v: [] }],
  ])('%s is empty', (_name, data) => {
    expect(evaluate({ empty: { var: 'v' } }, data)).toBe(true);
  });

  it.each([
    ['0', { v: 0 }],
    ['false', { v: false }],
    ['a space', { v: ' ' }],
    ['a list with an item', { v: [''] }],
    ['text', { v: 'x' }],
  ])('%s is not empty', (_name, data) => {
    expect(evaluate({ empty: { var: 'v' } }, data)).toBe(false);
  });

  it('composes with standard operations', () => {
    expect(evaluate({ '!': { empty: { var: 'a.b' } } }, { a: { b: 'x' } })).toBe(true);
  });
});

describe('ruleVariables', () => {
  it('finds every var path, also with a default and in nested operations', () => {
    const rule = {
      and: [
        { '==': [{ var: 'gegevens.aanvraagType' }, 4] },
        { '!': { var: ['aanvrager.isAbonnee', false] } },
        { or: [{ matches: [{ var: 'toetsing.nummer' }, '\\d+'] }, { empty: { var: 'toetsing.register' } }] },
      ],
    };
    expect(ruleVariables(rule)).toEqual(['gegevens.aanvraagType', 'aanvrager.isAbonnee', 'toetsing.nummer', 'toetsing.register']);
  });

  it('skips the empty var (the whole data) and rules without vars', () => {
    expect(ruleVariables({ var: '' })).toEqual([]);
    expect(ruleVariables({ var: [''] })).toEqual([]);
    expect(ruleVariables({ '==': [1, 1] })).toEqual([]);
    expect(ruleVariables(true)).toEqual([]);
  });
});
