/**
 * The flow pipeline (compileFlow) on the shipped flow files and on broken copies of them: every kind
 * of broken definition is refused with file and line/column or JSON pointer (every problem, not the
 * first), and a Dutch correction is reported as needing new English.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPipeline, type FlowInput } from '../../src/server/flows/pipeline/compileFlow';
import { formatProblem } from '../../src/server/flows/pipeline/problems';
import { flowInputs, loadPipelineSources } from '../../src/server/flows/sources';
import { edited, problemsOf, type Json } from '../helpers/flowEdits';
import { englishAt, flowEnglish } from '../helpers/flowTexts';

const compile = createPipeline(loadPipelineSources(process.cwd()));
const inputs = flowInputs(process.cwd());
const DOCUMENTS = inputs.find((input) => input.expectedId === 'aanleveren-documenten')!;
const ZORGVERLENER = inputs.find((input) => input.expectedId === 'abonneeregistratie-zorgverlener')!;

/** The 1-based line of the first occurrence of `text` in `input`. */
function lineOf(input: FlowInput, text: string): number {
  return input.text.slice(0, input.text.indexOf(text)).split('\n').length;
}

describe('compileFlow', () => {
  it('compiles every shipped flow, with a content hash that does not change between runs', () => {
    for (const input of inputs) {
      const first = compile(input);
      expect(first.ok, input.file).toBe(true);
      const second = compile(input);
      if (first.ok && second.ok) {
        expect(first.flow.hash).toMatch(/^[0-9a-f]{64}$/);
        expect(second.flow.hash).toBe(first.flow.hash);
        expect(Object.keys(first.flow.runtime.modules)).toEqual(first.flow.content.documents.nl.steps.map((step) => step.id));
      }
    }
  });

  it('gives another hash when anything an applicant sees changes', () => {
    const before = compile(DOCUMENTS);
    const after = compile(edited(DOCUMENTS, (document) => (document.steps[0].title = `${document.steps[0].title} (gecorrigeerd)`)));
    expect(before.ok && after.ok && before.flow.hash !== after.flow.hash).toBe(true);
  });

  it('refuses invalid JSON with file, line and column — no stack trace', () => {
    const broken = { ...DOCUMENTS, text: DOCUMENTS.text.replace('"dataKey": "gegevens",', '"dataKey": "gegevens",,') };
    expect(broken.text).not.toBe(DOCUMENTS.text);
    const [problem] = problemsOf(compile(broken));
    expect(problem).toMatchObject({ severity: 'error', file: 'flows/aanleveren-documenten.flow.json', line: lineOf(DOCUMENTS, '"dataKey": "gegevens"') });
    expect(problem.column).toBeGreaterThan(1);
    expect(problem.message).toMatch(
      /^De tekst is geen geldige JSON: er wordt de naam van een instelling verwacht, tussen dubbele aanhalingstekens \(regel \d+, kolom \d+\)\.$/,
    );
    expect(formatProblem(problem)).toMatch(/^flows\/aanleveren-documenten\.flow\.json:\d+:\d+: De tekst is geen geldige JSON/);
  });

  it('refuses every unknown property at once, each with its JSON pointer, its name and its line', () => {
    const input = edited(DOCUMENTS, (document) => {
      document.steps[0].titel = 'Uw gegevens';
      document.steps[1].schema.properties.aanvraag.titel = 'Waarop?';
      document.review.submitLable = 'Versturen';
    });
    const problems = problemsOf(compile(input));
    expect(problems.map((problem) => [problem.pointer, problem.message])).toEqual(
      expect.arrayContaining([
        ['/steps/0/titel', 'De instelling ‘titel’ bestaat niet in stap ‘Uw gegevens’.'],
        ['/steps/1/schema/properties/aanvraag/titel', 'De instelling ‘titel’ bestaat niet bij ‘Waar hebben de documenten betrekking op?’ (stap ‘Documenten’).'],
        ['/review/submitLable', 'De instelling ‘submitLable’ bestaat niet op de controlepagina.'],
      ]),
    );
    const step = problems.find((problem) => problem.pointer === '/steps/0/titel')!;
    expect(step.line).toBe(lineOf(input, '"titel": "Uw gegevens"'));
  });

  it('refuses a missing property, a wrong type and a value outside its list', () => {
    const problems = problemsOf(
      compile(
        edited(DOCUMENTS, (document) => {
          delete document.headerName;
          document.scenarios = ['uzi', 'elders'];
          document.steps[0].dataKey = 12;
        }),
      ),
    );
    const said = problems.map((problem) => `${problem.pointer} ${problem.message}`);
    expect(said).toEqual([
      ' Naam in de kop ontbreekt.',
      '/scenarios/1 Scenario’s moet een van deze waarden zijn: ‘uzi’, ‘zovar’.',
      '/steps/0/dataKey Naam van de stap in de gegevens in stap ‘Uw gegevens’ moet een tekst zijn.',
    ]);
  });

  it('refuses a widget this portal does not have, naming it and where it is', () => {
    const input = edited(DOCUMENTS, (document) => (document.steps[1].uiSchema.aanvraag['ui:widget'] = 'Selectt'));
    const [problem] = problemsOf(compile(input));
    expect(problem.pointer).toBe('/steps/1/uiSchema/aanvraag/ui:widget');
    expect(problem.message).toMatch(
      /^Bij ‘Waar hebben de documenten betrekking op\?’ \(stap ‘Documenten’\): de weergave \(widget\) ‘Selectt’ bestaat niet; bekende weergaven: .*Select/,
    );
    expect(problem.line).toBe(lineOf(input, '"ui:widget": "Selectt"'));
  });

  it("refuses ui:options a widget does not accept, or of the wrong type, after the widget's own description", () => {
    const problems = problemsOf(
      compile(
        edited(DOCUMENTS, (document) => {
          document.steps[0].uiSchema.abonneeNaam['ui:options'].autocmplete = 'organization';
          document.steps[1].uiSchema.documenten['ui:options'].multiple = 'ja';
          document.steps[1].uiSchema.aanvraagTypeWijziging['ui:widget'] = 'Textarea';
          document.steps[1].uiSchema.aanvraagTypeWijziging['ui:options'] = { rows: 'vijf' };
        }),
      ),
    );
    expect(problems.map((problem) => [problem.pointer, problem.message])).toEqual(
      expect.arrayContaining([
        [
          '/steps/0/uiSchema/abonneeNaam/ui:options/autocmplete',
          'Bij ‘Naam abonnee’ (stap ‘Uw gegevens’): de weergave TextInput kent de weergave-instelling ‘autocmplete’ niet.',
        ],
        [
          '/steps/1/uiSchema/documenten/ui:options/multiple',
          'Bij ‘Documenten’ (stap ‘Documenten’): de weergave-instelling ‘multiple’ van de weergave FileUpload moet ja of nee (true of false) zijn.',
        ],
        [
          '/steps/1/uiSchema/aanvraagTypeWijziging/ui:options/rows',
          'Bij ‘Soort wijziging’ (stap ‘Documenten’): de weergave-instelling ‘rows’ van de weergave Textarea moet een geheel getal zijn.',
        ],
      ]),
    );
  });

  it('refuses a widget for the wrong type, a choice widget without choices, a list without a widget and an unknown ui setting', () => {
    const problems = problemsOf(
      compile(
        edited(DOCUMENTS, (document) => {
          document.steps[0].uiSchema.abonneeNaam['ui:widget'] = 'YesNo';
          document.steps[0].uiSchema.naamContactpersoon['ui:widget'] = 'RadioGroup';
          document.steps[1].uiSchema.documenten = {};
          delete document.steps[1].schema.properties.documenten['x-files'];
          document.steps[1].schema.properties.documenten.items = {};
          document.steps[0].uiSchema.abonneeNummer['ui:hlp'] = 'Typfout';
        }),
      ),
    );
    const said = problems.map((problem) => `${problem.pointer} ${problem.message}`);
    expect(said).toEqual(
      expect.arrayContaining([
        '/steps/0/uiSchema/abonneeNaam Bij ‘Naam abonnee’ (stap ‘Uw gegevens’): de weergave YesNo kan geen antwoord van het soort ‘tekst’ tonen (wel: ja of nee).',
        '/steps/0/uiSchema/naamContactpersoon Bij ‘Naam contactpersoon’ (stap ‘Uw gegevens’): de weergave RadioGroup heeft keuzes nodig: vaste keuzes (enum) of een keuzelijst (x-options).',
        '/steps/1/schema/properties/documenten Bij ‘Documenten’ (stap ‘Documenten’): voor deze lijst is niet bekend wat een waarde is: geef items een type (tekst, getal, geheel getal of ja/nee), velden (properties: een herhalende groep) of vaste keuzes (enum met uniqueItems: een meerkeuzevraag).',
        '/steps/0/uiSchema/abonneeNummer/ui:hlp Bij ‘Abonneenummer’ (stap ‘Uw gegevens’): de weergave-instelling ‘ui:hlp’ bestaat niet.',
      ]),
    );
  });

  it('refuses references to nothing: a field definition, an option list, a json-logic var, a field in messages', () => {
    const problems = problemsOf(
      compile(
        edited(DOCUMENTS, (document) => {
          document.steps[0].schema.properties.abonneeNaam.$ref = 'urn:uzi-portaal:veld:organisatienaaam';
          document.steps[1].schema.properties.aanvraag['x-options'] = 'AanvraagOpties';
        }),
      ),
    );
    expect(problems.map((problem) => [problem.pointer, problem.message])).toEqual([
      [
        '/steps/0/schema/properties/abonneeNaam/$ref',
        'Bij ‘Naam abonnee’ (stap ‘Uw gegevens’): het soort veld ‘urn:uzi-portaal:veld:organisatienaaam’ bestaat niet in de gedeelde velddefinities.',
      ],
      [
        '/steps/1/schema/properties/aanvraag/x-options',
        'Bij ‘Waar hebben de documenten betrekking op?’ (stap ‘Documenten’): de keuzelijst ‘AanvraagOpties’ bestaat niet.',
      ],
    ]);
    const vars = problemsOf(
      compile(
        edited(DOCUMENTS, (document) => {
          document.steps[1].visibleIf.aanvraagTypeAnders = { '==': [{ var: 'documenten.aanvraagTyp' }, 5] };
          document.steps[1].messages = { aanvraagSoort: { required: 'Kies een soort.' } };
        }),
      ),
    );
    expect(vars.map((problem) => [problem.pointer, problem.message])).toEqual([
      [
        '/steps/1/messages/aanvraagSoort',
        'Bij ‘aanvraagSoort’ (stap ‘Documenten’): er is een melding voor het veld ‘aanvraagSoort’, maar dat veld bestaat niet.',
      ],
      [
        '/steps/1/visibleIf/aanvraagTypeAnders',
        'Bij ‘Ander type aanvraag’ (stap ‘Documenten’): de regel gebruikt ‘documenten.aanvraagTyp’, maar dat is geen veld, variabele of lijst van deze flow.',
      ],
    ]);
  });

  it("refuses each rule kind's own mistakes: option filter, reset, derive, cross-field rule", () => {
    const problems = problemsOf(
      compile(
        edited(ZORGVERLENER, (document) => {
          const step = document.steps.find((candidate: Json) => candidate.schema.properties.specialisme);
          step.schema.properties.specialisme['x-optionsFilter'].by = 'toetsingsGegevens.beroep';
          step.schema.properties.specialisme['x-optionsFilter'].list = 'Specialismes';
          step.schema.properties.specialisme['x-resetOn'] = ['beroep'];
          step.rules[0].field = 'bignr';
          (step.derive ??= []).push({ field: 'opleiding', when: true, value: 1 });
        }),
      ),
    );
    const messages = problems.map((problem) => problem.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Bij ‘Specialisme’ (stap ‘Toetsingsgegevens’): de lijst ‘Specialismes’ van de beperking van de keuzes bestaat niet.',
        'Bij ‘Specialisme’ (stap ‘Toetsingsgegevens’): de keuzes worden beperkt door het veld ‘toetsingsGegevens.beroep’, maar dat bestaat niet.',
        'Bij ‘Specialisme’ (stap ‘Toetsingsgegevens’): het veld ‘beroep’ in Leegmaken bij wijziging (x-resetOn, velden van dezelfde stap) bestaat niet.',
        'In stap ‘Toetsingsgegevens’: het veld ‘bignr’ in de controle ‘inschrijfnummer-lengte’ bestaat niet.',
        'In stap ‘Toetsingsgegevens’: het veld ‘opleiding’ in een vast antwoord (derive) bestaat niet.',
      ]),
    );
    for (const problem of problems) expect(problem.line, problem.message).toBeGreaterThan(0);
  });

  it('refuses two fields of an upload under one multipart name, and a rename of a field that does not exist', () => {
    const problems = problemsOf(
      compile(
        edited(DOCUMENTS, (document) => {
          document.submit.names = { 'gegevens.abonneeNaam': 'naamContactpersoon', 'gegevens.bestaatNiet': 'x' };
        }),
      ),
    );
    expect(problems.map((problem) => problem.message)).toEqual([
      'Bij het versturen: het veld ‘gegevens.bestaatNiet’ wordt hernoemd, maar dat veld bestaat niet.',
      "Bij ‘Naam contactpersoon’ (stap ‘Uw gegevens’): het veld 'gegevens.naamContactpersoon' wordt verstuurd als 'naamContactpersoon', net als 'gegevens.abonneeNaam'; geef een van beide een andere naam in submit.names.",
    ]);
  });

  it('refuses a document whose id does not match its file name', () => {
    const [problem] = problemsOf(compile(edited(DOCUMENTS, (document) => (document.id = 'aanleveren-document'))));
    expect(problem).toMatchObject({
      pointer: '/id',
      message: 'De code ‘aanleveren-document’ van de flow past niet bij de bestandsnaam (verwacht ‘aanleveren-documenten’).',
    });
  });

  it('publishes a Dutch correction at once but reports its English as out of date, at the line of the English file', () => {
    const english = flowEnglish('aanleveren-documenten');
    const corrected = `${(JSON.parse(DOCUMENTS.text) as Json).steps[0].title as string} als abonnee`;
    const result = compile(edited(DOCUMENTS, (document) => (document.steps[0].title = corrected)));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const stale = result.warnings.filter((warning) => warning.code === 'english-stale');
    expect(stale).toHaveLength(1);
    expect(stale[0]).toMatchObject({ severity: 'warning', file: 'flows/i18n/aanleveren-documenten.en.json', pointer: '/steps.stap1.title' });
    expect(stale[0].line).toBe(lineOf({ ...DOCUMENTS, text: readFileSync('flows/i18n/aanleveren-documenten.en.json', 'utf8') }, '"steps.stap1.title"'));
    // The new Dutch next to the Dutch the English was translated from.
    expect(stale[0].message).toContain(`"${corrected}" was "${english['steps.stap1.title'].nl}"`);
    // The English page does not show the old translation as if it were current: the Dutch text, marked as Dutch.
    expect(result.flow.content.documents.en.steps[0].title).toBe(corrected);
    expect(result.flow.content.documents.en.dutchTexts).toEqual([corrected]);
    expect(result.flow.content.documents.en.title).toBe(englishAt(english, 'title'));
  });

  it('reports a new text without English as missing, and still compiles', () => {
    const result = compile(edited(DOCUMENTS, (document) => document.steps[0].intro.push({ kind: 'paragraph', text: 'Nieuwe uitleg.' })));
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(result.warnings.map((warning) => [warning.code, warning.message])).toEqual([
        ['english-missing', 'steps.stap1.intro.nieuwe-uitleg.text: geen Engelse vertaling van "Nieuwe uitleg."'],
      ]);
  });
});
