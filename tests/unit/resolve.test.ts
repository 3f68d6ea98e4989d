import { describe, expect, it } from 'vitest';
import { FlowResolveError, resolveFlow, type ResolveContext } from '../../renderer/core/resolve';
import type { JsonSchema, StepDefinition } from '../../renderer/core/types';
import { makeFlow } from './support';

const definitions = new Map<string, JsonSchema>([
  [
    'urn:veld:achternaam',
    {
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: 'urn:veld:achternaam',
      title: 'Achternaam',
      type: 'string',
      maxLength: 200,
      format: 'achternaam',
    },
  ],
  ['urn:veld:bsn', { $id: 'urn:veld:bsn', title: 'BSN', type: 'string', format: 'bsn' }],
  [
    'urn:veld:persoon',
    {
      $id: 'urn:veld:persoon',
      title: 'Persoonsgegevens',
      type: 'object',
      required: ['bsn', 'geboortenaam'],
      properties: {
        bsn: { $ref: 'urn:veld:bsn' },
        geboortenaam: { $ref: 'urn:veld:achternaam', title: 'Geboortenaam' },
      },
    },
  ],
  ['urn:veld:bestand', { $id: 'urn:veld:bestand', type: 'object', properties: { name: { type: 'string' } } }],
  ['urn:veld:kleur', { $id: 'urn:veld:kleur', title: 'Kleur', type: 'integer', 'x-options': 'Kleuren' }],
  ['urn:veld:zelf', { $id: 'urn:veld:zelf', type: 'object', properties: { kind: { $ref: 'urn:veld:zelf' } } }],
  ['urn:veld:a', { $id: 'urn:veld:a', type: 'object', properties: { b: { $ref: 'urn:veld:b' } } }],
  ['urn:veld:b', { $id: 'urn:veld:b', type: 'array', items: { $ref: 'urn:veld:a' } }],
]);

const context: ResolveContext = {
  definitions,
  lists: {
    Kleuren: { Rood: 1, Blauw: 2 },
    Machtigingen: [{ Value: 10, Description: 'Alles' }, { Value: 20, Name: 'Beperkt' }, { Value: 30 }],
  },
};

const stepWith = (properties: Record<string, JsonSchema>, extra: Partial<StepDefinition> = {}): StepDefinition => ({
  id: 'stap1',
  title: 'Stap',
  dataKey: 'stap',
  schema: { type: 'object', properties },
  ...extra,
});

const resolveProps = (properties: Record<string, JsonSchema>) => resolveFlow(makeFlow([stepWith(properties)], 'f'), context).steps[0].schema.properties!;

describe('resolveFlow: $ref inlining', () => {
  it('inlines a definition without its $id and $schema', () => {
    expect(resolveProps({ naam: { $ref: 'urn:veld:achternaam' } }).naam).toEqual({
      title: 'Achternaam',
      type: 'string',
      maxLength: 200,
      format: 'achternaam',
    });
  });

  it('siblings of the $ref override the definition (a flow can retitle a field)', () => {
    expect(resolveProps({ naam: { $ref: 'urn:veld:achternaam', title: 'Naam contactpersoon', maxLength: 50 } }).naam).toEqual({
      title: 'Naam contactpersoon',
      type: 'string',
      maxLength: 50,
      format: 'achternaam',
    });
  });

  it('resolves references inside a referenced definition (nested refs)', () => {
    expect(resolveProps({ persoon: { $ref: 'urn:veld:persoon', title: 'Pashouder' } }).persoon).toEqual({
      title: 'Pashouder',
      type: 'object',
      required: ['bsn', 'geboortenaam'],
      properties: {
        bsn: { title: 'BSN', type: 'string', format: 'bsn' },
        geboortenaam: { title: 'Geboortenaam', type: 'string', maxLength: 200, format: 'achternaam' },
      },
    });
  });

  it('resolves a reference in items and in nested properties written in the flow', () => {
    const props = resolveProps({
      bestanden: { type: 'array', items: { $ref: 'urn:veld:bestand' } },
      blok: { type: 'object', properties: { bsn: { $ref: 'urn:veld:bsn', title: 'BSN pashouder' } } },
    });
    expect(props.bestanden.items).toEqual({ type: 'object', properties: { name: { type: 'string' } } });
    expect(props.blok.properties!.bsn).toEqual({ title: 'BSN pashouder', type: 'string', format: 'bsn' });
  });

  it('the same definition may be used several times side by side (not a cycle)', () => {
    const props = resolveProps({ a: { $ref: 'urn:veld:achternaam' }, b: { $ref: 'urn:veld:achternaam', title: 'B' } });
    expect(props.a.title).toBe('Achternaam');
    expect(props.b.title).toBe('B');
  });

  it('leaves no $ref behind', () => {
    const flow = resolveFlow(makeFlow([stepWith({ persoon: { $ref: 'urn:veld:persoon' }, naam: { $ref: 'urn:veld:achternaam' } })]), context);
    expect(JSON.stringify(flow.steps)).not.toContain('$ref');
  });

  it('does not change the document or the definitions', () => {
    const document = makeFlow([stepWith({ persoon: { $ref: 'urn:veld:persoon', title: 'X' } })]);
    const copy = structuredClone(document);
    const before = structuredClone([...definitions.entries()]);
    resolveFlow(document, context);
    expect(document).toEqual(copy);
    expect([...definitions.entries()]).toEqual(before);
  });

  it('throws FlowResolveError on an unknown $ref', () => {
    const run = () => resolveProps({ x: { $ref: 'urn:veld:bestaat-niet' } });
    expect(run).toThrow(FlowResolveError);
    expect(run).toThrow(/urn:veld:bestaat-niet/);
  });

  it('throws FlowResolveError on an unknown $ref nested in a definition', () => {
    const broken: ResolveContext = {
      ...context,
      definitions: new Map([...definitions, ['urn:veld:kapot', { type: 'object', properties: { x: { $ref: 'urn:veld:weg' } } }]]),
    };
    expect(() => resolveFlow(makeFlow([stepWith({ k: { $ref: 'urn:veld:kapot' } })]), broken)).toThrow(FlowResolveError);
  });

  it('detects a cycle of a definition that refers to itself', () => {
    const run = () => resolveProps({ x: { $ref: 'urn:veld:zelf' } });
    expect(run).toThrow(FlowResolveError);
    expect(run).toThrow(/Kringverwijzing/);
  });

  it('detects a cycle through properties and items of two definitions', () => {
    const run = () => resolveProps({ x: { $ref: 'urn:veld:a' } });
    expect(run).toThrow(FlowResolveError);
    expect(run).toThrow(/urn:veld:a -> urn:veld:b -> urn:veld:a/);
  });
});

describe('resolveFlow: x-options', () => {
  it('turns a map of label -> value into enum and x-enumNames', () => {
    expect(resolveProps({ kleur: { type: 'integer', 'x-options': 'Kleuren' } }).kleur).toEqual({
      type: 'integer',
      'x-options': 'Kleuren',
      enum: [1, 2],
      'x-enumNames': ['Rood', 'Blauw'],
    });
  });

  it('turns [{Value, Description|Name}] into enum and x-enumNames (value as last resort)', () => {
    const resolved = resolveProps({ m: { type: 'integer', 'x-options': 'Machtigingen' } }).m;
    expect(resolved.enum).toEqual([10, 20, 30]);
    expect(resolved['x-enumNames']).toEqual(['Alles', 'Beperkt', '30']);
  });

  it('applies to a referenced definition', () => {
    const resolved = resolveProps({ k: { $ref: 'urn:veld:kleur', title: 'Lievelingskleur' } }).k;
    expect(resolved).toMatchObject({ title: 'Lievelingskleur', enum: [1, 2], 'x-enumNames': ['Rood', 'Blauw'] });
  });

  it('a flow can point a referenced field at another list', () => {
    const resolved = resolveProps({ k: { $ref: 'urn:veld:kleur', 'x-options': 'Machtigingen' } }).k;
    expect(resolved.enum).toEqual([10, 20, 30]);
  });

  it('applies inside items (a multiple choice)', () => {
    const resolved = resolveProps({ keuzes: { type: 'array', items: { type: 'integer', 'x-options': 'Kleuren' } } }).keuzes;
    expect(resolved.items).toMatchObject({ enum: [1, 2], 'x-enumNames': ['Rood', 'Blauw'] });
  });

  it('throws FlowResolveError on an unknown list', () => {
    const run = () => resolveProps({ k: { type: 'integer', 'x-options': 'Onbekend' } });
    expect(run).toThrow(FlowResolveError);
    expect(run).toThrow(/Onbekend/);
  });
});

describe('resolveFlow: step $id', () => {
  it('gives every step schema the urn of its flow and step, replacing a written $id', () => {
    const document = makeFlow(
      [
        stepWith({ a: { type: 'string' } }),
        { id: 'stap2', title: 'Twee', dataKey: 'twee', schema: { $id: 'urn:iets:anders', type: 'object', properties: {} } },
      ],
      'aanleveren-documenten',
    );
    const resolved = resolveFlow(document, context);
    expect(resolved.steps.map((step) => step.schema.$id)).toEqual([
      'urn:uzi-portaal:flow:aanleveren-documenten:stap1',
      'urn:uzi-portaal:flow:aanleveren-documenten:stap2',
    ]);
  });

  it('keeps the rest of the flow and the steps as written', () => {
    const document = makeFlow([stepWith({ a: { type: 'string' } }, { visibleIf: { a: { var: 'stap.b' } } })], 'f');
    const resolved = resolveFlow(document, context);
    expect({ ...resolved, steps: undefined }).toEqual({ ...document, steps: undefined });
    expect(resolved.steps[0].visibleIf).toEqual({ a: { var: 'stap.b' } });
    expect(resolved.steps[0].dataKey).toBe('stap');
  });
});
