/**
 * The English sources of the server and the problems `flows:check` reports, over small inline
 * sources: a flow, the definitions it refers to (also through another definition) and its
 * reference data, each with its own path-keyed file.
 */
import { describe, expect, it } from 'vitest';
import { resolveFlow } from '../../renderer/core/resolve';
import { translateFlow, type TranslationFile } from '../../renderer/core/translations';
import type { FlowDocument, JsonSchema } from '../../renderer/core/types';
import { englishSources, translationIssues } from '../../src/server/flows/english';
import type { FlowSources } from '../../src/server/flows/load';

const flow = {
  id: 'proef',
  version: 1,
  scenarios: ['uzi'],
  title: 'Proef',
  headerName: 'Proef',
  baseData: 'proef',
  steps: [
    {
      id: 'stap1',
      title: 'Uw gegevens',
      dataKey: 'stap1',
      schema: {
        type: 'object',
        properties: {
          contact: { $ref: 'urn:veld:contact' },
          soort: { type: 'integer', title: 'Soort', 'x-options': 'Soorten' },
          type: { type: 'integer', title: 'Type', 'x-options': 'Types' },
        },
      },
    },
  ],
  review: { id: 'stap2', title: 'Controleren', submitLabel: 'Versturen' },
  submit: { kind: 'navigate' },
  confirmation: { title: 'Klaar', blocks: [] },
} as unknown as FlowDocument;

const definitions = new Map<string, JsonSchema>([
  ['urn:veld:contact', { $id: 'urn:veld:contact', title: 'Contactgegevens', type: 'object', properties: { telefoon: { $ref: 'urn:veld:telefoon' } } }],
  ['urn:veld:telefoon', { $id: 'urn:veld:telefoon', title: 'Telefoonnummer', type: 'string' }],
  ['urn:veld:bsn', { $id: 'urn:veld:bsn', title: 'BSN', type: 'string' }],
]);

/** The flow's own English file. */
const flowEnglish: TranslationFile = {
  title: { nl: 'Proef', en: 'Trial' },
  headerName: { nl: 'Proef', en: 'Trial' },
  'steps.stap1.title': { nl: 'Uw gegevns', en: 'Your details' },
  'steps.stap1.schema.properties.soort.title': { nl: 'Soort', en: 'Kind' },
  'steps.stap1.schema.properties.type.title': { nl: 'Type', en: 'Type' },
  'review.title': { nl: 'Controleren', en: 'Review' },
  'review.submitLabel': { nl: 'Versturen', en: 'Send' },
  'confirmation.title': { nl: 'Klaar', en: 'Done' },
  'steps.stap9.title': { nl: 'Weg', en: 'Gone' },
};

function sources(): FlowSources {
  return {
    definitions,
    definitionNames: new Map([
      ['urn:veld:contact', 'contact'],
      ['urn:veld:telefoon', 'telefoonnummer'],
      ['urn:veld:bsn', 'bsn'],
    ]),
    baseData: { proef: { Soorten: [{ Value: 1, Name: 'Eerste soort' }], Types: { 'Nieuw type': 7 } } },
    translations: {
      definitions: {
        'contact.title': { nl: 'Contactgegevens', en: 'Contact details' },
        'oud.title': { nl: 'Oud', en: 'Old' },
      },
      baseData: {
        proef: { 'Soorten.1.Name': { nl: 'Eerste soort', en: 'First kind' }, 'Types.7': { nl: 'Nieuw type', en: 'New type' } },
      },
    },
  };
}

describe('englishSources', () => {
  const english = englishSources(sources());

  it('translates written documents, definitions and reference data each with its own file', () => {
    expect(translateFlow(flow, flowEnglish).title).toBe('Trial');
    // English written for an older Dutch text is not served: the step title stays Dutch until it is confirmed.
    expect(translateFlow(flow, flowEnglish).steps[0].title).toBe('Uw gegevens');
    expect(english.definitions.get('urn:veld:contact')?.title).toBe('Contact details');
    expect(english.definitions.get('urn:veld:telefoon')?.title).toBe('Telefoonnummer');
    expect(english.baseData.proef.Soorten).toEqual([{ Value: 1, Name: 'First kind' }]);
  });

  it('serves label -> value maps as written, but resolves fields with their English labels', () => {
    expect(english.baseData.proef.Types).toEqual({ 'Nieuw type': 7 });
    const resolved = resolveFlow(translateFlow(flow, flowEnglish), { definitions: english.definitions, lists: english.lists.proef });
    const properties = resolved.steps[0].schema.properties ?? {};
    expect(properties.contact.title).toBe('Contact details');
    expect(properties.soort['x-enumNames']).toEqual(['First kind']);
    expect(properties.type['x-enumNames']).toEqual(['New type']);
  });
});

describe('translationIssues', () => {
  const problems = (changed = sources()) => {
    const issues = translationIssues(changed, flow, flowEnglish);
    const of = (kind: string) => issues.filter((issue) => issue.kind === kind).map((issue) => `${issue.file}: ${issue.path}: ${issue.message}`);
    return { missing: of('missing'), stale: of('stale'), orphaned: of('orphaned') };
  };

  it('reports a changed Dutch source as stale with the file, the path and both Dutch texts', () => {
    expect(problems().stale).toEqual([
      'flows/i18n/proef.en.json: steps.stap1.title: de Nederlandse tekst is gewijzigd sinds de vertaling ("Uw gegevens" was "Uw gegevns"); tot de vertaling is bijgewerkt, krijgen aanvragers de Nederlandse tekst',
    ]);
  });

  it('reports missing English of the definitions the flow refers to, also through another definition, and not of others', () => {
    expect(problems().missing).toEqual(['schemas/velden/i18n/en.json: telefoonnummer.title: geen Engelse vertaling van "Telefoonnummer"']);
  });

  it('reports English of texts that no longer exist as orphaned', () => {
    expect(problems().orphaned).toEqual([
      'flows/i18n/proef.en.json: steps.stap9.title: deze tekst bestaat niet meer; verwijder de vertaling',
      'schemas/velden/i18n/en.json: oud.title: deze tekst bestaat niet meer; verwijder de vertaling',
    ]);
  });

  it('reports the flow’s reference data', () => {
    const changed = sources();
    changed.baseData.proef = {
      Soorten: [
        { Value: 1, Name: 'Eerste soort' },
        { Value: 2, Name: 'Tweede soort' },
      ],
      Types: { 'Nieuw type': 7 },
    };
    expect(problems(changed).missing).toContain('data/base-data/i18n/proef.en.json: Soorten.2.Name: geen Engelse vertaling van "Tweede soort"');
  });
});
