/**
 * rjsf's ui hints as forms write them: a widget's option as a hint of its own (`ui:autocomplete`),
 * `ui:emptyValue`, the order of a step's or group's fields (`ui:order`, also at the top of a step),
 * hints that change nothing here (a warning naming them, never a refusal) and entries for fields
 * that do not exist (a warning). What rjsf could not draw stays refused: an order that leaves a
 * field out without '*', two '*', a step drawn by code of its own (`ui:field` at the top).
 */
import { describe, expect, it } from 'vitest';
import { buildReview } from '../../renderer/core/review';
import type { FlowModel, StepDefinition } from '../../renderer/core/types';
import { orderedKeys, orderProblem } from '../../renderer/core/uiHints';
import { stepSchemaId, validateStep, type ValidatorSet } from '../../renderer/core/validate';
import { createAjv } from '../../src/server/flows/pipeline/ajv';
import { createPipeline, type CompileResult } from '../../src/server/flows/pipeline/compileFlow';
import { flowInputs, loadPipelineSources } from '../../src/server/flows/sources';
import { edited, problemsOf, type Json } from '../helpers/flowEdits';
import { makeFlow, t } from './support';

const compile = createPipeline(loadPipelineSources(process.cwd()));
const inputs = flowInputs(process.cwd(), { examples: true });
const example = (id: string) => inputs.find((input) => input.expectedId === id)!;
const DUTCH = 'voorbeeld-alleen-nederlands';
const CONDITIONS = 'voorbeeld-als-dan';

function compiled(id: string, change: (document: Json) => void): Extract<CompileResult, { ok: true }> {
  const result = compile(edited(example(id), change));
  if (!result.ok) throw new Error(result.problems.map((problem) => `${problem.pointer} ${problem.message}`).join(' | '));
  return result;
}

const warningsOf = (result: Extract<CompileResult, { ok: true }>) => result.warnings.map((warning) => `${warning.pointer} ${warning.message}`);
const problemsAt = (id: string, change: (document: Json) => void) =>
  problemsOf(compile(edited(example(id), change))).map((problem) => `${problem.pointer} ${problem.message}`);

describe('orderedKeys and orderProblem (rjsf’s rule for ui:order)', () => {
  it('puts the listed fields first, the rest at the place of *, and passes over names that are no field', () => {
    expect(orderedKeys(['a', 'b', 'c', 'd'], ['c', '*', 'a'])).toEqual(['c', 'b', 'd', 'a']);
    expect(orderedKeys(['a', 'b'], ['b', 'a', 'weg'])).toEqual(['b', 'a']);
    expect(orderedKeys(['a', 'b'], undefined)).toEqual(['a', 'b']);
  });

  it('names what rjsf would refuse: a field left out without *, or two *', () => {
    expect(orderProblem(['a'], ['a', 'b'])).toMatch(/noemt het veld ‘b’ niet; noem het, of zet een \*/);
    expect(orderProblem(['*', 'a', '*'], ['a'])).toMatch(/maar één \*/);
    expect(orderProblem('a', ['a'])).toMatch(/lijst van veldnamen/);
    expect(orderProblem(['b', '*'], ['a', 'b'])).toBeUndefined();
    // An order rjsf would refuse is not followed anywhere: the form order stays the schema's.
    expect(orderedKeys(['a', 'b'], ['b'])).toEqual(['a', 'b']);
  });
});

describe('the flow check', () => {
  it('takes a widget option written as a hint of its own, and settles it into ui:options', () => {
    const result = compiled(DUTCH, (document) => {
      document.steps[0].uiSchema.onderwerp = { 'ui:autocomplete': 'off', 'ui:emptyValue': '' };
    });
    expect(warningsOf(result)).toEqual([]);
    const ui = result.flow.content.documents.nl.steps[0].uiSchema!.onderwerp as Json;
    expect(ui['ui:options']).toEqual({ autocomplete: 'off' });
    expect(ui['ui:autocomplete']).toBeUndefined();
    expect(ui['ui:emptyValue']).toBe('');
  });

  it('checks such an option like one in ui:options, and keeps refusing a hint nobody knows', () => {
    expect(
      problemsAt(DUTCH, (document) => {
        document.steps[0].uiSchema.onderwerp = { 'ui:rows': 3 };
      }),
    ).toEqual([expect.stringMatching(/^\/steps\/0\/uiSchema\/onderwerp\/ui:rows .*de weergave-instelling ‘ui:rows’ bestaat niet/)]);
    expect(
      problemsAt(DUTCH, (document) => {
        document.steps[0].uiSchema.vraag['ui:rows'] = 'veel';
      }),
    ).toEqual([expect.stringMatching(/^\/steps\/0\/uiSchema\/vraag\/ui:options\/rows /)]);
  });

  it('warns of hints that change nothing and of entries for fields that do not exist, and leaves them out of the version', () => {
    const result = compiled(DUTCH, (document) => {
      const ui = document.steps[0].uiSchema;
      ui['ui:submitButtonOptions'] = { norender: true };
      ui.onderwerp = { 'ui:className': 'vet', 'ui:enableMarkdownInDescription': true };
      ui.bestaatNiet = { 'ui:widget': 'textarea' };
    });
    expect(warningsOf(result)).toEqual([
      expect.stringMatching(/^\/steps\/0\/uiSchema\/ui:submitButtonOptions .*‘ui:submitButtonOptions’ heeft hier geen effect: de knoppen van elke stap/),
      expect.stringMatching(/^\/steps\/0\/uiSchema\/bestaatNiet .*de weergave noemt een veld ‘bestaatNiet’ dat niet in deze groep staat/),
      expect.stringMatching(/^\/steps\/0\/uiSchema\/onderwerp\/ui:className .*‘ui:className’ heeft hier geen effect: de opmaak komt van het NL Design System/),
      expect.stringMatching(/^\/steps\/0\/uiSchema\/onderwerp\/ui:enableMarkdownInDescription .*geen effect: teksten zijn gewone tekst/),
    ]);
    const ui = result.flow.content.documents.nl.steps[0].uiSchema!;
    expect(Object.keys(ui).sort()).toEqual(['onderwerp', 'vraag']);
    expect(Object.keys(ui.onderwerp as Json)).toEqual(['ui:widget']);
  });

  it('warns that a hidden label (ui:label, ui:options.label) changes nothing: every field keeps its label', () => {
    const result = compiled(DUTCH, (document) => {
      const ui = document.steps[0].uiSchema;
      ui.onderwerp = { 'ui:label': false };
      ui.vraag = { ...ui.vraag, 'ui:options': { ...ui.vraag['ui:options'], label: false } };
    });
    expect(warningsOf(result)).toEqual([
      expect.stringMatching(/^\/steps\/0\/uiSchema\/onderwerp\/ui:label .*‘ui:label’ heeft hier geen effect: elk veld houdt zijn label/),
      expect.stringMatching(/^\/steps\/0\/uiSchema\/vraag\/ui:options\/label .*‘label’ heeft hier geen effect: elk veld houdt zijn label/),
    ]);
    const ui = result.flow.content.documents.nl.steps[0].uiSchema!;
    expect(ui.onderwerp).not.toHaveProperty('ui:label');
    expect((ui.vraag as Json)['ui:options']).not.toHaveProperty('label');
  });

  it("makes a ui:title the field's title, so its messages, the review and the printed form name it as the form does", () => {
    const result = compiled(DUTCH, (document) => void (document.steps[0].uiSchema.onderwerp = { 'ui:title': 'Waar gaat het over?' }));
    expect(result.flow.content.documents.nl.steps[0].schema.properties!.onderwerp.title).toBe('Waar gaat het over?');
  });

  it('takes ui:order at the top of a step, with * or naming every field, those a condition adds included', () => {
    expect(warningsOf(compiled(DUTCH, (document) => void (document.steps[0].uiSchema['ui:order'] = ['vraag', 'onderwerp'])))).toEqual([]);
    expect(warningsOf(compiled(CONDITIONS, (document) => void (document.steps[0].uiSchema['ui:order'] = ['ervaring', '*'])))).toEqual([]);
    expect(
      problemsAt(CONDITIONS, (document) => {
        document.steps[0].uiSchema['ui:order'] = ['ervaring', 'dier'];
      }),
    ).toEqual([
      expect.stringMatching(/^\/steps\/0\/uiSchema\/ui:order .*de volgorde noemt de velden ‘jaren’, ‘cursus’, ‘voer’, ‘water’ niet; noem ze, of zet een \*/),
    ]);
    expect(
      problemsAt(DUTCH, (document) => {
        document.steps[0].uiSchema['ui:order'] = ['*', 'vraag', '*'];
      }),
    ).toEqual([expect.stringMatching(/^\/steps\/0\/uiSchema\/ui:order .*maar één \*/)]);
    expect(warningsOf(compiled(DUTCH, (document) => void (document.steps[0].uiSchema['ui:order'] = ['vraag', 'tikfout', '*'])))).toEqual([
      expect.stringMatching(/^\/steps\/0\/uiSchema\/ui:order .*de volgorde noemt ‘tikfout’, maar dat is geen veld van deze groep/),
    ]);
  });

  it('refuses a step drawn by code of its own, and names a field’s unknown ui:field as code a flow cannot bring', () => {
    expect(
      problemsAt(DUTCH, (document) => {
        document.steps[0].uiSchema['ui:field'] = 'EigenStap';
      }),
    ).toEqual([expect.stringMatching(/^\/steps\/0\/uiSchema\/ui:field .*een eigen weergave \(ui:field\) voor een hele stap wordt niet ondersteund/)]);
    expect(
      problemsAt(DUTCH, (document) => {
        document.steps[0].uiSchema.onderwerp = { 'ui:field': 'EigenVeld' };
      }),
    ).toEqual([
      expect.stringMatching(
        /de weergave ‘EigenVeld’ \(ui:field\) bestaat niet: een weergave met eigen programmacode kan een flow niet meebrengen; bekende weergaven: Address/,
      ),
    ]);
  });
});

describe('the review, the printed form and the messages follow ui:order', () => {
  const step: StepDefinition = {
    id: 'stap1',
    title: 'Gegevens',
    dataKey: 'gegevens',
    schema: {
      $id: stepSchemaId('testflow', 'stap1'),
      type: 'object',
      required: ['naam', 'email', 'adres'],
      properties: {
        naam: { type: 'string', title: 'Naam' },
        email: { type: 'string', title: 'E-mailadres' },
        adres: {
          type: 'object',
          title: 'Adres',
          required: ['straat', 'plaats'],
          properties: { plaats: { type: 'string', title: 'Plaats' }, straat: { type: 'string', title: 'Straat' } },
        },
      },
    },
    uiSchema: { 'ui:order': ['email', '*'], adres: { 'ui:order': ['straat', 'plaats'] } },
  };
  const flow = makeFlow([step]);

  it('shows the rows in the order of the form', () => {
    const model: FlowModel = { gegevens: { naam: 'A', email: 'a@example.nl', adres: { plaats: 'Utrecht', straat: 'Dorpsstraat' } } };
    expect(buildReview(flow, model, t, 'nl')[0].rows.map((row) => row.label)).toEqual(['E-mailadres', 'Naam', 'Straat', 'Plaats']);
  });

  it('lists the messages in the order of the form', () => {
    const validators: ValidatorSet = { [step.schema.$id!]: createAjv().compile(step.schema) as ValidatorSet[string] };
    const model: FlowModel = { gegevens: { adres: {} } };
    expect(validateStep(flow, step, model, validators, t).map((error) => error.field)).toEqual(['email', 'naam', 'adres.straat', 'adres.plaats']);
  });
});
