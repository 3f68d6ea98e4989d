/**
 * Why 'Publiceren' cannot be used yet, each as a phrase the action bar joins into one sentence
 * ('Publiceren kan nog niet: 2 fouten in het concept en goedkeuring door een tweede persoon
 * ontbreekt.'): the save state first, then the findings and test cases, then the second person.
 */
import type { SaveState } from './useAutosave';

export interface PublishState {
  save: SaveState['kind'];
  /** The screen holds what is not saved. */
  dirty: boolean;
  errors: number;
  failingCases: number;
  /** A rollback is published as that version was checked then: today's findings do not hold it up. */
  rollback: boolean;
  /** The four-eyes rule is on and no second person approved the draft. */
  approvalMissing: boolean;
}

export function publishBlockers(state: PublishState): string[] {
  const saving =
    state.save === 'failed'
      ? 'het laatste opslaan is mislukt'
      : state.save === 'conflict'
        ? 'het concept is intussen door een ander opgeslagen'
        : state.dirty || state.save === 'saving'
          ? 'er zijn wijzigingen die nog niet zijn opgeslagen'
          : undefined;
  return [
    ...(saving ? [saving] : []),
    ...(!state.rollback && state.errors > 0 ? [`${state.errors} ${state.errors === 1 ? 'fout' : 'fouten'} in het concept`] : []),
    ...(!state.rollback && state.failingCases > 0 ? [`${state.failingCases} ${state.failingCases === 1 ? 'testgeval mislukt' : 'testgevallen mislukt'}`] : []),
    ...(state.approvalMissing ? ['goedkeuring door een tweede persoon ontbreekt'] : []),
  ];
}
