/**
 * The reference lists of the pass request and the two subscriber registrations (doc 1 §3, §4, §9):
 * each file parses and is written with 2-space indentation and a trailing newline, every list has
 * the documented shape with unique values, and the cross-references the forms rely on hold. The
 * texts of the lists are the administrators' (corrected without touching code): items are known by
 * their values and by what the flows say about them, not by their names.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { FlowDocument, JsonSchema } from '../../renderer/core/types';
import { derivedValue, writtenFlow } from '../helpers/flowTexts';

const baseDataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../data/base-data');

type LabelMap = Record<string, number>;
interface Item {
  Value: number;
  Description?: string;
  Name?: string;
  AllowedForOptions?: number[];
  Documents?: string[];
}

function rawFile(name: string): string {
  return readFileSync(path.join(baseDataDir, `${name}.json`), 'utf8');
}

function load(name: string): Record<string, unknown> {
  return JSON.parse(rawFile(name)) as Record<string, unknown>;
}

const pas = load('aanvraag-zorgverlenerpas');
const zorgverlener = load('abonneeregistratie-zorgverlener');
const zorginstelling = load('abonneeregistratie-zorginstelling');

function map(file: Record<string, unknown>, key: string): LabelMap {
  const list = file[key];
  expect(list, key).toBeTypeOf('object');
  expect(Array.isArray(list), key).toBe(false);
  return list as LabelMap;
}

function items(file: Record<string, unknown>, key: string): Item[] {
  const list = file[key];
  expect(Array.isArray(list), key).toBe(true);
  return list as Item[];
}

function nonEmptyText(value: unknown): boolean {
  return typeof value === 'string' && value.trim() === value && value.length > 0;
}

/** The register abbreviation: the text between brackets (doc 1 §3). */
function abbreviation(label: string): string | undefined {
  return /\(([^()]+)\)/.exec(label)?.[1];
}

const TAG = /<\/?([a-zA-Z][a-zA-Z0-9]*)(\s[^>]*)?>/g;

/** The abbreviations of the registers 1-3 in value order; register 4 ('none of these') has none. */
function registerAbbreviations(labels: Map<number, string>): string[] {
  expect([...labels.keys()].sort()).toEqual([1, 2, 3, 4]);
  expect(abbreviation(labels.get(4)!)).toBeUndefined();
  const abbreviations = [1, 2, 3].map((value) => abbreviation(labels.get(value)!));
  for (const short of abbreviations) expect(short).toMatch(/^\S+$/);
  expect(new Set(abbreviations).size).toBe(3);
  return abbreviations as string[];
}

/** The training title the provider registration derives for the KRM register (the mondhygienist). */
const DERIVED_TRAINING_TITLE = derivedValue(writtenFlow('abonneeregistratie-zorgverlener'), 'toetsingsGegevens', 'opleidingstitel');

/** The values of a list: those of its items, or of its label -> value map. */
function listValues(list: unknown): unknown[] {
  return Array.isArray(list) ? (list as Item[]).map((item) => item.Value) : Object.values(list as LabelMap);
}

/** Every `{ op: [{ var: path }, value] }` comparison in a flow's json-logic (visibleIf, rules, boxes, …). */
function comparisons(node: unknown, found: Array<{ path: string; values: unknown[] }> = []): Array<{ path: string; values: unknown[] }> {
  if (Array.isArray(node)) for (const item of node) comparisons(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      const [left, right] = Array.isArray(value) && value.length === 2 ? value : [];
      if (['==', '!=', '===', '!==', 'in'].includes(key) && left && typeof left === 'object' && typeof (left as { var?: unknown }).var === 'string') {
        found.push({ path: (left as { var: string }).var, values: key === 'in' && Array.isArray(right) ? right : [right] });
      }
      comparisons(value, found);
    }
  }
  return found;
}

/** The option list a field of a written flow takes its choices from (`x-options`), by model path. */
function optionListOf(flow: FlowDocument, modelPath: string): string | undefined {
  const [dataKey, ...field] = modelPath.split('.');
  let schema: JsonSchema | undefined = flow.steps.find((step) => step.dataKey === dataKey)?.schema;
  for (const name of field) schema = schema?.properties?.[name];
  return schema?.['x-options'];
}

describe.each(['aanvraag-zorgverlenerpas', 'abonneeregistratie-zorgverlener', 'abonneeregistratie-zorginstelling'])('%s.json', (name) => {
  it('parses and is written with 2-space indentation and a trailing newline', () => {
    const raw = rawFile(name);
    expect(raw).toBe(`${JSON.stringify(JSON.parse(raw), null, 2)}\n`);
  });

  it('has unique values, non-empty labels and integer values in every list', () => {
    for (const [key, list] of Object.entries(load(name))) {
      const entries = Array.isArray(list)
        ? (list as Item[]).map((item) => ({ value: item.Value, label: item.Description ?? item.Name }))
        : Object.entries(list as LabelMap).map(([label, value]) => ({ value, label }));
      expect(entries.length, key).toBeGreaterThan(0);
      for (const entry of entries) {
        expect(Number.isInteger(entry.value), `${key}: ${String(entry.value)}`).toBe(true);
        expect(nonEmptyText(entry.label), `${key}: ${String(entry.value)}`).toBe(true);
      }
      const values = entries.map((entry) => entry.value);
      expect(new Set(values).size, `${key}: dubbele Value`).toBe(values.length);
      const labels = entries.map((entry) => entry.label);
      expect(new Set(labels).size, `${key}: dubbel label`).toBe(labels.length);
    }
  });
});

describe('aanvraag-zorgverlenerpas (pass request)', () => {
  it('has the four lists as maps of label to number', () => {
    expect(Object.keys(pas).sort()).toEqual(['BeroepstitelsAanvragenPas', 'Kwaliteitsregisternamen', 'Kwaliteitsregisters', 'Specialismen']);
    for (const key of Object.keys(pas)) {
      for (const value of Object.values(map(pas, key))) expect(typeof value, key).toBe('number');
    }
  });

  it('Kwaliteitsregisters: 1-3 carry their abbreviation between brackets, the same as in the provider registration; 4 is none of these', () => {
    const registers = map(pas, 'Kwaliteitsregisters');
    const abbreviations = registerAbbreviations(new Map(Object.entries(registers).map(([label, value]) => [value, label])));
    const providerRegisters = items(zorgverlener, 'Kwaliteitsregisters');
    expect(abbreviations).toEqual(registerAbbreviations(new Map(providerRegisters.map((item) => [item.Value, item.Description!]))));
  });

  it('Kwaliteitsregisternamen are the short names of the same registers by the same numbers', () => {
    const registers = map(pas, 'Kwaliteitsregisters');
    const names = map(pas, 'Kwaliteitsregisternamen');
    const withAbbreviation = Object.entries(registers).filter(([label]) => abbreviation(label));
    expect(Object.values(names).sort()).toEqual(withAbbreviation.map(([, value]) => value).sort());
    // Each short name carries the abbreviation of the register with its number.
    for (const [label, value] of withAbbreviation) {
      const [name] = Object.entries(names).find(([, candidate]) => candidate === value)!;
      expect(name, label).toContain(abbreviation(label));
    }
  });

  it('BeroepstitelsAanvragenPas lists the article-34 training titles, the one derived for the KRM register among them', () => {
    const titles = map(pas, 'BeroepstitelsAanvragenPas');
    expect(Object.keys(titles).length).toBeGreaterThanOrEqual(12);
    expect(Object.values(titles)).toContain(DERIVED_TRAINING_TITLE);
  });

  it('Specialismen starts with value 1 (no specialism)', () => {
    const specialisms = map(pas, 'Specialismen');
    expect(Object.values(specialisms)[0]).toBe(1);
    expect(Object.keys(specialisms).length).toBeGreaterThanOrEqual(20);
  });
});

describe('abonneeregistratie-zorgverlener (provider registration)', () => {
  const beroepstitels = items(zorgverlener, 'Beroepstitels');
  const specialismen = items(zorgverlener, 'Specialismen');

  it('has the seven documented lists', () => {
    expect(Object.keys(zorgverlener).sort()).toEqual(
      ['BeroepsArtikelen', 'Beroepstitels', 'Kwaliteitsregisters', 'Machtigingen', 'Opleidingstitels', 'SolistischeHandelingen', 'Specialismen'].sort(),
    );
  });

  it.each([
    ['Machtigingen', 'Description'],
    ['BeroepsArtikelen', 'Description'],
    ['Beroepstitels', 'Name'],
    ['Specialismen', 'Name'],
    ['Kwaliteitsregisters', 'Description'],
    ['Opleidingstitels', 'Name'],
    ['SolistischeHandelingen', 'Description'],
  ] as const)('%s items carry a numeric Value and a %s', (key, labelKey) => {
    for (const item of items(zorgverlener, key)) {
      expect(typeof item.Value, key).toBe('number');
      expect(nonEmptyText(item[labelKey]), `${key} ${item.Value}`).toBe(true);
    }
  });

  it('BeroepsArtikelen are exactly 1 (article 3/36a), 2 (article 34) and 99 (none of these), the values the flow decides by', () => {
    const artikelen = items(zorgverlener, 'BeroepsArtikelen');
    expect(artikelen.map((item) => item.Value)).toEqual([1, 2, 99]);
    const decided = comparisons(writtenFlow('abonneeregistratie-zorgverlener')).filter((comparison) => comparison.path === 'toetsingsGegevens.beroepsArtikel');
    expect(new Set(decided.flatMap((comparison) => comparison.values).filter((value) => value !== null))).toEqual(new Set([1, 2, 99]));
  });

  it('Kwaliteitsregisters are 1-4 with an abbreviation between brackets for 1-3', () => {
    const registers = items(zorgverlener, 'Kwaliteitsregisters');
    expect(registers.map((item) => item.Value)).toEqual([1, 2, 3, 4]);
    registerAbbreviations(new Map(registers.map((item) => [item.Value, item.Description!])));
  });

  it('every Specialismen AllowedForOptions value is an existing Beroepstitel', () => {
    const titleValues = new Set(beroepstitels.map((item) => item.Value));
    for (const specialism of specialismen) {
      expect(Array.isArray(specialism.AllowedForOptions), specialism.Name).toBe(true);
      expect(specialism.AllowedForOptions!.length, specialism.Name).toBeGreaterThan(0);
      for (const value of specialism.AllowedForOptions!) expect(titleValues.has(value), `${specialism.Name} -> ${value}`).toBe(true);
    }
  });

  it('has titles without specialisms, and no specialism (value 1, the first) is allowed for every title that has some', () => {
    const withSpecialisms = new Set(specialismen.filter((item) => item.Value !== 1).flatMap((item) => item.AllowedForOptions!));
    expect(beroepstitels.some((title) => !withSpecialisms.has(title.Value))).toBe(true);
    expect(specialismen[0].Value).toBe(1);
    const geen = specialismen.filter((item) => item.Value === 1);
    expect(geen).toHaveLength(1);
    expect([...geen[0].AllowedForOptions!].sort((a, b) => a - b)).toEqual([...withSpecialisms].sort((a, b) => a - b));
  });

  it('specialisms match the pass request list by name and value', () => {
    expect(Object.fromEntries(specialismen.map((item) => [item.Name, item.Value]))).toEqual(map(pas, 'Specialismen'));
  });

  it('Opleidingstitels contain the title derived for the KRM register and match the pass request titles', () => {
    const opleidingstitels = items(zorgverlener, 'Opleidingstitels');
    expect(opleidingstitels.filter((item) => item.Value === DERIVED_TRAINING_TITLE)).toHaveLength(1);
    expect(Object.fromEntries(opleidingstitels.map((item) => [item.Name, item.Value]))).toEqual(map(pas, 'BeroepstitelsAanvragenPas'));
  });
});

describe('abonneeregistratie-zorginstelling (institution registration)', () => {
  const types = items(zorginstelling, 'ZorginstellingTypes');

  it('has the three documented lists', () => {
    expect(Object.keys(zorginstelling).sort()).toEqual(['Machtigingen', 'ZorginstellingCategorieën', 'ZorginstellingTypes']);
  });

  it('ZorginstellingTypes contain type 1 (Wtza) and type 8 (ambulance) the flow decides by, each with a Name and Description', () => {
    const values = types.map((item) => item.Value);
    expect(values).toContain(1);
    expect(values).toContain(8);
    const decided = comparisons(writtenFlow('abonneeregistratie-zorginstelling')).filter((comparison) => comparison.path === 'organisatie.zorginstellingType');
    expect(decided.flatMap((comparison) => comparison.values)).toEqual(expect.arrayContaining([1, 8]));
    for (const type of types) {
      expect(nonEmptyText(type.Name), String(type.Value)).toBe(true);
      expect(nonEmptyText(type.Description), String(type.Value)).toBe(true);
    }
  });

  it('every type names at least one required document, using only <strong> and <em> tags', () => {
    for (const type of types) {
      expect(Array.isArray(type.Documents), type.Name).toBe(true);
      expect(type.Documents!.length, type.Name).toBeGreaterThan(0);
      for (const document of type.Documents!) {
        expect(nonEmptyText(document), type.Name).toBe(true);
        const tags = [...document.matchAll(TAG)];
        for (const tag of tags) {
          expect(['strong', 'em'], document).toContain(tag[1]);
          expect(tag[2], `attributen in ${document}`).toBeUndefined();
        }
        // no stray angle brackets outside the allowed tags, and every tag is closed in order
        expect(document.replace(TAG, ''), document).not.toMatch(/[<>]/);
        const open: string[] = [];
        for (const tag of tags) {
          if (tag[0].startsWith('</')) expect(open.pop(), document).toBe(tag[1]);
          else open.push(tag[1]);
        }
        expect(open, document).toEqual([]);
      }
    }
  });

  it('ZorginstellingCategorieën are items with Value and Name', () => {
    const categories = items(zorginstelling, 'ZorginstellingCategorieën');
    expect(categories.length).toBeGreaterThanOrEqual(5);
    for (const category of categories) {
      expect(typeof category.Value).toBe('number');
      expect(nonEmptyText(category.Name)).toBe(true);
    }
  });

  it('Machtigingen are the same as in the provider registration', () => {
    expect(items(zorginstelling, 'Machtigingen')).toEqual(items(zorgverlener, 'Machtigingen'));
  });
});

describe('the flows and their reference lists', () => {
  const flowIds = readdirSync(path.resolve(baseDataDir, '../../flows'))
    .filter((name) => name.endsWith('.flow.json'))
    .map((name) => name.replace(/\.flow\.json$/, ''));

  it.each(flowIds)('%s: every value a rule compares a choice with, or derives into one, is in its list', (id) => {
    const flow = writtenFlow(id);
    const checked: Array<{ path: string; values: unknown[] }> = [...comparisons(flow)];
    for (const step of flow.steps) for (const rule of step.derive ?? []) checked.push({ path: `${step.dataKey}.${rule.field}`, values: [rule.value] });
    for (const { path: modelPath, values } of checked) {
      const listName = optionListOf(flow, modelPath);
      if (!listName || !flow.baseData) continue;
      const list = load(flow.baseData)[listName];
      for (const value of values.filter((candidate) => candidate !== null)) expect(listValues(list), `${modelPath} (${listName})`).toContain(value);
    }
  });
});
