/**
 * Page breaks of the printed forms, checked in the real PDF with pdftotext page by page: whatever
 * comes before them, a short block ('Versturen' with its list, an address group) stays on one page
 * with its heading, and no heading is the last thing on a page (also a heading right before
 * another one).
 */
import { describe, expect, it } from 'vitest';
import { renderPdf, type PdfBlock } from '../../src/server/pdf/index.js';
import { pdfText } from '../helpers/poppler.js';

const SEND = 'Versturen';
const ADDRESS = 'Bezoekadres';
const SECTION = 'Gegevens zorgverlener';
const SUMMARY = 'Samenvatting';
const HEADINGS = [SEND, ADDRESS, SECTION, SUMMARY];
const ADDRESS_LABELS = ['Postcode', 'Huisnummer', 'Toevoeging', 'Straatnaam', 'Woonplaats', 'Land'];
const SEND_ITEMS = [
  'Digitaal: lever het ondertekende formulier aan via Aanleveren documenten op de website van het register.',
  'Per post, zonder postzegel: UZI-register, Antwoordnummer 10010, 2500 VC Den Haag. Versturen per post duurt langer.',
];

function filler(lines: number): PdfBlock[] {
  return Array.from({ length: lines }, (_, index) => ({ kind: 'paragraph', text: `Vulregel ${index + 1} van de toelichting.` }));
}

function blocks(lines: number): PdfBlock[] {
  return [
    ...filler(lines),
    // A section heading right before a group heading: neither may end a page.
    { kind: 'heading', text: SECTION, level: 2 },
    { kind: 'rows', heading: ADDRESS, indent: true, rows: ADDRESS_LABELS.map((label) => ({ label, value: `${label} waarde` })) },
    ...filler(lines % 7),
    { kind: 'heading', text: SEND, level: 2 },
    { kind: 'list', items: SEND_ITEMS },
    { kind: 'heading', text: SUMMARY, level: 2 },
    { kind: 'paragraph', text: 'Einde van het formulier.' },
  ];
}

/** The text lines of each page, without the running header and footer. */
async function pages(lines: number): Promise<string[][]> {
  const pdf = await renderPdf({
    lang: 'nl',
    registerName: 'UZI-register',
    title: 'Aanvraagformulier',
    meta: [],
    blocks: blocks(lines),
    footer: 'Aanvraagformulier',
  });
  return pdfText(pdf)
    .split('\f')
    .map((page) =>
      page
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '' && !/pagina \d+ van \d+/.test(line) && line !== 'UZI-register' && !line.startsWith('Aanvraagformulier')),
    )
    .filter((page) => page.length > 0);
}

function pageOf(all: string[][], predicate: (line: string) => boolean): number[] {
  return all.flatMap((page, index) => (page.some(predicate) ? [index] : []));
}

describe('page breaks of the printed forms', () => {
  it('keeps short blocks with their heading and never ends a page with a heading, wherever the break falls', async () => {
    let breaksSeen = 0;
    for (let lines = 20; lines <= 70; lines += 2) {
      const all = await pages(lines);
      if (all.length > 1) breaksSeen += 1;
      for (const [index, page] of all.entries()) {
        if (index === all.length - 1) continue;
        expect(HEADINGS, `laatste regel van pagina ${index + 1} bij ${lines} vulregels`).not.toContain(page[page.length - 1]);
      }
      const send = pageOf(all, (line) => line === SEND);
      expect(send, `Versturen bij ${lines}`).toHaveLength(1);
      expect(
        pageOf(all, (line) => line.startsWith('• Digitaal') || line.startsWith('Digitaal:')),
        `lijst bij ${lines}`,
      ).toEqual(send);
      expect(
        pageOf(all, (line) => line.includes('Antwoordnummer 10010')),
        `adres bij ${lines}`,
      ).toEqual(send);
      const address = pageOf(all, (line) => line === ADDRESS);
      expect(address, `Bezoekadres bij ${lines}`).toHaveLength(1);
      for (const label of ADDRESS_LABELS)
        expect(
          pageOf(all, (line) => line.startsWith(label)),
          `${label} bij ${lines}`,
        ).toEqual(address);
      expect(
        pageOf(all, (line) => line === SECTION),
        `sectiekop bij ${lines}`,
      ).toEqual(address);
    }
    // The sweep really moved the page end across the blocks.
    expect(breaksSeen).toBeGreaterThan(10);
  });
});
