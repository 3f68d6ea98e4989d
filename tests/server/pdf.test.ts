import { beforeAll, describe, expect, it } from 'vitest';
import { renderPdf, type PdfDocumentModel, type PdfRow } from '../../src/server/pdf/index.js';
import { breakWord, wrapText } from '../../src/server/pdf/wrap.js';
import { pdfInfo, pdfStructure, pdfText } from '../helpers/poppler.js';

const NAMES = ['Łukasz Żółć', "Zoë van der Heijden-d'Hondt", 'Ñuñez'];
const KENMERK = '7KQ2-M9XD-4HTR-B8WC';

/** Exactly 800 characters of running text, so it has to wrap over many lines. */
const LONG_VALUE = Array.from({ length: 40 }, (_, i) => `Zin ${i + 1} van de toelichting bij deze aanvraag.`)
  .join(' ')
  .slice(0, 800);

const FILES = [
  'uittreksel-kvk-2026.pdf (245 kB)',
  'machtiging_wettelijk_vertegenwoordiger_ondertekend_definitief_versie2.pdf (1,2 MB)',
  'server-certificaat-aanvraag.p10 (1 kB)',
];

const ORGANISATION_ROWS: PdfRow[] = Array.from({ length: 30 }, (_, i) => ({
  label: `Vestiging ${i + 1}`,
  value: `Locatie ${i + 1}, Voorbeeldlaan ${i + 10}, Utrecht`,
}));

function model(overrides: Partial<PdfDocumentModel> = {}): PdfDocumentModel {
  return {
    lang: 'nl',
    registerName: 'UZI-register',
    title: 'Bevestiging van indiening',
    subtitle: 'Aanvraag voor aanlevering van documenten',
    meta: [
      { label: 'Datum aanmaak', value: '21-11-2026 19:30' },
      { label: 'Kenmerk', value: KENMERK },
    ],
    blocks: [
      { kind: 'paragraph', text: 'Wij hebben uw aanvraag ontvangen. Bewaar deze bevestiging bij uw administratie.' },
      { kind: 'heading', text: 'Gegevens aanvrager' },
      {
        kind: 'rows',
        rows: [
          { label: 'Naam', value: NAMES[0] },
          { label: 'Vertegenwoordiger', value: NAMES[1] },
          { label: 'Contactpersoon', value: NAMES[2] },
          { label: 'Toelichting', value: LONG_VALUE },
          { label: 'Bestanden', value: FILES },
        ],
      },
      { kind: 'heading', text: 'Organisatie' },
      { kind: 'rows', rows: ORGANISATION_ROWS },
      {
        kind: 'signature',
        heading: 'Ondertekening',
        signers: [
          { title: 'Wettelijk vertegenwoordiger', name: NAMES[0] },
          { title: 'Gemachtigd aanvrager', name: NAMES[1] },
        ],
      },
    ],
    footer: `Kenmerk ${KENMERK}  ·  pagina {page} van {pages}`,
    ...overrides,
  };
}

/** Whitespace-insensitive comparison: values may wrap (also inside long words). */
const squash = (s: string) => s.replace(/\s+/g, '');

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

function pages(pdf: Buffer): string[] {
  const n = Number(pdfInfo(pdf).Pages);
  return Array.from({ length: n }, (_, i) => pdfText(pdf, { firstPage: i + 1, lastPage: i + 1 }));
}

describe('renderPdf text layer across documents', () => {
  // Must run first: the parsed fonts are shared by all documents of the process.
  it('keeps every letter extractable after earlier documents used composite glyphs', async () => {
    const doc = (text: string) => renderPdf({ lang: 'nl', registerName: 'ZOVAR', title: text, meta: [], blocks: [{ kind: 'heading', text }] });
    await doc('Żółć Ñuñez Zoë'); // composites pull in c, o, n, e and accents by glyph id
    const text = pdfText(await doc('Eerste sectie, nog een zin en certificaat definitief'));
    expect(text).toContain('Eerste sectie, nog een zin en certificaat definitief');
  });
});

describe('renderPdf', () => {
  let pdf: Buffer;
  let text: string;
  let info: Record<string, string>;

  beforeAll(async () => {
    pdf = await renderPdf(model());
    text = pdfText(pdf);
    info = pdfInfo(pdf);
  });

  it('produces a tagged A4 PDF 1.7 with the title as metadata', () => {
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    expect(info.Tagged).toBe('yes');
    expect(info['Page size']).toContain('(A4)');
    expect(info['Page size']).toBe('595.28 x 841.89 pts (A4)');
    expect(info.Title).toBe('Bevestiging van indiening');
    expect(info.Author).toBe('UZI-register');
    expect(info['PDF version']).toBe('1.7');
    const raw = pdf.toString('latin1');
    expect(raw).toContain('/Lang (nl-NL)');
    expect(raw).toMatch(/\/DisplayDocTitle true/);
    expect(raw).toContain('/FontFile2'); // embedded TrueType (DejaVu)
  });

  it('spans at least two pages', () => {
    expect(Number(info.Pages)).toBeGreaterThanOrEqual(2);
  });

  it('prints names with diacritics exactly as given', () => {
    for (const name of NAMES) expect(text).toContain(name);
  });

  it('prints every value, including long wrapped values and file lists', () => {
    const all = squash(text);
    const values = model().blocks.flatMap((b) => (b.kind === 'rows' ? b.rows.map((r) => r.value) : []));
    for (const value of values.flat()) expect(all).toContain(squash(value));
    expect(all).toContain(squash(LONG_VALUE));
    for (const file of FILES) expect(all).toContain(squash(file));
    for (const row of model().meta) expect(all).toContain(squash(row.value as string));
    expect(text).toContain('UZI-register');
    expect(text).toContain('Bevestiging van indiening');
  });

  it('prints a footer with page numbers on every page', () => {
    const texts = pages(pdf);
    texts.forEach((page, i) => {
      expect(page).toContain(`pagina ${i + 1} van ${texts.length}`);
      expect(page).toContain(`Kenmerk ${KENMERK}`);
    });
  });

  it('keeps the signature block together on one page', () => {
    const texts = pages(pdf);
    const withSignature = texts.flatMap((page, i) => (page.includes('Handtekening') ? [i] : []));
    expect(withSignature).toHaveLength(1);
    const page = texts[withSignature[0]];
    expect(page).toContain('Ondertekening');
    expect(page).toContain(NAMES[0]);
    expect(page).toContain(NAMES[1]);
    expect(count(page, 'Datum (dd-mm-jjjj)')).toBe(2);
    expect(count(page, 'Plaats')).toBe(2);
    expect(count(page, 'Handtekening')).toBe(2);
    // Signer names follow the heading on that page.
    expect(page.indexOf(NAMES[1])).toBeGreaterThan(page.indexOf('Ondertekening'));
  });

  it('moves the signature block to the next page instead of splitting it', async () => {
    // Vary the amount of content before the block so that it starts at many different heights.
    for (let n = 14; n <= 34; n += 2) {
      const pdfN = await renderPdf(
        model({
          blocks: [
            { kind: 'rows', heading: 'Gegevens', rows: ORGANISATION_ROWS.slice(0, n) },
            {
              kind: 'signature',
              heading: 'Ondertekening',
              signers: [
                { title: 'Wettelijk vertegenwoordiger', name: NAMES[0] },
                { title: 'Gemachtigd aanvrager', name: NAMES[1] },
              ],
            },
          ],
        }),
      );
      const texts = pages(pdfN);
      const labelPages = ['Ondertekening', 'Datum (dd-mm-jjjj)', 'Plaats', 'Handtekening'].map((label) =>
        texts.flatMap((page, i) => (page.includes(label) ? [i] : [])),
      );
      for (const found of labelPages) expect(found, `rows: ${n}`).toEqual(labelPages[0]);
      expect(labelPages[0]).toHaveLength(1);
      expect(count(texts[labelPages[0][0]], 'Handtekening'), `rows: ${n}`).toBe(2);
    }
  });

  it('keeps signers with long, wrapping names together and prints the whole names', async () => {
    const longNames = [
      "Maria Johanna Theodora Wilhelmina Catharina Elisabeth van der Heijden-d'Hondt tot Oud-Beijerland",
      'Łukasz Żółć-Ñuñez de la Cruz van Oranje-Nassau en Zoë Maximiliana Alexandra van den Bergh',
    ];
    const signers = [
      { title: 'Wettelijk vertegenwoordiger', name: longNames[0] },
      { title: 'Gemachtigd aanvrager', name: longNames[1] },
      { title: 'Tweede gemachtigd aanvrager met een lange omschrijving van de rol', name: NAMES[2] },
    ];
    for (let n = 8; n <= 32; n += 3) {
      const pdfN = await renderPdf(
        model({
          blocks: [
            { kind: 'rows', heading: 'Gegevens', rows: ORGANISATION_ROWS.slice(0, n) },
            { kind: 'signature', heading: 'Ondertekening', statement: 'Door te ondertekenen verklaart u dat alles klopt.', signers },
          ],
        }),
      );
      const texts = pages(pdfN);
      const withSignature = texts.flatMap((page, i) => (page.includes('Handtekening') ? [i] : []));
      expect(withSignature, `rows: ${n}`).toHaveLength(1);
      const page = texts[withSignature[0]];
      expect(count(page, 'Handtekening'), `rows: ${n}`).toBe(3);
      expect(page).toContain('Ondertekening');
      expect(page).toContain('Door te ondertekenen verklaart u dat alles klopt.');
      const tree = pdfStructure(pdfN);
      for (const name of [...longNames, NAMES[2]]) expect(tree, `rows: ${n}`).toContain(`"${name}"`);
    }
  });

  it('never splits a short row across pages', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ label: `Veld ${i + 1}`, value: `Waarde ${i + 1}\nTweede regel ${i + 1}` }));
    const texts = pages(await renderPdf(model({ blocks: [{ kind: 'rows', rows }] })));
    expect(texts.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i <= 60; i++) {
      const first = texts.findIndex((p) => new RegExp(`Waarde ${i}\\b`).test(p));
      const second = texts.findIndex((p) => new RegExp(`Tweede regel ${i}\\b`).test(p));
      expect(first, `row ${i}`).toBeGreaterThanOrEqual(0);
      expect(second, `row ${i}`).toBe(first);
    }
  });

  it('has a structure tree: headings, tables with row headers, lists; page furniture is an artifact', () => {
    const tree = pdfStructure(pdf);
    const tags = new Set(tree.split('\n').map((line) => line.trim().split(/[\s:]/)[0]));
    for (const tag of ['Document', 'H1', 'Sect', 'H2', 'P', 'Table', 'TR', 'TH', 'TD', 'L', 'LI', 'LBody', 'Div', 'H3']) {
      expect(tags, tag).toContain(tag);
    }
    expect(tree).toMatch(/H1[^\n]*\n\s+"Bevestiging van indiening"/);
    expect(tree).toContain('/Scope /Row');
    expect(tree).toContain(`"${NAMES[0]}"`);
    // Footer and running header are artifacts, not part of the logical content.
    expect(tree).not.toContain('pagina 1 van');
    // Words of wrapped lines stay separated in the structure tree.
    expect(tree).toContain(`"${LONG_VALUE}"`);
  });

  it("sets the document language and the renderer's own texts for lang 'en'", async () => {
    const en = await renderPdf(
      model({
        lang: 'en',
        title: 'Confirmation of submission',
        footer: undefined,
        blocks: [
          { kind: 'rows', heading: 'Applicant', rows: [{ label: 'Name', value: NAMES[0] }] },
          { kind: 'signature', heading: 'Signature', signers: [{ title: 'Applicant', name: NAMES[0] }] },
        ],
      }),
    );
    const raw = en.toString('latin1');
    expect(raw).toContain('/Lang (en-GB)');
    expect(raw).not.toContain('/Lang (nl-NL)');
    expect(pdfInfo(en).Title).toBe('Confirmation of submission');
    const enText = pdfText(en);
    expect(enText).toContain('Date (dd-mm-yyyy)');
    expect(enText).toContain('Place');
    expect(enText).toContain('page 1 of 1'); // default footer when the model has none
  });

  it('renders concurrent documents independently', async () => {
    const titles = Array.from({ length: 6 }, (_, i) => `Document ${i + 1} voor ${NAMES[i % 3]}`);
    const docs = await Promise.all(titles.map((title) => renderPdf(model({ title, blocks: [{ kind: 'paragraph', text: `Inhoud van ${title}.` }] }))));
    docs.forEach((doc, i) => {
      expect(pdfInfo(doc).Title).toBe(titles[i]);
      expect(pdfText(doc)).toContain(`Inhoud van ${titles[i]}.`);
    });
  });

  it('keeps the XMP metadata well-formed for titles with &, < and >', async () => {
    const title = 'Aanvraag UZI-pas & servercertificaat <test>';
    const doc = await renderPdf(model({ title, blocks: [] }));
    expect(pdfInfo(doc).Title).toBe(title);
    const raw = doc.toString('utf8');
    expect(raw).toContain('<rdf:li xml:lang="x-default">Aanvraag UZI-pas &amp; servercertificaat &lt;test&gt;</rdf:li>');
    expect(raw).not.toContain('x-default">Aanvraag UZI-pas & ');
  });

  it('renders headings, paragraphs and lists', async () => {
    const doc = await renderPdf(
      model({
        subtitle: undefined,
        meta: [],
        blocks: [
          { kind: 'heading', text: 'Eerste sectie' },
          { kind: 'paragraph', text: 'Een alinea met uitleg.\nEen tweede regel.' },
          { kind: 'heading', text: 'Subkop', level: 3 },
          { kind: 'list', items: ['Eerste punt', 'Tweede punt met ' + 'veel woorden '.repeat(20)] },
        ],
      }),
    );
    const t = squash(pdfText(doc));
    for (const s of ['Eerste sectie', 'Een alinea met uitleg.', 'Een tweede regel.', 'Subkop', 'Eerste punt', 'Tweede punt met']) {
      expect(t).toContain(squash(s));
    }
    const tree = pdfStructure(doc);
    expect(tree).toMatch(/H3[^\n]*\n\s+"Subkop"/);
    expect(tree).toMatch(/Lbl[^\n]*\n\s+"•"/);
  });
});

describe('wrapText', () => {
  // Monospace measure: every character is 1 unit wide.
  const measure = (s: string) => Array.from(s).length;

  it('wraps at spaces, keeps explicit newlines and keeps a trailing space at soft breaks', () => {
    expect(wrapText('aa bb cc dd', 5, measure)).toEqual(['aa bb ', 'cc dd']);
    expect(wrapText('aa\n\nbb', 10, measure)).toEqual(['aa ', '', 'bb']);
  });

  it('breaks words longer than the column, preferring punctuation', () => {
    expect(breakWord('abcdefghij', 4, measure)).toEqual(['abcd', 'efgh', 'ij']);
    expect(breakWord('ab_cdef', 4, measure)).toEqual(['ab_', 'cdef']);
    expect(wrapText('x abcdefghij', 4, measure)).toEqual(['x ', 'abcd', 'efgh', 'ij']);
  });
});
