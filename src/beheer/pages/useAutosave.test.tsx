// @vitest-environment jsdom
// Saving a draft while typing, with the action bar that says so: nothing is sent while typing goes
// on, a save follows a pause or leaving the field, the state is said in words (and announced once
// a minute, never per keystroke), a failure keeps the text, a newer save of someone else stops
// automatic saving until the person chooses, and 'Publiceren' says why it waits.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announce, Announcer, currentAnnouncement, resetAnnouncer } from '../../app/announcer';
import { BeheerError, type DraftAnswer, type FlowSource } from '../api';
import { ActionBar } from './ActionBar';
import { AUTOSAVE_DELAY_MS, useAutosave } from './useAutosave';

const START = '2026-11-24T13:00:00.000Z'; // 14:00 in Amsterdam
const BASE = { source: { document: 'begin' }, updatedAt: START };

type Save = (source: FlowSource, updatedAt: string | undefined, automatic: boolean) => Promise<DraftAnswer>;

/** A server that takes each save after `respond` is called (or at once), with a new updatedAt. */
function fakeServer() {
  const calls: { document: string; updatedAt: string | undefined; automatic: boolean }[] = [];
  let held: (() => void) | undefined;
  const server = {
    calls,
    hold: false,
    failWith: undefined as Error | undefined,
    save: vi.fn<Save>(async (source, updatedAt, automatic) => {
      calls.push({ document: source.document, updatedAt, automatic });
      if (server.hold) await new Promise<void>((resolve) => (held = resolve));
      if (server.failWith) throw server.failWith;
      const at = new Date(Date.now()).toISOString();
      return {
        draft: { source, baseVersion: 1, createdBy: 'anna', updatedBy: 'anna', updatedAt: at, approvedBy: null, rollback: null },
        findings: [],
        fixtures: [],
      };
    }),
    release: () => held?.(),
  };
  return server;
}

function Harness({ save }: { save: Save }) {
  const [document, setDocument] = useState(BASE.source.document);
  const autosave = useAutosave({ source: { document }, base: BASE, enabled: true, save, onSaved: () => undefined, announce });
  return (
    <form
      onBlur={() => autosave.blur()}
      onSubmit={(event) => {
        event.preventDefault();
        void autosave.saveNow();
      }}
    >
      <Announcer />
      <label htmlFor="tekst">Tekst</label>
      <input id="tekst" value={document} onChange={(event) => setDocument(event.target.value)} />
      <ActionBar
        flowId="proef"
        state={autosave.state}
        canEdit
        approvable={false}
        canPublish
        blockers={autosave.dirty || autosave.state.kind !== 'saved' ? ['er zijn wijzigingen die nog niet zijn opgeslagen'] : []}
        onPreview={() => undefined}
        onApprove={() => undefined}
        onPublish={() => undefined}
        onBlocked={announce}
        onSaveOver={() => void autosave.saveOver()}
        onReload={() => undefined}
      />
    </form>
  );
}

/** Types at the end of the field (one change event, as a keystroke gives). */
const type = (text: string) => {
  const input = screen.getByLabelText('Tekst') as HTMLInputElement;
  act(() => {
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: input.value + text } });
  });
};
const leaveField = () => act(() => void fireEvent.blur(screen.getByLabelText('Tekst')));
const stateText = () => screen.getByRole('region', { name: 'Acties voor het concept' }).querySelector('.beheer-actionbar__state')?.textContent;
const wait = (ms: number) => act(async () => vi.advanceTimersByTimeAsync(ms));

describe('saving a draft while it is edited', () => {
  beforeEach(() => {
    // The announcer is one module for the whole test worker: an announcement an earlier file left
    // waiting (a page title) is dropped, on the real clock it was set on.
    resetAnnouncer();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date(START));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('saves when typing pauses, says so in words, and announces it once a minute at most', async () => {
    const server = fakeServer();
    render(<Harness save={server.save} />);
    expect(stateText()).toBe('Opgeslagen om 14:00');
    type(' een');
    expect(stateText()).toBe('Niet opgeslagen wijzigingen');
    await wait(AUTOSAVE_DELAY_MS - 500);
    type(' twee');
    await wait(AUTOSAVE_DELAY_MS - 500);
    expect(server.calls).toEqual([]); // typing went on: nothing sent yet
    expect(currentAnnouncement()).toBe('');
    await wait(500);
    expect(server.calls).toEqual([{ document: 'begin een twee', updatedAt: START, automatic: true }]);
    await wait(100);
    expect(stateText()).toMatch(/^Automatisch opgeslagen om 14:00$/);
    expect(currentAnnouncement()).toBe('Automatisch opgeslagen om 14:00');
    const { publish } = buttons();
    expect(publish.getAttribute('aria-disabled')).toBeNull();

    // The next save names the draft as saved; its success is not announced again within the minute.
    act(() => announce(''));
    type(' drie');
    await wait(AUTOSAVE_DELAY_MS + 100);
    expect(server.calls[1]).toMatchObject({ document: 'begin een twee drie', automatic: true });
    expect(server.calls[1].updatedAt).not.toBe(START);
    expect(currentAnnouncement()).toBe('');
  });

  it('saves at once when the field loses focus, and keeps a change typed during a save for the next', async () => {
    const server = fakeServer();
    server.hold = true;
    render(<Harness save={server.save} />);
    type(' een');
    leaveField();
    await wait(0);
    expect(server.calls.map((call) => call.document)).toEqual(['begin een']);
    expect(stateText()).toBe('Bezig met opslaan…');
    // Publishing waits, and says why, next to the button.
    const { publish } = buttons();
    expect(publish.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Publiceren kan nog niet: er zijn wijzigingen die nog niet zijn opgeslagen.').id).toBe(publish.getAttribute('aria-describedby'));

    type(' twee');
    await act(async () => server.release());
    expect(stateText()).toBe('Niet opgeslagen wijzigingen');
    await wait(AUTOSAVE_DELAY_MS);
    await act(async () => server.release());
    expect(server.calls.map((call) => call.document)).toEqual(['begin een', 'begin een twee']);
    expect(stateText()).toBe('Automatisch opgeslagen om 14:00');
  });

  it('keeps the text when a save fails, says why, and tries again on the next change', async () => {
    const server = fakeServer();
    server.failWith = new BeheerError(0, 'De server is niet bereikbaar.', []);
    render(<Harness save={server.save} />);
    type(' een');
    await wait(AUTOSAVE_DELAY_MS + 100);
    const failure = 'Opslaan mislukt: De server is niet bereikbaar. Uw wijzigingen staan nog op het scherm.';
    expect(stateText()).toBe(failure);
    expect(currentAnnouncement()).toBe(failure);
    expect((screen.getByLabelText('Tekst') as HTMLInputElement).value).toBe('begin een');
    server.failWith = undefined;
    type('!');
    await wait(AUTOSAVE_DELAY_MS + 100);
    expect(stateText()).toBe('Automatisch opgeslagen om 14:00');
    // After a failure, success is announced at once.
    expect(currentAnnouncement()).toBe('Automatisch opgeslagen om 14:00');
  });

  it('stops saving on its own after a newer save of someone else, until the person saves over it', async () => {
    const server = fakeServer();
    const theirs = '2026-11-24T13:00:30.000Z';
    server.failWith = new BeheerError(
      409,
      'Dit concept is om 14:00 opgeslagen door bert@example.nl. Uw wijzigingen zijn niet opgeslagen; ze staan nog op het scherm.',
      ['UBEH-09'],
      {},
      [[theirs, 'bert@example.nl']],
    );
    render(<Harness save={server.save} />);
    type(' een');
    await wait(AUTOSAVE_DELAY_MS + 100);
    expect(stateText()).toContain('opgeslagen door bert@example.nl');
    expect(screen.getByText(/de versie van bert@example.nl terug te vinden onder 'Eerdere versies van dit concept'/)).toBeTruthy();
    type(' twee');
    await wait(AUTOSAVE_DELAY_MS * 3);
    expect(server.calls).toHaveLength(1);

    server.failWith = undefined;
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Mijn versie toch opslaan' })));
    await wait(0);
    expect(server.calls[1]).toEqual({ document: 'begin een twee', updatedAt: theirs, automatic: false });
    expect(stateText()).toBe('Opgeslagen om 14:00');
  });
});

function buttons() {
  return { publish: screen.getByRole('button', { name: 'Publiceren' }), save: screen.getByRole('button', { name: 'Nu opslaan' }) };
}
