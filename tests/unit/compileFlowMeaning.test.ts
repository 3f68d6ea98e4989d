/**
 * The pipeline's check of meaning: a definition whose shape is right but that nobody could fill in,
 * or that a rule can no longer mean, is refused — each refusal a sentence for an administrator that
 * names the setting and the field (the JSON pointer stays for the source view). And what the check
 * accepts renders: a field's kind of answer is settled, never left to the widget.
 */
import { describe, expect, it } from 'vitest';
import { createPipeline, type FlowInput } from '../../src/server/flows/pipeline/compileFlow';
import { flowInputs, loadPipelineSources } from '../../src/server/flows/sources';
import { edited, problemsOf, type Json } from '../helpers/flowEdits';

const compile = createPipeline(loadPipelineSources(process.cwd()));
const inputs = flowInputs(process.cwd(), { examples: true });
const flow = (id: string): FlowInput => inputs.find((input) => input.expectedId === id)!;
const DOCUMENTS = flow('aanleveren-documenten');
const PAS = flow('aanvraag-zorgverlenerpas');
const GETALLEN = flow('voorbeeld-getallen');
const ALS_DAN = flow('voorbeeld-als-dan');

/** The refusals of an edited flow as `pointer message`. */
function refusals(input: FlowInput, change: (document: Json) => void): string[] {
  return problemsOf(compile(edited(input, change))).map((problem) => `${problem.pointer} ${problem.message}`);
}

/** A field `probe` added to the first step of voorbeeld-getallen. */
const probe = (schema: Json, ui?: Json) =>
  refusals(GETALLEN, (document) => {
    document.steps[0].schema.properties.probe = schema;
    if (ui) document.steps[0].uiSchema.probe = ui;
  });
/** Whether voorbeeld-getallen compiles with the field `probe` added. */
const accepts = (schema: Json) => compile(edited(GETALLEN, (document) => (document.steps[0].schema.properties.probe = schema))).ok;
const AT = '/steps/0/schema/properties/probe';
const UI = '/steps/0/uiSchema/probe';
const STEP = '(stap ‘Getallen’)';

describe('every field can be filled in', () => {
  it('refuses a minimum length above the maximum, in the words of the back office', () => {
    expect(refusals(DOCUMENTS, (document) => (document.steps[1].schema.properties.aanvraagTypeWijziging.minLength = 250))).toEqual([
      '/steps/1/schema/properties/aanvraagTypeWijziging/minLength Minimale lengte (250) is groter dan Maximale lengte (200) bij ‘Soort wijziging’ (stap ‘Documenten’); niemand kan dit veld invullen.',
    ]);
  });

  it('refuses number bounds that leave no number, no whole number, or no multiple', () => {
    expect(probe({ type: 'number', title: 'Bedrag', minimum: 10, maximum: 5 })).toEqual([
      `${AT}/minimum Minimum (10) bij ‘Bedrag’ ${STEP} laat met Maximum (5) geen enkel getal over; niemand kan dit veld invullen.`,
    ]);
    expect(probe({ type: 'number', title: 'Bedrag', exclusiveMinimum: 5, maximum: 5 })).toEqual([
      `${AT}/exclusiveMinimum Ondergrens (niet toegestaan) (5) bij ‘Bedrag’ ${STEP} laat met Maximum (5) geen enkel getal over; niemand kan dit veld invullen.`,
    ]);
    expect(probe({ type: 'integer', title: 'Aantal', minimum: 1.2, maximum: 1.8 })).toEqual([
      `${AT}/minimum Er is geen geheel getal binnen Minimum (1,2) en Maximum (1,8) bij ‘Aantal’ ${STEP}; niemand kan dit veld invullen.`,
    ]);
    expect(probe({ type: 'number', title: 'Bedrag', minimum: 1, maximum: 4, multipleOf: 5 })).toEqual([
      `${AT}/multipleOf Er is geen veelvoud van 5 binnen Minimum (1) en Maximum (4) bij ‘Bedrag’ ${STEP}; niemand kan dit veld invullen.`,
    ]);
    expect(accepts({ type: 'number', title: 'Bedrag', minimum: 1, maximum: 5, multipleOf: 2.5 })).toBe(true);
    expect(accepts({ type: 'integer', title: 'Aantal', minimum: 1, maximum: 4, multipleOf: 1.5 })).toBe(true);
  });

  it('refuses a pattern that does not compile for the portal, and one that no text within the lengths matches', () => {
    expect(probe({ type: 'string', title: 'Code', pattern: '^[a-z' })).toEqual([
      `${AT}/pattern Patroon bij ‘Code’ ${STEP} is geen geldig patroon (reguliere expressie).`,
    ]);
    expect(probe({ type: 'string', title: 'Code', pattern: '^[\\w-.]+$' })).toEqual([
      `${AT}/pattern Patroon bij ‘Code’ ${STEP} is geen geldige reguliere expressie voor de portal (die leest patronen als Unicode); controleer tekens als \\- en \\/.`,
    ]);
    expect(probe({ type: 'string', title: 'Code', pattern: '^\\d{4}$', minLength: 5 })).toEqual([
      `${AT}/pattern Patroon bij ‘Code’ ${STEP} past alleen teksten van 4 tekens, en dat botst met Minimale lengte (5); niemand kan dit veld invullen.`,
    ]);
    expect(probe({ type: 'string', title: 'Postcode', format: 'postcode', maxLength: 5 })).toEqual([
      `${AT}/maxLength Maximale lengte (5) bij ‘Postcode’ ${STEP} past niet bij Soort tekst ‘postcode’: zo’n waarde heeft 6 tot 7 tekens.`,
    ]);
    expect(accepts({ type: 'string', title: 'Code', pattern: '^[A-Z]{2}\\d{2}$', maxLength: 4 })).toBe(true);
  });

  it('warns about a pattern it cannot make a text for, until a test case shows a value that fits', () => {
    const pattern = '^(?=.*\\d)[a-z\\d]{6,}$';
    const result = compile(edited(GETALLEN, (document) => (document.steps[0].schema.properties.probe = { type: 'string', title: 'Code', pattern })));
    expect(result.ok && result.warnings.map((warning) => `${warning.pointer} ${warning.message}`)).toContain(
      `${AT}/pattern Patroon bij ‘Code’ ${STEP} kon niet worden nagegaan: de controle kan er zelf geen passende tekst bij maken. Voeg een testgeval toe met een geldige waarde voor dit veld.`,
    );
    const withSample = createPipeline({ ...loadPipelineSources(process.cwd()), samples: () => [{ getallen: { probe: 'abc123' } }] });
    const proven = withSample(edited(GETALLEN, (document) => (document.steps[0].schema.properties.probe = { type: 'string', title: 'Code', pattern })));
    expect(proven.ok && proven.warnings.some((warning) => warning.pointer === `${AT}/pattern`)).toBe(false);
  });

  it('refuses choices of another kind than the field, a choice its own field refuses, and a multiple choice asking more than it offers', () => {
    expect(probe({ type: 'integer', title: 'Keuze', enum: [1, 'twee'] })).toEqual([
      `${AT}/enum De keuze ‘twee’ bij ‘Keuze’ ${STEP} is geen geheel getal, terwijl het soort antwoord dat wel is.`,
    ]);
    expect(probe({ type: 'string', title: 'Soort', enum: ['Nieuw', 'Wijziging'], maxLength: 5 })).toEqual([
      `${AT}/enum De keuze ‘Wijziging’ bij ‘Soort’ ${STEP} voldoet niet aan de andere instellingen van het veld (het is langer dan Maximale lengte (5)); wie haar kiest, kan niet verder.`,
    ]);
    expect(probe({ type: 'array', title: 'Beroepen', uniqueItems: true, minItems: 3, items: { type: 'string', enum: ['arts', 'tandarts'] } })).toEqual([
      `${AT}/minItems Minimaal aantal (3) bij ‘Beroepen’ ${STEP} is groter dan het aantal keuzes (2); niemand kan dit veld invullen.`,
    ]);
    expect(
      probe({ type: 'array', title: 'Beroepen', uniqueItems: true, minItems: 2, maxItems: 1, items: { type: 'string', enum: ['arts', 'tandarts'] } }),
    ).toEqual([`${AT}/minItems Minimaal aantal (2) is groter dan Maximaal aantal (1) bij ‘Beroepen’ ${STEP}; niemand kan dit veld invullen.`]);
  });

  it('refuses a default or a fixed value that its own field refuses', () => {
    expect(probe({ type: 'string', title: 'Code', maxLength: 2, default: 'abc' })).toEqual([
      `${AT}/default Standaardwaarde ‘abc’ bij ‘Code’ ${STEP} past niet bij het veld: het is langer dan Maximale lengte (2).`,
    ]);
    expect(probe({ type: 'integer', title: 'Aantal', minimum: 1, default: 0 })).toEqual([
      `${AT}/default Standaardwaarde 0 bij ‘Aantal’ ${STEP} past niet bij het veld: het is kleiner dan Minimum (1).`,
    ]);
    expect(probe({ type: 'string', title: 'Land', enum: ['NL', 'BE'], const: 'DE' })).toEqual([
      `${AT}/const Vaste waarde ‘DE’ bij ‘Land’ ${STEP} past niet bij het veld: het is geen van de keuzes; niemand kan dit veld invullen.`,
    ]);
  });

  it('checks the default of the field a dependency is about against the field, not against the value each case stands for', () => {
    const withDefault = (value: string) => (document: Json) => (document.steps[0].schema.definitions.huisdieren.properties.heeftHuisdieren.default = value);
    expect(compile(edited(flow('voorbeeld-afhankelijkheden'), withDefault('nee'))).ok).toBe(true);
    expect(refusals(flow('voorbeeld-afhankelijkheden'), withDefault('veel'))).toEqual([
      expect.stringMatching(/Standaardwaarde ‘veel’ bij ‘Heeft u huisdieren\?’ .* het is geen van de keuzes/),
    ]);
  });

  it('refuses an impossible field in a branch of a condition too', () => {
    expect(refusals(ALS_DAN, (document) => (document.steps[0].schema.then.properties.jaren.minimum = 90))).toEqual([
      '/steps/0/schema/then/properties/jaren/minimum Minimum (90) bij ‘Hoeveel jaar ervaring heeft u?’ (stap ‘Uw dier’) laat met Maximum (80) geen enkel getal over; niemand kan dit veld invullen.',
    ]);
  });
});

describe('every value a rule compares a field with is one it can have', () => {
  const pasStep = (document: Json, field: string): Json => document.steps.find((step: Json) => step.schema.properties?.[field]);

  it('refuses a rule that compares with a removed option, naming the option texts left', () => {
    const said = refusals(
      PAS,
      (document) =>
        (pasStep(document, 'kwaliteitsregister').schema.properties.kwaliteitsregister = { type: 'integer', title: 'Kwaliteitsregister', enum: [1, 3, 4] }),
    );
    expect(said).toContain(
      '/steps/1/visibleIf/kwaliteitsregisterRegistratienummer De regel ‘Wanneer tonen’ bij ‘Inschrijfnummer {registerAfkorting}-register’ (stap ‘Gegevens pashouder’) vergelijkt ‘Kwaliteitsregister’ met 2, maar dat is geen van de keuzes (1, 3, 4).',
    );
    expect(said).toContain(
      '/variables/registerLengte De regel bij variabele ‘registerLengte’ vergelijkt ‘Kwaliteitsregister’ met 2, maar dat is geen van de keuzes (1, 3, 4).',
    );
  });

  it('refuses a rule that compares a question turned from yes/no into text with true', () => {
    const said = refusals(PAS, (document) => {
      const step = pasStep(document, 'isAbonnee');
      step.schema.properties.isAbonnee = { type: 'string', title: 'Is uw organisatie al abonnee?' };
      delete step.uiSchema?.isAbonnee;
    });
    expect(said).toContain(
      '/steps/0/visibleIf/abonneeNummer De regel ‘Wanneer tonen’ bij ‘Abonneenummer’ (stap ‘Gegevens aanvrager’) vergelijkt ‘Is uw organisatie al abonnee?’ (een tekst) met ja (true), en dat kan het antwoord nooit zijn.',
    );
  });

  it('refuses a rule comparing a number choice with text, and a condition of the schema testing a removed option', () => {
    expect(
      refusals(DOCUMENTS, (document) => (document.steps[1].visibleIf.aanvraagTypeAnders = { '==': [{ var: 'documenten.aanvraagType' }, '5'] })).some((line) =>
        line.includes('vergelijkt ‘Type aanvraag’ met ‘5’, maar de keuzes zijn getallen; gebruik dezelfde soort waarde'),
      ),
    ).toBe(true);
    expect(refusals(ALS_DAN, (document) => (document.steps[0].schema.properties.dier.enum = ['kat', 'hond']))).toEqual([
      '/steps/0/schema/allOf/1/if/properties/dier De voorwaarde bij ‘Welk dier heeft u?’ (stap ‘Uw dier’) vergelijkt ‘Welk dier heeft u?’ met ‘vis’, maar dat is geen van de keuzes (‘kat’, ‘hond’).',
    ]);
  });
});

describe('a format the portal has no check for', () => {
  it('is refused by name in Dutch, with the formats it knows, instead of the validator’s English', () => {
    const [refusal] = probe({ type: 'string', title: 'Tijdstip', format: 'tijdstip' });
    expect(refusal).toMatch(
      new RegExp(
        `^${AT}/format Het formaat ‘tijdstip’ bij ‘Tijdstip’ \\(stap ‘Getallen’\\) kent het portaal niet; bekende formaten: .*\\bdate\\b.*\\bdate-time\\b.*\\bemail\\b.*\\btime\\b`,
      ),
    );
    expect(refusal).not.toMatch(/unknown format/);
  });

  it('takes time and date-time with their own fields, and rjsf’s names for them and for alt-date and toggle', () => {
    const result = compile(
      edited(GETALLEN, (document) => {
        const { properties } = document.steps[0].schema;
        properties.tijd = { type: 'string', title: 'Tijd', format: 'time' };
        properties.moment = { type: 'string', title: 'Moment', format: 'date-time' };
        properties.andereTijd = { type: 'string', title: 'Andere tijd', format: 'time' };
        properties.anderMoment = { type: 'string', title: 'Ander moment', format: 'date-time' };
        properties.datum = { type: 'string', title: 'Datum', format: 'date' };
        properties.aan = { type: 'boolean', title: 'Aan' };
        Object.assign(document.steps[0].uiSchema, {
          andereTijd: { 'ui:widget': 'TimeWidget' },
          anderMoment: { 'ui:widget': 'alt-datetime' },
          datum: { 'ui:widget': 'alt-date' },
          aan: { 'ui:widget': 'toggle' },
        });
      }),
    );
    expect(result.ok ? [] : result.problems.map((problem) => problem.message)).toEqual([]);
    if (!result.ok) return;
    const widgetOf = (field: string) => (result.flow.content.documents.nl.steps[0].uiSchema![field] as Json)['ui:widget'];
    expect(['tijd', 'moment', 'andereTijd', 'anderMoment', 'datum', 'aan'].map(widgetOf)).toEqual([
      'TimeInput',
      'DateTimeInput',
      'TimeInput',
      'DateTimeInput',
      'DateParts',
      'Switch',
    ]);
  });

  it('warns of rjsf’s options of alt-date and alt-datetime that change nothing here, and leaves them out', () => {
    const result = compile(
      edited(GETALLEN, (document) => {
        document.steps[0].schema.properties.datum = { type: 'string', title: 'Datum', format: 'date' };
        document.steps[0].schema.properties.moment = { type: 'string', title: 'Moment', format: 'date-time' };
        document.steps[0].uiSchema.datum = { 'ui:widget': 'alt-date', 'ui:options': { yearsRange: [1980, 2030], format: 'MDY', autocomplete: 'bday' } };
        document.steps[0].uiSchema.moment = { 'ui:widget': 'alt-datetime', 'ui:options': { hideNowButton: true, hideClearButton: true } };
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const said = result.warnings.map((warning) => `${warning.pointer} ${warning.message}`);
    expect(said).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^\/steps\/0\/uiSchema\/datum\/ui:options\/yearsRange .*de weergave-instelling ‘yearsRange’ heeft hier geen effect: het jaar wordt ingetypt/,
        ),
        expect.stringMatching(/^\/steps\/0\/uiSchema\/datum\/ui:options\/format .*de volgorde is altijd dag, maand, jaar/),
        expect.stringMatching(/^\/steps\/0\/uiSchema\/moment\/ui:options\/hideNowButton /),
        expect.stringMatching(/^\/steps\/0\/uiSchema\/moment\/ui:options\/hideClearButton /),
      ]),
    );
    const ui = result.flow.content.documents.nl.steps[0].uiSchema!;
    expect(ui.datum).toMatchObject({ 'ui:widget': 'DateParts', 'ui:options': { autocomplete: 'bday' } });
    expect((ui.datum as Json)['ui:options']).toEqual({ autocomplete: 'bday' });
    expect((ui.moment as Json)['ui:options']).toEqual({});
  });

  it('refuses a date, time or date-and-time field without the format of what it stores', () => {
    expect(probe({ type: 'string', title: 'Datum' }, { 'ui:widget': 'alt-date' })).toEqual([
      `${UI} Bij ‘Datum’ ${STEP}: de weergave DateParts slaat een waarde op van het formaat ‘date’: geef het veld "format": "date".`,
    ]);
    expect(probe({ type: 'string', title: 'Tijd', format: 'date' }, { 'ui:widget': 'time' })).toEqual([
      `${UI} Bij ‘Tijd’ ${STEP}: de weergave TimeInput slaat een waarde op van het formaat ‘time’: geef het veld "format": "time".`,
    ]);
    expect(probe({ type: 'string', title: 'Moment' }, { 'ui:widget': 'datetime' })).toEqual([
      `${UI} Bij ‘Moment’ ${STEP}: de weergave DateTimeInput slaat een waarde op van het formaat ‘date-time’: geef het veld "format": "date-time".`,
    ]);
  });

  it('refuses file contents in the data (data-url), pointing to the file field', () => {
    expect(probe({ type: 'string', title: 'Bijlage', format: 'data-url' })).toEqual([
      `${AT}/format Bestandsinhoud in de gegevens (format ‘data-url’) bij ‘Bijlage’ ${STEP} wordt niet ondersteund: een bestand gaat met een bestandsveld mee (x-files, de weergave FileUpload), niet als tekst in de gegevens.`,
    ]);
  });
});

describe('a field without a type, or that cannot hold an answer', () => {
  it('settles the type of a field known only by its choices, and its widget, in the document the browser gets', () => {
    const result = compile(edited(GETALLEN, (document) => (document.steps[0].schema.properties.kleur = { title: 'Kleur', enum: ['rood', 'groen'] })));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    for (const lang of ['nl', 'en'] as const) {
      const step = result.flow.content.documents[lang].steps[0];
      expect(step.schema.properties!.kleur).toMatchObject({ type: 'string', enum: ['rood', 'groen'] });
      expect(step.uiSchema!.kleur).toMatchObject({ 'ui:widget': 'Select' });
    }
  });

  it('takes a field of type null (a text between the fields) and named choices that are objects, as rjsf does', () => {
    expect(accepts({ type: 'null', title: 'Niets', description: 'Alleen uitleg' })).toBe(true);
    expect(
      accepts({
        title: 'Keuze',
        oneOf: [
          { const: { a: 1 }, title: 'A' },
          { const: { b: 2 }, title: 'B' },
        ],
      }),
    ).toBe(true);
  });

  it('refuses choices that are objects without names, or of another type, or mixed with other kinds', () => {
    expect(probe({ title: 'Keuze', enum: [{ a: 1 }, { b: 2 }] })).toEqual([
      `${AT} Deze stap kan niet worden getoond: de keuzes zijn groepen van gegevens zonder naam; geef elke keuze een naam met ui:enumNames, of schrijf ze als oneOf met const en title bij ‘Keuze’ ${STEP}.`,
    ]);
    expect(probe({ type: 'string', title: 'Keuze', enum: [{ a: 1 }] })).toEqual([
      `${AT}/type Keuzes bij ‘Keuze’ ${STEP} zijn groepen van gegevens, terwijl het soort antwoord tekst is; laat type weg of maak het ‘object’.`,
    ]);
    expect(probe({ title: 'Keuze', enum: [{ a: 1 }, 'b'] })).toEqual([
      `${AT}/enum Keuzes bij ‘Keuze’ ${STEP} moeten teksten, getallen of ja/nee zijn, of alle keuzes groepen van gegevens; 1 keuze is een groep of lijst ({"a":1}).`,
    ]);
  });

  it('refuses choices of mixed kinds, and a field with no kind of answer at all', () => {
    expect(probe({ title: 'Keuze', enum: [1, 'a'] })).toEqual([
      `${AT}/enum Keuzes bij ‘Keuze’ ${STEP} zijn niet van één soort (geheel getal, tekst); geef het soort antwoord op (type) of maak de keuzes van één soort.`,
    ]);
    expect(probe({ title: 'Iets' })).toEqual([
      `${AT} Het soort antwoord (type) bij ‘Iets’ ${STEP} ontbreekt; kies tekst, getal, geheel getal of ja/nee, of geef vaste keuzes.`,
    ]);
  });

  it('refuses a step that could not be shown because a branch turns a field into a kind its widget cannot show', () => {
    expect(
      refusals(ALS_DAN, (document) => {
        document.steps[0].schema.properties.jaren = { type: 'integer', title: 'Jaren' };
        document.steps[0].schema.then.properties.jaren = { type: 'boolean', title: 'Jaren' };
      }),
    ).toContain(
      '/steps/0/schema/then/properties/jaren Deze stap kan niet worden getoond: de weergave NumberInput kan geen ja of nee tonen bij ‘Jaren’ (stap ‘Uw dier’) (in het geval dat een voorwaarde geldt).',
    );
  });
});
