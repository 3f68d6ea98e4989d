import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import { withEnvironment } from '../../renderer/core/environment';
import { evaluate as evaluateRule, evaluateValue, ruleVariables } from '../../renderer/core/logic';
import type { JsonLogic } from '../../renderer/core/types';
import { loadFixtures } from '../../src/server/flows/fixtures';
import { compileShippedFlows } from '../../src/server/flows/sources';

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

describe('compiled rules answer exactly as json-logic-js', () => {
  /** Every node of a document that is a rule: an object with one key, a json-logic operation. */
  const OPERATIONS = new Set([
    'var',
    '==',
    '===',
    '!=',
    '!==',
    '>',
    '>=',
    '<',
    '<=',
    '!',
    '!!',
    'and',
    'or',
    'if',
    '?:',
    'in',
    'cat',
    'length',
    'matches',
    'optionLabel',
    'bracketed',
    'optionsFor',
    'empty',
    'map',
    'filter',
    'some',
    'all',
    'none',
    'merge',
    'missing',
    '+',
    '-',
    'substr',
  ]);
  const rulesIn = (node: unknown, found: unknown[] = []): unknown[] => {
    if (Array.isArray(node)) node.forEach((item) => rulesIn(item, found));
    else if (node && typeof node === 'object') {
      const keys = Object.keys(node);
      if (keys.length === 1 && OPERATIONS.has(keys[0])) found.push(node);
      Object.values(node).forEach((child) => rulesIn(child, found));
    }
    return found;
  };
  const reference = (rule: unknown, data: unknown): { value: unknown } | { error: string } => {
    try {
      return { value: jsonLogic.apply(rule as JsonLogic, data as Record<string, unknown>) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  };
  const compiled = (rule: unknown, data: unknown): { value: unknown } | { error: string } => {
    try {
      return { value: evaluateValue(rule as JsonLogic, data) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  };

  it('on every rule of the shipped and example flows, with the data of their fixtures', () => {
    const flows = compileShippedFlows(process.cwd(), { examples: true });
    let compared = 0;
    for (const [flowId, compiledFlow] of flows) {
      const flow = compiledFlow.content.documents.nl;
      const rules = rulesIn(flow);
      const models = [{}, ...loadFixtures(process.cwd(), flowId).map(({ fixture }) => withEnvironment(flow, fixture.data, compiledFlow.content.lists.nl))];
      for (const model of models) {
        for (const rule of rules) {
          expect(compiled(rule, model), `${flowId}: ${JSON.stringify(rule)}`).toStrictEqual(reference(rule, model));
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('on the edge cases of the operations it builds itself', () => {
    const data = { a: { b: 0, c: '', d: null, e: [], f: 'tekst', g: [1, '2', 3], h: false, n: 5, s: '5' }, lijst: ['x', 'y'], leeg: [] };
    const rules: unknown[] = [
      { var: 'a.b' },
      { var: 'a.d' },
      { var: 'a.d.x' },
      { var: 'a.x.y' },
      { var: '' },
      { var: [] },
      { var: null },
      { var: ['a.x', 'standaard'] },
      { var: ['a.d', 'standaard'] },
      { var: ['a.b', 'standaard'] },
      { var: 1 },
      { var: 'lijst.1' },
      { var: 'a.f.length' },
      { var: { cat: ['a', '.', 'f'] } },
      { var: ['a.x'] },
      { '==': [{ var: 'a.n' }, '5'] },
      { '===': [{ var: 'a.n' }, '5'] },
      { '!=': [{ var: 'a.d' }, undefined] },
      { '!==': [{ var: 'a.x' }, null] },
      { '==': [{ var: 'a.x' }, null] },
      { '==': [1] },
      { '==': [1, 1, 2] },
      { '>': [{ var: 'a.s' }, 4] },
      { '>=': ['b', 'a'] },
      { '<': [1, { var: 'a.n' }, 10] },
      { '<': [1, { var: 'a.n' }, 4] },
      { '<=': [5, { var: 'a.n' }] },
      { '<=': [1, 5, 5] },
      { '!': [[]] },
      { '!': [[0]] },
      { '!': { var: 'a.e' } },
      { '!': [] },
      { '!!': [] },
      { '!!': { var: 'a.g' } },
      { '!': ['0'] },
      { '!!': [''] },
      { '!': [1, 2] },
      { and: [] },
      { or: [] },
      { and: [1, 'a', { var: 'a.f' }] },
      { and: [1, { var: 'a.e' }, 2] },
      { or: [0, { var: 'a.e' }, { var: 'a.c' }] },
      { or: [0, { var: 'a.g' }] },
      { and: { var: 'a.n' } },
      { if: [] },
      { if: [{ var: 'a.h' }, 'ja'] },
      { if: [{ var: 'a.h' }, 'ja', 'nee'] },
      { if: [0, 1, { var: 'a.e' }, 2, 3] },
      { if: [0, 1, [0], 2, 3] },
      { '?:': [1, 'a', 'b'] },
      { if: 'alleen' },
      { in: ['y', { var: 'lijst' }] },
      { in: ['ks', 'tekst'] },
      { in: [1, { var: 'a.x' }] },
      { in: [1, 5] },
      { in: ['2', { var: 'a.g' }] },
      { in: [2, { var: 'a.g' }] },
      { cat: [] },
      { cat: ['a', null, { var: 'a.x' }, 1, [1, 2]] },
      { cat: 'los' },
      [{ var: 'a.n' }, 1, { var: 'lijst' }],
      {},
      { a: 1, b: 2 },
      'tekst',
      0,
      null,
      { onbekend: [1] },
      { 'Math.abs': [1] },
      { some: [{ var: 'a.g' }, { '==': [{ var: '' }, 3] }] },
      { map: [{ var: 'lijst' }, { cat: [{ var: '' }, '!'] }] },
    ];
    for (const rule of rules)
      for (const model of [data, {}, null, 'tekst']) expect(compiled(rule, model), JSON.stringify(rule)).toStrictEqual(reference(rule, model));
  });
});
