/**
 * What the draft routes answer and refuse with, shared by the routes that write a draft (editing,
 * publishing, rolling back, going back to an earlier save): the draft as the browser reads it, the
 * refusals in Dutch, and the sentence a kept save carries.
 */
import type { ServerContext } from '../context';
import { ApiError, CODES } from '../errors';
import type { FlowCompiler, FlowVersionSource } from '../flows/pipeline/compileFlow';
import type { FlowDraft, FlowVersionSummary } from '../storage';
import type { DraftAnswer } from '../../shared/beheer';
import { checkDraft, sourceOf, type DraftCheck } from './drafts';
import { caseInputs } from './fixtureOwners';
import { describeChanges } from './flowDiff';

export function draftAnswer(draft: FlowDraft | undefined, check: DraftCheck | undefined): DraftAnswer {
  return {
    draft: draft
      ? {
          source: sourceOf(draft.source),
          baseVersion: draft.baseVersion ?? null,
          createdBy: draft.createdBy,
          updatedBy: draft.updatedBy,
          updatedAt: draft.updatedAt.toISOString(),
          approvedBy: draft.approvedBy ?? null,
          rollback: draft.rollback ?? null,
        }
      : null,
    findings: check?.findings ?? [],
    fixtures: check?.fixtures ?? [],
  };
}

/** Runs a draft's source through the pipeline and its test cases, as every draft route does. */
export function draftChecker(context: ServerContext, compile: FlowCompiler) {
  return async (flowId: string, source: FlowVersionSource): Promise<DraftCheck> =>
    checkDraft(compile, flowId, source, context.config.rootDir, context.translations.nl, await caseInputs(context.storage, flowId));
}

/** The version of a flow applicants get; 404 for a flow this deployment does not have. */
export async function publishedVersion(context: ServerContext, flowId: string): Promise<FlowVersionSummary> {
  const current = (await context.storage.listFlowVersions(flowId)).find((version) => version.state === 'published');
  if (!current) throw flowNotFound();
  return current;
}

export const flowNotFound = () => new ApiError(404, 'Deze flow bestaat niet.', [{ code: CODES.notFound, extraInfo: [] }]);
export const noDraft = () => new ApiError(404, 'Deze flow heeft geen concept.', [{ code: CODES.notFound, extraInfo: [] }]);

const TIME = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit' });
const DATE_TIME = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

/** '24 november 14:03', as the back office names a moment. */
export const momentText = (date: Date) => DATE_TIME.format(date).replace(',', '');

/**
 * The draft is no longer what the caller saw: someone saved (or deleted) it since. The message says
 * who and when; `extraInfo` carries the draft's `updatedAt` and `updatedBy` so the page can offer to
 * save over it (the other save stays in the draft's history) or to load it.
 */
export function draftChanged(now: FlowDraft | undefined, by: string, what: string): ApiError {
  if (!now) return new ApiError(409, `Dit concept is intussen verwijderd. ${what}`, [{ code: CODES.draftChanged, extraInfo: [] }]);
  const who = now.updatedBy === by ? 'door u, in een ander venster' : `door ${now.updatedBy}`;
  return new ApiError(409, `Dit concept is om ${TIME.format(now.updatedAt)} opgeslagen ${who}. ${what}`, [
    { code: CODES.draftChanged, extraInfo: [now.updatedAt.toISOString(), now.updatedBy] },
  ]);
}

/** A date a caller sent, or a 400 when it is none. */
export function dateOf(text: string, field: string): Date {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new ApiError(400, 'Het verzoek is niet geldig.', [{ code: CODES.malformed, extraInfo: [field] }]);
  return date;
}

/**
 * The sentence of a kept save: its first change against the save before, and how many more. Never
 * throws: a save is kept without a sentence rather than refused for it.
 */
export function saveSummary(previous: unknown, next: unknown): string | undefined {
  if (previous === undefined) return undefined;
  try {
    const changes = describeChanges(sourceOf(previous), sourceOf(next));
    if (changes.length === 0) return 'Geen wijzigingen.';
    const more = changes.length - 1;
    return more === 0 ? changes[0].text : `${changes[0].text} En ${more} ${more === 1 ? 'andere wijziging' : 'andere wijzigingen'}.`;
  } catch {
    return undefined;
  }
}
