// The rule builder's fields offer option texts and list item names, never stored numbers: a field's
// own options with their labels (x-enumNames), its reference list from the flow's own set, the
// options of the shared definition it is built on; and the rule reads in those words.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildingBlocks } from '../../server/beheer/routes/buildingBlocks';
import { readSteps, type StepSummary } from './documentEdits';
import { flowLists, ruleFieldsFor, ruleSentence } from './ruleFields';
import { describeQuery, ruleToQuery } from './ruleLogic';

const BLOCKS = buildingBlocks(process.cwd());
const stepsOf = (text: string): StepSummary[] => {
  const read = readSteps(text);
  if ('problem' in read) throw new Error(read.problem);
  return read.steps;
};

describe('the fields a rule can look at', () => {
  it('offers a numbered choice by its texts, and says the rule in them', () => {
    const text = readFileSync('flows/aanvraag-servercertificaat.flow.json', 'utf8');
    const fields = ruleFieldsFor(stepsOf(text), 1, 'domeinNaam', BLOCKS, flowLists(text, BLOCKS));
    const identify = fields.find((field) => field.name === 'uwGegevens.aanvragerIdentificeren')!;
    expect(identify.options).toEqual([
      { value: 0, label: 'Via de pasuitgifteorganisatie' },
      { value: 1, label: 'Met een elektronische handtekening' },
    ]);
    const query = ruleToQuery({ '==': [{ var: 'uwGegevens.aanvragerIdentificeren' }, 1] }, fields)!;
    expect(describeQuery(query, fields)).toBe('Tonen als Hoe wilt u zich identificeren? is gelijk aan Met een elektronische handtekening');
    // Who may only read sees the same sentence.
    expect(ruleSentence({ '==': [{ var: 'uwGegevens.aanvragerIdentificeren' }, 0] }, fields)).toBe(
      'Tonen als Hoe wilt u zich identificeren? is gelijk aan Via de pasuitgifteorganisatie.',
    );
    expect(ruleSentence(undefined, fields)).toBe('Dit veld wordt altijd getoond.');
    expect(ruleSentence({ '>=': [{ var: 'x' }, 1] }, fields)).toBe('Dit veld wordt getoond als aan de voorwaarde is voldaan.');
  });

  it('takes a reference list from the flow\u2019s own set, where another set has a list of the same name', () => {
    const text = readFileSync('flows/abonneeregistratie-zorgverlener.flow.json', 'utf8');
    const lists = flowLists(text, BLOCKS);
    expect(lists.Kwaliteitsregisters).toEqual(BLOCKS.lijstenPerSet['abonneeregistratie-zorgverlener'].Kwaliteitsregisters);
    expect(lists.Kwaliteitsregisters).not.toEqual(BLOCKS.lijstenPerSet['aanvraag-zorgverlenerpas'].Kwaliteitsregisters);
    const fields = ruleFieldsFor(stepsOf(text), 2, 'agbCode', BLOCKS, lists);
    const register = fields.find((field) => field.name === 'toetsingsGegevens.kwaliteitsregister')!;
    expect(register.options).toEqual(lists.Kwaliteitsregisters);
    const query = ruleToQuery({ in: [{ var: 'toetsingsGegevens.kwaliteitsregister' }, [1, 2]] }, fields)!;
    expect(describeQuery(query, fields)).toBe(
      `Tonen als In welk kwaliteitsregister staat u ingeschreven? is een van ${lists.Kwaliteitsregisters[0].label} of ${lists.Kwaliteitsregisters[1].label}`,
    );
  });

  it('offers the options of the shared definition a field is built on', () => {
    const text = JSON.stringify({
      baseData: 'aanleveren-documenten',
      steps: [
        {
          id: 'stap1',
          dataKey: 'een',
          schema: {
            type: 'object',
            properties: {
              land: { $ref: 'urn:uzi-portaal:veld:adres' },
              soort: { type: 'integer', title: 'Soort', 'x-options': 'TypeAanvraagOptions' },
              vraag: { type: 'string' },
            },
          },
        },
      ],
    });
    const definitions = {
      ...BLOCKS,
      velden: [
        ...BLOCKS.velden,
        { id: 'urn:test:kleur', naam: 'kleur', title: 'Kleur', type: 'string', schema: { type: 'string', enum: ['r', 'g'], 'x-enumNames': ['Rood', 'Groen'] } },
      ],
    };
    const withColour = text.replace('"vraag":{"type":"string"}', '"kleur":{"$ref":"urn:test:kleur","title":"Kleur"}');
    const fields = ruleFieldsFor(stepsOf(withColour), 0, 'zzz', definitions, flowLists(withColour, definitions));
    expect(fields.find((field) => field.name === 'een.kleur')?.options).toEqual([
      { value: 'r', label: 'Rood' },
      { value: 'g', label: 'Groen' },
    ]);
    expect(fields.find((field) => field.name === 'een.soort')?.options).toContainEqual({ value: 4, label: 'Wijziging' });
  });
});
