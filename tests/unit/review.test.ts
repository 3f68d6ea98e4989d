import { describe, expect, it } from 'vitest';
import { buildReview, displayValue } from '../../renderer/core/review';
import type { FlowModel, StepDefinition } from '../../renderer/core/types';
import { makeFlow, t } from './support';

const aanvrager: StepDefinition = {
  id: 'stap1',
  title: 'Gegevens aanvrager',
  dataKey: 'aanvrager',
  schema: {
    type: 'object',
    properties: {
      naam: { type: 'string', title: 'Naam' },
      tussenvoegsel: { type: 'string', title: 'Tussenvoegsel' },
      isAbonnee: { type: 'boolean', title: 'Bent u al abonnee?' },
      abonneeNummer: { type: 'string', title: 'Abonneenummer' },
      artikel: { type: 'integer', title: 'Artikel', enum: [0, 1], 'x-enumNames': ['Artikel 3', 'Artikel 34'] },
      soort: { type: 'integer', title: 'Soort', enum: [4, 5], 'x-enumNames': ['Wijziging', 'Anders'] },
      adres: {
        type: 'object',
        title: 'Adres',
        properties: { postcode: { type: 'string', title: 'Postcode' }, plaats: { type: 'string', title: 'Plaats' } },
      },
      intern: { type: 'string', title: 'Intern kenmerk' },
      zonderTitel: { type: 'string' },
    },
  },
  uiSchema: { 'ui:reviewHidden': ['intern'] },
  visibleIf: { abonneeNummer: { '==': [{ var: 'aanvrager.isAbonnee' }, true] } },
};

const bestanden: StepDefinition = {
  id: 'stap2',
  title: 'Documenten',
  dataKey: 'documenten',
  schema: {
    type: 'object',
    properties: {
      bestanden: {
        type: 'array',
        title: 'Documenten',
        items: { type: 'object' },
        'x-files': { accept: ['pdf'], maxFileSize: 10485760, maxFiles: 6 },
      },
      opmerking: { type: 'string', title: 'Opmerking' },
    },
  },
};

const flow = makeFlow([aanvrager, bestanden]);

describe('buildReview', () => {
  const model: FlowModel = {
    aanvrager: {
      naam: 'Jansen',
      tussenvoegsel: '',
      isAbonnee: false,
      abonneeNummer: '12345',
      artikel: 0,
      soort: 5,
      adres: { postcode: '1234 AB' },
      intern: 'geheim',
      zonderTitel: 'x',
    },
    documenten: {
      bestanden: [
        { id: '1', name: 'aanvraag.pdf', size: 1536, type: 'application/pdf' },
        { id: '2', name: 'scan.pdf', size: 2.5 * 1024 * 1024, type: 'application/pdf' },
      ],
    },
  };
  const [first, second] = buildReview(flow, model, t, 'nl');

  it('builds one section per step with its id and title', () => {
    expect(buildReview(flow, model, t, 'nl').map((section) => [section.stepId, section.title])).toEqual([
      ['stap1', 'Gegevens aanvrager'],
      ['stap2', 'Documenten'],
    ]);
  });

  it('lists visible fields in form order, nested fields by their own label, leaving out hidden ones', () => {
    expect(first.rows.map((row) => row.path)).toEqual([
      'naam',
      'tussenvoegsel',
      'isAbonnee',
      'artikel',
      'soort',
      'adres.postcode',
      'adres.plaats',
      'zonderTitel',
    ]);
    expect(first.rows.find((row) => row.path === 'adres.postcode')?.label).toBe('Postcode');
  });

  it('shows a hidden field once its rule holds', () => {
    const shown = buildReview(flow, { aanvrager: { isAbonnee: true, abonneeNummer: '12345' } }, t, 'nl')[0];
    expect(shown.rows.find((row) => row.path === 'abonneeNummer')).toEqual({
      path: 'abonneeNummer',
      label: 'Abonneenummer',
      value: '12345',
      empty: false,
    });
  });

  it("shows '-- Niet ingevuld' for empty optional values (empty string and absent)", () => {
    const row = (path: string) => first.rows.find((candidate) => candidate.path === path);
    expect(row('tussenvoegsel')).toEqual({ path: 'tussenvoegsel', label: 'Tussenvoegsel', value: '-- Niet ingevuld', empty: true });
    expect(row('adres.plaats')).toMatchObject({ value: '-- Niet ingevuld', empty: true });
    expect(second.rows.find((candidate) => candidate.path === 'opmerking')).toMatchObject({ value: '-- Niet ingevuld', empty: true });
  });

  it('shows booleans as Ja/Nee (false is a value, not empty)', () => {
    expect(first.rows.find((row) => row.path === 'isAbonnee')).toEqual({
      path: 'isAbonnee',
      label: 'Bent u al abonnee?',
      value: 'Nee',
      empty: false,
    });
    const yes = buildReview(flow, { aanvrager: { isAbonnee: true } }, t, 'nl')[0];
    expect(yes.rows.find((row) => row.path === 'isAbonnee')?.value).toBe('Ja');
  });

  it('shows enum values by their x-enumNames label (also the value 0)', () => {
    expect(first.rows.find((row) => row.path === 'artikel')).toMatchObject({ value: 'Artikel 3', empty: false });
    expect(first.rows.find((row) => row.path === 'soort')?.value).toBe('Anders');
  });

  it('falls back to the path when a field has no title', () => {
    expect(first.rows.find((row) => row.path === 'zonderTitel')?.label).toBe('zonderTitel');
  });

  it("shows files as 'name (size)' with a Dutch decimal comma", () => {
    expect(second.rows[0]).toEqual({
      path: 'bestanden',
      label: 'Documenten',
      value: ['aanvraag.pdf (1,5 kB)', 'scan.pdf (2,5 MB)'],
      empty: false,
      files: [
        { name: 'aanvraag.pdf', size: 1536 },
        { name: 'scan.pdf', size: 2.5 * 1024 * 1024 },
      ],
    });
  });

  it('formats file sizes for the language', () => {
    const en = buildReview(flow, model, t, 'en')[1];
    expect(en.rows[0].value).toEqual(['aanvraag.pdf (1.5 kB)', 'scan.pdf (2.5 MB)']);
  });

  it('an empty file list is not filled in', () => {
    const empty = buildReview(flow, { documenten: { bestanden: [] } }, t, 'nl')[1];
    expect(empty.rows[0]).toMatchObject({ value: '-- Niet ingevuld', empty: true });
  });

  it('builds every section for an empty model', () => {
    const sections = buildReview(flow, {}, t, 'nl');
    expect(sections).toHaveLength(2);
    expect(sections.flatMap((section) => section.rows).every((row) => row.empty && row.value === '-- Niet ingevuld')).toBe(true);
  });
});

describe('displayValue', () => {
  const schema = { type: 'integer', enum: [4, 5], 'x-enumNames': ['Wijziging', 'Anders'] };

  it('maps enum values to labels and keeps unknown values', () => {
    expect(displayValue(schema, 4, t)).toBe('Wijziging');
    expect(displayValue(schema, 9, t)).toBe('9');
  });

  it('shows plain values as text and booleans as Ja/Nee', () => {
    expect(displayValue({ type: 'string' }, 'tekst', t)).toBe('tekst');
    expect(displayValue({ type: 'integer' }, 12, t)).toBe('12');
    expect(displayValue(undefined, true, t)).toBe('Ja');
    expect(displayValue(undefined, false, t)).toBe('Nee');
  });
});
