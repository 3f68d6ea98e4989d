// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlowDocument } from '../../renderer/core/types';
import type { ValidatorSet } from '../../renderer/core/validate';
import type { LoadedFlow } from '../api/flows';
import { renderApp, testConfig } from './testUtils';

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
// It gives its title once, when it is first drawn (its own title does not change here).
vi.mock('../../renderer/react/FlowWizard', async () => {
  const { useEffect } = await import('react');
  return {
    FlowWizard: (props: { stepId: string; onTitle: (segments: string[]) => void }) => {
      drawn.push(props.stepId);
      useEffect(() => props.onTitle([`Stap ${props.stepId}`, 'Uploaden documenten']), []); // eslint-disable-line react-hooks/exhaustive-deps -- once, as a page whose title stays the same
      return <p data-testid="wizard">{props.stepId}</p>;
    },
  };
});

/** Waits until the host has stopped drawing (texts and lists loaded later may draw it again first). */
async function settled(): Promise<number> {
  let count = -1;
  for (let quiet = 0; quiet < 3;) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    quiet = drawn.length === count ? quiet + 1 : 0;
    count = drawn.length;
  }
  return count;
}

// The session timer's code arrives once the first page is on screen; here it only says it is there.
let timerShown = false;
vi.mock('./session/SessionTimeout', () => ({
  SessionTimeout: () => {
    timerShown = true;
    return null;
  },
}));

let current: LoadedFlow;
beforeEach(() => {
  current = loadedFlow();
  drawn.length = 0;
  timerShown = false;
  sessionStorage.clear();
});
afterEach(() => cleanup());

describe('FlowHost and the other steps’ validators', () => {
  it('does not draw the first step again when they arrive', async () => {
    renderApp(`/uzi/${FLOW}/stap1`);
    expect((await screen.findByTestId('wizard')).textContent).toBe('stap1');
    const before = await settled();
    await act(async () => deliverOthers());
    expect(await settled()).toBe(before);
  });

  it('does not draw the step again when the session timer starts after it', async () => {
    const session = { keepaliveUrl: '/api/keepalive', popupSeconds: 60, logoutUrl: '/uitgelogd', keepaliveOnRouteChange: true };
    renderApp(`/uzi/${FLOW}/stap1`, { config: { ...testConfig, session } });
    expect((await screen.findByTestId('wizard')).textContent).toBe('stap1');
    await waitFor(() => expect(timerShown).toBe(true));
    await settled();
    expect(drawn).toEqual(['stap1']);
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

describe('FlowHost and the page title', () => {
  it('follows the portal’s name into the other language while the page’s own title stays', async () => {
    // The portal's own name per scenario and language (no APPLICATION_NAME).
    renderApp(`/uzi/${FLOW}/stap1`, { config: { ...testConfig, applicationName: undefined } });
    await screen.findByTestId('wizard');
    await waitFor(() => expect(document.title).toBe('Stap stap1 | Uploaden documenten | Aanvraagportaal UZI-register'));
    const group = screen.getByRole('group', { name: 'Taal van website instellen' });
    await act(async () => {
      fireEvent.click(within(group).getByRole('button', { name: /EN/ }));
    });
    await waitFor(() => expect(document.title).toBe('Stap stap1 | Uploaden documenten | UZI register application portal'));
  });
});
