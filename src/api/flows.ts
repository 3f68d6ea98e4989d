/**
 * Loading a flow at run time: the resolved document from the server and its precompiled validators
 * as same-origin modules, one per step. The first step's module comes with the document; the others
 * are fetched once the first step is on screen. Cached per flow and language for the life of the page.
 */
import type { Lang, Translate } from '../../renderer/core/i18n';
import type { FileRef, FlowDocument, FlowModel, ReferenceLists, Scenario, UploadSubmit } from '../../renderer/core/types';
import { uploadParts } from '../../renderer/core/uploadFields';
import type { ValidatorSet } from '../../renderer/core/validate';
import { buildUploadForm, submitErrorMessage, type ReceivedErrorBody, type SubmitOutcome } from '../../renderer/core/submit';
import { loadValidators } from '../../renderer/core/validatorModule';
import { getFile } from '../../renderer/core/fileStore';
import { advanceUpload, finishUpload, startUpload, type UploadProgress } from '../../renderer/core/uploadProgress';
import { bootBaseData, bootFlow } from './boot';
import { uiNamesIn } from '../../renderer/core/widgetCatalogue';
import { preloadUiCode } from '../../widgets';
import { getJson, isHttpError, post } from './client';
import { sendForm } from './upload';
import { fileNameFromDisposition, saveBlob } from './download';
import { attemptKeys, IDEMPOTENCY_HEADER } from './idempotency';

export interface LoadedFlow {
  flow: FlowDocument;
  /** Content hash of the version served: entered data is kept against it, and sent with it. */
  hash: string;
  /** The first step's validators. */
  validators: ValidatorSet;
  /** Loads (once) and answers the validators of every step. */
  allValidators: () => Promise<ValidatorSet>;
}

const cache = new Map<string, Promise<LoadedFlow>>();
/** The loads that have finished, by the same key: a page can show them at its first render. */
const settled = new Map<string, LoadedFlow>();

function flowKey(id: string, lang: Lang, hash: string | undefined): string {
  return `${id}:${lang}:${hash ?? ''}`;
}

/** The flow `loadFlow` has already loaded for these arguments, if it has. */
export function loadedFlow(id: string, lang: Lang, hash?: string): LoadedFlow | undefined {
  return settled.get(flowKey(id, lang, hash));
}

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load();
    pending.catch(() => {
      pending = undefined;
    });
    return pending;
  };
}

function apiPath(url: string): string {
  return url.replace(/^\/api\//, '');
}

interface FlowResponse {
  flow: FlowDocument;
  hash: string;
  validators: Record<string, string>;
}

async function fetchFlow(id: string, lang: Lang, hash: string | undefined): Promise<FlowResponse> {
  const inline = bootFlow(id, lang, hash);
  if (inline) return inline;
  const searchParams = { lang, ...(hash ? { v: hash } : {}) };
  try {
    return await getJson<FlowResponse>(`flows/${id}`, { searchParams });
  } catch (error) {
    // The version the applicant started on can no longer be used: continue on the current one.
    if (hash && isHttpError(error) && error.response.status === 404) return fetchFlow(id, lang, undefined);
    throw error;
  }
}

/**
 * Loads a flow: the version `hash` when given (the one this tab's data was entered against), else
 * the current one.
 */
export function loadFlow(id: string, lang: Lang, hash?: string): Promise<LoadedFlow> {
  const key = flowKey(id, lang, hash);
  let pending = cache.get(key);
  if (!pending) {
    pending = (async () => {
      const response = await fetchFlow(id, lang, hash);
      const { flow, validators: urls } = response;
      const firstStep = flow.steps[0];
      // The step's validator and the code of the widgets it shows load side by side (the page
      // asked for both already when it came with preload links).
      const [first] = await Promise.all([loadValidators(urls[firstStep.id]), preloadUiCode(uiNamesIn([firstStep.schema, firstStep.uiSchema])).catch(() => undefined)]);
      // One set for the life of the page: the other steps' validators join it when they arrive, so
      // the step on screen keeps the same set (and its form is not rebuilt for code it does not use).
      const validators: ValidatorSet = { ...first };
      const allValidators = once(async () => {
        // The widget code the later steps show comes along, so moving on never waits for it.
        void preloadUiCode(uiNamesIn(flow.steps.slice(1).flatMap((step) => [step.schema, step.uiSchema]))).catch(() => undefined);
        const others = await Promise.all(flow.steps.slice(1).map((step) => loadValidators(urls[step.id])));
        return Object.assign(validators, ...others) as ValidatorSet;
      });
      const loaded = { flow, hash: response.hash, validators, allValidators };
      settled.set(key, loaded);
      return loaded;
    })();
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
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
      return { ok: false, message: { text: t('upload.cancelled') } };
    }
    if (result.kind === 'network') {
      report(finishUpload(progress, 'error'));
      return { ok: false, message: { text: t('upload.network') } };
    }
    if (result.status >= 200 && result.status < 300) {
      report(finishUpload(progress, 'done'));
      return { ok: true, kenmerk: (result.body as { kenmerk?: string } | undefined)?.kenmerk };
    }
    report(finishUpload(progress, 'error'));
    const body = result.body && typeof result.body === 'object' ? (result.body as ReceivedErrorBody) : undefined;
    return { ok: false, message: submitErrorMessage(submit, body, t, fileFieldOf(loaded.flow, submit), lang) };
  }
  try {
    const result = await (await post(apiPath(submit.url), { json: model, searchParams: { scenario }, headers })).json<{ kenmerk?: string }>();
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

/** A flow's reference lists, kept in sessionStorage per list set and language for the rest of the visit. */
export async function loadBaseData(name: string, lang: Lang): Promise<ReferenceLists> {
  const inline = bootBaseData(name, lang);
  if (inline) return inline;
  const key = `portal.baseData.${name}.${lang}`;
  try {
    const cached = sessionStorage.getItem(key);
    if (cached) return JSON.parse(cached) as ReferenceLists;
  } catch {
    // No cache available: load it.
  }
  const lists = await getJson<ReferenceLists>(`base-data/${name}`, { searchParams: { lang } });
  try {
    sessionStorage.setItem(key, JSON.stringify(lists));
  } catch {
    // Storage full or disabled: the lists still work for this page.
  }
  return lists;
}

/** The postcode lookup for the address field: found, not found (404) or a technical error. */
export async function lookupPostcode(postcode: string, huisnummer: string): Promise<{ straat: string; plaats: string } | 'not-found' | 'error'> {
  try {
    return await getJson<{ straat: string; plaats: string }>('referencedata/postcodedata', { searchParams: { Postcode: postcode, Huisnummer: huisnummer } });
  } catch (error) {
    return isHttpError(error) && error.response.status === 404 ? 'not-found' : 'error';
  }
}
