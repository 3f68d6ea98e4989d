/**
 * Forms written for rjsf, in the form its playground keeps them (a schema, a uiSchema and sample
 * data), wrapped unchanged as a one-step, Dutch-only example flow: the step's schema and uiSchema are
 * the form's own, not a keyword changed. The conformance tests (tests/server/rjsf-samples.test.ts,
 * tests/e2e/rjsfSamples.spec.ts) require each to pass the check, render, accept its sample data,
 * reach the review with its values and be stored and printed as sent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FlowInput } from '../../src/server/flows/pipeline/compileFlow';

/** One form as the rjsf playground keeps it. */
export interface RjsfSample {
  name: string;
  schema: Record<string, unknown>;
  uiSchema?: Record<string, unknown>;
  formData: Record<string, unknown>;
  /**
   * The texts the review must show for the sample data, by label, as this portal writes them (a
   * number with the decimal comma, a date as dd-mm-jjjj, a choice by its label): written with the
   * sample, since the form's own data says nothing of how a value reads.
   */
  review: Record<string, string>;
}

/** The samples' folder; `RJSF_SAMPLES_DIR` points the conformance tests at other forms (a tester's own). */
const SAMPLES_DIR = process.env.RJSF_SAMPLES_DIR ?? path.join(process.cwd(), 'tests', 'conformance', 'rjsf-samples');

/** The samples, in name order. */
export function rjsfSamples(): RjsfSample[] {
  return readdirSync(SAMPLES_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ name: name.replace(/\.json$/, ''), ...(JSON.parse(readFileSync(path.join(SAMPLES_DIR, name), 'utf8')) as Omit<RjsfSample, 'name'>) }));
}

/** The flow id of a wrapped sample ('rjsf-enum-objects' for enumObjects.json). */
export const sampleFlowId = (sample: RjsfSample): string => `rjsf-${sample.name.replace(/([a-z\d])([A-Z])/g, '$1-$2').toLowerCase()}`;

/** The data key of the one step a sample becomes. */
export const SAMPLE_DATA_KEY = 'formulier';

/** The sample as a one-step, Dutch-only example flow; its schema and uiSchema go in unchanged. */
export function wrapSample(sample: RjsfSample): FlowInput {
  const id = sampleFlowId(sample);
  const title = `Voorbeeld: ${typeof sample.schema.title === 'string' ? sample.schema.title : sample.name}`;
  const document = {
    id,
    example: true,
    languages: ['nl'],
    scenarios: ['uzi'],
    title,
    headerName: title,
    intro: {
      title,
      startLabel: 'Voorbeeld starten',
      blocks: [{ id: 'herkomst', kind: 'paragraph', text: 'Een formulier zoals het voor rjsf geschreven is, ongewijzigd overgenomen.' }],
    },
    steps: [{ id: 'stap1', title: 'Gegevens', dataKey: SAMPLE_DATA_KEY, schema: sample.schema, ...(sample.uiSchema ? { uiSchema: sample.uiSchema } : {}) }],
    review: { id: 'stap2', title: 'Controleren', submitLabel: 'Versturen' },
    submit: { kind: 'json', url: `/api/${id}/indienen`, failureMessage: 'Het versturen is mislukt. Probeer het nog eens.' },
    confirmation: {
      title: `${title}: bevestiging`,
      blocks: [
        { id: 'ontvangen', kind: 'paragraph', text: 'Uw gegevens zijn ontvangen.' },
        { id: 'download', kind: 'download', text: 'Download formulier', url: `/api/${id}/bevestiging` },
      ],
      download: {
        url: `/api/${id}/bevestiging`,
        payload: 'kenmerk',
        document: 'application',
        errorMessage: 'Het downloaden van het formulier is mislukt.',
        errorSrText: 'Er is een fout opgetreden bij het downloaden van het formulier',
      },
    },
  };
  return { file: `tests/conformance/rjsf-samples/${sample.name}.json`, text: JSON.stringify(document, null, 2), expectedId: id };
}
