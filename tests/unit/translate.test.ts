import { describe, expect, it } from 'vitest';
import { collectTexts, mapTexts, translateDocument } from '../../renderer/core/translate';

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

const translations: Record<string, string> = {
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
  // Identifiers and keywords that must never be translated even when a text happens to match.
  stap1: 'STEP1',
  gegevens: 'DETAILS',
  object: 'OBJECT',
  string: 'STRING',
  email: 'EMAIL',
  keuze: 'CHOICE',
  paragraph: 'PARAGRAPH',
  RadioGroup: 'RADIO',
  'gegevens.keuze': 'X',
};

describe('translateDocument', () => {
  const translated = translateDocument(document, translations);
  const step = translated.steps[0];
  const keuze = step.schema.properties.keuze;

  it('translates titles, texts, list items, x-enumNames, x-messages, step messages, ui help and scenario titles', () => {
    expect(translated.title).toBe('Your details');
    expect(translated.headerName).toBe('Upload documents');
    expect(translated.scenarioTitles).toEqual({ zovar: 'Your details (ZOVAR)' });
    expect(step.title).toBe('Your details');
    expect(step.intro[0]).toEqual({ kind: 'paragraph', text: 'Enter your details.' });
    expect(step.intro[1]).toEqual({ kind: 'list', items: ['Yes', 'No'] });
    expect(step.intro[2]).toEqual({ kind: 'link', text: 'Read more', href: 'https://www.example.nl/Ja' });
    expect(keuze.title).toBe('Choice');
    expect(keuze['x-enumNames']).toEqual(['Yes', 'No']);
    expect(keuze['x-messages']).toEqual({ required: 'Choose Yes or No.' });
    expect(step.messages).toEqual({ email: { format: 'Invalid address.' } });
    expect(step.uiSchema.keuze['ui:help']).toBe('Choose Yes if you are a subscriber.');
  });

  it('leaves identifiers, schema keywords, enum values, defaults and rules alone', () => {
    expect(translated.id).toBe('stap1');
    expect(step.id).toBe('stap1');
    expect(step.dataKey).toBe('gegevens');
    expect(step.schema.type).toBe('object');
    expect(step.schema.required).toEqual(['keuze']);
    expect(keuze.type).toBe('string');
    expect(keuze.enum).toEqual(['Ja', 'Nee']);
    expect(step.schema.properties.email.format).toBe('email');
    expect(step.schema.properties.email.default).toBe('Ja');
    expect(step.intro[0].kind).toBe('paragraph');
    expect(step.uiSchema.keuze['ui:widget']).toBe('RadioGroup');
    expect(step.visibleIf).toEqual({ email: { '==': [{ var: 'gegevens.keuze' }, 'Ja'] } });
    expect(Object.keys(step.schema.properties)).toEqual(['keuze', 'email']);
  });

  it('keeps untranslated texts in Dutch', () => {
    expect(keuze.description).toBe('Maak een keuze.');
    expect(step.schema.properties.email.title).toBe('E-mailadres');
  });

  it('does not change the source document', () => {
    const copy = structuredClone(document);
    translateDocument(document, translations);
    expect(document).toEqual(copy);
  });

  it('with an empty map the document is unchanged', () => {
    expect(translateDocument(document, {})).toEqual(document);
  });

  it('a text that equals an Object.prototype member is not replaced by it', () => {
    expect(translateDocument({ title: 'constructor' }, {})).toEqual({ title: 'constructor' });
  });
});

describe('collectTexts', () => {
  it('lists every translatable text once and nothing else', () => {
    expect(collectTexts(document).sort()).toEqual(
      [
        'Uw gegevens',
        'Uploaden documenten',
        'Uw gegevens (ZOVAR)',
        'Vul uw gegevens in.',
        'Ja',
        'Nee',
        'Lees meer',
        'Keuze',
        'Maak een keuze.',
        'Kies Ja of Nee.',
        'E-mailadres',
        'Kies Ja als u abonnee bent.',
        'Ongeldig adres.',
      ].sort(),
    );
  });

  it('is empty for a document without texts', () => {
    expect(collectTexts({ id: 'x', type: 'object', enum: ['a'] })).toEqual([]);
  });
});

describe('mapTexts', () => {
  it('visits texts of flow-level keys (submit, confirmation, codeMessages)', () => {
    const visited: string[] = [];
    mapTexts(
      {
        submit: { failureMessage: 'Mislukt.', codeHeading: 'Kop', codeMessages: { 'UPKC10V-03': 'Ander bestand.' }, url: '/api/x' },
        review: { submitLabel: 'Versturen', changeLabel: 'Wijzigen' },
        confirmation: { download: { url: '/api/y', errorMessage: 'Fout.', errorSrText: 'Fout sr.' } },
      },
      (text) => {
        visited.push(text);
        return text;
      },
    );
    expect(visited.sort()).toEqual(['Ander bestand.', 'Fout sr.', 'Fout.', 'Kop', 'Mislukt.', 'Versturen', 'Wijzigen'].sort());
  });
});
