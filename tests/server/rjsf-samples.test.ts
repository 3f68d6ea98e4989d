/**
 * Forms written for rjsf, wrapped unchanged as one-step flows (tests/helpers/rjsfSamples.ts), on the
 * real server: each passes the check (warnings allowed: a hint with no effect here), is published,
 * and its sample data — with the defaults the form fills in, as the browser sends it — is stored as
 * sent and printed with the values the review shows (pdftotext). The browser half is
 * tests/e2e/rjsfSamples.spec.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialStepData } from '../../renderer/core/formDefaults';
import { createPipeline } from '../../src/server/flows/pipeline/compileFlow';
import { publishCompiled } from '../../src/server/flows/publish';
import { loadPipelineSources } from '../../src/server/flows/sources';
import { printedText } from '../helpers/exampleFlows';
import { rjsfSamples, SAMPLE_DATA_KEY, sampleFlowId, wrapSample, type RjsfSample } from '../helpers/rjsfSamples';
import { startServer, type Session, type TestServer } from '../helpers/server';

const compile = createPipeline(loadPipelineSources(process.cwd()));
const samples = rjsfSamples();

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `data` over `defaults`, object by object (what the form starts with, then what was entered). */
function over(defaults: Record<string, unknown>, data: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(data)) merged[key] = isRecord(value) && isRecord(defaults[key]) ? over(defaults[key], value) : value;
  return merged;
}

let server: TestServer;
let session: Session;
beforeAll(async () => {
  server = await startServer();
  session = await server.session();
});
afterAll(() => server.close());

/** Publishes the wrapped sample and answers the data the browser would send for it. */
async function published(sample: RjsfSample): Promise<Record<string, unknown>> {
  const result = compile(wrapSample(sample));
  if (!result.ok) throw new Error(`${sample.name} geweigerd: ${result.problems.map((problem) => problem.message).join(' | ')}`);
  await publishCompiled(server.storage, result.flow, { origin: 'publicatie', author: 'test' });
  await server.registry.refresh();
  const [step] = result.flow.content.documents.nl.steps;
  return over(initialStepData(step, result.flow.runtime.validators), sample.formData);
}

describe('forms written for rjsf, wrapped unchanged', () => {
  it('are at least ten', () => {
    expect(samples.length).toBeGreaterThanOrEqual(10);
  });

  for (const sample of samples) {
    it(`${sample.name}: passes the check, and its sample data is stored as sent and printed as the review shows it`, async () => {
      const data = await published(sample);
      const id = sampleFlowId(sample);
      const response = await server.postJson(`/api/${id}/indienen?scenario=uzi`, { [SAMPLE_DATA_KEY]: data }, session);
      expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
      const { kenmerk } = (await response.json()) as { kenmerk: string };
      expect((await server.storage.getSubmission(kenmerk))?.data).toEqual({ [SAMPLE_DATA_KEY]: data });
      const text = await printedText(await server.postJson(`/api/${id}/bevestiging`, { kenmerk }, session));
      for (const [label, value] of Object.entries(sample.review)) {
        expect(text, label).toContain(label);
        for (const part of value.split(' | ')) expect(text, `${label}: ${part}`).toContain(part);
      }
    });
  }
});
