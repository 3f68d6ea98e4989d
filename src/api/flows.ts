/**
 * Loading a flow at run time: the resolved document from the server and its precompiled validators
 * as same-origin modules, one per step. The first step's module comes with the document; the others
 * are fetched once the first step is on screen. Cached per flow and language for the life of the page.
 */
import type { Lang } from '../../renderer/core/i18n';
import type { FlowDocument, ReferenceLists } from '../../renderer/core/types';
import type { ValidatorSet } from '../../renderer/core/validate';
import { loadValidators } from '../../renderer/core/validatorModule';
import { bootBaseData, bootFlow } from './boot';
import { loadOnce } from '../../renderer/browser/loadOnce';
import { getJson, isHttpError } from './client';
import type { FlowAnswer } from '../shared/flowAnswer';
import type { PostcodeAnswer } from '../shared/referenceData';

export interface LoadedFlow {
  flow: FlowDocument;
  /** Content hash of the version served: entered data is kept against it, and sent with it. */
  hash: string;
  /** The first step's validators. */
  validators: ValidatorSet;
  /** Loads (once) and answers the validators of every step. */
  allValidators: () => Promise<ValidatorSet>;
  /** The data each step starts with, worked out by the server (absent from an older server's answer). */
  startData?: Record<string, Record<string, unknown>>;
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

async function fetchFlow(id: string, lang: Lang, hash: string | undefined): Promise<FlowAnswer> {
  const inline = bootFlow(id, lang, hash);
  if (inline) return inline;
  const searchParams = { lang, ...(hash ? { v: hash } : {}) };
  try {
    return await getJson<FlowAnswer>(`flows/${id}`, { searchParams });
  } catch (error) {
    // The version the applicant started on can no longer be used: continue on the current one.
    if (hash && isHttpError(error) && error.response.status === 404) return fetchFlow(id, lang, undefined);
    throw error;
  }
}

/**
 * Starts loading the on-demand code the forms of `steps` render, by the names the server sent with
 * the flow (by step id): the renderer's `preloadStepCode`, handed in by the page.
 */
export type PreloadStepCode = (steps: FlowDocument['steps'], names?: Record<string, string[]>) => Promise<unknown>;

/**
 * Loads a flow: the version `hash` when given (the one this tab's data was entered against), else
 * the current one. The code its steps render starts loading with it (`preloadCode`).
 */
export function loadFlow(id: string, lang: Lang, hash: string | undefined, preloadCode: PreloadStepCode): Promise<LoadedFlow> {
  const key = flowKey(id, lang, hash);
  let pending = cache.get(key);
  if (!pending) {
    pending = (async () => {
      const response = await fetchFlow(id, lang, hash);
      const { flow, validators: urls } = response;
      const firstStep = flow.steps[0];
      // The step's validator and the code of the widgets it shows load side by side (the page
      // asked for both already when it came with preload links).
      const [first] = await Promise.all([loadValidators(urls[firstStep.id]), preloadCode([firstStep], response.code).catch(() => undefined)]);
      // One set for the life of the page: the other steps' validators join it when they arrive, so
      // the step on screen keeps the same set (and its form is not rebuilt for code it does not use).
      const validators: ValidatorSet = { ...first };
      const allValidators = loadOnce(async () => {
        // The widget code the later steps show comes along, so moving on never waits for it.
        void preloadCode(flow.steps.slice(1), response.code).catch(() => undefined);
        const others = await Promise.all(flow.steps.slice(1).map((step) => loadValidators(urls[step.id])));
        return Object.assign(validators, ...others) as ValidatorSet;
      });
      const loaded = { flow, hash: response.hash, validators, allValidators, startData: response.startData };
      settled.set(key, loaded);
      return loaded;
    })();
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
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
export async function lookupPostcode(postcode: string, huisnummer: string): Promise<PostcodeAnswer | 'not-found' | 'error'> {
  try {
    return await getJson<PostcodeAnswer>('referencedata/postcodedata', { searchParams: { Postcode: postcode, Huisnummer: huisnummer } });
  } catch (error) {
    return isHttpError(error) && error.response.status === 404 ? 'not-found' : 'error';
  }
}
