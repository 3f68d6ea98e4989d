import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RuleGroupType } from 'react-querybuilder';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../../renderer/core/logic';
import type { JsonLogic } from '../../../renderer/core/types';
import { describeCondition, describeGroup, describeQuery, fitValues, queryToRule, ruleToQuery, unsupportedReason, type RuleField } from './ruleLogic';

const FIELDS: RuleField[] = [
  {
    name: 'documenten.aanvraagType',
    label: 'Stap 2 – Type aanvraag',
    type: 'number',
    options: [
      { value: 1, label: 'Nieuw' },
      { value: 4, label: 'Wijziging' },
      { value: 5, label: 'Verlenging' },
    ],
  },
  { name: 'uwGegevens.isAbonnee', label: 'Stap 1 – Is abonnee', type: 'boolean' },
  { name: 'uwGegevens.naam', label: 'Stap 1 – Naam', type: 'string' },
  { name: 'uwGegevens.aantal', label: 'Stap 1 – Aantal', type: 'number' },
  { name: 'variant.isArtikel34', label: 'Variant – isArtikel34', type: 'number' },
];

const v = (name: string) => ({ var: name });

describe('ruleToQuery and queryToRule', () => {
  it('turns a single comparison into a group of one condition and back, keeping the number', () => {
    const rule = { '==': [v('documenten.aanvraagType'), 4] };
    const query = ruleToQuery(rule, FIELDS);
    expect(query).toEqual({ combinator: 'and', rules: [{ field: 'documenten.aanvraagType', operator: '=', value: 4 }] });
    const back = queryToRule(query!);
    expect(back).toEqual(rule);
    expect(typeof (back!['=='] as unknown[])[1]).toBe('number');
  });

  it('keeps booleans as booleans, also false', () => {
    const rule = { '==': [v('uwGegevens.isAbonnee'), false] };
    const query = ruleToQuery(rule, FIELDS)!;
    expect(query.rules[0]).toEqual({ field: 'uwGegevens.isAbonnee', operator: '=', value: false });
    expect(queryToRule(query)).toEqual(rule);
  });

  it('reads == null and != null as is leeg / is niet leeg', () => {
    expect(ruleToQuery({ '!=': [v('uwGegevens.isAbonnee'), null] }, FIELDS)!.rules[0]).toEqual({
      field: 'uwGegevens.isAbonnee',
      operator: 'notNull',
      value: null,
    });
    expect(ruleToQuery({ '==': [v('uwGegevens.naam'), null] }, FIELDS)!.rules[0]).toEqual({ field: 'uwGegevens.naam', operator: 'null', value: null });
    for (const rule of [{ '!=': [v('uwGegevens.isAbonnee'), null] }, { '==': [v('uwGegevens.naam'), null] }]) {
      expect(queryToRule(ruleToQuery(rule, FIELDS)!)).toEqual(rule);
    }
  });

  it('converts and/or, nested groups, in, < and > both ways', () => {
    const rule = {
      or: [
        { and: [{ '==': [v('variant.isArtikel34'), 1] }, { in: [v('documenten.aanvraagType'), [1, 4]] }] },
        { '!=': [v('uwGegevens.naam'), 'Jansen'] },
        { and: [{ '>': [v('uwGegevens.aantal'), 2] }, { '<': [v('uwGegevens.aantal'), 10] }, { or: [{ '==': [v('uwGegevens.isAbonnee'), true] }] }] },
      ],
    };
    const query = ruleToQuery(rule, FIELDS)!;
    expect(query).toEqual({
      combinator: 'or',
      rules: [
        {
          combinator: 'and',
          rules: [
            { field: 'variant.isArtikel34', operator: '=', value: 1 },
            { field: 'documenten.aanvraagType', operator: 'in', value: [1, 4] },
          ],
        },
        { field: 'uwGegevens.naam', operator: '!=', value: 'Jansen' },
        {
          combinator: 'and',
          rules: [
            { field: 'uwGegevens.aantal', operator: '>', value: 2 },
            { field: 'uwGegevens.aantal', operator: '<', value: 10 },
            { combinator: 'or', rules: [{ field: 'uwGegevens.isAbonnee', operator: '=', value: true }] },
          ],
        },
      ],
    });
    expect(queryToRule(query)).toEqual(rule);
  });

  it('keeps in with strings', () => {
    const rule = { in: [v('uwGegevens.naam'), ['a', 'b']] };
    expect(queryToRule(ruleToQuery(rule, FIELDS)!)).toEqual(rule);
  });

  it('converts a negation as a negated group', () => {
    const single = { '!': { '==': [v('uwGegevens.isAbonnee'), true] } };
    expect(ruleToQuery(single, FIELDS)).toEqual({ combinator: 'and', not: true, rules: [{ field: 'uwGegevens.isAbonnee', operator: '=', value: true }] });
    expect(queryToRule(ruleToQuery(single, FIELDS)!)).toEqual(single);
    const group = {
      and: [{ '==': [v('variant.isArtikel34'), 1] }, { '!': { or: [{ '==': [v('uwGegevens.naam'), 'a'] }, { '==': [v('uwGegevens.naam'), 'b'] }] } }],
    };
    const query = ruleToQuery(group, FIELDS)!;
    expect((query.rules[1] as RuleGroupType).not).toBe(true);
    expect(queryToRule(query)).toEqual(group);
    const twice = { '!': { '!': { '==': [v('uwGegevens.isAbonnee'), true] } } };
    expect(queryToRule(ruleToQuery(twice, FIELDS)!)).toEqual(twice);
    // The array form of '!' comes back in the object form; both mean the same.
    expect(queryToRule(ruleToQuery({ '!': [{ '==': [v('uwGegevens.isAbonnee'), true] }] }, FIELDS)!)).toEqual(single);
  });

  it('treats no rule as an empty group, and an empty or incomplete query as no rule', () => {
    expect(ruleToQuery(undefined, FIELDS)).toEqual({ combinator: 'and', rules: [] });
    expect(queryToRule({ combinator: 'and', rules: [] })).toBeUndefined();
    expect(queryToRule({ combinator: 'and', rules: [{ field: '~', operator: '=', value: '' }] })).toBeUndefined();
    expect(
      queryToRule({
        combinator: 'or',
        rules: [
          { field: 'uwGegevens.aantal', operator: '=', value: '' },
          { field: 'documenten.aanvraagType', operator: 'in', value: [] },
          { combinator: 'and', rules: [] },
          { field: 'documenten.aanvraagType', operator: '=', value: 5 },
        ],
      }),
    ).toEqual({ '==': [v('documenten.aanvraagType'), 5] });
  });

  it('simplifies a one-part and/or to the same rule without it', () => {
    const rule = { and: [{ '==': [v('documenten.aanvraagType'), 4] }] };
    const back = queryToRule(ruleToQuery(rule, FIELDS)!)!;
    expect(back).toEqual({ '==': [v('documenten.aanvraagType'), 4] });
    for (const data of [{ documenten: { aanvraagType: 4 } }, { documenten: { aanvraagType: 5 } }, {}]) {
      expect(evaluate(back as JsonLogic, data)).toBe(evaluate(rule as JsonLogic, data));
    }
  });

  it.each([
    ['an unknown variable', { '==': [v('elders.veld'), 4] }],
    ['a text for a number field', { '==': [v('documenten.aanvraagType'), '4'] }],
    ['a number for a yes/no field', { '==': [v('uwGegevens.isAbonnee'), 1] }],
    ['an empty text', { '==': [v('uwGegevens.naam'), ''] }],
    ['a comparison the other way round', { '==': [4, v('documenten.aanvraagType')] }],
    ['<= (not offered)', { '<=': [v('uwGegevens.aantal'), 4] }],
    ['< on a yes/no field', { '<': [v('uwGegevens.isAbonnee'), true] }],
    ['< on a text field', { '<': [v('uwGegevens.naam'), 'm'] }],
    ['in on text (substring)', { in: ['abc', v('uwGegevens.naam')] }],
    ['in with an empty list', { in: [v('documenten.aanvraagType'), []] }],
    ['a var with a default', { '==': [{ var: ['documenten.aanvraagType', 1] }, 4] }],
    ['a custom operation', { matches: [v('uwGegevens.naam'), '[a-z]+'] }],
    ['a truthiness test', { '!': v('uwGegevens.isAbonnee') }],
    ['a between', { '<': [1, v('uwGegevens.aantal'), 5] }],
    ['a constant', true],
    ['an empty and', { and: [] }],
    ['two operations in one object', { '==': [v('uwGegevens.aantal'), 1], '!=': [v('uwGegevens.aantal'), 2] }],
    ['null', null],
  ])('gives up on %s', (_, rule) => {
    expect(ruleToQuery(rule, FIELDS)).toBeUndefined();
    expect(unsupportedReason(rule, FIELDS)).toEqual(expect.any(String));
  });

  it('gives up on a whole rule when one part is not supported', () => {
    expect(ruleToQuery({ and: [{ '==': [v('documenten.aanvraagType'), 4] }, { matches: [v('uwGegevens.naam'), 'x'] }] }, FIELDS)).toBeUndefined();
  });
});

describe('fitValues', () => {
  it('keeps the chosen value when the operator changes', () => {
    const query: RuleGroupType = {
      combinator: 'and',
      rules: [
        { field: 'documenten.aanvraagType', operator: 'in', value: 4 },
        { combinator: 'or', rules: [{ field: 'documenten.aanvraagType', operator: '=', value: [5, 1] }] },
        { field: 'uwGegevens.naam', operator: 'null', value: 'x' },
        { field: 'uwGegevens.naam', operator: '!=', value: null },
      ],
    };
    expect(fitValues(query)).toEqual({
      combinator: 'and',
      rules: [
        { field: 'documenten.aanvraagType', operator: 'in', value: [4] },
        { combinator: 'or', rules: [{ field: 'documenten.aanvraagType', operator: '=', value: 5 }] },
        { field: 'uwGegevens.naam', operator: 'null', value: null },
        { field: 'uwGegevens.naam', operator: '!=', value: '' },
      ],
    });
    const fitting: RuleGroupType = { combinator: 'and', rules: [{ field: 'uwGegevens.aantal', operator: '=', value: 3 }] };
    expect(fitValues(fitting)).toBe(fitting);
  });
});

describe('descriptions', () => {
  const query = (rule: unknown) => ruleToQuery(rule, FIELDS)!;

  it('says a rule in plain Dutch with labels of fields and values', () => {
    expect(describeQuery(query({ '==': [v('documenten.aanvraagType'), 4] }), FIELDS)).toBe('Tonen als Type aanvraag is gelijk aan Wijziging');
    expect(describeQuery(query({ '==': [v('uwGegevens.isAbonnee'), false] }), FIELDS)).toBe('Tonen als Is abonnee is gelijk aan Nee');
    expect(describeQuery(query({ '!=': [v('uwGegevens.isAbonnee'), null] }), FIELDS)).toBe('Tonen als Is abonnee is niet leeg');
    expect(
      describeQuery(
        query({
          or: [
            { in: [v('documenten.aanvraagType'), [1, 4, 5]] },
            { and: [{ '>': [v('uwGegevens.aantal'), 2.5] }, { '!=': [v('uwGegevens.naam'), 'Jansen'] }] },
          ],
        }),
        FIELDS,
      ),
    ).toBe('Tonen als Type aanvraag is een van Nieuw, Wijziging of Verlenging of (Aantal is groter dan 2,5 en Naam is niet gelijk aan "Jansen")');
    expect(describeQuery(query({ '!': { '==': [v('uwGegevens.isAbonnee'), true] } }), FIELDS)).toBe('Tonen als niet (Is abonnee is gelijk aan Ja)');
    expect(describeQuery(query(undefined), FIELDS)).toBe('Altijd tonen');
  });

  it('describes values outside the options by themselves', () => {
    expect(describeQuery(query({ '==': [v('documenten.aanvraagType'), 99] }), FIELDS)).toBe('Tonen als Type aanvraag is gelijk aan 99');
  });

  it('describes incomplete conditions and groups for button names', () => {
    expect(describeCondition({ field: '~', operator: '=', value: '' }, FIELDS)).toBe('nog zonder veld');
    expect(describeCondition({ field: 'documenten.aanvraagType', operator: '=', value: '' }, FIELDS)).toBe('Type aanvraag is gelijk aan (nog geen waarde)');
    expect(describeCondition({ field: 'documenten.aanvraagType', operator: '=', value: 4 }, FIELDS)).toBe('Type aanvraag is gelijk aan Wijziging');
    expect(describeGroup({ combinator: 'and', rules: [] }, FIELDS)).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// Every visibleIf in the flow documents

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function flowFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return flowFiles(file);
    return name.endsWith('.json') ? [file] : [];
  });
}

const TYPES: Record<string, RuleField['type']> = { boolean: 'boolean', integer: 'number', number: 'number', string: 'string' };

/** The fields a flow's rules may read, with their JSON type taken from the step schemas (as the back office would describe them). */
function fieldsOf(flow: Json): RuleField[] {
  const fields: RuleField[] = [];
  const steps = Array.isArray(flow.steps) ? flow.steps.filter(isObject) : [];
  steps.forEach((step, index) => {
    const visit = (schema: Json, prefix: string, relative: string | undefined) => {
      const properties = isObject(schema.properties) ? schema.properties : {};
      for (const [key, child] of Object.entries(properties)) {
        if (!isObject(child)) continue;
        const items = child.items;
        if (isObject(child.properties)) visit(child, `${prefix}.${key}`, relative === undefined ? undefined : `${relative}${key}.`);
        else if (child.type === 'array' && isObject(items) && isObject(items.properties)) visit(items, `${prefix}.${key}`, './');
        else {
          const enumType = Array.isArray(child.enum) ? typeof child.enum[0] : undefined;
          const type = TYPES[String(child.type ?? enumType)];
          if (!type) continue;
          const label = `Stap ${index + 1} – ${typeof child.title === 'string' ? child.title : key}`;
          const options = Array.isArray(child.enum)
            ? child.enum.map((value) => ({ value: value as string | number | boolean, label: String(value) }))
            : undefined;
          fields.push({ name: `${prefix}.${key}`, label, type, options });
          if (relative !== undefined) fields.push({ name: `${relative}${key}`, label, type, options });
        }
      }
    };
    if (typeof step.dataKey === 'string' && isObject(step.schema)) visit(step.schema, step.dataKey, undefined);
  });
  const variants = Array.isArray(flow.variants) ? flow.variants.filter(isObject) : [];
  for (const variant of variants) {
    for (const [key, value] of Object.entries(isObject(variant.constants) ? variant.constants : {})) {
      const type = TYPES[typeof value];
      if (type && !fields.some((field) => field.name === `variant.${key}`)) fields.push({ name: `variant.${key}`, label: `Variant – ${key}`, type });
    }
  }
  return fields;
}

/** Every visibility rule with its JSON pointer: a step's `visibleIf` maps fields to rules, elsewhere `visibleIf` is a rule. */
function rulesOf(flow: Json): { pointer: string; rule: unknown }[] {
  const found: { pointer: string; rule: unknown }[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${pointer}/${index}`));
    else if (isObject(node)) {
      for (const [key, child] of Object.entries(node)) {
        const at = `${pointer}/${key}`;
        if (key !== 'visibleIf') walk(child, at);
        else if (/^\/steps\/\d+$/.test(pointer)) {
          for (const [field, rule] of Object.entries(isObject(child) ? child : {})) found.push({ pointer: `${at}/${field}`, rule });
        } else found.push({ pointer: at, rule: child });
      }
    }
  };
  walk(flow, '');
  return found;
}

describe('the visibility rules of the flow documents', () => {
  const files = flowFiles(path.join(process.cwd(), 'flows'));
  const all = files.flatMap((file) => {
    const flow = JSON.parse(readFileSync(file, 'utf8')) as Json;
    const fields = fieldsOf(flow);
    return rulesOf(flow).map(({ pointer, rule }) => ({ where: `${path.relative(process.cwd(), file)}#${pointer}`, rule, fields }));
  });

  it('finds rules in the flows', () => {
    expect(all.length).toBeGreaterThan(30);
  });

  it('round-trips every supported rule exactly; unsupported ones are listed', () => {
    const unsupported: string[] = [];
    let supported = 0;
    for (const { where, rule, fields } of all) {
      const query = ruleToQuery(rule, fields);
      if (query === undefined) {
        unsupported.push(`${where}: ${unsupportedReason(rule, fields)}`);
        continue;
      }
      supported += 1;
      expect({ where, rule: queryToRule(query) }).toEqual({ where, rule });
    }
    if (unsupported.length > 0) console.info(`Regels die de bouwer niet toont (${unsupported.length}):\n${unsupported.join('\n')}`);
    expect(supported).toBeGreaterThan(unsupported.length * 9);
  });
});
