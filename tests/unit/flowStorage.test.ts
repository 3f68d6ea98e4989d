// @vitest-environment jsdom
// The tab's stored flow data remembers the version it was entered against: the same version
// continues where the applicant was; another version keeps every answer but starts the steps anew.
import { beforeEach, describe, expect, it } from 'vitest';
import { clearFlowState, loadFlowState, saveFlowState, storedFlowVersion } from '../../renderer/browser/flowStorage';

const key = { flowId: 'proef', scenario: 'uzi' as const, hash: 'a'.repeat(64) };
const wizard = {
  steps: [
    { id: 'stap1', state: 'visited' as const },
    { id: 'stap2', state: 'active' as const },
  ],
  current: 'stap2',
};

beforeEach(() => sessionStorage.clear());

describe('flowStorage', () => {
  it('continues on the same version where the applicant was', () => {
    saveFlowState(key, { hash: key.hash, model: { gegevens: { naam: 'Anouk' } }, drafts: {}, wizard });
    expect(storedFlowVersion(key)).toBe(key.hash);
    expect(loadFlowState(key)).toEqual({ hash: key.hash, model: { gegevens: { naam: 'Anouk' } }, drafts: {}, wizard });
  });

  it('keeps every answer of another version, but lets the applicant go through the steps again', () => {
    saveFlowState(key, { hash: key.hash, model: { gegevens: { naam: 'Anouk' } }, drafts: { documenten: { soort: 1 } }, wizard });
    const newer = { ...key, hash: 'b'.repeat(64) };
    expect(loadFlowState(newer)).toEqual({ hash: newer.hash, model: { gegevens: { naam: 'Anouk' } }, drafts: { documenten: { soort: 1 } } });
  });

  it('keeps each variant of a flow apart: answers of one never pass for the other', () => {
    const artikel3 = { ...key, variant: 'artikel3' };
    const artikel34 = { ...key, variant: 'artikel34' };
    saveFlowState(artikel3, { hash: key.hash, model: { gegevens: { big: '1' } }, drafts: {}, wizard });
    expect(loadFlowState(artikel34)).toEqual({ hash: key.hash, model: {}, drafts: {} });
    expect(loadFlowState(artikel3).wizard).toEqual(wizard);
  });

  it('starts empty without stored data, with unreadable data, and after clearing', () => {
    expect(loadFlowState(key)).toEqual({ hash: key.hash, model: {}, drafts: {} });
    sessionStorage.setItem('portal.flow.proef.uzi', '{kapot');
    expect(loadFlowState(key)).toEqual({ hash: key.hash, model: {}, drafts: {} });
    expect(storedFlowVersion(key)).toBeUndefined();
    saveFlowState(key, { hash: key.hash, model: { a: {} }, drafts: {} });
    clearFlowState(key);
    expect(storedFlowVersion(key)).toBeUndefined();
  });
});
