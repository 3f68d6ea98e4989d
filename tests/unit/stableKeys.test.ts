/**
 * English stays with its item: options are keyed by their value and parts (blocks, list items,
 * required documents, signers) by an id the pipeline adds, so reordering options, adding one and
 * inserting a block before others keeps every English text where it belongs; ids are the same for
 * the same input; `flows:check --fix` moves English from the old positional keys; English written
 * for an older Dutch text is served as Dutch and listed as such.
 */
import { describe, expect, it } from 'vitest';
import { duplicatePartIds, partIdEdits, withPartIds } from '../../renderer/core/partIds';
import { optionSegment } from '../../renderer/core/textPaths';
import { definitionTexts, entryMoves, flowTexts, translateFlow, type TextAt, type TranslationFile } from '../../renderer/core/translations';
import { createPipeline } from '../../src/server/flows/pipeline/compileFlow';
import { fixFlowTexts, moveEnglishKeys } from '../../src/server/flows/fixSource';
import { flowInputs, loadPipelineSources } from '../../src/server/flows/sources';
import { edited, problemsOf, type Json } from '../helpers/flowEdits';

type Doc = Json;

/** A flow with options written in every form and blocks of every kind that has texts. */
function flow(): Doc {
  return {
    id: 'proef',
    title: 'Proef',
    steps: [
      {
        id: 'stap1',
        title: 'Keuzes',
        dataKey: 'keuzes',
        intro: [
          { kind: 'paragraph', text: 'Kies wat past.' },
          { kind: 'list', items: ['Eerste punt', 'Tweede punt'] },
        ],
        schema: {
          type: 'object',
          properties: {
            identificatie: { type: 'integer', title: 'Hoe?', enum: [0, 1], 'x-enumNames': ['Via de balie', 'Met een handtekening'] },
            dag: { type: 'integer', title: 'Dag', enum: [1, 2, 3] },
            beroep: { type: 'string', title: 'Beroep', enum: ['arts', 'tandarts'] },
            taal: {
              type: 'string',
              title: 'Taal',
              oneOf: [
                { const: 'nl', title: 'Nederlands' },
                { const: 'en', title: 'Engels' },
              ],
            },
          },
        },
        uiSchema: {
          dag: { 'ui:enumNames': ['Maandag', 'Dinsdag', 'Woensdag'] },
          beroep: { 'ui:enumNames': { arts: 'Arts', tandarts: 'Tandarts' } },
        },
      },
    ],
    review: { id: 'stap2', title: 'Controleren', submitLabel: 'Versturen' },
    confirmation: {
      title: 'Klaar',
      blocks: [
        { kind: 'heading', text: 'Wat nu?', level: 2 },
        { kind: 'paragraph', text: 'Wij nemen contact op.' },
        { kind: 'requiredDocuments', title: 'Mee te sturen', items: [{ text: 'Kopie paspoort' }, { text: 'Uittreksel KvK' }] },
      ],
      download: { signers: [{ title: 'Aanvrager' }, { title: 'Getuige' }] },
    },
  };
}

const EN: Record<string, string> = {
  'Kies wat past.': 'Choose what fits.',
  'Eerste punt': 'First point',
  'Tweede punt': 'Second point',
  'Via de balie': 'At the desk',
  'Met een handtekening': 'With a signature',
  Maandag: 'Monday',
  Dinsdag: 'Tuesday',
  Woensdag: 'Wednesday',
  Arts: 'Doctor',
  Tandarts: 'Dentist',
  Nederlands: 'Dutch',
  Engels: 'English',
  'Wat nu?': 'What now?',
  'Wij nemen contact op.': 'We will contact you.',
  'Mee te sturen': 'To enclose',
  'Kopie paspoort': 'Copy of passport',
  'Uittreksel KvK': 'Chamber of Commerce extract',
  Aanvrager: 'Applicant',
  Getuige: 'Witness',
};

/** The English file of `document` with every text of `EN`, keyed as the pipeline keys them. */
function englishOf(document: unknown): TranslationFile {
  return Object.fromEntries(flowTexts(document).flatMap(({ path, text }) => (text in EN ? [[path, { nl: text, en: EN[text] }]] : [])));
}

/** Each Dutch text of `document` next to the English it is served with. */
function pairs(document: unknown, file: TranslationFile): Record<string, string> {
  const dutch = flowTexts(document).map(({ text }) => text);
  const english = flowTexts(translateFlow(document, file)).map(({ text }) => text);
  return Object.fromEntries(dutch.map((text, index) => [text, english[index]]));
}

/** The label served for each option value of a field in the English document. */
function optionLabels(document: Doc, file: TranslationFile, field: string): Record<string, string> {
  const english = translateFlow(document, file) as Doc;
  const schema = english.steps[0].schema.properties[field];
  const ui = english.steps[0].uiSchema?.[field]?.['ui:enumNames'];
  if (Array.isArray(schema.oneOf)) return Object.fromEntries(schema.oneOf.map((option: Doc) => [String(option.const), option.title]));
  const names = schema['x-enumNames'] ?? ui;
  if (Array.isArray(names)) return Object.fromEntries(schema.enum.map((value: unknown, index: number) => [String(value), names[index]]));
  return Object.fromEntries(Object.entries(names as Record<string, string>));
}

describe('options keyed by their value', () => {
  it('keeps every English label with its value when options are reordered and one is added', () => {
    const before = flow();
    const file = englishOf(before);
    const after = flow();
    const step = after.steps[0];
    // x-enumNames: a new option 2 first, then 1 moved up before 0.
    step.schema.properties.identificatie.enum = [2, 1, 0];
    step.schema.properties.identificatie['x-enumNames'] = ['Per post', 'Met een handtekening', 'Via de balie'];
    // ui:enumNames as a list in enum order, and as a map.
    step.schema.properties.dag.enum = [3, 1, 2];
    step.uiSchema.dag['ui:enumNames'] = ['Woensdag', 'Maandag', 'Dinsdag'];
    step.uiSchema.beroep['ui:enumNames'] = { tandarts: 'Tandarts', arts: 'Arts' };
    // oneOf of { const, title }.
    step.schema.properties.taal.oneOf = [
      { const: 'en', title: 'Engels' },
      { const: 'de', title: 'Duits' },
      { const: 'nl', title: 'Nederlands' },
    ];

    expect(optionLabels(after, file, 'identificatie')).toEqual({ 2: 'Per post', 1: 'With a signature', 0: 'At the desk' });
    expect(optionLabels(after, file, 'dag')).toEqual({ 3: 'Wednesday', 1: 'Monday', 2: 'Tuesday' });
    expect(optionLabels(after, file, 'beroep')).toEqual({ tandarts: 'Dentist', arts: 'Doctor' });
    expect(optionLabels(after, file, 'taal')).toEqual({ en: 'English', de: 'Duits', nl: 'Dutch' });
    // Every text that was translated is served with its own English; the new ones stay Dutch: nothing gets another item's English.
    for (const [dutch, english] of Object.entries(pairs(after, file))) expect(english, dutch).toBe(EN[dutch] ?? dutch);
  });

  it('writes a value after "=": strings as they are, other values as JSON, a string that reads as another value quoted', () => {
    expect(optionSegment('arts')).toBe('=arts');
    expect(optionSegment('a.b')).toBe('=a.b');
    expect(optionSegment(1)).toBe('=1');
    expect(optionSegment(1.5)).toBe('=1.5');
    expect(optionSegment(true)).toBe('=true');
    expect(optionSegment(null)).toBe('=null');
    expect(optionSegment('1')).toBe('="1"');
    expect(optionSegment('true')).toBe('="true"');
    // Every value of a mixed enum gets a key of its own.
    const values = [1, '1', true, 'true', null, 'null', 'a.b', '"a"'];
    expect(new Set(values.map(optionSegment)).size).toBe(values.length);
  });

  it('keys options of booleans, numbers and strings with dots by value, and finds the enum of a ui:enumNames in a branch', () => {
    const document = flow();
    Object.assign(document.steps[0].schema.properties, {
      ja: {
        type: 'boolean',
        title: 'Ja?',
        oneOf: [
          { const: true, title: 'Ja' },
          { const: false, title: 'Nee' },
        ],
      },
      domein: { type: 'string', title: 'Domein', enum: ['zorg.nl', 'zorg.com'], 'x-enumNames': ['Nederlands domein', 'Commercieel domein'] },
    });
    document.steps[0].schema.anyOf = [{ title: 'Met bank', properties: { bank: { type: 'string', enum: ['abn', 'ing'] } } }];
    document.steps[0].uiSchema.bank = { 'ui:enumNames': ['ABN AMRO', 'ING'] };
    const paths = flowTexts(document).map(({ path }) => path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'steps.stap1.schema.properties.ja.oneOf.=true.title',
        'steps.stap1.schema.properties.ja.oneOf.=false.title',
        'steps.stap1.schema.properties.domein.x-enumNames.=zorg.nl',
        'steps.stap1.schema.properties.domein.x-enumNames.=zorg.com',
        'steps.stap1.uiSchema.bank.ui:enumNames.=abn',
        // A group of fields chosen by oneOf/anyOf has no value: it stays by position.
        'steps.stap1.schema.anyOf.0.title',
      ]),
    );
  });
});

describe('parts keyed by their id', () => {
  it('keeps every English text with its block, item, document and signer when one is inserted before the others', () => {
    const before = flow();
    const file = englishOf(before);
    // The ids are written into the draft (by the back office or --fix) before anything is inserted.
    const after = structuredClone(withPartIds(before));
    after.steps[0].intro.unshift({ kind: 'alert', type: 'info', text: 'Let op: nieuw.' });
    after.steps[0].intro[2].items.unshift({ text: 'Nieuw punt' });
    after.confirmation.blocks.unshift({ kind: 'paragraph', text: 'Eerst dit.' });
    after.confirmation.blocks[3].items.unshift({ text: 'Nieuw document' });
    after.confirmation.download.signers.unshift({ title: 'Tweede aanvrager' });
    const served = pairs(after, file);
    for (const [dutch, english] of Object.entries(EN)) expect(served[dutch], dutch).toBe(english);
    for (const added of ['Let op: nieuw.', 'Nieuw punt', 'Eerst dit.', 'Nieuw document', 'Tweede aanvrager']) expect(served[added]).toBe(added);
  });

  it('adds the same ids to the same document, never a number, unique within each list', () => {
    const document = flow();
    document.confirmation.blocks.push({ kind: 'paragraph', text: 'Wij nemen contact op.' }, { kind: 'paragraph', text: '2024' }, { kind: 'postAddress' });
    const named = withPartIds(document);
    expect(withPartIds(flow())).toEqual(withPartIds(flow()));
    expect(withPartIds(named)).toBe(named);
    expect(named.confirmation.blocks.map((block: Doc) => block.id)).toEqual([
      'wat-nu',
      'wij-nemen-contact-op',
      'mee-te-sturen',
      'wij-nemen-contact-op-2',
      'alinea-2024',
      'postadres',
    ]);
    expect(named.steps[0].intro[1]).toEqual({
      id: 'eerste-punt',
      kind: 'list',
      items: [
        { id: 'eerste-punt', text: 'Eerste punt' },
        { id: 'tweede-punt', text: 'Tweede punt' },
      ],
    });
    expect(named.confirmation.blocks[2].items.map((item: Doc) => item.id)).toEqual(['kopie-paspoort', 'uittreksel-kvk']);
    expect(named.confirmation.download.signers.map((signer: Doc) => signer.id)).toEqual(['aanvrager', 'getuige']);
    // A written id is kept, and a new one never takes it.
    const written = flow();
    written.confirmation.blocks[1].id = 'wat-nu';
    written.confirmation.blocks[0].id = undefined;
    delete written.confirmation.blocks[0].id;
    expect(withPartIds(written).confirmation.blocks.map((block: Doc) => block.id)).toEqual(['wat-nu-2', 'wat-nu', 'mee-te-sturen']);
    expect(partIdEdits(named)).toEqual([]);
  });

  it('names a block of a kind it does not know by the plain fallback, also a kind named like a member of every object', () => {
    const document = flow();
    document.confirmation.blocks = [{ kind: 'constructor' }, { kind: 'toString' }, { kind: 'onbekend' }];
    expect(withPartIds(document).confirmation.blocks.map((block: Doc) => block.id)).toEqual(['blok', 'blok-2', 'blok-3']);
  });

  it('refuses an id written twice in one list, with a sentence at the second', () => {
    const compile = createPipeline(loadPipelineSources(process.cwd()));
    const input = flowInputs(process.cwd()).find((candidate) => candidate.expectedId === 'aanvraag-servercertificaat')!;
    const twice = edited(input, (document) => (document.confirmation.blocks[2].id = document.confirmation.blocks[1].id));
    expect(duplicatePartIds(JSON.parse(twice.text))).toEqual([{ pointer: '/confirmation/blocks/2/id', id: 'download-print-en-onderteken' }]);
    const [problem] = problemsOf(compile(twice));
    expect(problem).toMatchObject({ pointer: '/confirmation/blocks/2/id' });
    expect(problem.message).toMatch(
      /^In blok 3 \(.*\) van de bevestigingspagina: de code ‘download-print-en-onderteken’ staat al bij een ander onderdeel van deze lijst/,
    );
  });
});

describe('flows:check --fix', () => {
  const text = `{
  "id": "proef",
  "steps": [
    {
      "id": "stap1",
      "intro": [
        { "kind": "paragraph", "text": "Kies wat past." },
        {"kind": "list", "items": ["Eerste punt", "Tweede punt"]}
      ],
      "schema": { "type": "object", "properties": { "keuze": { "type": "integer", "enum": [1, 0], "x-enumNames": ["Met een handtekening", "Via de balie"] } } }
    }
  ],
  "confirmation": {
    "blocks": [
      {
        "kind": "heading",
        "text": "Wat nu?"
      }
    ],
    "download": { "signers": [{ "title": "Aanvrager" }] }
  }
}
`;
  const english = `${JSON.stringify(
    {
      'steps.stap1.intro.0.text': { nl: 'Kies wat past.', en: 'Choose what fits.' },
      'steps.stap1.intro.1.items.0': { nl: 'Eerste punt', en: 'First point' },
      'steps.stap1.intro.1.items.1': { nl: 'Tweede punt', en: 'Second point' },
      // Written when the options were [0, 1]: the English follows its Dutch, not its old place.
      'steps.stap1.schema.properties.keuze.x-enumNames.0': { nl: 'Via de balie', en: 'At the desk' },
      'steps.stap1.schema.properties.keuze.x-enumNames.1': { nl: 'Met een handtekening', en: 'With a signature' },
      'confirmation.blocks.0.text': { nl: 'Wat nu?', en: 'What now?' },
      'confirmation.download.signers.0.title': { nl: 'Aanvrager', en: 'Applicant' },
      'confirmation.title': { nl: 'Klaar', en: 'Done' },
    },
    null,
    2,
  )}\n`;

  it('writes the ids into the text and moves English from positional keys, leaving the rest as written', () => {
    const fixed = fixFlowTexts({ document: text, english });
    expect(fixed.ids).toBe(6);
    expect(fixed.moved).toBe(7);
    expect(fixed.document).toBe(
      text
        .replace('{ "kind": "paragraph", "text": "Kies wat past." }', '{ "id": "kies-wat-past", "kind": "paragraph", "text": "Kies wat past." }')
        .replace(
          '{"kind": "list", "items": ["Eerste punt", "Tweede punt"]}',
          '{"id": "eerste-punt", "kind": "list", "items": [{ "id": "eerste-punt", "text": "Eerste punt" }, { "id": "tweede-punt", "text": "Tweede punt" }]}',
        )
        .replace('{\n        "kind": "heading",', '{\n        "id": "wat-nu",\n        "kind": "heading",')
        .replace('{ "title": "Aanvrager" }', '{ "id": "aanvrager", "title": "Aanvrager" }'),
    );
    const file = JSON.parse(fixed.english!) as TranslationFile;
    expect(Object.keys(file)).toEqual([
      'steps.stap1.intro.kies-wat-past.text',
      'steps.stap1.intro.eerste-punt.items.eerste-punt.text',
      'steps.stap1.intro.eerste-punt.items.tweede-punt.text',
      'steps.stap1.schema.properties.keuze.x-enumNames.=0',
      'steps.stap1.schema.properties.keuze.x-enumNames.=1',
      'confirmation.blocks.wat-nu.text',
      'confirmation.download.signers.aanvrager.title',
      'confirmation.title',
    ]);
    expect(file['steps.stap1.schema.properties.keuze.x-enumNames.=0']).toEqual({ nl: 'Via de balie', en: 'At the desk' });
    // The entries' own text is untouched: only keys changed.
    expect(
      fixed
        .english!.split('\n')
        .filter((line) => !line.startsWith('  "'))
        .join('\n'),
    ).toBe(
      english
        .split('\n')
        .filter((line) => !line.startsWith('  "'))
        .join('\n'),
    );
    // Every text now has its English under its own key.
    const document = JSON.parse(fixed.document) as Doc;
    expect(flowTexts(document).every(({ path, text: dutch }) => file[path]?.nl === dutch)).toBe(true);
  });

  it('changes nothing the second time', () => {
    const once = fixFlowTexts({ document: text, english });
    const twice = fixFlowTexts({ document: once.document, english: once.english });
    expect(twice).toEqual({ ...once, ids: 0, moved: 0 });
  });

  it('moves an entry once and never over an entry that is already at the new key', () => {
    const texts: TextAt[] = [
      { path: 'a.=1', legacy: 'a.0', text: 'Een' },
      { path: 'a.=2', legacy: 'a.1', text: 'Twee' },
    ];
    const file: TranslationFile = { 'a.0': { nl: 'Een', en: 'One' }, 'a.1': { nl: 'Een', en: 'One too' }, 'a.=2': { nl: 'Twee', en: 'Two' } };
    expect(entryMoves(texts, file)).toEqual([{ from: 'a.0', to: 'a.=1' }]);
  });

  it('moves the English of a shared field definition’s options too', () => {
    const definition = { title: 'Soort', enum: ['groot', 'klein'], 'x-enumNames': ['Groot', 'Klein'] };
    const file = `${JSON.stringify({ 'soort.title': { nl: 'Soort', en: 'Kind' }, 'soort.x-enumNames.1': { nl: 'Klein', en: 'Small' } }, null, 2)}\n`;
    const moved = moveEnglishKeys(file, definitionTexts('soort', definition));
    expect(moved.moved).toBe(1);
    expect(moved.text).toBe(file.replace('"soort.x-enumNames.1"', '"soort.x-enumNames.=klein"'));
  });

  it('leaves a text that is no valid JSON as it is', () => {
    expect(fixFlowTexts({ document: '{ "id": ', english })).toEqual({ document: '{ "id": ', english, ids: 0, moved: 0 });
  });
});

describe('English of an older Dutch text', () => {
  const compile = createPipeline(loadPipelineSources(process.cwd()));
  const input = flowInputs(process.cwd()).find((candidate) => candidate.expectedId === 'aanvraag-servercertificaat')!;

  it('is served as Dutch and listed as Dutch until it is confirmed; so is a text without English', () => {
    const changed = edited(input, (document) => {
      document.steps[0].schema.properties.aanvragerIdentificeren['x-enumNames'][0] = 'Via de uitgifteorganisatie';
      document.confirmation.blocks.splice(2, 0, { kind: 'paragraph', text: 'Bewaar uw kenmerk.' });
    });
    const result = compile(changed);
    if (!result.ok) throw new Error('verwacht: gecompileerd');
    const english = result.flow.content.documents.en;
    const field = english.steps[0].schema.properties!.aanvragerIdentificeren;
    expect(field['x-enumNames']).toEqual(['Via de uitgifteorganisatie', 'With an electronic signature']);
    expect(english.dutchTexts?.sort()).toEqual(['Bewaar uw kenmerk.', 'Via de uitgifteorganisatie']);
    expect(english.confirmation.blocks.map((block) => ('text' in block ? block.text : undefined))).toContain('Bewaar uw kenmerk.');
    expect(result.warnings.filter((warning) => warning.code === 'english-stale').map((warning) => warning.pointer)).toEqual([
      '/steps.stap1.schema.properties.aanvragerIdentificeren.x-enumNames.=0',
    ]);
    // The Dutch document carries no such list.
    expect(result.flow.content.documents.nl.dutchTexts).toBeUndefined();
  });
});

describe('examples and fields written as parts', () => {
  it('keys the examples of a plain text field by position, and leaves those of a formatted field and of a number out', () => {
    const paths = flowTexts({
      steps: [
        {
          id: 'stap1',
          schema: {
            properties: {
              beroep: { type: 'string', examples: ['Huisarts', 'Tandarts'] },
              email: { type: 'string', format: 'email', examples: ['info@zorg.nl'] },
              aantal: { type: 'integer', examples: [5] },
            },
          },
        },
      ],
    }).map(({ path, text }) => `${path} ${text}`);
    expect(paths).toEqual(['steps.stap1.schema.properties.beroep.examples.0 Huisarts', 'steps.stap1.schema.properties.beroep.examples.1 Tandarts']);
  });

  it('keys ui:enumNames by the values of a field that has its choices in an allOf part', () => {
    const paths = flowTexts({
      steps: [
        {
          id: 'stap1',
          schema: { properties: { soort: { allOf: [{ type: 'string' }, { enum: ['eigen', 'groep'] }] } } },
          uiSchema: { soort: { 'ui:enumNames': ['Eigen', 'Groep'] } },
        },
      ],
    }).map(({ path }) => path);
    expect(paths).toEqual(['steps.stap1.uiSchema.soort.ui:enumNames.=eigen', 'steps.stap1.uiSchema.soort.ui:enumNames.=groep']);
  });
});
