/**
 * WCAG 1.3.5 (identify input purpose): every field of the shipped flows that asks for a name, a
 * birth date, an e-mail address, a telephone number or a part of an address says what it holds in
 * its `autocomplete` — the applicant's own data a token (`given-name`, `bday`, `email`, …), someone
 * else's data `off`, so a browser does not fill in the applicant's own name for the pass holder.
 */
import { describe, expect, it } from 'vitest';
import type { JsonSchema, UiSchema } from '../../renderer/core/types';
import { buildUiSchema } from '../../renderer/core/uiSchema';
import { createPipeline } from '../../src/server/flows/pipeline/compileFlow';
import { flowInputs, loadPipelineSources } from '../../src/server/flows/sources';

const compile = createPipeline(loadPipelineSources(process.cwd()));
const PERSONAL = /^(Naam|Voornamen|Geboortenaam|Achternaam|Geboortedatum|E-mailadres|Telefoonnummer|Mobiel nummer|Postcode|Straatnaam|Plaats)\b/;

interface Field {
  at: string;
  title: string;
  autocomplete: unknown;
}

function personalFields(schema: JsonSchema, ui: UiSchema, at: string): Field[] {
  return Object.entries(schema.properties ?? {}).flatMap(([key, child]) => {
    const own = (ui[key] as UiSchema | undefined) ?? {};
    if (child.properties) return personalFields(child, buildUiSchema(child, own), `${at}.${key}`);
    const title = typeof child.title === 'string' ? child.title : '';
    if (!PERSONAL.test(title) || child.enum || child['x-options']) return [];
    return [{ at: `${at}.${key}`, title, autocomplete: (own['ui:options'] as Record<string, unknown> | undefined)?.autocomplete }];
  });
}

describe('personal data in the shipped flows', () => {
  for (const input of flowInputs(process.cwd())) {
    it(`${input.expectedId}: every name, birth date, e-mail address, telephone number and address field has an autocomplete`, () => {
      const result = compile(input);
      if (!result.ok) throw new Error(`${input.file} is refused`);
      const fields = result.flow.content.documents.nl.steps.flatMap((step) => personalFields(step.schema, buildUiSchema(step.schema, step.uiSchema), step.id));
      expect(fields.filter((field) => typeof field.autocomplete !== 'string' || field.autocomplete === '')).toEqual([]);
    });
  }

  it('leaves the pass holder’s name, birth date and contact details to the applicant, not to the browser (autocomplete off)', () => {
    const result = compile(flowInputs(process.cwd()).find((input) => input.expectedId === 'aanvraag-zorgverlenerpas')!);
    if (!result.ok) throw new Error('refused');
    const holder = result.flow.content.documents.nl.steps.filter((step) => step.id !== 'stap1');
    const fields = holder.flatMap((step) => personalFields(step.schema, buildUiSchema(step.schema, step.uiSchema), step.id));
    expect(fields.length).toBeGreaterThan(8);
    expect(fields.filter((field) => field.autocomplete !== 'off')).toEqual([]);
  });
});
