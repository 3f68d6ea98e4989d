/**
 * Keeps a flow's data in sessionStorage so a page reload within the tab loses nothing. Only this tab
 * sees it, and it is removed when the application is sent. Each variant of a flow (artikel3,
 * artikel34) has its own state, so answers and progress of one never pass for the other's. The
 * state remembers the version of the
 * flow (its content hash) it was entered against, so a reload continues on that version; when that
 * version can no longer be used, the answers are kept and the wizard starts again from the first step.
 */
import type { Choices } from '../core/conditions';
import type { FlowModel, Scenario } from '../core/types';
import type { WizardState } from '../core/wizard';

export interface StoredFlowState {
  /** Content hash of the flow version the data was entered against. */
  hash: string;
  model: FlowModel;
  /** Entered but not yet approved step data, by dataKey. */
  drafts: FlowModel;
  /** The applicant's choices between groups of fields (`oneOf`/`anyOf`), by dataKey and path. */
  choices?: Record<string, Choices>;
  wizard?: WizardState;
}

/** Which stored state: the flow, the scenario it runs under, its variant, and the version being shown. */
export interface FlowStateKey {
  flowId: string;
  scenario: Scenario;
  /** The variant's route segment, for flows with variants. */
  variant?: string;
  hash: string;
}

type StateOf = Pick<FlowStateKey, 'flowId' | 'scenario' | 'variant'>;

const KEY_PREFIX = 'portal.flow.';

export function storageKey({ flowId, scenario, variant }: StateOf): string {
  return `${KEY_PREFIX}${flowId}.${scenario}${variant ? `.${variant}` : ''}`;
}

function readState(key: StateOf): StoredFlowState | undefined {
  try {
    const text = sessionStorage.getItem(storageKey(key));
    if (!text) return undefined;
    const stored = JSON.parse(text) as Partial<StoredFlowState>;
    return typeof stored.hash === 'string' && stored.model && stored.drafts ? (stored as StoredFlowState) : undefined;
  } catch {
    return undefined;
  }
}

/** The version (content hash) this tab's data of a flow (in a variant) was entered against, if any. */
export function storedFlowVersion(key: StateOf): string | undefined {
  return readState(key)?.hash;
}

export function loadFlowState(key: FlowStateKey): StoredFlowState {
  const stored = readState(key);
  if (!stored) return { hash: key.hash, model: {}, drafts: {} };
  if (stored.hash === key.hash) return stored;
  // Another version: keep every answer, but let the applicant go through the steps again.
  return { hash: key.hash, model: stored.model, drafts: stored.drafts, ...(stored.choices ? { choices: stored.choices } : {}) };
}

export function saveFlowState(key: FlowStateKey, state: StoredFlowState): void {
  try {
    sessionStorage.setItem(storageKey(key), JSON.stringify({ ...state, hash: key.hash }));
  } catch {
    // Storage full or disabled: the wizard keeps working in memory.
  }
}

export function clearFlowState(key: StateOf): void {
  try {
    sessionStorage.removeItem(storageKey(key));
  } catch {
    // Nothing to clear.
  }
}

/** Whether this tab keeps entered data of any flow. */
export function hasAnyFlowState(): boolean {
  try {
    return Object.keys(sessionStorage).some((key) => key.startsWith(KEY_PREFIX));
  } catch {
    return false;
  }
}

/** Removes the entered data of every flow from this tab (e.g. when the applicant logs out). */
export function clearAllFlowStates(): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(KEY_PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}
