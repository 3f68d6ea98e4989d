/**
 * The wizard's memory: the approved step data, the drafts being typed and the wizard's progress,
 * kept in this tab's sessionStorage so a reload loses nothing. Typing is saved a moment later, not
 * on every key press; navigation saves at once; leaving the page saves what still waits.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { clearFlowState, loadFlowState, saveFlowState, type FlowStateKey, type StoredFlowState } from '../../browser/flowStorage';
import { restoreWizard, type WizardState } from '../../core/wizard';
import type { ChangeQueue } from '../../../widgets';

const TYPING_SAVE_DELAY_MS = 250;

export interface FlowPersistence {
  stored: StoredFlowState;
  wizard: WizardState;
  /** Stores new state and progress at once. */
  persist: (state: StoredFlowState, wizard: WizardState) => void;
  /** Replaces one step's draft; saved a moment later. */
  saveDraft: (dataKey: string, data: Record<string, unknown>) => void;
  /** Records the applicant's choice between groups of fields at `path` of a step; saved at once. */
  saveChoice: (dataKey: string, path: string, option: number) => void;
  /** Forgets everything of this flow in the tab, including what still waits to be saved. */
  discard: () => void;
}

export function useFlowPersistence(key: FlowStateKey, stepIds: string[], changes: ChangeQueue): FlowPersistence {
  const [stored, setStored] = useState<StoredFlowState>(() => loadFlowState(key));
  const [wizard, setWizard] = useState<WizardState>(() => restoreWizard(stepIds, stored.wizard));
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pendingSave = useRef<(() => void) | undefined>(undefined);
  const wizardRef = useRef(wizard);
  wizardRef.current = wizard;

  const flushSave = useCallback(() => {
    clearTimeout(saveTimer.current);
    pendingSave.current?.();
    pendingSave.current = undefined;
  }, []);

  // A reload or leaving the page must not lose the last key presses.
  useEffect(() => {
    const leave = () => {
      changes.flush();
      flushSave();
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      flushSave();
    };
  }, [flushSave, changes]);

  const persist = useCallback(
    (state: StoredFlowState, nextWizard: WizardState) => {
      clearTimeout(saveTimer.current);
      pendingSave.current = undefined;
      setStored(state);
      setWizard(nextWizard);
      saveFlowState(key, { ...state, wizard: nextWizard });
    },
    [key],
  );

  const saveDraft = (dataKey: string, data: Record<string, unknown>) => {
    const state = { ...stored, drafts: { ...stored.drafts, [dataKey]: data } };
    setStored(state);
    clearTimeout(saveTimer.current);
    pendingSave.current = () => saveFlowState(key, { ...state, wizard: wizardRef.current });
    saveTimer.current = setTimeout(flushSave, TYPING_SAVE_DELAY_MS);
  };

  const saveChoice = (dataKey: string, path: string, option: number) => {
    const choices = { ...stored.choices, [dataKey]: { ...stored.choices?.[dataKey], [path]: option } };
    persist({ ...stored, choices }, wizardRef.current);
  };

  const discard = () => {
    clearTimeout(saveTimer.current);
    pendingSave.current = undefined;
    clearFlowState(key);
    const empty = { hash: key.hash, model: {}, drafts: {} };
    setStored(empty);
    setWizard(restoreWizard(stepIds, undefined));
  };

  return { stored, wizard, persist, saveDraft, saveChoice, discard };
}
