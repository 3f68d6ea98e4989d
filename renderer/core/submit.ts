/**
 * Builds the multipart request of an upload flow from its step schemas (the server reads it back
 * the same way, see uploadFields.ts), and turns a rejection into the flow's Dutch message.
 */
import type { ApiErrorBody } from './apiError';
import { getAt } from './paths';
import { interpolate, type Lang, type Translate } from './i18n';
import { FORBIDDEN_NAME_CHARACTERS, listExtensions } from './files';
import type { FileRef, FlowDocument, FlowModel, JsonSubmit, Scenario, UploadSubmit } from './types';
import { uploadEntries, uploadParts } from './uploadFields';

/** The error body as it arrives: whatever part of it the server managed to send. */
export type ReceivedErrorBody = Partial<ApiErrorBody>;

/** The multipart request of an upload flow: every field of every step, and the chosen files (in the order sent). */
export async function buildUploadForm(
  flow: FlowDocument,
  submit: UploadSubmit,
  model: FlowModel,
  scenario: Scenario,
  getFile: (id: string) => Promise<Blob | undefined>,
): Promise<{ form: FormData; files: { name: string; size: number }[] }> {
  const form = new FormData();
  const files: { name: string; size: number }[] = [];
  for (const [name, value] of uploadEntries(flow, submit, model, scenario)) form.append(name, value);
  for (const part of uploadParts(flow, submit)) {
    if (part.encoding !== 'files') continue;
    for (const ref of (getAt(model, part.modelPath) as FileRef[] | undefined) ?? []) {
      const blob = await getFile(ref.id);
      if (!blob) throw new Error('missing-file');
      form.append(part.name, blob, ref.name);
      files.push({ name: ref.name, size: blob.size });
    }
  }
  return { form, files };
}

/** A field the server refused, by model path (`dataKey.field`), with the spec's message. */
export interface Refusal {
  path: string;
  message: string;
}

export interface SubmitMessage {
  heading?: string;
  text: string;
  /** 'cancelled': the applicant stopped the sending; said as a notice, not as an error. */
  kind?: 'cancelled';
  /** The fields the server refused, each to be shown at its step and field. */
  refusals?: Refusal[];
}

/** What sending a flow came to: its kenmerk, or the message to show. */
export type SubmitOutcome = { ok: true; kenmerk?: string } | { ok: false; message: SubmitMessage };

/** Error code of a field the server refused (doc 2 §3: extraInfo is [model path, message]). */
const INVALID_FIELD = 'UVAL-01';
/** Error code of a flow version that may no longer be used. */
const VERSION_GONE = 'UVER-01';
/** Error code of a security token refused even after it was renewed. */
const STALE_PAGE = 'UCSRF-01';

/** A file the server refused (UFILE-xx, extraInfo: the file's name, then details) in the picker's own words. */
function fileCodeMessage(code: string, extraInfo: string[], t: Translate, lang: Lang): string {
  const [filename = '', ...details] = extraInfo;
  switch (code) {
    case 'UFILE-01':
      return t('widget.file.error.tooBig', { filename, maxSize: details[0] ?? '' });
    case 'UFILE-02':
      return t('widget.file.error.mime', { filename, allowedTypes: listExtensions(details, lang) });
    case 'UFILE-03':
      return t('widget.file.error.tooMany', { maxFiles: extraInfo[0] ?? '', allowedFiles: extraInfo[0] ?? '' });
    case 'UFILE-04':
      return t('widget.file.error.empty', { filename });
    case 'UFILE-05':
      return t('widget.file.error.nameCharacters', { filename, characters: FORBIDDEN_NAME_CHARACTERS.join(' ') });
    default:
      return t('widget.file.error.unknown', { filtername: code, filename });
  }
}

/**
 * The message for a refused submit: a version that is gone says so; refused fields are listed with
 * their messages; a refused file is named in the picker's words (doc 2 §5), or in the flow's own
 * words for its check's codes, and is put at the file field (`fileField`, a model path) so the review
 * links straight to where it is replaced; else the flow's failure text. A code whose text lists
 * values but came without them gets the failure text too.
 */
export function submitErrorMessage(
  submit: UploadSubmit | JsonSubmit,
  body: ReceivedErrorBody | undefined,
  t: Translate,
  fileField?: string,
  lang: Lang = 'nl',
): SubmitMessage {
  const errors = body?.errors ?? [];
  if (errors.some((error) => error.code === VERSION_GONE)) return { text: t('wizard.versionChanged') };
  if (errors.some((error) => error.code === STALE_PAGE)) return { text: t('wizard.reload') };
  const refusals = errors
    .filter((error) => error.code === INVALID_FIELD && error.extraInfo?.length === 2)
    .map((error) => ({ path: error.extraInfo![0], message: error.extraInfo![1] }));
  if (refusals.length > 0) return { heading: t('wizard.errorSummaryTitle'), text: t('wizard.refusedFields'), refusals };
  const first = errors[0];
  const atFile = (heading: string | undefined, message: string): SubmitMessage =>
    fileField ? { heading, text: t('wizard.replaceFile'), refusals: [{ path: fileField, message }] } : { heading, text: message };
  if (first?.code.startsWith('UFILE-')) return atFile(undefined, fileCodeMessage(first.code, first.extraInfo ?? [], t, lang));
  const template = first && 'codeMessages' in submit ? submit.codeMessages?.[first.code] : undefined;
  const list = (first?.extraInfo ?? []).join(', ');
  if (first && template && 'codeHeading' in submit && (list !== '' || !template.includes('{list}'))) {
    return atFile(submit.codeHeading, interpolate(template, { list }));
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
