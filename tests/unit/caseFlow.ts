/**
 * A small flow for the tests of test cases and their coverage: one step with a required name and
 * choice, a field shown by a rule with a message of its own, a cross-field rule and a value the flow
 * sets itself; a second step with a repeating group and a number. Validators compiled as the server does.
 */
import type { StepDefinition } from '../../renderer/core/types';
import { stepSchemaId, type ValidatorSet } from '../../renderer/core/validate';
import { createAjv } from '../../src/server/flows/pipeline/ajv';
import { makeFlow } from './support';

export const aanvraag: StepDefinition = {
  id: 'stap1',
  title: 'Aanvraag',
  dataKey: 'aanvraag',
  schema: {
    $id: stepSchemaId('klein', 'stap1'),
    type: 'object',
    required: ['naam', 'soort'],
    properties: {
      naam: { type: 'string', title: 'Naam', maxLength: 10 },
      soort: { type: 'string', title: 'Soort', enum: ['a', 'b'] },
      toelichting: { type: 'string', title: 'Toelichting', pattern: '^[a-z]+$' },
      code: { type: 'string', title: 'Code' },
    },
  },
  visibleIf: { toelichting: { '==': [{ var: 'aanvraag.soort' }, 'b'] } },
  messages: { toelichting: { pattern: 'Alleen kleine letters.' } },
  rules: [{ id: 'niet-x', field: 'naam', assert: { '!=': [{ var: 'aanvraag.naam' }, 'x'] }, message: "Het veld '{label}' mag niet x zijn." }],
  derive: [{ field: 'code', when: { '==': [{ var: 'aanvraag.soort' }, 'a'] }, value: 'A' }],
};
export const extra: StepDefinition = {
  id: 'stap2',
  title: 'Extra',
  dataKey: 'extra',
  schema: {
    $id: stepSchemaId('klein', 'stap2'),
    type: 'object',
    properties: {
      personen: {
        type: 'array',
        title: 'Personen',
        maxItems: 2,
        items: { type: 'object', required: ['naam'], properties: { naam: { type: 'string', title: 'Naam' } } },
      },
      aantal: { type: 'integer', title: 'Aantal', minimum: 1 },
    },
  },
};
export const flow = makeFlow([aanvraag, extra], 'klein');
const ajv = createAjv();
export const validators: ValidatorSet = Object.fromEntries(flow.steps.map((step) => [step.schema.$id!, ajv.compile(step.schema) as ValidatorSet[string]]));
