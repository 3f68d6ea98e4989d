/**
 * Which values of a flow document count as texts: titles, texts, list items, x-enumNames,
 * x-messages, step messages, ui help and scenario titles are translated; identifiers, schema
 * keywords, enum values, defaults and rules never are, even when they read like a Dutch text.
 */
import { describe, expect, it } from 'vitest';
import { withPartIds } from '../../renderer/core/partIds';
import { flowTexts, translateFlow, type TranslationFile } from '../../renderer/core/translations';

const document = {
  id: 'stap1',
  title: 'Uw gegevens',
  headerName: 'Uploaden documenten',
  scenarioTitles: { zovar: 'Uw gegevens (ZOVAR)' },
  steps: [
    {
      id: 'stap1',
      title: 'Uw gegevens',
      dataKey: 'gegevens',
      intro: [
        { kind: 'paragraph', text: 'Vul uw gegevens in.' },
        { kind: 'list', items: ['Ja', 'Nee'] },
        { kind: 'link', text: 'Lees meer', href: 'https://www.example.nl/Ja' },
      ],
      schema: {
        type: 'object',
        required: ['keuze'],
        properties: {
          keuze: {
            type: 'string',
            title: 'Keuze',
            description: 'Maak een keuze.',
            enum: ['Ja', 'Nee'],
            'x-enumNames': ['Ja', 'Nee'],
            'x-messages': { required: 'Kies Ja of Nee.' },
          },
          email: { type: 'string', format: 'email', title: 'E-mailadres', default: 'Ja' },
        },
      },
      uiSchema: { keuze: { 'ui:widget': 'RadioGroup', 'ui:help': 'Kies Ja als u abonnee bent.' } },
      visibleIf: { email: { '==': [{ var: 'gegevens.keuze' }, 'Ja'] } },
      messages: { email: { format: 'Ongeldig adres.' } },
    },
  ],
};

const english: Record<string, string> = {
  'Uw gegevens': 'Your details',
  'Uploaden documenten': 'Upload documents',
  'Uw gegevens (ZOVAR)': 'Your details (ZOVAR)',
  'Vul uw gegevens in.': 'Enter your details.',
  Ja: 'Yes',
  Nee: 'No',
  'Lees meer': 'Read more',
  Keuze: 'Choice',
  'Kies Ja of Nee.': 'Choose Yes or No.',
  'Kies Ja als u abonnee bent.': 'Choose Yes if you are a subscriber.',
  'Ongeldig adres.': 'Invalid address.',
};

/** A translation file of `doc` with the English above for every text that has one. */
function fileFor(doc: unknown): TranslationFile {
  return Object.fromEntries(
    flowTexts(doc)
      .filter(({ text }) => text in english)
      .map(({ path, text }) => [path, { nl: text, en: english[text] }]),
  );
}

describe('translateFlow', () => {
  const translated = translateFlow(document, fileFor(document));
  const step = translated.steps[0];
  const keuze = step.schema.properties.keuze;

  it('translates titles, texts, list items, x-enumNames, x-messages, step messages, ui help and scenario titles', () => {
    expect(translated.title).toBe('Your details');
    expect(translated.headerName).toBe('Upload documents');
    expect(translated.scenarioTitles).toEqual({ zovar: 'Your details (ZOVAR)' });
    expect(step.title).toBe('Your details');
    // Each part gets the id the pipeline gives it; a list's plain items become `{ id, text }`.
    expect(step.intro[0]).toEqual({ id: 'vul-uw-gegevens-in', kind: 'paragraph', text: 'Enter your details.' });
    expect(step.intro[1]).toEqual({
      id: 'ja',
      kind: 'list',
      items: [
        { id: 'ja', text: 'Yes' },
        { id: 'nee', text: 'No' },
      ],
    });
    expect(step.intro[2]).toEqual({ id: 'lees-meer', kind: 'link', text: 'Read more', href: 'https://www.example.nl/Ja' });
    expect(keuze.title).toBe('Choice');
    expect(keuze['x-enumNames']).toEqual(['Yes', 'No']);
    expect(keuze['x-messages']).toEqual({ required: 'Choose Yes or No.' });
    expect(step.messages).toEqual({ email: { format: 'Invalid address.' } });
    expect(step.uiSchema.keuze['ui:help']).toBe('Choose Yes if you are a subscriber.');
  });

  it('leaves identifiers, schema keywords, enum values, defaults and rules alone', () => {
    // Entries at the paths of non-texts are never applied.
    const everywhere: TranslationFile = {
      ...fileFor(document),
      id: { nl: 'stap1', en: 'STEP1' },
      'steps.stap1.id': { nl: 'stap1', en: 'STEP1' },
      'steps.stap1.dataKey': { nl: 'gegevens', en: 'DETAILS' },
      'steps.stap1.schema.type': { nl: 'object', en: 'OBJECT' },
      'steps.stap1.schema.properties.keuze.enum.0': { nl: 'Ja', en: 'YES' },
      'steps.stap1.schema.properties.email.default': { nl: 'Ja', en: 'YES' },
      'steps.stap1.intro.0.kind': { nl: 'paragraph', en: 'PARAGRAPH' },
      'steps.stap1.uiSchema.keuze.ui:widget': { nl: 'RadioGroup', en: 'RADIO' },
      'steps.stap1.visibleIf.email.==.1': { nl: 'Ja', en: 'YES' },
    };
    const result = translateFlow(document, everywhere);
    const resultStep = result.steps[0];
    expect(result.id).toBe('stap1');
    expect(resultStep.id).toBe('stap1');
    expect(resultStep.dataKey).toBe('gegevens');
    expect(resultStep.schema.type).toBe('object');
    expect(resultStep.schema.required).toEqual(['keuze']);
    expect(resultStep.schema.properties.keuze.type).toBe('string');
    expect(resultStep.schema.properties.keuze.enum).toEqual(['Ja', 'Nee']);
    expect(resultStep.schema.properties.email.format).toBe('email');
    expect(resultStep.schema.properties.email.default).toBe('Ja');
    expect(resultStep.intro[0].kind).toBe('paragraph');
    expect(resultStep.uiSchema.keuze['ui:widget']).toBe('RadioGroup');
    expect(resultStep.visibleIf).toEqual({ email: { '==': [{ var: 'gegevens.keuze' }, 'Ja'] } });
    expect(Object.keys(resultStep.schema.properties)).toEqual(['keuze', 'email']);
  });

  it('keeps untranslated texts in Dutch', () => {
    expect(keuze.description).toBe('Maak een keuze.');
    expect(step.schema.properties.email.title).toBe('E-mailadres');
  });

  it('does not change the source document', () => {
    const copy = structuredClone(document);
    translateFlow(document, fileFor(document));
    expect(document).toEqual(copy);
  });

  it('with an empty file the document is unchanged, apart from the ids of its parts', () => {
    expect(translateFlow(document, {})).toEqual(withPartIds(document));
  });

  it('a text that equals an Object.prototype member stays as it is', () => {
    expect(translateFlow({ title: 'constructor' }, {})).toEqual({ title: 'constructor' });
  });
});

describe('flowTexts', () => {
  it('lists every translatable text and nothing else', () => {
    expect(
      flowTexts(document)
        .map(({ text }) => text)
        .sort(),
    ).toEqual(
      [
        'Uw gegevens',
        'Uploaden documenten',
        'Uw gegevens (ZOVAR)',
        'Uw gegevens',
        'Vul uw gegevens in.',
        'Ja',
        'Nee',
        'Lees meer',
        'Keuze',
        'Maak een keuze.',
        'Ja',
        'Nee',
        'Kies Ja of Nee.',
        'E-mailadres',
        'Kies Ja als u abonnee bent.',
        'Ongeldig adres.',
      ].sort(),
    );
  });

  it('is empty for a document without texts', () => {
    expect(flowTexts({ id: 'x', type: 'object', enum: ['a'] })).toEqual([]);
  });

  it('finds texts of flow-level keys (submit, review, confirmation, codeMessages)', () => {
    const texts = flowTexts({
      submit: { failureMessage: 'Mislukt.', codeHeading: 'Kop', codeMessages: { 'UPKC10V-03': 'Ander bestand.' }, url: '/api/x' },
      review: { submitLabel: 'Versturen', changeLabel: 'Wijzigen' },
      confirmation: { download: { url: '/api/y', errorMessage: 'Fout.', errorSrText: 'Fout sr.' } },
    });
    expect(texts.map(({ text }) => text).sort()).toEqual(['Ander bestand.', 'Fout sr.', 'Fout.', 'Kop', 'Mislukt.', 'Versturen', 'Wijzigen'].sort());
  });
});
