import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ContentBlock, JsonSchema } from '../../../renderer/core/types';
import { setBlocks } from './documentEdits';
import { englishRows, englishSummary, readablePath, readablePaths, removeEntries, setEnglish, unusedEntries, type EnglishRow } from './englishEdits';
import { setOptions } from './fieldEdits';

const DOCUMENT = readFileSync(path.join(process.cwd(), 'flows/aanleveren-documenten.flow.json'), 'utf8');
const ENGLISH = readFileSync(path.join(process.cwd(), 'flows/i18n/aanleveren-documenten.en.json'), 'utf8');
const TITLE_PATH = 'steps.stap1.schema.properties.abonneeNaam.title';

function rowsOf(document: string, english: string): EnglishRow[] {
  const read = englishRows(document, english);
  if ('problem' in read) throw new Error(read.problem);
  return read.rows;
}

const rowAt = (rows: EnglishRow[], at: string) => rows.find((row) => row.path === at);

/** The document with one more text field in step 2. */
const withNewField = DOCUMENT.replace(
  '"aanvraagTypeAnders": { "type": "string", "title": "Ander type aanvraag", "maxLength": 200 },',
  '"aanvraagTypeAnders": { "type": "string", "title": "Ander type aanvraag", "maxLength": 200 },\n          "kenmerk": { "type": "string", "title": "Uw kenmerk" },',
);

describe('the English texts of a flow beside the Dutch ones', () => {
  it('finds every text of a translated flow in document order, all translated', () => {
    const rows = rowsOf(DOCUMENT, ENGLISH);
    expect(rows.length).toBe(Object.keys(JSON.parse(ENGLISH) as object).length);
    expect(rows.every((row) => row.status === 'ok')).toBe(true);
    expect(rows[0]).toEqual({ path: 'title', dutch: 'Aanleveren documenten', english: 'Submit documents', status: 'ok' });
    expect(rowAt(rows, TITLE_PATH)).toEqual({ path: TITLE_PATH, dutch: 'Naam abonnee', english: 'Subscriber name', status: 'ok' });
    const order = rows.map((row) => row.path);
    expect(order.indexOf('steps.stap1.title')).toBeLessThan(order.indexOf(TITLE_PATH));
    expect(order.indexOf(TITLE_PATH)).toBeLessThan(order.indexOf('confirmation.title'));
    expect(unusedEntries(DOCUMENT, ENGLISH)).toEqual([]);
    expect(englishSummary(rows)).toBe(`Alle ${rows.length} teksten zijn vertaald.`);
  });

  it('marks the English of a changed Dutch text outdated, with the Dutch it was written for', () => {
    const changed = DOCUMENT.replace('"title": "Naam abonnee"', '"title": "Naam van de abonnee"');
    const rows = rowsOf(changed, ENGLISH);
    expect(rowAt(rows, TITLE_PATH)).toEqual({
      path: TITLE_PATH,
      dutch: 'Naam van de abonnee',
      english: 'Subscriber name',
      status: 'verouderd',
      previousDutch: 'Naam abonnee',
    });
    expect(rows.filter((row) => row.status !== 'ok')).toHaveLength(1);
    expect(englishSummary(rows)).toBe('1 tekst is verouderd.');
  });

  it('marks the text of a new field missing', () => {
    const rows = rowsOf(withNewField, ENGLISH);
    const added = 'steps.stap2.schema.properties.kenmerk.title';
    expect(rowAt(rows, added)).toEqual({ path: added, dutch: 'Uw kenmerk', english: '', status: 'ontbreekt' });
    const order = rows.map((row) => row.path);
    expect(order.indexOf(added)).toBe(order.indexOf('steps.stap2.schema.properties.aanvraagTypeAnders.title') + 1);
    expect(englishSummary(rows)).toBe('1 tekst ontbreekt.');
  });

  it('writes an English text and keeps every other byte of the file', () => {
    const added = 'steps.stap2.schema.properties.kenmerk.title';
    const order = rowsOf(withNewField, ENGLISH).map((row) => row.path);
    const written = setEnglish(ENGLISH, added, 'Uw kenmerk', 'Your reference', order);
    expect(rowAt(rowsOf(withNewField, written), added)).toMatchObject({ english: 'Your reference', status: 'ok' });
    // The new entry goes right after the text before it in the document, formatted like the others.
    const entry = `  "${added}": {\n    "nl": "Uw kenmerk",\n    "en": "Your reference"\n  },\n`;
    const anchor = ENGLISH.indexOf('  "steps.stap2.schema.properties.documenten.title"');
    expect(written).toBe(`${ENGLISH.slice(0, anchor)}${entry}${ENGLISH.slice(anchor)}`);
  });

  it('rewrites an outdated entry in its Dutch and English only', () => {
    const changed = DOCUMENT.replace('"title": "Naam abonnee"', '"title": "Naam van de abonnee"');
    const written = setEnglish(ENGLISH, TITLE_PATH, 'Naam van de abonnee', "Subscriber's name");
    expect(rowAt(rowsOf(changed, written), TITLE_PATH)).toMatchObject({ status: 'ok', english: "Subscriber's name" });
    expect(written).toBe(ENGLISH.replace('"nl": "Naam abonnee",\n    "en": "Subscriber name"', '"nl": "Naam van de abonnee",\n    "en": "Subscriber\'s name"'));
    // The same English for the new Dutch only changes `nl`.
    expect(setEnglish(ENGLISH, TITLE_PATH, 'Naam van de abonnee', 'Subscriber name')).toBe(
      ENGLISH.replace('"nl": "Naam abonnee"', '"nl": "Naam van de abonnee"'),
    );
  });

  it('starts an empty file as an object and removes an entry whose English is emptied', () => {
    const started = setEnglish('', 'title', 'Aanleveren documenten', 'Submit documents');
    expect(started).toBe('{\n  "title": {\n    "nl": "Aanleveren documenten",\n    "en": "Submit documents"\n  }\n}\n');
    expect(JSON.parse(setEnglish(started, 'title', 'Aanleveren documenten', ''))).toEqual({});
    const removed = setEnglish(ENGLISH, TITLE_PATH, 'Naam abonnee', '');
    expect(rowAt(rowsOf(DOCUMENT, removed), TITLE_PATH)).toMatchObject({ status: 'ontbreekt', english: '' });
    expect(setEnglish('', 'title', 'Aanleveren documenten', '')).toBe('');
  });

  it('reads an empty English file as no translations at all', () => {
    const rows = rowsOf(DOCUMENT, '');
    expect(rows.every((row) => row.status === 'ontbreekt')).toBe(true);
    expect(englishSummary(rows)).toBe(`${rows.length} teksten ontbreken.`);
  });

  it('lists and removes the English of texts that are gone', () => {
    const withoutHelp = DOCUMENT.replace('"ui:help": "Vul het abonneenummer in als u dit al weet.", ', '');
    expect(unusedEntries(withoutHelp, ENGLISH)).toEqual(['steps.stap1.uiSchema.abonneeNummer.ui:help']);
    const cleaned = removeEntries(ENGLISH, unusedEntries(withoutHelp, ENGLISH));
    expect(unusedEntries(withoutHelp, cleaned)).toEqual([]);
    expect(rowsOf(withoutHelp, cleaned).every((row) => row.status === 'ok')).toBe(true);
  });

  it('says which text is no JSON', () => {
    expect(englishRows('{ "id": ', ENGLISH)).toEqual({
      problem: expect.stringMatching(/^De flow is geen geldige JSON: er ontbreekt een waarde \(regel 1, kolom \d+\)\.$/),
    });
    expect(englishRows(DOCUMENT, '{ "title": { "nl": "x", ')).toEqual({
      problem: expect.stringMatching(/^Het bestand met Engelse teksten is geen geldige JSON/),
    });
    expect(englishRows(DOCUMENT, '[]')).toEqual({ problem: 'Het bestand met Engelse teksten is geen JSON-object.' });
    expect(unusedEntries('{', ENGLISH)).toEqual([]);
  });

  it('summarises missing and outdated texts together', () => {
    const row = (status: EnglishRow['status']): EnglishRow => ({ path: 'p', dutch: 'd', english: '', status });
    expect(englishSummary([row('ontbreekt'), row('ontbreekt'), row('ontbreekt'), row('verouderd'), row('ok')])).toBe('3 teksten ontbreken, 1 is verouderd.');
    expect(englishSummary([row('ontbreekt'), row('verouderd'), row('verouderd')])).toBe('1 tekst ontbreekt, 2 zijn verouderd.');
    expect(englishSummary([])).toBe('Deze flow heeft geen teksten om te vertalen.');
  });

  it('names a text path readably', () => {
    const document = JSON.parse(DOCUMENT) as unknown;
    expect(readablePath(TITLE_PATH, document)).toBe('Stap 1 › Naam abonnee › label');
    expect(readablePath('steps.stap1.uiSchema.abonneeNummer.ui:help', document)).toBe('Stap 1 › Abonneenummer › helptekst');
    expect(readablePath('steps.stap2.title', document)).toBe('Stap 2 › titel');
    // A block by its words, never by its place.
    expect(readablePath('steps.stap1.intro.via-dit-formulier-levert.text', document)).toBe(
      'Stap 1 › inleiding › tekstblok ‘Via dit formulier levert u veilig documenten aan voor een b…’',
    );
    expect(readablePath('confirmation.blocks.download-bevestiging.text', document)).toBe('Bevestiging › tekstblok ‘Download bevestiging’');
    expect(readablePath('title', document)).toBe('Flow › titel');
    expect(readablePath('steps.stap1.messages.abonneeNummer.pattern', document)).toBe('Stap 1 › Abonneenummer › melding (patroon)');
    expect(readablePath('steps.stap1.onbekend.iets', document)).toBe('steps.stap1.onbekend.iets');
  });

  it('names an option by its Dutch label and value, a list item, a document and a signer by their words', () => {
    const certificate = JSON.parse(readFileSync(path.join(process.cwd(), 'flows/aanvraag-servercertificaat.flow.json'), 'utf8')) as unknown;
    expect(readablePath('steps.stap1.schema.properties.aanvragerIdentificeren.x-enumNames.=1', certificate)).toBe(
      'Stap 1 › Hoe wilt u zich identificeren? › keuze ‘Met een elektronische handtekening’ (waarde 1)',
    );
    expect(readablePath('confirmation.download.signers.aanvrager-wettelijk-vertegenwoordiger-of.title', certificate)).toBe(
      'Bevestiging › download › ondertekenaar ‘Aanvrager (wettelijk vertegenwoordiger of gemachtigd aanvra…’ › titel',
    );
    const document = {
      steps: [{ id: 'stap1', schema: { properties: { taal: { title: 'Taal', oneOf: [{ const: 'nl', title: 'Nederlands' }] } } } }],
      confirmation: {
        blocks: [
          { kind: 'list', items: ['Een pasfoto', 'Een kopie'] },
          { kind: 'requiredDocuments', title: 'Mee te sturen', items: [{ text: 'Uittreksel KvK' }] },
        ],
      },
    };
    expect(readablePath('steps.stap1.schema.properties.taal.oneOf.=nl.title', document)).toBe('Stap 1 › Taal › keuze ‘Nederlands’ (waarde nl)');
    const domains = { steps: [{ id: 'stap1', schema: { properties: { domein: { title: 'Domein', enum: ['zorg.nl'], 'x-enumNames': ['Nederlands'] } } } }] };
    expect(readablePath('steps.stap1.schema.properties.domein.x-enumNames.=zorg.nl', domains)).toBe('Stap 1 › Domein › keuze ‘Nederlands’ (waarde zorg.nl)');
    // Ids not yet written are those the pipeline gives.
    expect(readablePath('confirmation.blocks.een-pasfoto.items.een-kopie.text', document)).toBe('Bevestiging › tekstblok ‘Een pasfoto’ › punt ‘Een kopie’');
    expect(readablePath('confirmation.blocks.mee-te-sturen.items.uittreksel-kvk.text', document)).toBe(
      'Bevestiging › tekstblok ‘Mee te sturen’ › document ‘Uittreksel KvK’',
    );
  });

  it('keeps each English text with its option and block when the draft reorders options, adds one and inserts a block', () => {
    const certificate = readFileSync(path.join(process.cwd(), 'flows/aanvraag-servercertificaat.flow.json'), 'utf8');
    const english = readFileSync(path.join(process.cwd(), 'flows/i18n/aanvraag-servercertificaat.en.json'), 'utf8');
    // What the structured editor does: a new option first, 'Met een elektronische handtekening' moved up.
    const reordered = setOptions(certificate, 0, 'aanvragerIdentificeren', [
      { value: 2, label: 'Met een uittreksel' },
      { value: 1, label: 'Met een elektronische handtekening' },
      { value: 0, label: 'Via de pasuitgifteorganisatie' },
    ]);
    // And the rich-text editor: a paragraph inserted before the other confirmation blocks.
    const blocks = (JSON.parse(reordered) as { confirmation: { blocks: ContentBlock[] } }).confirmation.blocks;
    const drafted = setBlocks(
      reordered,
      ['confirmation', 'blocks'],
      [{ id: 'bewaar-uw-kenmerk', kind: 'paragraph', text: 'Bewaar uw kenmerk.' }, ...blocks],
      true,
    );
    const rows = rowsOf(drafted, english);
    const byDutch = Object.fromEntries(rows.map((row) => [row.dutch, row]));
    expect(byDutch['Via de pasuitgifteorganisatie']).toMatchObject({ english: 'Through the card issuing organisation', status: 'ok' });
    expect(byDutch['Met een elektronische handtekening']).toMatchObject({ english: 'With an electronic signature', status: 'ok' });
    expect(byDutch['Download, print en onderteken het aanvraagformulier']).toMatchObject({
      english: 'Download, print and sign the application form',
      status: 'ok',
    });
    // Only the new texts lack English; no text shows another one's.
    expect(rows.filter((row) => row.status !== 'ok').map((row) => [row.dutch, row.status])).toEqual([
      ['Met een uittreksel', 'ontbreekt'],
      ['Bewaar uw kenmerk.', 'ontbreekt'],
    ]);
    expect(unusedEntries(drafted, english)).toEqual([]);
    const names = readablePaths(
      drafted,
      rows.map((row) => row.path),
    );
    expect(names.get('steps.stap1.schema.properties.aanvragerIdentificeren.x-enumNames.=2')).toBe(
      'Stap 1 › Hoe wilt u zich identificeren? › keuze ‘Met een uittreksel’ (waarde 2)',
    );
    expect(names.get('confirmation.blocks.bewaar-uw-kenmerk.text')).toBe('Bevestiging › tekstblok ‘Bewaar uw kenmerk.’');
  });

  it('keys the options of a field built on a shared definition by value when the definitions are given', () => {
    const document = JSON.stringify({
      steps: [{ id: 'stap1', schema: { properties: { soort: { $ref: 'urn:uzi-portaal:veld:soort', 'x-enumNames': ['Groot', 'Klein'] } } } }],
    });
    const definitions: Record<string, JsonSchema> = { 'urn:uzi-portaal:veld:soort': { type: 'string', enum: ['g', 'k'] } };
    const paths = rowsOf(document, '').map((row) => row.path);
    expect(paths).toContain('steps.stap1.schema.properties.soort.x-enumNames.0');
    const read = englishRows(document, '', { resolveRef: (ref) => definitions[ref] });
    expect('rows' in read && read.rows.map((row) => row.path)).toEqual([
      'steps.stap1.schema.properties.soort.x-enumNames.=g',
      'steps.stap1.schema.properties.soort.x-enumNames.=k',
    ]);
  });

  it('names every text of every flow readably and each differently', () => {
    const flowsDir = path.join(process.cwd(), 'flows');
    for (const name of ['aanleveren-documenten', 'aanvraag-zorgverlenerpas', 'aanvraag-servercertificaat', 'aanleveren-pkcs-10-bestand']) {
      const text = readFileSync(path.join(flowsDir, `${name}.flow.json`), 'utf8');
      const document = JSON.parse(text) as unknown;
      const paths = rowsOf(text, '').map((row) => row.path);
      const names = paths.map((textPath) => readablePath(textPath, document));
      expect(
        names.filter((readable, index) => readable === paths[index]),
        name,
      ).toEqual([]);
      expect(new Set(names).size, name).toBe(names.length);
    }
  });
});
