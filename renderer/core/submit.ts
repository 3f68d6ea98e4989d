/**
 * Builds the multipart request of an upload flow from the flow's own submit mapping (the server
 * reads it back with the same mapping), and turns a rejection into the flow's Dutch message.
 */
import type { ApiErrorBody } from './apiError';
import { getAt } from './paths';
import { interpolate } from './i18n';
import { SCENARIO_NUMBER, type FileRef, type FlowModel, type Scenario, type UploadSubmit } from './types';

/** The error body as it arrives: whatever part of it the server managed to send. */
export type ReceivedErrorBody = Partial<ApiErrorBody>;

export function submitFields(submit: UploadSubmit, model: FlowModel, scenario: Scenario): [string, string][] {
  return Object.entries(submit.fields).map(([name, source]) => {
    if (typeof source !== 'string') {
      return [name, source.source === 'scenarioNumber' ? String(SCENARIO_NUMBER[scenario]) : source.value];
    }
    const value = getAt(model, source);
    return [name, value === undefined || value === null ? '' : String(value)];
  });
}

export async function buildUploadForm(
  submit: UploadSubmit,
  model: FlowModel,
  scenario: Scenario,
  getFile: (id: string) => Promise<Blob | undefined>,
): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of submitFields(submit, model, scenario)) form.append(name, value);
  const refs = (getAt(model, submit.files.from) as FileRef[] | undefined) ?? [];
  for (const ref of refs) {
    const blob = await getFile(ref.id);
    if (!blob) throw new Error('missing-file');
    form.append(submit.files.field, blob, ref.name);
  }
  return form;
}

export interface SubmitMessage {
  heading?: string;
  text: string;
}

/** What sending a flow came to: its kenmerk, or the message to show. */
export type SubmitOutcome = { ok: true; kenmerk?: string } | { ok: false; message: SubmitMessage };

/** The message for a failed upload: the first known validation code, else the flow's failure text. */
export function submitErrorMessage(submit: UploadSubmit, body: ReceivedErrorBody | undefined): SubmitMessage {
  const first = body?.errors?.[0];
  const template = first ? submit.codeMessages?.[first.code] : undefined;
  if (first && template) {
    return { heading: submit.codeHeading, text: interpolate(template, { list: (first.extraInfo ?? []).join(', ') }) };
  }
  return { text: submit.failureMessage };
}

/** The model as the confirmation keeps it: files reduced to name and size. */
export function reduceFiles(model: FlowModel): FlowModel {
  const reduce = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      return value.map((item) => (item && typeof item === 'object' && 'size' in item && 'name' in item ? { name: item.name, size: item.size } : reduce(item)));
    }
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reduce(v)]));
    return value;
  };
  return reduce(model) as FlowModel;
}
