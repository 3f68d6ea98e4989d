import { describe, expect, it } from 'vitest';
import { createSchemaUtils, retrieveSchema as usedRetrieveSchema, type RJSFSchema } from '@rjsf/utils';
import rjsfRetrieveSchema from '@rjsf/utils/lib/schema/retrieveSchema.js';
import validator from '@rjsf/validator-ajv8';
import retrieveSchemaShim from './retrieveSchemaShim';
import { compileShippedFlows } from '../../src/server/flows/sources';
import { initialStepData } from '../core/formDefaults';
import type { JsonSchema } from '../core/types';

const flows = [...compileShippedFlows(process.cwd(), { examples: true }).values()];
const steps = flows.flatMap((compiled) =>
  Object.values(compiled.content.documents).flatMap((document) =>
    document.steps.map((step) => [`${compiled.flowId} (${document.id}) / ${step.id}`, step, compiled.runtime.validators] as const),
  ),
);

/** The schema and every object schema below it (properties, items, options), as rjsf's fields ask for them. */
function schemasIn(schema: JsonSchema): JsonSchema[] {
  const found: JsonSchema[] = [schema];
  for (const child of Object.values(schema.properties ?? {})) found.push(...schemasIn(child));
  if (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) found.push(...schemasIn(schema.items as JsonSchema));
  for (const option of [...((schema.oneOf as unknown[] | undefined) ?? []), ...((schema.anyOf as unknown[] | undefined) ?? [])])
    if (option && typeof option === 'object') found.push(...schemasIn(option as JsonSchema));
  return found;
}

describe('retrieveSchema stand-in', () => {
  it('is what @rjsf/utils has in this build', () => {
    expect(usedRetrieveSchema).toBe(retrieveSchemaShim);
  });

  it.each(steps)('%s: answers as rjsf for the step and every schema in it, the same object where rjsf gives one back', (_label, step, validators) => {
    const data = initialStepData(step, validators);
    const root = step.schema as RJSFSchema;
    for (const schema of schemasIn(step.schema) as RJSFSchema[]) {
      for (const resolveOptions of [false, true]) {
        const expected = rjsfRetrieveSchema(validator, schema, root, schema === root ? data : undefined, undefined, resolveOptions);
        const answer = retrieveSchemaShim(validator, schema, root, schema === root ? data : undefined, undefined, resolveOptions);
        expect(answer).toEqual(expected);
        if (expected === schema) expect(answer).toBe(schema);
      }
    }
  });

  it('leaves to rjsf a schema with something to resolve', () => {
    const root: RJSFSchema = {
      definitions: { naam: { type: 'string', maxLength: 5 } },
      type: 'object',
      properties: { a: { $ref: '#/definitions/naam' }, b: { type: 'string' } },
    };
    const cases: [RJSFSchema, unknown][] = [
      [root, { a: 'x' }],
      [
        {
          type: 'object',
          properties: { soort: { type: 'string' } },
          if: { properties: { soort: { const: 'x' } } },
          then: { properties: { extra: { type: 'string' } } },
        },
        { soort: 'x' },
      ],
      [{ type: 'object', allOf: [{ properties: { a: { type: 'string' } } }, { properties: { b: { type: 'string' } } }] }, {}],
      [{ type: 'object', properties: { a: { type: 'boolean' } }, dependencies: { a: { properties: { b: { type: 'string' } } } } }, { a: true }],
      [
        { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'number' } },
        { a: 'x', b: 1 },
      ],
      [{ type: 'object', patternProperties: { '^x': { type: 'string' } } }, { xa: 'y' }],
      [{ type: 'object', properties: { keuze: { anyOf: [{ $ref: '#/definitions/naam' }, { type: 'number' }] } }, definitions: root.definitions }, {}],
    ];
    for (const [schema, data] of cases) {
      const expected = rjsfRetrieveSchema(validator, structuredClone(schema), structuredClone(schema), data, undefined, true);
      expect(retrieveSchemaShim(validator, structuredClone(schema), structuredClone(schema), data, undefined, true)).toEqual(expected);
      expect(expected).not.toEqual(schema);
    }
  });

  it("looks once at a step's fields, not on every render", () => {
    const fields = Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`veld${index}`, { type: 'string', maxLength: 10 }]));
    let walks = 0;
    const properties = new Proxy(fields, {
      ownKeys(target) {
        walks += 1;
        return Reflect.ownKeys(target);
      },
    });
    const schema = { type: 'object', properties } as RJSFSchema;
    const utils = createSchemaUtils(validator, schema);
    expect(utils.retrieveSchema(schema, {})).toBe(schema);
    const first = walks;
    for (let render = 0; render < 3; render += 1) expect(utils.retrieveSchema(schema, {})).toBe(schema);
    expect(walks).toBe(first);
    // rjsf's own walk, for comparison, goes over the fields every time.
    rjsfRetrieveSchema(validator, schema, schema, {});
    expect(walks).toBeGreaterThan(first);
  });
});
