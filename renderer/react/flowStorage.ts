/**
 * Keeps a flow's data in sessionStorage so a page reload within the tab loses nothing. Only this tab
 * sees it, and it is removed when the application is sent. A stored state of another flow version
 * is discarded.
 */
import type { FlowDocument, FlowModel, Scenario } from '../core/types';
import type { WizardState } from '../core/wizard';

export interface StoredFlowState {
  version: number;
  model: FlowModel;
  /** Entered but not yet approved step data, by dataKey. */
  drafts: FlowModel;
  wizard?: WizardState;
}

const KEY_PREFIX = 'portal.flow.';

export function storageKey(flow: FlowDocument, scenario: Scenario): string {
  return `${KEY_PREFIX}${flow.id}.${scenario}`;
}

export function loadFlowState(flow: FlowDocument, scenario: Scenario): StoredFlowState {
  const empty: StoredFlowState = { version: flow.version, model: {}, drafts: {} };
  try {
    const text = sessionStorage.getItem(storageKey(flow, scenario));
    if (!text) return empty;
    const stored = JSON.parse(text) as StoredFlowState;
    return stored.version === flow.version && stored.model && stored.drafts ? stored : empty;
  } catch {
    return empty;
  }
}

export function saveFlowState(flow: FlowDocument, scenario: Scenario, state: StoredFlowState): void {
  try {
    sessionStorage.setItem(storageKey(flow, scenario), JSON.stringify(state));
  } catch {
    // Storage full or disabled: the wizard keeps working in memory.
  }
}

export function clearFlowState(flow: FlowDocument, scenario: Scenario): void {
  try {
    sessionStorage.removeItem(storageKey(flow, scenario));
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
