import { describe, expect, it } from 'vitest';
import { hiddenFields, hiddenFieldsWithData, isHidden, stripHidden } from '../../renderer/core/rules/visibility';
import type { FlowModel, StepDefinition } from '../../renderer/core/types';
import { makeFlow } from './support';

/** Step 1: subscriber question, number visible on Yes; address block visible unless 'same as visiting'. */
const aanvrager: StepDefinition = {
  id: 'stap1',
  title: 'Gegevens aanvrager',
  dataKey: 'aanvrager',
  schema: {
    type: 'object',
    properties: {
      isAbonnee: { type: 'boolean', title: 'Bent u al abonnee?' },
      abonneeNummer: { type: 'string', title: 'Abonneenummer' },
      postadresGelijk: { type: 'boolean', title: 'Postadres gelijk aan bezoekadres' },
      postadres: {
        type: 'object',
        title: 'Postadres',
        properties: { postcode: { type: 'string', title: 'Postcode' }, huisnummer: { type: 'string', title: 'Huisnummer' } },
      },
      postadresExtra: { type: 'string', title: 'Extra' },
    },
  },
  visibleIf: {
    abonneeNummer: { '==': [{ var: 'aanvrager.isAbonnee' }, true] },
    postadres: { '==': [{ var: 'aanvrager.postadresGelijk' }, false] },
  },
};

/** Step 2 reads step 1's data: the remark shows only for subscribers. */
const pashouder: StepDefinition = {
  id: 'stap2',
  title: 'Gegevens pashouder',
  dataKey: 'pashouder',
  schema: { type: 'object', properties: { opmerking: { type: 'string', title: 'Opmerking' } } },
  visibleIf: { opmerking: { '==': [{ var: 'aanvrager.isAbonnee' }, true] } },
};

const flow = makeFlow([aanvrager, pashouder]);

describe('isHidden', () => {
  it('a field without a rule is never hidden', () => {
    expect(isHidden(aanvrager, 'isAbonnee', {})).toBe(false);
    expect(isHidden({ ...aanvrager, visibleIf: undefined }, 'abonneeNummer', {})).toBe(false);
  });

  it('evaluates the rule over the whole model', () => {
    expect(isHidden(aanvrager, 'abonneeNummer', { aanvrager: { isAbonnee: true } })).toBe(false);
    expect(isHidden(aanvrager, 'abonneeNummer', { aanvrager: { isAbonnee: false } })).toBe(true);
    expect(isHidden(aanvrager, 'abonneeNummer', {})).toBe(true);
    // A rule of step 2 reads step 1's data.
    expect(isHidden(pashouder, 'opmerking', { aanvrager: { isAbonnee: true } })).toBe(false);
    expect(isHidden(pashouder, 'opmerking', { aanvrager: { isAbonnee: false }, pashouder: { opmerking: 'x' } })).toBe(true);
  });

  it('a nested field is hidden when its parent object is hidden', () => {
    const model: FlowModel = { aanvrager: { postadresGelijk: true } };
    expect(isHidden(aanvrager, 'postadres', model)).toBe(true);
    expect(isHidden(aanvrager, 'postadres.postcode', model)).toBe(true);
    expect(isHidden(aanvrager, 'postadres.postcode', { aanvrager: { postadresGelijk: false } })).toBe(false);
  });

  it('a path that only shares a prefix with a hidden field is not hidden', () => {
    expect(isHidden(aanvrager, 'postadresExtra', { aanvrager: { postadresGelijk: true } })).toBe(false);
    expect(isHidden(aanvrager, 'postadresGelijk', { aanvrager: { postadresGelijk: true } })).toBe(false);
  });
});

describe('hiddenFields', () => {
  it('lists the paths whose rule is false', () => {
    expect(hiddenFields(aanvrager, { aanvrager: { isAbonnee: true, postadresGelijk: true } })).toEqual(['postadres']);
    expect(hiddenFields(aanvrager, { aanvrager: { isAbonnee: false, postadresGelijk: false } })).toEqual(['abonneeNummer']);
    expect(hiddenFields(aanvrager, { aanvrager: { isAbonnee: true, postadresGelijk: false } })).toEqual([]);
  });
});

describe('stripHidden', () => {
  it('removes the data of hidden fields, also in other steps, and keeps visible data', () => {
    const model: FlowModel = {
      aanvrager: { isAbonnee: false, abonneeNummer: '12345', postadresGelijk: true, postadres: { postcode: '1234 AB' }, postadresExtra: 'x' },
      pashouder: { opmerking: 'weg' },
    };
    expect(stripHidden(flow, model)).toEqual({
      aanvrager: { isAbonnee: false, postadresGelijk: true, postadresExtra: 'x' },
      pashouder: {},
    });
  });

  it('does not change the model it was given', () => {
    const model: FlowModel = { aanvrager: { isAbonnee: false, abonneeNummer: '12345' }, pashouder: { opmerking: 'x' } };
    const copy = structuredClone(model);
    stripHidden(flow, model);
    expect(model).toEqual(copy);
  });

  it('leaves a model without hidden data as it is', () => {
    const model: FlowModel = { aanvrager: { isAbonnee: true, abonneeNummer: '12345', postadresGelijk: false }, pashouder: { opmerking: 'x' } };
    expect(stripHidden(flow, model)).toEqual(model);
  });

  it('removes a null value of a hidden field', () => {
    expect(stripHidden(flow, { aanvrager: { isAbonnee: false, abonneeNummer: null as unknown as string } })).toEqual({
      aanvrager: { isAbonnee: false },
    });
  });

  it("a hidden field's data does not keep another field visible (two-level chain across steps)", () => {
    // s1.c depends on s2.b, s2.b depends on s1.a: the first pass over the steps still sees b and keeps c;
    // only a repeated pass removes c.
    const s1: StepDefinition = {
      id: 'stap1',
      title: 'Een',
      dataKey: 's1',
      schema: { type: 'object', properties: { a: { type: 'string' }, c: { type: 'string' } } },
      visibleIf: { c: { '==': [{ var: 's2.b' }, 'ja'] } },
    };
    const s2: StepDefinition = {
      id: 'stap2',
      title: 'Twee',
      dataKey: 's2',
      schema: { type: 'object', properties: { b: { type: 'string' } } },
      visibleIf: { b: { '==': [{ var: 's1.a' }, 'ja'] } },
    };
    const chain = makeFlow([s1, s2]);
    const model: FlowModel = { s1: { a: 'nee', c: 'gegevens' }, s2: { b: 'ja' } };
    expect(stripHidden(chain, model)).toEqual({ s1: { a: 'nee' }, s2: {} });
    // While a is 'ja' the whole chain stays visible.
    const visible: FlowModel = { s1: { a: 'ja', c: 'gegevens' }, s2: { b: 'ja' } };
    expect(stripHidden(chain, visible)).toEqual(visible);
  });

  it('three-level chain within one step, rules listed in reverse order', () => {
    const step: StepDefinition = {
      id: 'stap1',
      title: 'Een',
      dataKey: 's',
      schema: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' }, d: { type: 'string' } } },
      visibleIf: {
        d: { '==': [{ var: 's.c' }, 'ja'] },
        c: { '==': [{ var: 's.b' }, 'ja'] },
        b: { '==': [{ var: 's.a' }, 'ja'] },
      },
    };
    const chain = makeFlow([step]);
    expect(stripHidden(chain, { s: { a: 'nee', b: 'ja', c: 'ja', d: 'x' } })).toEqual({ s: { a: 'nee' } });
    expect(stripHidden(chain, { s: { a: 'ja', b: 'nee', c: 'ja', d: 'x' } })).toEqual({ s: { a: 'ja', b: 'nee' } });
  });
});

describe('hiddenFieldsWithData', () => {
  it('lists the model paths that carry data while hidden', () => {
    const model: FlowModel = {
      aanvrager: { isAbonnee: false, abonneeNummer: '12345', postadresGelijk: true },
      pashouder: { opmerking: 'x' },
    };
    expect(hiddenFieldsWithData(flow, model)).toEqual(['aanvrager.abonneeNummer', 'pashouder.opmerking']);
  });

  it('ignores hidden fields without data and visible fields with data', () => {
    const model: FlowModel = { aanvrager: { isAbonnee: true, abonneeNummer: '12345', postadresGelijk: true }, pashouder: { opmerking: 'x' } };
    expect(hiddenFieldsWithData(flow, model)).toEqual([]);
  });

  it('includes data that becomes hidden only through the chain', () => {
    const s1: StepDefinition = {
      id: 'stap1',
      title: 'Een',
      dataKey: 's1',
      schema: { type: 'object', properties: { a: { type: 'string' }, c: { type: 'string' } } },
      visibleIf: { c: { '==': [{ var: 's2.b' }, 'ja'] } },
    };
    const s2: StepDefinition = {
      id: 'stap2',
      title: 'Twee',
      dataKey: 's2',
      schema: { type: 'object', properties: { b: { type: 'string' } } },
      visibleIf: { b: { '==': [{ var: 's1.a' }, 'ja'] } },
    };
    expect(hiddenFieldsWithData(makeFlow([s1, s2]), { s1: { a: 'nee', c: 'x' }, s2: { b: 'ja' } }).sort()).toEqual(['s1.c', 's2.b']);
  });
});
