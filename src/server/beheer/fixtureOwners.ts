/**
 * Which adjustments of test cases apply where. An adjustment belongs to the draft it was made in
 * (deleted with it) and, once that draft is published, to the content of the version published. So
 * the cases of a draft use the draft's own adjustments and those kept with the version the draft
 * started from; the published version's cases use those kept with its content. A rollback publishes
 * other content and a new draft starts from it: neither inherits an earlier draft's adjustments.
 */
import type { FlowDraft, Storage } from '../storage';
import type { CaseInputs } from './fixtureRuns';

/** The owners whose adjustments apply: a draft's id, a version's content hash. */
export interface AdjustmentOwners {
  draftId?: string;
  versionHash?: string;
}

/** The owners for the flow's open draft (`draft`), or for its published version when there is none. */
export async function adjustmentOwners(storage: Storage, flowId: string, draft: FlowDraft | undefined): Promise<AdjustmentOwners> {
  const versions = await storage.listFlowVersions(flowId);
  const version = draft ? versions.find((candidate) => candidate.version === draft.baseVersion) : versions.find((candidate) => candidate.state === 'published');
  return { ...(draft ? { draftId: draft.id } : {}), ...(version ? { versionHash: version.hash } : {}) };
}

/** The back office's cases of a flow and the adjustments that apply to its draft (or, without one, its published version). */
export async function caseInputs(storage: Storage, flowId: string, draft?: FlowDraft | null): Promise<CaseInputs> {
  const open = draft === undefined ? await storage.beheer.getDraft(flowId) : (draft ?? undefined);
  const owners = await adjustmentOwners(storage, flowId, open);
  const [stored, adjustments] = await Promise.all([storage.beheer.listFixtures(flowId), storage.beheer.listFixtureAdjustments(flowId, owners)]);
  return { stored, adjustments };
}
