import { describe, expect, it } from 'vitest';
import { fieldPaths, findStep, labelOf, modelPaths, schemaAt } from '../../renderer/core/schemaPaths';
import type { JsonSchema } from '../../renderer/core/types';
import { makeFlow } from './support';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    naam: { type: 'string', title: 'Naam' },
    adres: {
      type: 'object',
      title: 'Adres',
      properties: { postcode: { type: 'string', title: 'Postcode' }, huisnummer: { type: 'string' } },
    },
    bestanden: { type: 'array', title: 'Bestanden', items: { type: 'object', properties: { name: { type: 'string' } } } },
    email: { type: 'string', title: 'E-mailadres' },
  },
};

describe('schemaAt and labelOf', () => {
  it('finds nested sub-schemas', () => {
    expect(schemaAt(schema, 'adres.postcode')).toEqual({ type: 'string', title: 'Postcode' });
    expect(schemaAt(schema, '')).toBe(schema);
    expect(schemaAt(schema, 'adres.onbekend')).toBeUndefined();
    expect(schemaAt(schema, 'onbekend.x')).toBeUndefined();
  });

  it('finds a field by its own name only, never what every object inherits', () => {
    expect(schemaAt(schema, 'constructor')).toBeUndefined();
    expect(schemaAt(schema, 'adres.toString')).toBeUndefined();
    expect(labelOf(schema, 'constructor')).toBe('constructor');
    const named: JsonSchema = {
      type: 'object',
      properties: JSON.parse('{ "constructor": { "title": "Bouwer" }, "__proto__": { "title": "Voorbeeld" } }') as JsonSchema['properties'],
    };
    expect(labelOf(named, 'constructor')).toBe('Bouwer');
    expect(labelOf(named, '__proto__')).toBe('Voorbeeld');
  });

  it('labels a field by its title, else by its last segment', () => {
    expect(labelOf(schema, 'adres.postcode')).toBe('Postcode');
    expect(labelOf(schema, 'adres.huisnummer')).toBe('huisnummer');
    expect(labelOf(schema, 'onbekend')).toBe('onbekend');
  });
});

describe('fieldPaths', () => {
  it('lists the leaf fields in property order, descending into objects and into the items of a repeating group', () => {
    expect(fieldPaths(schema)).toEqual(['naam', 'adres.postcode', 'adres.huisnummer', 'bestanden.name', 'email']);
  });
});

describe('modelPaths and findStep', () => {
  const flow = makeFlow([
    { id: 'stap1', title: 'Een', dataKey: 'een', schema },
    { id: 'stap2', title: 'Twee', dataKey: 'twee', schema: { type: 'object', properties: { x: { type: 'string' } } } },
  ]);

  it('lists data keys, objects and leaves as model paths', () => {
    expect([...modelPaths(flow)].sort()).toEqual(
      [
        'een',
        'een.naam',
        'een.adres',
        'een.adres.postcode',
        'een.adres.huisnummer',
        'een.bestanden',
        'een.bestanden.name',
        'een.email',
        'twee',
        'twee.x',
      ].sort(),
    );
  });

  it('finds a step by id', () => {
    expect(findStep(flow, 'stap2')?.dataKey).toBe('twee');
    expect(findStep(flow, 'stap9')).toBeUndefined();
  });
});
