/**
 * Sending a flow's answers, and the downloads that follow: the final submit (an upload with its
 * files and progress, or the model as JSON) and the confirmation documents. Loaded when an
 * applicant first sends or downloads something (src/app/FlowHost.tsx), not with the first step.
 */
import type { Lang, Translate } from '../../renderer/core/i18n';
import type { FileRef, FlowDocument, FlowModel, Scenario, UploadSubmit } from '../../renderer/core/types';
import { uploadParts } from '../../renderer/core/uploadFields';
import { buildUploadForm, submitErrorMessage, type ReceivedErrorBody, type SubmitOutcome } from '../../renderer/core/submit';

export { reduceFiles } from '../../renderer/core/submit';
import { getFile } from '../../renderer/browser/fileStore';
import { advanceUpload, finishUpload, startUpload, type UploadProgress } from '../../renderer/browser/uploadProgress';
import type { LoadedFlow } from './flows';
import { isHttpError, post } from './client';
import { sendForm } from './upload';
import { fileNameFromDisposition, saveBlob } from './download';
import { attemptKeys, IDEMPOTENCY_HEADER } from './idempotency';
import type { KenmerkAnswer } from '../shared/submission';

function apiPath(url: string): string {
  return url.replace(/^\/api\//, '');
}

/** The server's error body of a failed call, when it sent one. */
async function errorBodyOf(error: unknown): Promise<ReceivedErrorBody | undefined> {
  if (!isHttpError(error)) return undefined;
  try {
    const body: unknown = await error.response.json();
    return body && typeof body === 'object' ? (body as ReceivedErrorBody) : undefined;
  } catch {
    return undefined;
  }
}

/** Headers of a call that carries a flow's data: its language, and the version it was entered against. */
function flowHeaders(lang: Lang, hash: string): Record<string, string> {
  return { 'Accept-Language': lang, 'X-Flow-Version': hash };
}

/** The model path of an upload's file field, where a refused file is shown. */
function fileFieldOf(flow: FlowDocument, submit: UploadSubmit): string | undefined {
  return uploadParts(flow, submit).find((part) => part.encoding === 'files')?.modelPath;
}

/** How the applicant follows, and can stop, the sending of files. */
export interface SubmitTransfer {
  onUpload?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * Sends a flow's answers as its submit says — an upload (the data and the files as a multipart
 * request, with progress and no time limit) or the whole model as JSON — and answers the kenmerk the
 * server stored it under, or what to tell the applicant (the refused fields, the flow's own message,
 * a lost connection or a cancelled transfer).
 */
export async function submitFlow(
  loaded: Pick<LoadedFlow, 'flow' | 'hash'>,
  model: FlowModel,
  scenario: Scenario,
  lang: Lang,
  t: Translate,
  transfer: SubmitTransfer = {},
): Promise<SubmitOutcome> {
  const { submit } = loaded.flow;
  if (submit.kind === 'navigate') return { ok: true };
  // One key per attempt: the same request sent again after a lost answer carries the same key (idempotency.ts).
  const channel = submit.url;
  const key = attemptKeys.keyFor(channel, JSON.stringify([submit.url, scenario, loaded.hash, model]));
  const headers = { ...flowHeaders(lang, loaded.hash), [IDEMPOTENCY_HEADER]: key };
  if (submit.kind === 'upload') {
    let built: Awaited<ReturnType<typeof buildUploadForm>>;
    try {
      built = await buildUploadForm(loaded.flow, submit, model, scenario, getFile);
    } catch {
      return { ok: false, message: { text: t('upload.fileGone') } };
    }
    let progress = startUpload(built.files);
    const report = (next: UploadProgress) => {
      progress = next;
      transfer.onUpload?.(next);
    };
    report(progress);
    const result = await sendForm(submit.url, built.form, {
      headers,
      signal: transfer.signal,
      onProgress: ({ loaded: sent, total }) => report(advanceUpload(progress, sent, total)),
    });
    attemptKeys.settle(channel, result.kind === 'answered' ? result.status : undefined);
    if (result.kind === 'cancelled') {
      report(finishUpload(progress, 'cancelled'));
      return { ok: false, message: { text: t('upload.cancelled'), kind: 'cancelled' } };
    }
    if (result.kind === 'network') {
      report(finishUpload(progress, 'error'));
      return { ok: false, message: { text: t('upload.network') } };
    }
    if (result.status >= 200 && result.status < 300) {
      report(finishUpload(progress, 'done'));
      return { ok: true, kenmerk: (result.body as Partial<KenmerkAnswer> | undefined)?.kenmerk };
    }
    report(finishUpload(progress, 'error'));
    const body = result.body && typeof result.body === 'object' ? (result.body as ReceivedErrorBody) : undefined;
    return { ok: false, message: submitErrorMessage(submit, body, t, fileFieldOf(loaded.flow, submit), lang) };
  }
  try {
    const result = await (await post(apiPath(submit.url), { json: model, searchParams: { scenario }, headers })).json<Partial<KenmerkAnswer>>();
    attemptKeys.settle(channel, 200);
    return { ok: true, kenmerk: result.kenmerk };
  } catch (error) {
    attemptKeys.settle(channel, isHttpError(error) ? error.response.status : undefined);
    return { ok: false, message: submitErrorMessage(submit, await errorBodyOf(error), t, undefined, lang) };
  }
}

/** Downloads a confirmation document; false when it failed (the page shows the spec's message). */
export async function downloadConfirmation(url: string, payload: unknown, lang: Lang, hash: string): Promise<boolean> {
  try {
    const response = await post(apiPath(url), { json: payload, headers: flowHeaders(lang, hash) });
    saveBlob(await response.blob(), fileNameFromDisposition(response.headers.get('Content-Disposition'), 'bevestiging.pdf'));
    return true;
  } catch {
    return false;
  }
}

/** Offers the browser's own copy of a chosen file. */
export async function downloadStoredFile(file: FileRef): Promise<void> {
  const blob = await getFile(file.id);
  if (blob) saveBlob(blob, file.name);
}
