/**
 * The reference lists of the pass request and the two subscriber registrations (doc 1 §3, §4, §9):
 * each file parses and is written with 2-space indentation and a trailing newline, every list has
 * the documented shape with unique values, and the cross-references the forms rely on hold.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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

  it('Kwaliteitsregisters: 1-3 carry their abbreviation between brackets, 4 is none of these', () => {
    const registers = map(pas, 'Kwaliteitsregisters');
    expect(Object.values(registers).sort()).toEqual([1, 2, 3, 4]);
    const byValue = new Map(Object.entries(registers).map(([label, value]) => [value, label]));
    expect(abbreviation(byValue.get(1)!)).toBe('KP');
    expect(abbreviation(byValue.get(2)!)).toBe('KRM');
    expect(abbreviation(byValue.get(3)!)).toBe('KABIZ');
    expect(abbreviation(byValue.get(4)!)).toBeUndefined();
  });

  it('Kwaliteitsregisternamen are the short names of the same registers by the same numbers', () => {
    const registers = map(pas, 'Kwaliteitsregisters');
    const names = map(pas, 'Kwaliteitsregisternamen');
    const expected = Object.fromEntries(
      Object.entries(registers)
        .filter(([label]) => abbreviation(label))
        .map(([label, value]) => [`${abbreviation(label)}-register`, value]),
    );
    expect(names).toEqual(expected);
  });

  it('BeroepstitelsAanvragenPas lists the article-34 training titles, Mondhygiënist among them', () => {
    const titles = map(pas, 'BeroepstitelsAanvragenPas');
    expect(Object.keys(titles).length).toBeGreaterThanOrEqual(12);
    expect(titles).toHaveProperty('Mondhygiënist');
    expect(titles).toHaveProperty('Apothekersassistent');
  });

  it("Specialismen starts with 'Geen specialisme' as value 1", () => {
    const specialisms = map(pas, 'Specialismen');
    expect(Object.keys(specialisms)[0]).toBe('Geen specialisme');
    expect(specialisms['Geen specialisme']).toBe(1);
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

  it('BeroepsArtikelen are exactly 1 (article 3/36a), 2 (article 34) and 99 (none of these)', () => {
    const artikelen = items(zorgverlener, 'BeroepsArtikelen');
    expect(artikelen.map((item) => item.Value)).toEqual([1, 2, 99]);
    expect(artikelen[0].Description).toMatch(/artikel 3 of 36a/);
    expect(artikelen[1].Description).toMatch(/artikel 34/);
  });

  it('Kwaliteitsregisters are 1-4 with an abbreviation between brackets for 1-3', () => {
    const registers = items(zorgverlener, 'Kwaliteitsregisters');
    expect(registers.map((item) => item.Value)).toEqual([1, 2, 3, 4]);
    expect(registers.slice(0, 3).map((item) => abbreviation(item.Description!))).toEqual(['KP', 'KRM', 'KABIZ']);
    expect(abbreviation(registers[3].Description!)).toBeUndefined();
  });

  it('every Specialismen AllowedForOptions value is an existing Beroepstitel', () => {
    const titleValues = new Set(beroepstitels.map((item) => item.Value));
    for (const specialism of specialismen) {
      expect(Array.isArray(specialism.AllowedForOptions), specialism.Name).toBe(true);
      expect(specialism.AllowedForOptions!.length, specialism.Name).toBeGreaterThan(0);
      for (const value of specialism.AllowedForOptions!) expect(titleValues.has(value), `${specialism.Name} -> ${value}`).toBe(true);
    }
  });

  it("has titles without specialisms, and 'Geen specialisme' is allowed for every title that has some", () => {
    const withSpecialisms = new Set(
      specialismen.filter((item) => item.Name !== 'Geen specialisme').flatMap((item) => item.AllowedForOptions!),
    );
    expect(beroepstitels.some((title) => !withSpecialisms.has(title.Value))).toBe(true);
    const geen = specialismen.filter((item) => item.Name === 'Geen specialisme');
    expect(geen).toHaveLength(1);
    expect([...geen[0].AllowedForOptions!].sort((a, b) => a - b)).toEqual([...withSpecialisms].sort((a, b) => a - b));
  });

  it('specialisms match the pass request list by name and value', () => {
    expect(Object.fromEntries(specialismen.map((item) => [item.Name, item.Value]))).toEqual(map(pas, 'Specialismen'));
  });

  it("Opleidingstitels contain one named exactly 'Mondhygiënist' and match the pass request titles", () => {
    const opleidingstitels = items(zorgverlener, 'Opleidingstitels');
    expect(opleidingstitels.filter((item) => item.Name === 'Mondhygiënist')).toHaveLength(1);
    expect(Object.fromEntries(opleidingstitels.map((item) => [item.Name, item.Value]))).toEqual(map(pas, 'BeroepstitelsAanvragenPas'));
  });
});

describe('abonneeregistratie-zorginstelling (institution registration)', () => {
  const types = items(zorginstelling, 'ZorginstellingTypes');

  it('has the three documented lists', () => {
    expect(Object.keys(zorginstelling).sort()).toEqual(['Machtigingen', 'ZorginstellingCategorieën', 'ZorginstellingTypes']);
  });

  it('ZorginstellingTypes contain type 1 (Wtza) and type 8 (ambulance), each with a Name and Description', () => {
    const values = types.map((item) => item.Value);
    expect(values).toContain(1);
    expect(values).toContain(8);
    expect(types.find((item) => item.Value === 1)!.Name).toMatch(/Wtza/);
    expect(types.find((item) => item.Value === 8)!.Name).toMatch(/[Aa]mbulance/);
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
