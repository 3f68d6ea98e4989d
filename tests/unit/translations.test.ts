/**
 * Path-keyed English texts: where each text of a flow, a field definition and a reference-data set
 * is found, how a translation file is applied, and what a file lacks (missing), has from an older
 * Dutch text (stale) or keeps for a text that is gone (orphaned).
 */
import { describe, expect, it } from 'vitest';
import {
  baseDataTexts,
  definitionTexts,
  flowTexts,
  labelMapTexts,
  translateBaseData,
  translateDefinition,
  translateFlow,
  translateLabelMaps,
  translationReport,
  type TextAt,
  type TranslationFile,
} from '../../renderer/core/translations';

const flow = {
  id: 'proef',
  title: 'Proefaanvraag',
  scenarioTitles: { zovar: 'Proefaanvraag (ZOVAR)' },
  variables: {
    aanvrager: { if: [{ '==': [{ var: 'stap1.rol' }, 'wv'] }, 'wettelijk vertegenwoordiger', 'gemachtigd aanvrager'] },
    lengte: { if: [{ '==': [{ var: 'stap1.rol' }, 'wv'] }, 6, 11] },
  },
  variants: [{ id: 'artikel3', title: 'Artikel 3', constants: { isArtikel34: 0 } }],
  steps: [
    {
      id: 'stap1',
      title: 'Uw gegevens',
      dataKey: 'stap1',
      intro: [{ kind: 'paragraph', text: 'Vul het formulier in.' }],
      schema: {
        type: 'object',
        properties: {
          abonneeNaam: { $ref: 'urn:uzi-portaal:veld:organisatienaam', title: 'Naam abonnee', 'x-messages': { required: 'Vul de naam in.' } },
          abonneeNummer: { $ref: 'urn:uzi-portaal:veld:abonneenummer' },
          rol: { type: 'string', enum: ['wv', 'ga'], 'x-enumNames': ['Vertegenwoordiger', 'Gemachtigde'] },
        },
      },
      uiSchema: { abonneeNummer: { 'ui:help': 'Als u het weet.', 'ui:widget': 'TextWidget' } },
      messages: { abonneeNummer: { format: 'Ongeldig nummer.' } },
      rules: [{ id: 'nummer-past', assert: { '!=': [{ var: 'stap1.abonneeNummer' }, ''] }, field: 'abonneeNummer', message: 'Nummer past niet.' }],
    },
    {
      id: 'stap2',
      title: 'Documenten',
      dataKey: 'stap2',
      schema: { type: 'object', properties: {} },
      boxes: [{ id: 'let-op', kind: 'alert', text: 'Let op.', visibleIf: { '==': [{ var: 'stap1.rol' }, 'wv'] } }],
    },
  ],
  review: { id: 'stap3', title: 'Controleren', submitLabel: 'Versturen' },
  confirmation: {
    title: 'Ontvangen',
    blocks: [
      { kind: 'paragraph', text: 'Dank u.' },
      { kind: 'homeLink', text: 'Naar de homepage' },
      { kind: 'list', items: ['Eerste document', 'Tweede document'] },
    ],
  },
};

const path = (texts: TextAt[]) => Object.fromEntries(texts.map(({ path: at, text }) => [at, text]));

/** A file that translates every text of `texts` as `EN <text>`. */
function englishOf(texts: TextAt[]): TranslationFile {
  return Object.fromEntries(texts.map(({ path: at, text }) => [at, { nl: text, en: `EN ${text}` }]));
}

describe('flowTexts', () => {
  const texts = path(flowTexts(flow));

  it('names every text by its path: keys joined with dots, options by their value, parts by their id', () => {
    expect(texts).toEqual({
      title: 'Proefaanvraag',
      'scenarioTitles.zovar': 'Proefaanvraag (ZOVAR)',
      'variables.aanvrager.if.1': 'wettelijk vertegenwoordiger',
      'variables.aanvrager.if.2': 'gemachtigd aanvrager',
      'variants.artikel3.title': 'Artikel 3',
      'steps.stap1.title': 'Uw gegevens',
      'steps.stap1.intro.vul-het-formulier-in.text': 'Vul het formulier in.',
      'steps.stap1.schema.properties.abonneeNaam.title': 'Naam abonnee',
      'steps.stap1.schema.properties.abonneeNaam.x-messages.required': 'Vul de naam in.',
      'steps.stap1.schema.properties.rol.x-enumNames.=wv': 'Vertegenwoordiger',
      'steps.stap1.schema.properties.rol.x-enumNames.=ga': 'Gemachtigde',
      'steps.stap1.uiSchema.abonneeNummer.ui:help': 'Als u het weet.',
      'steps.stap1.messages.abonneeNummer.format': 'Ongeldig nummer.',
      'steps.stap1.rules.nummer-past.message': 'Nummer past niet.',
      'steps.stap2.title': 'Documenten',
      'steps.stap2.boxes.let-op.text': 'Let op.',
      'review.title': 'Controleren',
      'review.submitLabel': 'Versturen',
      'confirmation.title': 'Ontvangen',
      'confirmation.blocks.dank-u.text': 'Dank u.',
      'confirmation.blocks.naar-de-homepage.text': 'Naar de homepage',
      'confirmation.blocks.eerste-document.items.eerste-document.text': 'Eerste document',
      'confirmation.blocks.eerste-document.items.tweede-document.text': 'Tweede document',
    });
  });

  it('lists the texts in document order', () => {
    expect(Object.keys(texts).slice(0, 3)).toEqual(['title', 'scenarioTitles.zovar', 'variables.aanvrager.if.1']);
  });

  it('takes the document as written: the texts of a $ref-ed definition are not the flow’s', () => {
    expect(Object.values(texts)).not.toContain('Abonneenummer');
    expect(Object.keys(texts).some((at) => at.includes('$ref'))).toBe(false);
  });

  it('takes only the outcomes of if in variables, never conditions or numbers', () => {
    expect(Object.keys(texts).filter((at) => at.startsWith('variables.'))).toEqual(['variables.aanvrager.if.1', 'variables.aanvrager.if.2']);
  });
});

describe('translateFlow', () => {
  it('replaces every text that has an entry and keeps the structure', () => {
    const english = translateFlow(flow, englishOf(flowTexts(flow)));
    expect(english.steps[0].title).toBe('EN Uw gegevens');
    expect(english.steps[1].boxes?.[0].text).toBe('EN Let op.');
    expect(english.steps[0].rules?.[0].message).toBe('EN Nummer past niet.');
    expect(english.variables.aanvrager.if[1]).toBe('EN wettelijk vertegenwoordiger');
    expect(english.variables.aanvrager.if[0]).toEqual({ '==': [{ var: 'stap1.rol' }, 'wv'] });
    expect(english.steps[0].schema.properties.abonneeNummer).toEqual({ $ref: 'urn:uzi-portaal:veld:abonneenummer' });
    expect(flowTexts(english).map(({ path: at }) => at)).toEqual(flowTexts(flow).map(({ path: at }) => at));
  });

  it('keeps Dutch where a text has no entry, or an entry without English', () => {
    const english = translateFlow(flow, { title: { nl: 'Proefaanvraag', en: 'Trial application' }, 'steps.stap1.title': { nl: 'Uw gegevens', en: '' } });
    expect(english.title).toBe('Trial application');
    expect(english.steps[0].title).toBe('Uw gegevens');
    expect(english.steps[1].title).toBe('Documenten');
  });

  it('serves Dutch for a stale entry: English written for an older Dutch text is not shown as if current', () => {
    const english = translateFlow({ ...flow, title: 'Proefaanvraag (nieuw)' }, { title: { nl: 'Proefaanvraag', en: 'Trial application' } });
    expect(english.title).toBe('Proefaanvraag (nieuw)');
    // Confirmed (its `nl` is the current Dutch again), the English is served.
    expect(translateFlow({ ...flow, title: 'Proefaanvraag (nieuw)' }, { title: { nl: 'Proefaanvraag (nieuw)', en: 'Trial application' } }).title).toBe(
      'Trial application',
    );
  });

  it('does not change the document it is given', () => {
    const copy = structuredClone(flow);
    translateFlow(flow, englishOf(flowTexts(flow)));
    expect(flow).toEqual(copy);
  });
});

describe('translationReport', () => {
  const file = englishOf(flowTexts(flow));

  it('is empty when every text has an entry from its current Dutch', () => {
    expect(translationReport(flowTexts(flow), file)).toEqual({ missing: [], stale: [], orphaned: [] });
  });

  it('reports a Dutch edit of one text as stale, with the new and the old Dutch', () => {
    const edited = structuredClone(flow);
    edited.steps[0].title = 'Uw gegevens als abonnee';
    expect(translationReport(flowTexts(edited), file)).toEqual({
      missing: [],
      stale: [{ path: 'steps.stap1.title', text: 'Uw gegevens als abonnee', was: 'Uw gegevens' }],
      orphaned: [],
    });
  });

  it('reports the entry of a removed text as orphaned', () => {
    const edited = structuredClone(flow);
    edited.steps[1].boxes = [];
    expect(translationReport(flowTexts(edited), file)).toEqual({ missing: [], stale: [], orphaned: ['steps.stap2.boxes.let-op.text'] });
  });

  it('reports a new text as missing, also one whose entry has no English', () => {
    const edited = structuredClone(flow);
    edited.confirmation.blocks.push({ kind: 'paragraph', text: 'Nieuwe alinea.' });
    const withEmpty = { ...file, title: { nl: 'Proefaanvraag', en: '' } };
    expect(translationReport(flowTexts(edited), withEmpty).missing).toEqual([
      { path: 'title', text: 'Proefaanvraag' },
      { path: 'confirmation.blocks.nieuwe-alinea.text', text: 'Nieuwe alinea.' },
    ]);
  });

  it('follows a moved step by its id, not by its place', () => {
    const moved = { ...flow, steps: [flow.steps[1], flow.steps[0]] };
    expect(translationReport(flowTexts(moved), file)).toEqual({ missing: [], stale: [], orphaned: [] });
  });
});

describe('definitions', () => {
  const adres = {
    $id: 'urn:uzi-portaal:veld:adres',
    title: 'Adres',
    type: 'object',
    properties: {
      land: { type: 'string', title: 'Land', 'x-options': 'Landen', default: 'NL' },
      postcode: { $ref: 'urn:uzi-portaal:veld:postcode', 'x-visibleIf': { '==': [{ var: './land' }, 'NL'] } },
    },
    'x-messages': { required: 'Vul het adres in.' },
    'x-ui': { land: { 'ui:widget': 'Select', 'ui:help': 'Kies het land.' } },
  };

  it('prefixes the paths of a definition’s texts with its file base name', () => {
    expect(path(definitionTexts('adres', adres))).toEqual({
      'adres.title': 'Adres',
      'adres.properties.land.title': 'Land',
      'adres.x-messages.required': 'Vul het adres in.',
      'adres.x-ui.land.ui:help': 'Kies het land.',
    });
  });

  it('translates with the entries under its own name only', () => {
    const file: TranslationFile = {
      'adres.properties.land.title': { nl: 'Land', en: 'Country' },
      'postcode.title': { nl: 'Adres', en: 'Not this one' },
    };
    const english = translateDefinition('adres', adres, file);
    expect(english.properties.land.title).toBe('Country');
    expect(english.title).toBe('Adres');
    expect(english.$id).toBe(adres.$id);
  });
});

describe('reference data', () => {
  const lists = {
    ZorginstellingTypes: [
      { Value: 8, Name: 'Ambulancevoorziening', Description: 'Regionale ambulancevoorziening', Documents: ['Uittreksel', 'Vergunning', 'Identiteitsbewijs'] },
      { Value: 9, Name: 'Overige zorginstelling', AllowedForOptions: [1, 2] },
    ],
    ZonderWaarde: [{ Description: 'Eerste' }, { Description: 'Tweede' }],
    TypeAanvraagOptions: { 'Nieuwe aanvraag': 1, Verlenging: 2 },
  };

  it('names item texts by list, item Value and key, and document lines by their index too', () => {
    expect(path(baseDataTexts(lists))).toEqual({
      'ZorginstellingTypes.8.Name': 'Ambulancevoorziening',
      'ZorginstellingTypes.8.Description': 'Regionale ambulancevoorziening',
      'ZorginstellingTypes.8.Documents.0': 'Uittreksel',
      'ZorginstellingTypes.8.Documents.1': 'Vergunning',
      'ZorginstellingTypes.8.Documents.2': 'Identiteitsbewijs',
      'ZorginstellingTypes.9.Name': 'Overige zorginstelling',
      'ZonderWaarde.0.Description': 'Eerste',
      'ZonderWaarde.1.Description': 'Tweede',
    });
  });

  it('translates item texts, keeps values and numbers, and leaves label maps as written', () => {
    const english = translateBaseData(lists, {
      'ZorginstellingTypes.8.Documents.2': { nl: 'Identiteitsbewijs', en: 'Identity document' },
      'ZorginstellingTypes.9.Name': { nl: 'Overige zorginstelling', en: 'Other healthcare institution' },
      'TypeAanvraagOptions.1': { nl: 'Nieuwe aanvraag', en: 'New application' },
    });
    expect(english.ZorginstellingTypes[0].Documents).toEqual(['Uittreksel', 'Vergunning', 'Identity document']);
    expect(english.ZorginstellingTypes[1]).toEqual({ Value: 9, Name: 'Other healthcare institution', AllowedForOptions: [1, 2] });
    expect(english.TypeAanvraagOptions).toEqual({ 'Nieuwe aanvraag': 1, Verlenging: 2 });
  });

  it('names the labels of a label -> value map by list and value, and translates them apart', () => {
    expect(path(labelMapTexts(lists))).toEqual({ 'TypeAanvraagOptions.1': 'Nieuwe aanvraag', 'TypeAanvraagOptions.2': 'Verlenging' });
    const english = translateLabelMaps(lists, { 'TypeAanvraagOptions.1': { nl: 'Nieuwe aanvraag', en: 'New application' } });
    expect(english.TypeAanvraagOptions).toEqual({ 'New application': 1, Verlenging: 2 });
    expect(english.ZorginstellingTypes).toBe(lists.ZorginstellingTypes);
  });

  it('reports a changed document line as stale at its path', () => {
    const file: TranslationFile = { 'ZorginstellingTypes.8.Documents.1': { nl: 'Vergunning ambulancezorg', en: 'Ambulance care licence' } };
    const report = translationReport(baseDataTexts(lists), file);
    expect(report.stale).toEqual([{ path: 'ZorginstellingTypes.8.Documents.1', text: 'Vergunning', was: 'Vergunning ambulancezorg' }]);
    expect(report.missing).toHaveLength(7);
  });
});
