/**
 * 'Opslaan en later verder' in the browser: sends this tab's answers of a flow and the files they
 * refer to (`POST /api/opslaan`), and takes a saved application back (`POST /api/hervatten`): the
 * files go back into the tab's file store (under new ids, which the answers are changed to) and the
 * answers into the tab's flow state, against the version they were entered on.
 */
import { getFile, putFile } from '../../renderer/browser/fileStore';
import { loadFlowState, saveFlowState, type FlowStateKey, type StoredFlowState } from '../../renderer/browser/flowStorage';
import { fileRefsIn } from '../../renderer/core/rules/fileCheck';
import type { FlowDocument } from '../../renderer/core/types';
import { unpackSaved, type SaveDetails, type SavedAnswers, type SaveResult } from '../shared/savedApplication';
import { isHttpError, post } from './client';

export type { SaveResult };

/** Saves the tab's answers of `key` on the server; undefined when that failed (the page says so). */
export async function saveApplication(flow: FlowDocument, key: FlowStateKey, path: string, email: string | undefined): Promise<SaveResult | 'error'> {
  const state = loadFlowState(key);
  const form = new FormData();
  const files: { id: string; field: string; blob: File }[] = [];
  for (const { ref, field } of fileRefsIn(flow, state)) {
    const blob = await getFile(ref.id);
    if (blob) files.push({ id: ref.id, field, blob });
  }
  const answers: SavedAnswers = { model: state.model, drafts: state.drafts as SavedAnswers['drafts'], wizard: state.wizard };
  form.append(
    'gegevens',
    JSON.stringify({
      flowId: flow.id,
      scenario: key.scenario,
      ...(key.variant ? { variant: key.variant } : {}),
      hash: key.hash,
      path,
      answers,
      files: files.map(({ id, field }) => ({ id, field })),
    } satisfies SaveDetails),
  );
  if (email) form.append('email', email);
  for (const file of files) form.append(file.field, file.blob, file.blob.name);
  try {
    return await (await post('opslaan', { body: form, timeout: false })).json<SaveResult>();
  } catch {
    return 'error';
  }
}

/** What a resume attempt came to. */
export type ResumeOutcome =
  | { ok: true; path: string }
  | { ok: false; code: 'USAVE-01' | 'USAVE-02' | 'USAVE-03' | 'USAVE-04' | 'USAVE-05' | 'USAVE-06' | 'error'; attemptsLeft?: number };

/** Replaces file ids inside the answers (every object with an `id` found in `ids`). */
function renameFiles(value: unknown, ids: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => renameFiles(item, ids));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([name, item]) => [
      name,
      name === 'id' && typeof item === 'string' && ids.has(item) ? ids.get(item) : renameFiles(item, ids),
    ]);
    return Object.fromEntries(entries);
  }
  return value;
}

export async function resumeApplication(id: string, code: string): Promise<ResumeOutcome> {
  let packed: Blob;
  try {
    // A Blob, not an ArrayBuffer: the browser keeps the body (on disk when it is large) and each
    // file below is a slice of it, never a copy in the page's memory.
    packed = await (await post('hervatten', { json: { id, code }, timeout: false })).blob();
  } catch (error) {
    if (isHttpError(error)) {
      try {
        const body = (await error.response.json()) as { errors?: { code?: string; extraInfo?: string[] }[] };
        const first = body.errors?.[0];
        if (first?.code?.startsWith('USAVE-')) {
          return {
            ok: false,
            code: first.code as Exclude<ResumeOutcome, { ok: true }>['code'],
            ...(first.extraInfo?.[0] ? { attemptsLeft: Number(first.extraInfo[0]) } : {}),
          };
        }
      } catch {
        // No error body: a technical failure.
      }
    }
    return { ok: false, code: 'error' };
  }
  let unpacked: Awaited<ReturnType<typeof unpackSaved>>;
  try {
    unpacked = await unpackSaved(packed);
  } catch {
    // An answer cut short (the connection dropped while it came).
    return { ok: false, code: 'error' };
  }
  const { header, files } = unpacked;
  const ids = new Map<string, string>();
  for (const [index, entry] of header.files.entries()) {
    const file = new File([files[index]], entry.name, { type: entry.type });
    ids.set(entry.id, await putFile(file));
  }
  const answers = renameFiles(header.answers, ids) as SavedAnswers;
  const key: FlowStateKey = { flowId: header.flowId, scenario: header.scenario, ...(header.variant ? { variant: header.variant } : {}), hash: header.hash };
  saveFlowState(key, { hash: header.hash, model: answers.model, drafts: answers.drafts, wizard: answers.wizard } as StoredFlowState);
  return { ok: true, path: header.path };
}
