/**
 * The JSON Schema constructs the engine cannot show are refused by the flow pipeline by name, at
 * their JSON pointer, with the engine's own way to say the same thing (pipeline/constructs.ts and
 * the design check of rules/conditions.ts); a `ui:widget` settling cannot resolve is refused too.
 * Inputs are the example flows with one construct edited in.
 */
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../renderer/core/types';
import { createPipeline, type FlowInput } from '../../src/server/flows/pipeline/compileFlow';
import { constructFindings } from '../../src/server/flows/pipeline/constructs';
import type { Problem } from '../../src/server/flows/pipeline/problems';
import { edited as editedInput, problemsOf, type Json } from '../helpers/flowEdits';
import { flowInputs, loadPipelineSources } from '../../src/server/flows/sources';
import { makeFlow } from './support';

const compile = createPipeline(loadPipelineSources(process.cwd()));
const inputs = flowInputs(process.cwd(), { examples: true });

function example(id: string): FlowInput {
  const input = inputs.find((candidate) => candidate.expectedId === id);
  if (!input) throw new Error(`geen flow ${id}`);
  return input;
}

/** The example flow `id` with its document changed. */
function edited(id: string, change: (document: Json) => void): FlowInput {
  return editedInput(example(id), change);
}

/** The problem at `pointer` of the edited flow (refused); fails when there is none. */
function problemAt(id: string, change: (document: Json) => void, pointer: string): Problem {
  const problems = problemsOf(compile(edited(id, change)));
  const found = problems.find((problem) => problem.pointer === pointer);
  if (!found) throw new Error(`geen probleem op ${pointer}; wel: ${problems.map((problem) => `${problem.pointer} ${problem.message}`).join(' | ')}`);
  expect(found.severity).toBe('error');
  return found;
}

const HERHALEND = 'voorbeeld-herhalende-groep';
const personItems = (document: Json): Json => document.steps[0].schema.properties.personen.items;
const ITEMS = '/steps/0/schema/properties/personen/items';
const TAKEN = '/steps/1/schema';

describe('the example flows', () => {
  it('all compile (the edits below are the only cause of a refusal)', () => {
    for (const input of inputs.filter((candidate) => candidate.file.startsWith('flows/voorbeelden/'))) expect(compile(input).ok, input.file).toBe(true);
  });
});

describe('conditions inside a repeating group', () => {
  const advice = 'gebruik visibleIf met ./veld (relatief aan het item) en rules';

  it('refuses if/then/else in items, pointing to visibleIf with ./veld and rules', () => {
    const problem = problemAt(
      HERHALEND,
      (document) => {
        personItems(document).if = { properties: { heeftBsn: { const: true } }, required: ['heeftBsn'] };
        personItems(document).then = { required: ['bsn'] };
      },
      ITEMS,
    );
    expect(problem.message).toContain(`if/then/else binnen een herhalende groep wordt niet ondersteund; ${advice}`);
  });

  it('refuses an if inside allOf in items', () => {
    const change = (document: Json) =>
      (personItems(document).allOf = [{ if: { properties: { heeftBsn: { const: true } }, required: ['heeftBsn'] }, then: { required: ['bsn'] } }]);
    expect(problemAt(HERHALEND, change, ITEMS).message).toMatch(/if\/then\/else binnen een herhalende groep/);
  });

  it('refuses dependencies and dependentRequired in items', () => {
    expect(problemAt(HERHALEND, (document) => (personItems(document).dependencies = { naam: ['bsn'] }), ITEMS).message).toContain(
      `dependencies binnen een herhalende groep wordt niet ondersteund; ${advice}`,
    );
    expect(problemAt(HERHALEND, (document) => (personItems(document).dependentRequired = { naam: ['bsn'] }), ITEMS).message).toMatch(
      /dependencies binnen een herhalende groep/,
    );
  });

  it('refuses a choice between groups of fields in items', () => {
    const option = (key: string) => ({ title: key.toUpperCase(), properties: { [key]: { type: 'string', title: key } }, required: [key] });
    expect(problemAt(HERHALEND, (document) => (personItems(document).oneOf = [option('a'), option('b')]), ITEMS).message).toMatch(
      /oneOf binnen een herhalende groep .*visibleIf met \.\/veld/,
    );
    expect(problemAt(HERHALEND, (document) => (personItems(document).anyOf = [option('a'), option('b')]), ITEMS).message).toMatch(
      /anyOf binnen een herhalende groep/,
    );
  });
});

describe('lists', () => {
  it('refuses a repeating group inside a repeating group', () => {
    const problem = problemAt(
      HERHALEND,
      (document) =>
        (personItems(document).properties.kinderen = {
          type: 'array',
          title: 'Kinderen',
          items: { type: 'object', title: 'Kind', properties: { naam: { type: 'string', title: 'Naam' } } },
        }),
      `${ITEMS}/properties/kinderen`,
    );
    expect(problem.message).toBe('Bij ‘Kinderen’ (stap ‘Personen’): een herhalende groep binnen een herhalende groep wordt niet ondersteund.');
  });

  it('accepts a list of plain values, and refuses one whose values have no type or are lists, saying what a value can be', () => {
    const withLabels = (items: Json) => (document: Json) => (document.steps[1].schema.properties.labels = { type: 'array', title: 'Labels', items });
    expect(compile(edited(HERHALEND, withLabels({ type: 'string', title: 'Label' }))).ok).toBe(true);
    expect(problemAt(HERHALEND, withLabels({}), `${TAKEN}/properties/labels`).message).toMatch(
      /^Bij ‘Labels’ \(stap ‘Taken’\): voor deze lijst is niet bekend wat een waarde is: geef items een type .*, velden \(properties: een herhalende groep\) of vaste keuzes/,
    );
    expect(problemAt(HERHALEND, withLabels({ type: 'array', items: { type: 'string' } }), `${TAKEN}/properties/labels`).message).toContain(
      'een lijst van lijsten wordt niet ondersteund; gebruik een herhalende groep (items met properties) met een lijst als veld',
    );
  });

  it('refuses a rule for one value on the values of a list, pointing to the list itself', () => {
    const problem = problemAt(
      HERHALEND,
      (document) =>
        (document.steps[1].schema.properties.labels = { type: 'array', title: 'Labels', items: { type: 'string', title: 'Label', 'x-resetOn': ['titel'] } }),
      `${TAKEN}/properties/labels/items/x-resetOn`,
    );
    expect(problem.message).toContain('x-resetOn werkt niet op de waarden van een lijst; zet het op de lijst zelf');
  });

  it('refuses a multiple choice without uniqueItems', () => {
    const problem = problemAt(
      'voorbeeld-meerkeuze',
      (document) => delete document.steps[0].schema.properties.dagen.uniqueItems,
      '/steps/0/schema/properties/dagen',
    );
    expect(problem.message).toContain(`een meerkeuzevraag heeft "uniqueItems": true nodig (elke keuze één keer)`);
  });

  it('refuses a multiple choice with uniqueItems false', () => {
    const problem = problemAt(
      'voorbeeld-meerkeuze',
      (document) => (document.steps[0].schema.properties.talen.uniqueItems = false),
      '/steps/0/schema/properties/talen',
    );
    expect(problem.message).toMatch(/uniqueItems/);
  });

  it('accepts fixed positions of plain values, and refuses fixed positions of groups of fields by name, and only by name', () => {
    const withPair = (items: unknown) => (document: Json) => (document.steps[1].schema.properties.paar = { type: 'array', title: 'Paar', items });
    expect(
      compile(
        edited(
          HERHALEND,
          withPair([
            { type: 'string', title: 'Van' },
            { type: 'string', title: 'Tot' },
          ]),
        ),
      ).ok,
    ).toBe(true);
    const problems = problemsOf(compile(edited(HERHALEND, withPair([{ type: 'object', title: 'A', properties: { a: { type: 'string', title: 'A' } } }]))));
    expect(problems.map((problem) => [problem.pointer, problem.message])).toEqual([
      [`${TAKEN}/properties/paar`, expect.stringContaining('een lijst met vaste posities kan op elke positie alleen een losse waarde hebben')],
    ]);
  });

  it('names prefixItems, with the way to write fixed positions that works', () => {
    const { problems } = constructFindings(stepFlow({ paar: { type: 'array', title: 'Paar', prefixItems: [{ type: 'string' }] } }));
    expect(problems).toEqual([
      {
        pointer: '/steps/0/schema/properties/paar/prefixItems',
        message:
          'prefixItems (JSON Schema 2020-12) wordt niet ondersteund; schrijf vaste posities als lijst onder items, met additionalItems voor de waarden daarna',
      },
    ]);
  });

  it('accepts a file list, a repeating group and a multiple choice with uniqueItems', () => {
    const { problems } = constructFindings(
      stepFlow({
        bestanden: { type: 'array', title: 'Bestanden', items: { type: 'object' }, 'x-files': { accept: ['pdf'], maxFileSize: 1024, maxFiles: 2 } },
        personen: { type: 'array', title: 'Personen', items: { type: 'object', title: 'Persoon', properties: { naam: { type: 'string', title: 'Naam' } } } },
        dagen: { type: 'array', title: 'Dagen', uniqueItems: true, items: { type: 'integer', enum: [1, 2] } },
      }),
    );
    expect(problems).toEqual([]);
  });
});

/** A flow of one step with these fields (for what the meta-schema refuses before the construct check). */
function stepFlow(properties: Record<string, JsonSchema>, extra: JsonSchema = {}) {
  return makeFlow([{ id: 'stap1', title: 'Stap', dataKey: 'stap', schema: { type: 'object', properties, ...extra } }]);
}

describe('free-named fields', () => {
  it('refuses additionalProperties as a schema, pointing to properties', () => {
    const problem = problemAt(HERHALEND, (document) => (document.steps[1].schema.additionalProperties = { type: 'string' }), TAKEN);
    expect(problem.message).toContain(
      'velden met vrije namen (additionalProperties true of als schema, patternProperties) worden niet ondersteund; noem elk veld in properties',
    );
  });

  it('refuses additionalProperties: true, and a group of free-named fields without properties, by name only', () => {
    problemAt(HERHALEND, (document) => (document.steps[1].schema.additionalProperties = true), TAKEN);
    const problems = problemsOf(
      compile(
        edited(
          HERHALEND,
          (document) => (document.steps[1].schema.properties.vrij = { type: 'object', title: 'Vrij', additionalProperties: { type: 'string' } }),
        ),
      ),
    );
    expect(problems.map((problem) => [problem.pointer, problem.message])).toEqual([
      [`${TAKEN}/properties/vrij`, expect.stringMatching(/velden met vrije namen/)],
    ]);
  });

  it('accepts additionalProperties: false', () => {
    expect(compile(edited(HERHALEND, (document) => (document.steps[1].schema.additionalProperties = false))).ok).toBe(true);
  });

  it('refuses patternProperties by name', () => {
    const refused = problemsOf(compile(edited(HERHALEND, (document) => (document.steps[1].schema.patternProperties = { '^x-': { type: 'string' } }))));
    expect(refused.map((problem) => [problem.pointer, problem.message])).toEqual([[TAKEN, expect.stringMatching(/velden met vrije namen/)]]);
    const { problems } = constructFindings(stepFlow({ a: { type: 'string', title: 'A' } }, { patternProperties: { '^x-': { type: 'string' } } }));
    expect(problems).toEqual([{ pointer: '/steps/0/schema', message: expect.stringContaining('velden met vrije namen') }]);
  });

  it('refuses free-named fields in a sub-object at its own pointer', () => {
    const problem = problemAt(
      'voorbeeld-keuze',
      (document) => (document.steps[1].schema.properties.betaling.additionalProperties = { type: 'number' }),
      '/steps/1/schema/properties/betaling',
    );
    expect(problem.message).toMatch(/velden met vrije namen/);
  });
});

describe('per-field rule keywords in items', () => {
  it.each(['x-resetOn', 'x-optionsFilter', 'x-addressCheck'])('refuses %s on a field of a repeating group', (keyword) => {
    const { problems } = constructFindings(
      stepFlow({
        personen: {
          type: 'array',
          title: 'Personen',
          items: { type: 'object', title: 'Persoon', properties: { naam: { type: 'string', title: 'Naam', [keyword]: {} } } },
        },
      }),
    );
    expect(problems).toEqual([
      {
        pointer: `/steps/0/schema/properties/personen/items/properties/naam/${keyword}`,
        message: `${keyword} werkt niet op een veld van een herhalende groep`,
      },
    ]);
  });

  it('refuses x-resetOn on an item field through the pipeline', () => {
    const problem = problemAt(HERHALEND, (document) => (personItems(document).properties.bsn['x-resetOn'] = ['naam']), `${ITEMS}/properties/bsn/x-resetOn`);
    expect(problem.message).toContain('x-resetOn werkt niet op een veld van een herhalende groep');
  });

  it('refuses x-files (a file list) on an item field', () => {
    const problem = problemAt(
      HERHALEND,
      (document) =>
        (personItems(document).properties.bijlage = {
          type: 'array',
          title: 'Bijlage',
          items: { type: 'object' },
          'x-files': { accept: ['pdf'], maxFileSize: 1000, maxFiles: 1 },
        }),
      `${ITEMS}/properties/bijlage/x-files`,
    );
    expect(problem.message).toContain('x-files werkt niet op een veld van een herhalende groep');
  });
});

describe('oneOf/anyOf, if and dependencies (rules/conditions.ts)', () => {
  const WRONG_ADVICE = 'gebruik een keuzeveld (enum of x-options) met visibleIf en rules';
  const GROUP_CHOICE = 'geef elke keuze eigen velden (properties)';

  it('refuses a oneOf on a field that is neither constants nor groups of fields, naming both', () => {
    const problem = problemAt(
      'voorbeeld-standaardwaarden',
      (document) => (document.steps[0].schema.properties.opmerking.oneOf = [{ maxLength: 10 }, { minLength: 50 }]),
      '/steps/0/schema/properties/opmerking/oneOf',
    );
    expect(problem.message).toContain(
      'oneOf op een veld kan een lijst van vaste waarden ({ "const": …, "title": … } of { "enum": [waarde], "title": … }) zijn, of een keuze tussen groepen velden (elke keuze met eigen properties); hangt een vraag af van een antwoord, gebruik dan visibleIf en rules',
    );
    expect(problem.message).not.toContain(WRONG_ADVICE);
  });

  it('refuses a oneOf on an object whose options are not all groups of fields, pointing to groups of fields', () => {
    const problem = problemAt(
      'voorbeeld-keuze',
      (document) =>
        (document.steps[0].schema.oneOf = [
          { title: 'Geen', const: 'x' },
          { title: 'Per post', properties: { postadres: { type: 'string', title: 'Postadres' } }, required: ['postadres'] },
        ]),
      '/steps/0/schema/oneOf',
    );
    expect(problem.message).toContain(`oneOf met keuzes die geen groepen velden (properties) zijn, wordt niet ondersteund; ${GROUP_CHOICE}`);
    expect(problem.message).not.toContain(WRONG_ADVICE);
  });

  it('refuses options that only name required fields, pointing to a rule with "or"', () => {
    const problem = problemAt(
      'voorbeeld-keuze',
      (document) => {
        const schema = document.steps[0].schema;
        schema.properties.emailadres = { type: 'string', title: 'E-mailadres' };
        schema.properties.telefoon = { type: 'string', title: 'Telefoonnummer' };
        schema.anyOf = [{ required: ['emailadres'] }, { required: ['telefoon'] }];
        delete schema.oneOf;
      },
      '/steps/0/schema/anyOf',
    );
    expect(problem.message).toContain('anyOf met keuzes die alleen verplichte velden (required) noemen, wordt niet ondersteund');
    expect(problem.message).toContain('gebruik dan een regel in rules (assert met "or" over de velden) met een eigen melding');
  });

  it('accepts options without a title, without type "object" and without required fields', () => {
    const result = compile(
      edited('voorbeeld-keuze', (document) => {
        for (const option of document.steps[0].schema.oneOf) {
          delete option.title;
          delete option.required;
        }
        document.steps[1].schema.properties.betaling.anyOf[0].type = 'object';
      }),
    );
    expect(result.ok).toBe(true);
  });

  it('accepts a property that is only a choice between groups of fields, and options written as an enum of one value', () => {
    const result = compile(
      edited('voorbeeld-keuze', (document) => {
        const betaling = document.steps[1].schema.properties.betaling;
        delete betaling.type;
        delete betaling.properties;
        betaling.required = [];
        document.steps[0].schema.properties.land = {
          type: 'string',
          title: 'Land',
          anyOf: [
            { enum: ['nl'], title: 'Nederland' },
            { enum: ['be'], title: 'België' },
          ],
        };
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [bericht, betaling] = result.flow.content.documents.nl.steps;
    expect(bericht.schema.properties!.land).toMatchObject({ enum: ['nl', 'be'], 'x-enumNames': ['Nederland', 'België'] });
    expect(bericht.schema.properties!.land).not.toHaveProperty('anyOf');
    expect(betaling.schema.properties!.betaling).toMatchObject({ type: 'object', properties: {} });
  });

  it('refuses an option without a field of its own: the data could not say which was chosen', () => {
    const problem = problemAt(
      'voorbeeld-keuze',
      (document) => (document.steps[0].schema.oneOf[1].properties = { emailadres: { type: 'string', title: 'E-mailadres' } }),
      '/steps/0/schema/oneOf/1',
    );
    expect(problem.message).toContain(
      'keuze 2 van oneOf heeft geen eigen veld: elke keuze heeft een veld nodig dat de andere keuzes niet hebben, anders is na het versturen niet uit de antwoorden te zien welke keuze gemaakt is',
    );
  });

  it('reports every problem of a flow at once', () => {
    const problems = problemsOf(
      compile(
        edited('voorbeeld-keuze', (document) => {
          document.steps[0].schema.oneOf[1].properties = { emailadres: { type: 'string', title: 'E-mailadres' } };
          document.steps[1].schema.properties.betaling.anyOf[1].properties = { bank: { type: 'string', title: 'Bank' } };
        }),
      ),
    );
    expect(problems.map((problem) => problem.pointer)).toEqual(
      expect.arrayContaining(['/steps/0/schema/oneOf/1', '/steps/1/schema/properties/betaling/anyOf/1']),
    );
  });

  it('refuses if on a field that is not a group of fields, pointing to the group or visibleIf and rules', () => {
    const problem = problemAt(
      'voorbeeld-standaardwaarden',
      (document) => {
        document.steps[0].schema.properties.opmerking.if = { maxLength: 5 };
        document.steps[0].schema.properties.opmerking.then = { minLength: 1 };
      },
      '/steps/0/schema/properties/opmerking/if',
    );
    expect(problem.message).toContain(
      'if op een veld dat geen groep velden is, wordt niet ondersteund; zet de voorwaarde op de groep (het object) of gebruik visibleIf en rules',
    );
  });

  it('refuses dependencies on a field that is not a group of fields', () => {
    const problem = problemAt(
      'voorbeeld-standaardwaarden',
      (document) => (document.steps[0].schema.properties.opmerking.dependencies = { a: ['b'] }),
      '/steps/0/schema/properties/opmerking/dependencies',
    );
    expect(problem.message).toMatch(/dependencies op een veld dat geen groep velden is, wordt niet ondersteund/);
  });

  it('refuses a dependency case that does not say which value it belongs to', () => {
    const problem = problemAt(
      'voorbeeld-afhankelijkheden',
      (document) => delete document.steps[0].schema.definitions.huisdieren.dependencies.heeftHuisdieren.oneOf[2].properties.heeftHuisdieren,
      '/steps/0/schema/properties/huisdieren/dependencies/heeftHuisdieren/oneOf/2',
    );
    expect(problem.message).toContain(
      "geval 3 van de afhankelijkheid van 'heeftHuisdieren' zegt niet bij welke waarde het hoort (properties.heeftHuisdieren met const of enum)",
    );
  });
});

describe('additionalItems', () => {
  it('beside one schema for every value is a warning that it has no effect, and the list works as before', () => {
    const result = compile(edited('voorbeeld-lijsten', (document) => (document.steps[1].schema.properties.trefwoorden.additionalItems = { type: 'string' })));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.warnings).toContainEqual(
      expect.objectContaining({
        severity: 'warning',
        pointer: '/steps/1/schema/properties/trefwoorden/additionalItems',
        message: expect.stringContaining('additionalItems heeft hier geen effect: items geldt al voor elke waarde van de lijst'),
      }),
    );
    const validate = result.flow.runtime.validators[Object.keys(result.flow.runtime.validators).find((id) => id.endsWith('stap2'))!];
    expect(validate({ trefwoorden: ['spoed', 'huisarts'] })).toBe(true);
  });
});

describe('fields without a title', () => {
  it('are a warning, not a refusal, naming the key shown instead', () => {
    const result = compile(edited(HERHALEND, (document) => delete document.steps[1].schema.properties.taken.items.properties.omschrijving.title));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.warnings).toContainEqual(
      expect.objectContaining({
        severity: 'warning',
        pointer: '/steps/1/schema/properties/taken/items/properties/omschrijving',
        message: 'Bij ‘omschrijving’ (stap ‘Taken’): het veld heeft geen label; aanvragers zien ‘omschrijving’.',
      }),
    );
  });
});

describe('unsettled widgets', () => {
  it('refuses a ui:widget that settling cannot resolve (next to the ui:field of a shared definition)', () => {
    const problem = problemAt(
      'voorbeeld-afhankelijkheden',
      (document) => {
        document.steps[0].schema.properties.adres = { $ref: 'urn:uzi-portaal:veld:adres', title: 'Adres' };
        document.steps[0].uiSchema.adres = { 'ui:widget': 'Onbekend' };
      },
      '/steps/0/uiSchema/adres',
    );
    expect(problem.message).toBe(
      'Bij ‘Adres’ (stap ‘Uw gegevens’): er is geen weergave (widget) voor dit veld te bepalen; kies een weergave die past bij het soort antwoord.',
    );
    expect(problem.line).toBeGreaterThan(1);
  });

  it('compiles an rjsf widget name on a field a condition adds, settled to the portal name', () => {
    const result = compile(example('voorbeeld-als-dan'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    for (const lang of ['nl', 'en'] as const) expect(result.flow.content.documents[lang].steps[0].uiSchema?.voer).toEqual({ 'ui:widget': 'RadioGroup' });
  });
});
