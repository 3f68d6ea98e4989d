/**
 * Item-relative visibility in repeating groups: a `visibleIf` on an item's field reading `./x` (the
 * same item's field) holds per item, by the concrete path of each item ('personen.1.bsn'); only that
 * item's hidden data is removed. And rules/conditions.ts: which data has no place in an application
 * (data of hidden fields, answers to questions that do not apply).
 */
import { describe, expect, it } from 'vitest';
import { resolveFlow } from '../../renderer/core/resolve';
import { applicableModel, inapplicableData, misplacedData } from '../../renderer/core/rules/conditions';
import { hiddenFields, hiddenFieldsWithData, isHidden, stripHidden } from '../../renderer/core/rules/visibility';
import type { FlowDocument, FlowModel, JsonLogic, JsonSchema, StepDefinition } from '../../renderer/core/types';
import { validateStep, type ValidatorSet } from '../../renderer/core/validate';
import { createPipeline, type CompiledFlow } from '../../src/server/flows/pipeline/compileFlow';
import { flowInputs, loadPipelineSources } from '../../src/server/flows/sources';
import { makeFlow, t } from './support';

const persoon: JsonSchema = {
  type: 'object',
  title: 'Persoon',
  properties: {
    naam: { type: 'string', title: 'Naam' },
    heeftBsn: { type: 'boolean', title: 'Heeft deze persoon een BSN?' },
    bsn: { type: 'string', title: 'BSN' },
    partner: {
      type: 'object',
      title: 'Partner',
      properties: { heeftPartner: { type: 'boolean', title: 'Partner?' }, naamPartner: { type: 'string', title: 'Naam partner' } },
    },
  },
};

/** A step 'stap' (data key 'stap') with a repeating group 'personen' and these rules, resolved. */
function resolvedStep(visibleIf: Record<string, JsonLogic>, extra: Record<string, JsonSchema> = {}): StepDefinition {
  const step: StepDefinition = {
    id: 'stap1',
    title: 'Personen',
    dataKey: 'stap',
    schema: { type: 'object', properties: { personen: { type: 'array', title: 'Personen', items: persoon }, ...extra } },
    visibleIf,
  };
  return resolveFlow(makeFlow([step], 'f'), { definitions: new Map(), lists: {} }).steps[0];
}

const BSN_RULE: Record<string, JsonLogic> = { 'personen.bsn': { '==': [{ var: './heeftBsn' }, true] } };
const step = resolvedStep(BSN_RULE);
const flow = makeFlow([step], 'f');

const model: FlowModel = {
  stap: {
    personen: [
      { naam: 'Jansen', heeftBsn: true, bsn: '111222333' },
      { naam: 'de Vries', heeftBsn: false, bsn: '999888777' },
      { naam: 'Bakker', heeftBsn: true, bsn: '123456782' },
    ],
  },
};

describe('resolveFlow: relative vars of an item field', () => {
  it("rewrites './x' to the same item's field, with * for the item", () => {
    expect(step.visibleIf).toEqual({ 'personen.bsn': { '==': [{ var: 'stap.personen.*.heeftBsn' }, true] } });
  });

  it("rewrites './x' of a field in a sub-object of an item to that sub-object's field", () => {
    const nested = resolvedStep({ 'personen.partner.naamPartner': { '==': [{ var: './heeftPartner' }, true] } });
    expect(nested.visibleIf).toEqual({ 'personen.partner.naamPartner': { '==': [{ var: 'stap.personen.*.partner.heeftPartner' }, true] } });
  });

  it("rewrites '../x' of an item field to a field next to the repeating group (the parent's sibling)", () => {
    const up = resolvedStep({ 'personen.bsn': { '==': [{ var: '../toonBsn' }, true] } }, { toonBsn: { type: 'boolean', title: 'BSN vragen?' } });
    expect(up.visibleIf).toEqual({ 'personen.bsn': { '==': [{ var: 'stap.toonBsn' }, true] } });
  });

  it('leaves absolute vars as written', () => {
    const absolute = resolvedStep({ 'personen.bsn': { '==': [{ var: 'stap.toonBsn' }, true] } });
    expect(absolute.visibleIf).toEqual({ 'personen.bsn': { '==': [{ var: 'stap.toonBsn' }, true] } });
  });
});

describe('isHidden per item', () => {
  it("hides an item's field by its own item's answer, by concrete path", () => {
    expect(isHidden(step, 'personen.0.bsn', model)).toBe(false);
    expect(isHidden(step, 'personen.1.bsn', model)).toBe(true);
    expect(isHidden(step, 'personen.2.bsn', model)).toBe(false);
  });

  it("does not hide the item's other fields, nor the group", () => {
    expect(isHidden(step, 'personen.1.naam', model)).toBe(false);
    expect(isHidden(step, 'personen.1', model)).toBe(false);
    expect(isHidden(step, 'personen', model)).toBe(false);
  });

  it('follows the item when items are reordered', () => {
    const swapped: FlowModel = { stap: { personen: [(model.stap.personen as unknown[])[1], (model.stap.personen as unknown[])[0]] } };
    expect(isHidden(step, 'personen.0.bsn', swapped)).toBe(true);
    expect(isHidden(step, 'personen.1.bsn', swapped)).toBe(false);
  });

  it('hides a field in a sub-object of an item by that item only', () => {
    const nested = resolvedStep({ 'personen.partner.naamPartner': { '==': [{ var: './heeftPartner' }, true] } });
    const data: FlowModel = { stap: { personen: [{ partner: { heeftPartner: false } }, { partner: { heeftPartner: true } }] } };
    expect(isHidden(nested, 'personen.0.partner.naamPartner', data)).toBe(true);
    expect(isHidden(nested, 'personen.1.partner.naamPartner', data)).toBe(false);
  });
});

describe('hiddenFields, stripHidden and hiddenFieldsWithData per item', () => {
  it('lists the hidden field of each item by its concrete path', () => {
    expect(hiddenFields(step, model)).toEqual(['personen.1.bsn']);
    const allHidden: FlowModel = { stap: { personen: [{ heeftBsn: false }, {}, { heeftBsn: true }] } };
    expect(hiddenFields(step, allHidden)).toEqual(['personen.0.bsn', 'personen.1.bsn']);
  });

  it('lists nothing for a group without items', () => {
    expect(hiddenFields(step, { stap: { personen: [] } })).toEqual([]);
    expect(hiddenFields(step, { stap: {} })).toEqual([]);
  });

  it("removes only the hidden item's data, keeping every item and the other items' values", () => {
    const stripped = stripHidden(flow, model);
    expect(stripped.stap.personen).toEqual([
      { naam: 'Jansen', heeftBsn: true, bsn: '111222333' },
      { naam: 'de Vries', heeftBsn: false },
      { naam: 'Bakker', heeftBsn: true, bsn: '123456782' },
    ]);
    expect((model.stap.personen as Record<string, unknown>[])[1].bsn).toBe('999888777');
  });

  it('names the model path of the hidden data of each item', () => {
    expect(hiddenFieldsWithData(flow, model)).toEqual(['stap.personen.1.bsn']);
    expect(hiddenFieldsWithData(flow, stripHidden(flow, model))).toEqual([]);
  });
});

const compile = createPipeline(loadPipelineSources(process.cwd()));
const inputs = flowInputs(process.cwd(), { examples: true });

function compiled(id: string): CompiledFlow {
  const result = compile(inputs.find((input) => input.expectedId === id)!);
  if (!result.ok) throw new Error(`${id} geweigerd`);
  return result.flow;
}

const HERHALEND = compiled('voorbeeld-herhalende-groep');
const ALS_DAN = compiled('voorbeeld-als-dan');

describe('the example flow voorbeeld-herhalende-groep', () => {
  const document = HERHALEND.content.documents.nl;
  const personen = document.steps[0];

  it('reports the missing field of the item where it is shown, not of the item where it is hidden', () => {
    const data: FlowModel = {
      personen: {
        personen: [
          { naam: 'Jansen', heeftBsn: false },
          { naam: 'Bakker', heeftBsn: true },
        ],
      },
    };
    const errors = validateStep(document, personen, data, HERHALEND.runtime.validators, t);
    expect(errors.map((error) => error.field)).toEqual(['personen.1.bsn']);
  });

  it('finds the BSN of a person without a BSN as misplaced data', () => {
    const data: FlowModel = {
      personen: {
        personen: [
          { naam: 'Jansen', heeftBsn: false, bsn: '111222333' },
          { naam: 'Bakker', heeftBsn: true, bsn: '123456782' },
        ],
      },
    };
    expect(misplacedData(document, data, HERHALEND.runtime.validators)).toEqual(['personen.personen.0.bsn']);
  });
});

/** One document with the steps of both example flows (step ids differ, so their validators can be merged). */
function combined(): { document: FlowDocument; validators: ValidatorSet } {
  const alsDan = ALS_DAN.content.documents.nl;
  const herhalend = HERHALEND.content.documents.nl;
  return {
    document: { ...alsDan, steps: [...alsDan.steps, ...herhalend.steps.map((entry) => ({ ...entry, id: `h-${entry.id}` }))] },
    validators: { ...ALS_DAN.runtime.validators, ...HERHALEND.runtime.validators },
  };
}

describe('inapplicableData, misplacedData and applicableModel', () => {
  const { document, validators } = combined();
  const data: FlowModel = {
    dier: { dier: 'kat', voer: 'vlees', water: 'vijver', ervaring: true, jaren: 2, cursus: 'Katten' },
    personen: { personen: [{ naam: 'Jansen', heeftBsn: false, bsn: '111222333' }] },
  };

  it('lists answers to questions that do not apply, by model path', () => {
    expect(inapplicableData(document, data, validators).sort()).toEqual(['dier.cursus', 'dier.water']);
  });

  it('lists nothing for an application made as its conditions say', () => {
    const valid: FlowModel = {
      dier: { dier: 'vis', voer: 'wormen', water: 'vijver', ervaring: false, cursus: 'Vissen' },
      personen: { personen: [{ naam: 'Jansen', heeftBsn: false }] },
    };
    expect(misplacedData(document, valid, validators)).toEqual([]);
  });

  it('lists hidden data first, then answers that do not apply', () => {
    const found = misplacedData(document, data, validators);
    expect(found[0]).toBe('personen.personen.0.bsn');
    expect(found.slice(1).sort()).toEqual(['dier.cursus', 'dier.water']);
  });

  it('does not count the data of a hidden field as an answer that does not apply', () => {
    expect(inapplicableData(document, data, validators)).not.toContain('personen.personen.0.bsn');
  });

  it('keeps only what applies: no hidden data, no answers that do not apply', () => {
    expect(applicableModel(document, data, validators)).toEqual({
      dier: { dier: 'kat', voer: 'vlees', ervaring: true, jaren: 2 },
      personen: { personen: [{ naam: 'Jansen', heeftBsn: false }] },
    });
  });

  it("takes the applicant's choices into account", () => {
    const keuze = compiled('voorbeeld-keuze');
    const choiceData: FlowModel = { bericht: { naam: 'Jansen', emailadres: 'j.jansen@example.nl', postadres: 'Postbus 1' } };
    const keuzeDocument = keuze.content.documents.nl;
    expect(applicableModel(keuzeDocument, choiceData, keuze.runtime.validators).bericht).toEqual({ naam: 'Jansen', emailadres: 'j.jansen@example.nl' });
    expect(applicableModel(keuzeDocument, choiceData, keuze.runtime.validators, { bericht: { '': 1 } }).bericht).toEqual({
      naam: 'Jansen',
      postadres: 'Postbus 1',
    });
    // The server has no choices: it judges by the data alone.
    expect(inapplicableData(keuzeDocument, choiceData, keuze.runtime.validators)).toEqual(['bericht.postadres']);
  });
});
