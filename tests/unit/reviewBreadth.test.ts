/**
 * buildReview over the example flows as the pipeline compiles them (widgets settled, validators of
 * the conditions' questions): repeating groups per item, multiple choices as labels, the choice
 * between groups of fields, masked and hidden values, Dutch numbers and dates, and fields of
 * branches only while their condition holds.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Choices } from '../../renderer/core/conditions';
import { buildReview, type ReviewRow, type ReviewSection } from '../../renderer/core/review';
import type { FlowModel } from '../../renderer/core/types';
import { createPipeline, type CompiledFlow } from '../../src/server/flows/pipeline/compileFlow';
import { flowInputs, loadPipelineSources } from '../../src/server/flows/sources';
import { t } from './support';

const compile = createPipeline(loadPipelineSources(process.cwd()));
const inputs = flowInputs(process.cwd(), { examples: true });
const flows = new Map<string, CompiledFlow>();

function compiled(id: string): CompiledFlow {
  let flow = flows.get(id);
  if (!flow) {
    const result = compile(inputs.find((input) => input.expectedId === id)!);
    if (!result.ok) throw new Error(`${id} geweigerd`);
    flow = result.flow;
    flows.set(id, flow);
  }
  return flow;
}

/** The data of a fixture of an example flow. */
function fixture(id: string, name: string): FlowModel {
  return (JSON.parse(readFileSync(`tests/fixtures/${id}/${name}.json`, 'utf8')) as { data: FlowModel }).data;
}

function review(id: string, model: FlowModel, choices?: Record<string, Choices>, lang: 'nl' | 'en' = 'nl'): ReviewSection[] {
  const flow = compiled(id);
  return buildReview(flow.content.documents.nl, model, t, lang, { validators: flow.runtime.validators, choices });
}

const rowsOf = (sections: ReviewSection[], index = 0) => sections[index].rows;
const rowAt = (rows: ReviewRow[], path: string) => rows.find((row) => row.path === path);
const paths = (rows: ReviewRow[]) => rows.map((row) => row.path);

describe('a repeating group', () => {
  const sections = review('voorbeeld-herhalende-groep', fixture('voorbeeld-herhalende-groep', '01-geldig-volledig'));

  it('gives each item its own sub-section, headed from the item title template', () => {
    const rows = rowsOf(sections);
    expect(rows.map((row) => [row.group, row.path, row.value])).toEqual([
      ['Persoon 1', 'personen.0.naam', 'Jansen'],
      ['Persoon 1', 'personen.0.heeftBsn', 'Ja'],
      ['Persoon 1', 'personen.0.bsn', '111222333'],
      ['Persoon 2', 'personen.1.naam', 'de Vries'],
      ['Persoon 2', 'personen.1.heeftBsn', 'Nee'],
    ]);
    expect(rowAt(rows, 'personen.0.naam')?.label).toBe('Naam');
  });

  it('heads items from the item title when the flow gives no template', () => {
    expect(rowsOf(sections, 1).map((row) => row.group)).toEqual(['Taak 1', 'Taak 1', 'Taak 1']);
  });

  it("leaves out an item's field hidden by its own item's rule, not the other item's", () => {
    const rows = rowsOf(sections);
    expect(rowAt(rows, 'personen.0.bsn')).toBeDefined();
    expect(rowAt(rows, 'personen.1.bsn')).toBeUndefined();
  });

  it("follows the items' order and count", () => {
    const model: FlowModel = {
      personen: {
        personen: [
          { naam: 'A', heeftBsn: false },
          { naam: 'B', heeftBsn: false },
          { naam: 'C', heeftBsn: true, bsn: '111222333' },
        ],
      },
    };
    const rows = rowsOf(review('voorbeeld-herhalende-groep', model));
    expect([...new Set(rows.map((row) => row.group))]).toEqual(['Persoon 1', 'Persoon 2', 'Persoon 3']);
    expect(rowAt(rows, 'personen.2.bsn')).toMatchObject({ group: 'Persoon 3', value: '111222333' });
  });

  it('is one empty row under its own title when it has no items', () => {
    const rows = rowsOf(review('voorbeeld-herhalende-groep', { personen: { personen: [] } }));
    expect(rows).toEqual([{ path: 'personen', label: 'Personen', value: '-- Niet ingevuld', empty: true }]);
  });
});

describe('a multiple choice', () => {
  const rows = rowsOf(review('voorbeeld-meerkeuze', fixture('voorbeeld-meerkeuze', '01-geldig-volledig')));

  it('lists the labels chosen, not the codes, for enumNames as map, constants with titles and enumNames as list', () => {
    expect(rowAt(rows, 'beroepen')).toEqual({ path: 'beroepen', label: 'Voor welke beroepen vraagt u passen aan?', value: ['Arts', 'Tandarts'], empty: false });
    expect(rowAt(rows, 'talen')?.value).toEqual(['Nederlands', 'Duits']);
    expect(rowAt(rows, 'dagen')?.value).toEqual(['Maandag', 'Woensdag', 'Vrijdag']);
  });

  it('is not filled in when nothing is chosen', () => {
    expect(rowAt(rowsOf(review('voorbeeld-meerkeuze', { keuzes: { beroepen: [] } })), 'beroepen')).toMatchObject({ value: '-- Niet ingevuld', empty: true });
  });
});

describe('a choice between groups of fields', () => {
  it('shows the option chosen after the fields before it, then only its fields', () => {
    const sections = review('voorbeeld-keuze', fixture('voorbeeld-keuze', '01-geldig-post-factuur'));
    expect(rowsOf(sections).map((row) => [row.path, row.label, row.value])).toEqual([
      ['naam', 'Naam', 'Jansen'],
      ['$keuze', 'Hoe wilt u bericht van ons krijgen?', 'Per post'],
      ['postadres', 'Postadres', expect.stringContaining('Postbus 1')],
    ]);
    expect(rowsOf(sections, 1).map((row) => [row.path, row.group, row.value])).toEqual([
      ['betaling.bedrag', 'Betaling', '12,5'],
      ['betaling.$keuze', 'Betaling', 'Per factuur'],
      ['betaling.iban', 'Betaling', 'NL91ABNA0417164300'],
    ]);
  });

  it("follows the applicant's explicit choice and leaves out the other option's answers", () => {
    const model: FlowModel = { bericht: { naam: 'Jansen', emailadres: 'j.jansen@example.nl', postadres: 'Postbus 1' } };
    const byData = rowsOf(review('voorbeeld-keuze', model));
    expect(paths(byData)).toEqual(['naam', '$keuze', 'emailadres']);
    expect(rowAt(byData, '$keuze')?.value).toBe('Per e-mail');
    const chosen = rowsOf(review('voorbeeld-keuze', model, { bericht: { '': 1 } }));
    expect(paths(chosen)).toEqual(['naam', '$keuze', 'postadres']);
    expect(rowAt(chosen, '$keuze')?.value).toBe('Per post');
  });

  it('says the choice is not filled in while none is made', () => {
    const sections = review('voorbeeld-keuze', fixture('voorbeeld-keuze', '03-geen-keuze'));
    expect(rowsOf(sections)).toEqual([
      { path: 'naam', label: 'Naam', value: 'Jansen', empty: false },
      { path: '$keuze', label: 'Hoe wilt u bericht van ons krijgen?', value: '-- Niet ingevuld', empty: true },
    ]);
    expect(rowAt(rowsOf(sections, 1), 'betaling.$keuze')).toMatchObject({ value: '-- Niet ingevuld', empty: true });
  });
});

describe('values by widget and type', () => {
  const rows = rowsOf(review('voorbeeld-widgets', fixture('voorbeeld-widgets', '01-geldig-volledig')));

  it('masks a password', () => {
    expect(rowAt(rows, 'wachtwoord')).toEqual({ path: 'wachtwoord', label: 'Wachtwoord', value: 'Ingevuld (wordt niet getoond)', empty: false });
    expect(JSON.stringify(rows)).not.toContain('geheim123');
  });

  it('says an empty password is not filled in (not that it is masked)', () => {
    expect(rowAt(rowsOf(review('voorbeeld-widgets', { velden: { naam: 'Jansen' } })), 'wachtwoord')).toMatchObject({ value: '-- Niet ingevuld', empty: true });
  });

  it('leaves out a hidden widget field', () => {
    expect(rowAt(rows, 'bron')).toBeUndefined();
    expect(paths(rows)).not.toContain('bron');
  });

  it('writes numbers with the Dutch decimal comma (and a point in English)', () => {
    expect(rowAt(rows, 'bedrag')?.value).toBe('12,5');
    expect(rowAt(rows, 'aantal')?.value).toBe('3');
    const english = rowsOf(review('voorbeeld-widgets', fixture('voorbeeld-widgets', '01-geldig-volledig'), undefined, 'en'));
    expect(rowAt(english, 'bedrag')?.value).toBe('12.5');
    const getallen = rowsOf(review('voorbeeld-getallen', { getallen: { decimaal: 2.5, veelvoud: 1.5, getalKeuze: 2.5 } }));
    expect([rowAt(getallen, 'decimaal')?.value, rowAt(getallen, 'veelvoud')?.value, rowAt(getallen, 'getalKeuze')?.value]).toEqual(['2,5', '1,5', '2,5']);
  });

  it('writes an ISO date as dd-mm-yyyy', () => {
    expect(rowAt(rows, 'startdatum')?.value).toBe('01-02-2027');
  });

  it('shows the labels of single choices and what a consent agreed to', () => {
    expect(rowAt(rows, 'soort')?.value).toBe('Wijziging');
    expect(rowAt(rows, 'provincie')?.value).toBe('Utrecht');
    expect(rowAt(rows, 'akkoord')?.value).toBe('Ik ga akkoord met de voorwaarden.');
  });

  it('shows the title of a constant chosen from a oneOf', () => {
    const sections = review('voorbeeld-standaardwaarden', { voorkeuren: { land: 'be', prioriteit: 'hoog', contact: 'telefoon' } });
    expect([rowAt(rowsOf(sections), 'land')?.value, rowAt(rowsOf(sections), 'prioriteit')?.value, rowAt(rowsOf(sections), 'contact')?.value]).toEqual([
      'België',
      'Hoog',
      'Telefonisch',
    ]);
  });
});

describe('fields a condition adds', () => {
  it('appear only while their condition holds', () => {
    const experienced = rowsOf(review('voorbeeld-als-dan', fixture('voorbeeld-als-dan', '01-geldig-kat-ervaren')));
    expect(paths(experienced)).toEqual(['dier', 'ervaring', 'jaren', 'voer']);
    expect(rowAt(experienced, 'voer')).toEqual({ path: 'voer', label: 'Wat eet uw kat?', value: 'Vlees', empty: false });

    const beginner = rowsOf(review('voorbeeld-als-dan', fixture('voorbeeld-als-dan', '02-geldig-vis-beginner')));
    expect(paths(beginner)).toEqual(['dier', 'ervaring', 'cursus', 'voer', 'water']);
    expect(rowAt(beginner, 'voer')?.label).toBe('Wat eet uw vis?');
    expect(rowAt(beginner, 'water')?.value).toBe('In een vijver');
  });

  it('does not show an answer to a question that does not apply', () => {
    const rows = rowsOf(review('voorbeeld-als-dan', fixture('voorbeeld-als-dan', '06-antwoord-dat-niet-geldt')));
    expect(rowAt(rows, 'water')).toBeUndefined();
  });

  it('shows a branch field as not filled in while its condition holds without an answer', () => {
    const rows = rowsOf(review('voorbeeld-als-dan', { dier: { dier: 'vis', ervaring: true } }));
    expect(paths(rows)).toEqual(['dier', 'ervaring', 'jaren', 'voer', 'water']);
    expect(rowAt(rows, 'jaren')).toMatchObject({ value: '-- Niet ingevuld', empty: true });
  });

  it('follows the case a dependency value picks', () => {
    const rows = rowsOf(
      review('voorbeeld-afhankelijkheden', { gegevens: { naam: 'Jansen', huisdieren: { heeftHuisdieren: 'meer', aantal: 3, leeftijd: 4 } } }),
    );
    expect(rowAt(rows, 'huisdieren.heeftHuisdieren')?.value).toBe('Ja, meer dan één');
    expect(rowAt(rows, 'huisdieren.aantal')).toMatchObject({ group: 'Huisdieren', value: '3' });
    expect(rowAt(rows, 'huisdieren.leeftijd')).toBeUndefined();
  });
});
