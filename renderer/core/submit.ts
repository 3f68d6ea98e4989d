/**
 * Builds the multipart request of an upload flow from its step schemas (the server reads it back
 * the same way, see uploadFields.ts), and turns a rejection into the flow's Dutch message.
 */
import type { ApiErrorBody } from './apiError';
import { getAt } from './paths';
import { interpolate } from './i18n';
import type { FileRef, FlowDocument, FlowModel, Scenario, UploadSubmit } from './types';
import { uploadEntries, uploadParts } from './uploadFields';

/** The error body as it arrives: whatever part of it the server managed to send. */
export type ReceivedErrorBody = Partial<ApiErrorBody>;

/** The multipart request of an upload flow: every field of every step, and the chosen files. */
export async function buildUploadForm(
  flow: FlowDocument,
  submit: UploadSubmit,
  model: FlowModel,
  scenario: Scenario,
  getFile: (id: string) => Promise<Blob | undefined>,
): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of uploadEntries(flow, submit, model, scenario)) form.append(name, value);
  for (const part of uploadParts(flow, submit)) {
    if (part.encoding !== 'files') continue;
    for (const ref of (getAt(model, part.modelPath) as FileRef[] | undefined) ?? []) {
      const blob = await getFile(ref.id);
      if (!blob) throw new Error('missing-file');
      form.append(part.name, blob, ref.name);
    }
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
