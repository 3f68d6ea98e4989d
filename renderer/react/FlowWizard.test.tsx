// @vitest-environment jsdom
/**
 * The wizard says when its step is settled (`data-settled="true"` on its root, wizard/useSettled.ts):
 * not while the code a field shows is loading or the address lookup waits for its pause and its
 * answer, and then only with the answer drawn; not from the moment Volgende is pressed, and again once
 * its messages are shown or the next step is drawn.
 */
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createTranslate } from '../core/i18n';
import nlMessages from '../core/i18n/messages.nl.json';
import type { FlowDocument, StepDefinition } from '../core/types';
import { stepSchemaId } from '../core/validate';
import type { PostcodeLookupResult } from '../../widgets/Address/AddressField';
import { buildRuntime } from '../../src/server/flows/runtime';
import { FlowWizard } from './FlowWizard';
import { SETTLED_ATTRIBUTE } from './wizard/useSettled';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const t = createTranslate(nlMessages as Record<string, string>);

const gegevens: StepDefinition = {
  id: 'stap1',
  title: 'Gegevens',
  dataKey: 'gegevens',
  schema: {
    $id: stepSchemaId('settled', 'stap1'),
    type: 'object',
    required: ['soort'],
    properties: {
      // A choice shown as radio buttons: their code is loaded when the step first shows them.
      soort: { type: 'string', title: 'Soort', enum: ['a', 'b'] },
      adres: {
        type: 'object',
        title: 'Adres',
        properties: {
          postcode: { type: 'string', title: 'Postcode' },
          huisnummer: { type: 'string', title: 'Huisnummer' },
          straatnaam: { type: 'string', title: 'Straatnaam' },
          woonplaats: { type: 'string', title: 'Plaats' },
        },
      },
    },
  },
  uiSchema: { soort: { 'ui:widget': 'RadioGroup' }, adres: { 'ui:field': 'Address' } },
};
const flow: FlowDocument = {
  id: 'settled',
  scenarios: ['uzi'],
  title: 'Proef',
  headerName: 'Proef',
  steps: [gegevens],
  review: { id: 'stap2', title: 'Controleren', submitLabel: 'Versturen' },
  submit: { kind: 'navigate' },
  confirmation: { title: 'Bevestiging', blocks: [] },
};
const { validators } = buildRuntime(flow, 'proef');

/** A lookup whose answer the test gives. */
function heldLookup() {
  let give: (result: PostcodeLookupResult) => void = () => undefined;
  const lookupPostcode = vi.fn(() => new Promise<PostcodeLookupResult>((resolve) => (give = resolve)));
  return { lookupPostcode, answer: (result: PostcodeLookupResult) => act(async () => give(result)) };
}

function Wizard({ services, start }: { services: Record<string, unknown>; start: Record<string, unknown> }) {
  const [stepId, setStepId] = useState('stap1');
  return (
    <FlowWizard
      flow={flow}
      hash="proef"
      validators={validators}
      startData={{ stap1: start }}
      scenario="uzi"
      lang="nl"
      t={t}
      stepId={stepId}
      basePath="/uzi/settled"
      navigate={(to) => setStepId(to.split('/').pop() ?? '')}
      onTitle={() => undefined}
      onSubmit={() => Promise.resolve({ ok: true, kenmerk: undefined })}
      onSubmitted={() => undefined}
      lists={{}}
      services={services}
    />
  );
}

const root = () => document.querySelector<HTMLElement>('.renderer-wizard')!;
const isSettled = () => root().getAttribute(SETTLED_ATTRIBUTE) === 'true';

/** Records what the street field holds at each moment the root is marked settled, until `stop`. */
function streetWhenSettled(): { seen: string[]; stop: () => void } {
  const seen: string[] = [];
  const element = root();
  const observer = new MutationObserver(() => {
    if (element.getAttribute(SETTLED_ATTRIBUTE) === 'true')
      seen.push(element.querySelector<HTMLInputElement>('#gegevens_adres_straatnaam')?.value ?? '(geen veld)');
  });
  observer.observe(element, { attributes: true, attributeFilter: [SETTLED_ATTRIBUTE] });
  return { seen, stop: () => observer.disconnect() };
}

describe('the settled mark of a step', () => {
  it('is absent while the lookup waits for its pause and its answer, and present with the answer drawn', async () => {
    const { lookupPostcode, answer } = heldLookup();
    render(<Wizard services={{ lookupPostcode }} start={{ adres: { postcode: '2514 EA', huisnummer: '1' } }} />);
    expect(isSettled()).toBe(false);
    const street = streetWhenSettled();

    // The radio buttons' code is in, the lookup has been asked: still not settled.
    await screen.findByRole('radio', { name: 'a' });
    await waitFor(() => expect(lookupPostcode).toHaveBeenCalledWith('2514EA', '1'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(isSettled()).toBe(false);

    await answer({ straat: 'Lange Voorhout', plaats: "'s-Gravenhage" });
    await waitFor(() => expect(isSettled()).toBe(true));
    street.stop();
    expect(street.seen).toEqual(['Lange Voorhout']);
  });

  it('goes at once when Volgende is pressed and returns with the messages shown, then with the next step', async () => {
    render(<Wizard services={{}} start={{}} />);
    await waitFor(() => expect(isSettled()).toBe(true));
    const next = screen.getByRole('button', { name: 'Volgende' });

    fireEvent.click(next);
    expect(isSettled()).toBe(false);
    await waitFor(() => expect(isSettled()).toBe(true));
    expect(document.querySelector('.renderer-error-summary')).not.toBeNull();
    expect(document.activeElement).toBe(document.querySelector('.renderer-error-summary'));

    fireEvent.click(screen.getByRole('radio', { name: 'b' }));
    fireEvent.click(next);
    expect(isSettled()).toBe(false);
    await waitFor(() => expect(isSettled()).toBe(true));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Controleren');
  });
});
