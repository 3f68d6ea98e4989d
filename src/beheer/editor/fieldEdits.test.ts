import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findNodeAtLocation, parseTree, type JSONPath } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { catalogueMessage } from '../../../tests/helpers/flowTexts';
import {
  fieldValueType,
  keywordsOf,
  readMessages,
  readOptions,
  setMessage,
  setOptionList,
  setOptions,
  standardMessage,
  type FieldOption,
  type SharedFields,
} from './fieldEdits';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const inRoot = (file: string) => path.join(ROOT, file);
const read = (file: string) => readFileSync(inRoot(file), 'utf8');

const DOCUMENTEN = read('flows/aanleveren-documenten.flow.json');
const SERVER = read('flows/aanvraag-servercertificaat.flow.json');
const PKCS10 = read('flows/aanleveren-pkcs-10-bestand.flow.json');
const MEERKEUZE = read('flows/voorbeelden/voorbeeld-meerkeuze.flow.json');
const STANDAARD = read('flows/voorbeelden/voorbeeld-standaardwaarden.flow.json');
const KEUZE = read('flows/voorbeelden/voorbeeld-keuze.flow.json');
const GETALLEN = read('flows/voorbeelden/voorbeeld-getallen.flow.json');
const GROEP = read('flows/voorbeelden/voorbeeld-herhalende-groep.flow.json');

const FLOW_FILES = [
  ...readdirSync(inRoot('flows/'))
    .filter((name) => name.endsWith('.flow.json'))
    .map((name) => `flows/${name}`),
  ...readdirSync(inRoot('flows/voorbeelden/'))
    .filter((name) => name.endsWith('.flow.json'))
    .map((name) => `flows/voorbeelden/${name}`),
];

const SHARED: SharedFields = Object.fromEntries(
  readdirSync(inRoot('schemas/velden/'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => {
      const definition = JSON.parse(read(`schemas/velden/${name}`)) as { $id: string };
      return [definition.$id, definition];
    }),
);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- free reads of a parsed document

/** The part of `after` that differs from `before`: common prefix and suffix left out. */
function changed(before: string, after: string) {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let tail = 0;
  while (tail < before.length - start && tail < after.length - start && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return { start, endBefore: before.length - tail, endAfter: after.length - tail };
}

/** Every byte outside the value at `path` (as it was before) is as it was. */
function expectOnlyChangedWithin(before: string, after: string, path: JSONPath) {
  const node = findNodeAtLocation(parseTree(before)!, path);
  if (!node) throw new Error(`geen waarde op ${path.join('/')}`);
  const region = changed(before, after);
  expect(region.start).toBeGreaterThanOrEqual(node.offset);
  expect(region.endBefore).toBeLessThanOrEqual(node.offset + node.length);
  expect(after.slice(0, node.offset)).toBe(before.slice(0, node.offset));
  expect(after.slice(after.length - (before.length - node.offset - node.length))).toBe(before.slice(node.offset + node.length));
}

/** The lines only `before` has and those only `after` has (by a longest common subsequence). */
function lineDiff(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--) table[i][j] = a[i] === b[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
  const removed: string[] = [];
  const added: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i++;
      j++;
    } else if (j < b.length && (i === a.length || table[i][j + 1] >= table[i + 1][j])) added.push(b[j++]);
    else removed.push(a[i++]);
  }
  return { removed, added };
}

/** The parsed document without the values at `paths`. */
function without(text: string, ...paths: JSONPath[]): Json {
  const document = JSON.parse(text) as Json;
  for (const path of paths) {
    let node: Json = document;
    for (const segment of path.slice(0, -1)) node = node?.[segment];
    if (node) delete node[path.at(-1) as string];
  }
  return document;
}

const fieldOf = (text: string, step: number, key: string): Json => JSON.parse(text).steps[step].schema.properties[key];

describe('reading a field’s choices', () => {
  it('reads a reference list by name', () => {
    expect(readOptions(DOCUMENTEN, 1, 'aanvraag')).toEqual({ kind: 'lijst', form: 'x-options', list: 'AanvraagOptions' });
    expect(fieldValueType(DOCUMENTEN, 1, 'aanvraag')).toBe('integer');
  });

  it('reads an enum with its labels from x-enumNames, keeping integer values', () => {
    const field = fieldOf(SERVER, 0, 'aanvragerIdentificeren');
    expect(readOptions(SERVER, 0, 'aanvragerIdentificeren')).toEqual({
      kind: 'vast',
      form: 'enum',
      valueType: 'integer',
      options: field.enum.map((value: number, index: number) => ({ value, label: field['x-enumNames'][index] })),
    });
  });

  it('reads the choices of a list of choices from items: an enum with ui:enumNames as a map or a list, and constants with titles', () => {
    const document = JSON.parse(MEERKEUZE) as Json;
    const ui = document.steps[0].uiSchema;
    const beroepen = readOptions(MEERKEUZE, 0, 'beroepen');
    expect(beroepen).toMatchObject({ kind: 'vast', form: 'items.enum', valueType: 'string' });
    expect(beroepen?.kind === 'vast' && beroepen.options).toEqual(
      fieldOf(MEERKEUZE, 0, 'beroepen').items.enum.map((value: string) => ({ value, label: ui.beroepen['ui:enumNames'][value] })),
    );
    const talen = readOptions(MEERKEUZE, 0, 'talen');
    expect(talen).toMatchObject({ kind: 'vast', form: 'items.oneOf' });
    expect(talen?.kind === 'vast' && talen.options).toEqual(
      fieldOf(MEERKEUZE, 0, 'talen').items.oneOf.map((entry: Json) => ({ value: entry.const, label: entry.title })),
    );
    const dagen = readOptions(MEERKEUZE, 0, 'dagen');
    expect(dagen).toMatchObject({ kind: 'vast', form: 'items.enum', valueType: 'integer' });
    expect(dagen?.kind === 'vast' && dagen.options.map((option) => option.label)).toEqual(ui.dagen['ui:enumNames']);
  });

  it('reads a boolean choice, a choice without labels, and no choices for a text field or a choice between groups', () => {
    const getal = readOptions(GETALLEN, 0, 'getalKeuze');
    expect(getal).toMatchObject({ kind: 'vast', form: 'enum', valueType: 'number' });
    expect(getal?.kind === 'vast' && getal.options.every((option) => option.label === String(option.value))).toBe(true);
    expect(readOptions(read('flows/aanvraag-zorgverlenerpas.flow.json'), 0, 'aangevraagdDoorWettelijkVertegenwoordiger')).toMatchObject({
      kind: 'vast',
      valueType: 'boolean',
    });
    expect(readOptions(STANDAARD, 0, 'opmerking')).toBeUndefined();
    expect(readOptions(KEUZE, 1, 'betaling')).toBeUndefined();
    expect(readOptions('{ "steps": [', 0, 'x')).toBeUndefined();
  });
});

describe('writing a field’s choices', () => {
  it('leaves every flow exactly as it is when the choices are written back unchanged', () => {
    let fields = 0;
    for (const file of FLOW_FILES) {
      const text = read(file);
      const document = JSON.parse(text) as Json;
      document.steps.forEach((step: Json, index: number) => {
        for (const key of Object.keys(step.schema.properties ?? {})) {
          const options = readOptions(text, index, key);
          if (!options) continue;
          fields++;
          const written = options.kind === 'vast' ? setOptions(text, index, key, options.options) : setOptionList(text, index, key, options.list);
          expect(written, `${file} ${key}`).toBe(text);
        }
      });
    }
    expect(fields).toBeGreaterThan(15);
  });

  it('changes a label in a list written on one line, on that line only; integers stay integers', () => {
    const current = readOptions(SERVER, 0, 'aanvragerIdentificeren');
    if (current?.kind !== 'vast') throw new Error('verwacht: vaste keuzes');
    const options = current.options.map((option, index) => (index === 1 ? { ...option, label: 'Met eHerkenning' } : option));
    const after = setOptions(SERVER, 0, 'aanvragerIdentificeren', options);
    expectOnlyChangedWithin(SERVER, after, ['steps', 0, 'schema', 'properties', 'aanvragerIdentificeren', 'x-enumNames']);
    expect(readOptions(after, 0, 'aanvragerIdentificeren')).toMatchObject({ options });
  });

  it('adds, moves and removes values of a list on one line, keeping it on one line and the values integers', () => {
    const current = readOptions(SERVER, 0, 'aanvragerIdentificeren');
    if (current?.kind !== 'vast') throw new Error('verwacht: vaste keuzes');
    const [first, second] = current.options;
    const options = [second, { value: 2, label: 'Op het gemeentehuis' }, first];
    const after = setOptions(SERVER, 0, 'aanvragerIdentificeren', options);
    const path = ['steps', 0, 'schema', 'properties', 'aanvragerIdentificeren'];
    expectOnlyChangedWithin(SERVER, after, path);
    expect(after).toContain(`"enum": [${second.value}, 2, ${first.value}],`);
    expect(fieldOf(after, 0, 'aanvragerIdentificeren').enum).toEqual([second.value, 2, first.value]);
    expect(fieldOf(after, 0, 'aanvragerIdentificeren').enum.every(Number.isInteger)).toBe(true);
    expect(without(after, [...path, 'enum'], [...path, 'x-enumNames'])).toEqual(without(SERVER, [...path, 'enum'], [...path, 'x-enumNames']));
  });

  it('adds an integer choice to a list of choices with its label in ui:enumNames, touching nothing else', () => {
    const current = readOptions(MEERKEUZE, 0, 'dagen');
    if (current?.kind !== 'vast') throw new Error('verwacht: vaste keuzes');
    const after = setOptions(MEERKEUZE, 0, 'dagen', [...current.options, { value: 6, label: 'Zaterdag' }]);
    const enumPath = ['steps', 0, 'schema', 'properties', 'dagen', 'items', 'enum'];
    const labelPath = ['steps', 0, 'uiSchema', 'dagen', 'ui:enumNames'];
    expect(fieldOf(after, 0, 'dagen').items.enum).toEqual([...fieldOf(MEERKEUZE, 0, 'dagen').items.enum, 6]);
    expect(JSON.parse(after).steps[0].uiSchema.dagen['ui:enumNames'].at(-1)).toBe('Zaterdag');
    expect(without(after, enumPath, labelPath)).toEqual(without(MEERKEUZE, enumPath, labelPath));
    // Line by line: the last value and the last label got a comma, and one line each was added.
    const { removed, added } = lineDiff(MEERKEUZE, after);
    expect(removed.map((line) => line.trim())).toEqual(['5', '"Vrijdag"']);
    expect(added.map((line) => line.trim())).toEqual(['5,', '6', '"Vrijdag",', '"Zaterdag"']);
  });

  it('moves, adds, renames and removes constants with titles entry by entry, keeping each moved entry as written', () => {
    const current = readOptions(MEERKEUZE, 0, 'talen');
    if (current?.kind !== 'vast') throw new Error('verwacht: vaste keuzes');
    const [nl, en, de, fr] = current.options;
    const options: FieldOption[] = [fr, nl, { value: 'es', label: 'Spaans' }, { ...en, label: 'English' }];
    const after = setOptions(MEERKEUZE, 0, 'talen', options);
    const path = ['steps', 0, 'schema', 'properties', 'talen', 'items', 'oneOf'];
    expectOnlyChangedWithin(MEERKEUZE, after, path);
    expect(fieldOf(after, 0, 'talen').items.oneOf).toEqual(options.map((option) => ({ const: option.value, title: option.label })));
    expect(readOptions(after, 0, 'talen')).toMatchObject({ form: 'items.oneOf', options });
    expect(after).not.toContain(`"${de.value}"`);
  });

  it('keeps a map of labels by value in step with the enum', () => {
    const current = readOptions(MEERKEUZE, 0, 'beroepen');
    if (current?.kind !== 'vast') throw new Error('verwacht: vaste keuzes');
    const [arts, tandarts, , verpleegkundige] = current.options;
    const options = [tandarts, arts, { value: 'tandtechnicus', label: 'Tandtechnicus' }, { ...verpleegkundige, label: 'Verpleegkundig specialist' }];
    const after = setOptions(MEERKEUZE, 0, 'beroepen', options);
    expect(fieldOf(after, 0, 'beroepen').items.enum).toEqual(options.map((option) => option.value));
    expect(JSON.parse(after).steps[0].uiSchema.beroepen['ui:enumNames']).toEqual(Object.fromEntries(options.map((option) => [option.value, option.label])));
    expect(readOptions(after, 0, 'beroepen')).toMatchObject({ options });
  });

  it('gives an enum without labels x-enumNames once a label differs from its value', () => {
    const after = setOptions(STANDAARD, 0, 'land', [{ value: 'nl', label: 'Nederland' }]);
    expect(fieldOf(after, 0, 'land').enum).toEqual(['nl']);
    // The field already has its labels in ui:enumNames: they follow, and no x-enumNames is added.
    expect(fieldOf(after, 0, 'land')['x-enumNames']).toBeUndefined();
    expect(JSON.parse(after).steps[0].uiSchema.land['ui:enumNames']).toEqual(['Nederland']);
    const plain = setOptions(GETALLEN, 0, 'getalKeuze', [
      { value: 1, label: 'Eén' },
      { value: 2.5, label: '2.5' },
    ]);
    expect(fieldOf(plain, 0, 'getalKeuze')).toMatchObject({ enum: [1, 2.5], 'x-enumNames': ['Eén', '2.5'] });
  });

  it('switches between a reference list and fixed choices, removing what the other kind used; a field on one line stays on one line', () => {
    const fixed = setOptions(DOCUMENTEN, 1, 'aanvraag', [
      { value: 1, label: 'Aanvraag' },
      { value: 2, label: 'Wijziging' },
    ]);
    const path = ['steps', 1, 'schema', 'properties', 'aanvraag'];
    expectOnlyChangedWithin(DOCUMENTEN, fixed, path);
    expect(fieldOf(fixed, 1, 'aanvraag')).toEqual({
      type: 'integer',
      title: fieldOf(DOCUMENTEN, 1, 'aanvraag').title,
      enum: [1, 2],
      'x-enumNames': ['Aanvraag', 'Wijziging'],
    });
    const line = (text: string) => text.split('\n').find((candidate) => candidate.includes('"aanvraag": {'));
    expect(line(fixed)).toContain('"enum": [1, 2], "x-enumNames": ["Aanvraag", "Wijziging"] },');
    expect(setOptionList(fixed, 1, 'aanvraag', 'AanvraagOptions')).toBe(DOCUMENTEN);

    const list = setOptionList(MEERKEUZE, 0, 'beroepen', 'Beroepstitels');
    expect(fieldOf(list, 0, 'beroepen').items).toEqual({ type: 'string', 'x-options': 'Beroepstitels' });
    expect(JSON.parse(list).steps[0].uiSchema.beroepen['ui:enumNames']).toBeUndefined();
    expect(readOptions(list, 0, 'beroepen')).toEqual({ kind: 'lijst', form: 'items.x-options', list: 'Beroepstitels' });
  });

  it('leaves text that is no JSON alone', () => {
    expect(setOptions('{ "steps": [', 0, 'x', [])).toBe('{ "steps": [');
    expect(setOptionList('{ "steps": [', 0, 'x', 'Landen')).toBe('{ "steps": [');
    expect(setMessage('{ "steps": [', 0, 'x', 'required', 'Vul in.')).toBe('{ "steps": [');
  });
});

describe('a field’s messages', () => {
  it('reads the step’s messages of a field, also of a field in a group or a repeating group', () => {
    expect(readMessages(PKCS10, 0, 'bestanden')).toEqual(JSON.parse(PKCS10).steps[0].messages.bestanden);
    expect(readMessages(KEUZE, 1, 'betaling.iban')).toEqual(JSON.parse(KEUZE).steps[1].messages['betaling.iban']);
    expect(readMessages(GROEP, 0, 'personen.naam')).toEqual(JSON.parse(GROEP).steps[0].messages['personen.naam']);
    expect(readMessages(SERVER, 0, 'abonneeNaam')).toEqual({});
  });

  it('knows the checks a field has, from its own schema and, when given, the shared definition it refers to', () => {
    expect(keywordsOf(SERVER, 1, 'domeinNaam')).toEqual(['required']);
    const domeinnaam = SHARED['urn:uzi-portaal:veld:domeinnaam'] as Json;
    expect(keywordsOf(SERVER, 1, 'domeinNaam', SHARED)).toEqual(
      ['required', 'maxLength', 'format'].filter((keyword) => keyword === 'required' || domeinnaam[keyword] !== undefined),
    );
    expect(keywordsOf(GETALLEN, 0, 'geheel')).toEqual(['required', 'minimum', 'maximum']);
    expect(keywordsOf(GETALLEN, 0, 'tekst')).toEqual(['minLength', 'maxLength']);
    expect(keywordsOf(GETALLEN, 0, 'decimaal')).toEqual(['required', 'exclusiveMinimum', 'exclusiveMaximum']);
    expect(keywordsOf(MEERKEUZE, 0, 'beroepen')).toEqual(['required', 'minItems', 'enum']);
    expect(keywordsOf(DOCUMENTEN, 1, 'aanvraag')).toEqual(expect.arrayContaining(['enum']));
    expect(keywordsOf(KEUZE, 1, 'betaling.iban')).toEqual(['required', 'pattern']);
    expect(keywordsOf(read('flows/voorbeelden/voorbeeld-widgets.flow.json'), 0, 'akkoord')).toContain('required');
  });

  it('gives the portal’s standard message with the label and the limit filled in, or the shared definition’s own', () => {
    expect(standardMessage(SERVER, 0, 'abonneeNaam', 'required', 'Naam abonnee', SHARED)).toBe(
      catalogueMessage('validation.required', { label: 'Naam abonnee' }),
    );
    expect(standardMessage(GETALLEN, 0, 'tekst', 'maxLength', 'Tekst')).toBe(
      catalogueMessage('validation.maxLength', { label: 'Tekst', limit: fieldOf(GETALLEN, 0, 'tekst').maxLength }),
    );
    expect(standardMessage(MEERKEUZE, 0, 'talen', 'maxItems', 'Talen')).toBe(
      catalogueMessage('validation.maxItems.choices', { label: 'Talen', limit: fieldOf(MEERKEUZE, 0, 'talen').maxItems }),
    );
    const domeinnaam = SHARED['urn:uzi-portaal:veld:domeinnaam'] as Json;
    expect(standardMessage(SERVER, 1, 'domeinNaam', 'maxLength', 'Domein', SHARED)).toBe(domeinnaam['x-messages'].maxLength.replace('{label}', 'Domein'));
    expect(standardMessage(KEUZE, 1, 'betaling.iban', 'pattern', 'IBAN')).toBe(catalogueMessage('validation.invalid', { label: 'IBAN' }));
    // A minimum of one file is 'not filled in'.
    expect(standardMessage(SERVER, 1, 'pkcs10Bestand', 'minItems', 'Bestand')).toBe(catalogueMessage('validation.required', { label: 'Bestand' }));
  });

  it('adds a message and removes it again, leaving the document byte for byte as it was', () => {
    const added = setMessage(SERVER, 0, 'abonneeNaam', 'required', 'Vul de naam van de abonnee in.');
    expect(readMessages(added, 0, 'abonneeNaam')).toEqual({ required: 'Vul de naam van de abonnee in.' });
    expect(setMessage(added, 0, 'abonneeNaam', 'required', undefined)).toBe(SERVER);
    // An empty text removes the message too.
    expect(setMessage(added, 0, 'abonneeNaam', 'required', '')).toBe(SERVER);
  });

  it('changes a message in place and keeps a field’s messages on one line', () => {
    const path = ['steps', 1, 'messages', 'pkcs10Bestand'];
    const changedText = setMessage(SERVER, 1, 'pkcs10Bestand', 'maxItems', 'Voeg één bestand toe.');
    expectOnlyChangedWithin(SERVER, changedText, [...path, 'maxItems']);
    const added = setMessage(SERVER, 1, 'pkcs10Bestand', 'required', 'Voeg het bestand toe.');
    expectOnlyChangedWithin(SERVER, added, path);
    expect(added.split('\n').filter((line) => line.includes('"Voeg het bestand toe."'))).toEqual([expect.stringContaining('"pkcs10Bestand": { "maxItems": ')]);
    expect(setMessage(added, 1, 'pkcs10Bestand', 'required', undefined)).toBe(SERVER);
  });

  it('removes the field’s messages object with its last message, and the step’s when no field has one left', () => {
    const two = setMessage(GROEP, 0, 'personen', 'minItems', 'Voeg minstens één persoon toe.');
    const left = setMessage(two, 0, 'personen.naam', 'required', undefined);
    expect(JSON.parse(left).steps[0].messages).toEqual({ personen: { minItems: 'Voeg minstens één persoon toe.' } });
    expect(setMessage(left, 0, 'personen', 'minItems', undefined)).toBe(setMessage(GROEP, 0, 'personen.naam', 'required', undefined));
    const none = setMessage(GROEP, 0, 'personen.naam', 'required', undefined);
    expect(JSON.parse(none).steps[0].messages).toBeUndefined();
    expect(without(none, ['steps', 0, 'messages'])).toEqual(without(GROEP, ['steps', 0, 'messages']));
    // Removing a message that is not there changes nothing.
    expect(setMessage(GROEP, 0, 'personen.naam', 'maxLength', undefined)).toBe(GROEP);
  });
});
