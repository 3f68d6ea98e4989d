// Why 'Publiceren' waits, in the words the action bar shows next to the button.
import { describe, expect, it } from 'vitest';
import { listInWords } from './ActionBar';
import { publishBlockers, type PublishState } from './publishBlockers';

const ready: PublishState = { save: 'saved', dirty: false, errors: 0, failingCases: 0, rollback: false, approvalMissing: false };

describe('why publishing waits', () => {
  it('names nothing for a saved, checked and approved draft', () => {
    expect(publishBlockers(ready)).toEqual([]);
  });

  it('names unsaved changes, findings, failing test cases and the missing approval, in that order', () => {
    const all = publishBlockers({ save: 'dirty', dirty: true, errors: 2, failingCases: 1, rollback: false, approvalMissing: true });
    expect(`Publiceren kan nog niet: ${listInWords(all)}.`).toBe(
      'Publiceren kan nog niet: er zijn wijzigingen die nog niet zijn opgeslagen, 2 fouten in het concept, 1 testgeval mislukt en goedkeuring door een tweede persoon ontbreekt.',
    );
    expect(publishBlockers({ ...ready, save: 'saving' })).toEqual(['er zijn wijzigingen die nog niet zijn opgeslagen']);
    expect(publishBlockers({ ...ready, save: 'failed', dirty: true })).toEqual(['het laatste opslaan is mislukt']);
    expect(publishBlockers({ ...ready, save: 'conflict', dirty: true })).toEqual(['het concept is intussen door een ander opgeslagen']);
    expect(publishBlockers({ ...ready, errors: 1, failingCases: 3 })).toEqual(['1 fout in het concept', '3 testgevallen mislukt']);
  });

  it('lets a rollback wait only for saving and the second person', () => {
    expect(publishBlockers({ ...ready, errors: 2, failingCases: 2, rollback: true, approvalMissing: true })).toEqual([
      'goedkeuring door een tweede persoon ontbreekt',
    ]);
  });
});
