// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlowDocument } from '../../renderer/core/types';
import type { ValidatorSet } from '../../renderer/core/validate';
import type { LoadedFlow } from '../api/flows';
import { renderApp } from './testUtils';

const FLOW = 'aanleveren-documenten';
const flow = {
  id: FLOW,
  scenarios: ['uzi'],
  languages: ['nl'],
  title: 'Uploaden documenten',
  headerName: 'Uploaden documenten',
  steps: [
    { id: 'stap1', title: 'Gegevens', dataKey: 'gegevens', schema: { $id: 'urn:test:stap1', type: 'object', properties: {} } },
    { id: 'stap2', title: 'Documenten', dataKey: 'documenten', schema: { $id: 'urn:test:stap2', type: 'object', properties: {} } },
  ],
  review: { id: 'stap3', title: 'Controleren', submitLabel: 'Versturen' },
  submit: { kind: 'navigate' },
  confirmation: { title: 'Klaar', blocks: [] },
} as unknown as FlowDocument;

// The other steps' validators arrive when the test says so; they complete the same set, as they do.
let deliverOthers: () => void = () => undefined;
function loadedFlow(): LoadedFlow {
  const validators = { 'urn:test:stap1': () => true } as unknown as ValidatorSet;
  const others = new Promise<ValidatorSet>((resolve) => {
    deliverOthers = () => resolve(Object.assign(validators, { 'urn:test:stap2': () => true }));
  });
  return { flow, hash: 'v1', validators, allValidators: () => others };
}

vi.mock('../api/flows', () => ({
  loadedFlow: () => undefined,
  loadFlow: () => Promise.resolve(current),
  loadBaseData: () => Promise.resolve({}),
  lookupPostcode: () => Promise.resolve('not-found'),
}));

// The wizard itself is the renderer's; here it only counts how often the host draws it.
const drawn: string[] = [];
vi.mock('../../renderer/react/FlowWizard', () => ({
  FlowWizard: (props: { stepId: string }) => {
    drawn.push(props.stepId);
    return <p data-testid="wizard">{props.stepId}</p>;
  },
}));

let current: LoadedFlow;
beforeEach(() => {
  current = loadedFlow();
  drawn.length = 0;
  sessionStorage.clear();
});
afterEach(() => cleanup());

describe('FlowHost and the other steps’ validators', () => {
  it('does not draw the first step again when they arrive', async () => {
    renderApp(`/uzi/${FLOW}/stap1`);
    expect((await screen.findByTestId('wizard')).textContent).toBe('stap1');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    const before = drawn.length;
    await act(async () => deliverOthers());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(drawn.length).toBe(before);
  });

  it('shows a later step, which checks every step, once they are in', async () => {
    renderApp(`/uzi/${FLOW}/stap2`);
    expect(await screen.findByText('Bezig met laden')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(drawn).toEqual([]);
    await act(async () => deliverOthers());
    expect((await screen.findByTestId('wizard')).textContent).toBe('stap2');
  });
});
