// @vitest-environment jsdom
// Leaving a page with unsaved work: an in-app link is held and the dialog asks — 'Blijven' (or
// Escape) stays with focus back on the link, 'Niet opslaan' goes without saving, 'Opslaan en
// doorgaan' saves first and stays when that fails, with the reason. Without unsaved work a link
// just goes; a reload or closing the tab is asked by the browser (beforeunload).
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { expectNoAxeViolations } from '../../tests/helpers/axe';
import { LeaveDialog } from './LeaveDialog';
import { guardNavigation, registerUnsavedWork, warnBeforeUnload } from './unsavedWork';

function Where() {
  const [location] = useLocation();
  return <p data-testid="waar">{location}</p>;
}

function App() {
  const { hook } = memoryLocation({ path: '/flows/proef' });
  return (
    <Router hook={hook} aroundNav={guardNavigation}>
      <main>
        <Where />
        <Link href="/">Flows</Link>
      </main>
      <LeaveDialog />
    </Router>
  );
}

/** Work on screen, dirty or not, whose save answers as told. */
function work(dirty: boolean, saves = true) {
  const state = { dirty, problem: undefined as string | undefined };
  const registered = {
    isDirty: () => state.dirty,
    save: vi.fn(async () => {
      if (!saves) state.problem = 'Dit concept is om 14:05 opgeslagen door bert@example.nl. Uw wijzigingen zijn niet opgeslagen; ze staan nog op het scherm.';
      else state.dirty = false;
      return saves;
    }),
    discard: vi.fn(() => {
      state.dirty = false;
    }),
    problem: () => state.problem,
  };
  return { registered, unregister: registerUnsavedWork(registered) };
}

const where = () => screen.getByTestId('waar').textContent;
const dialog = () => screen.queryByRole('dialog', { name: 'U heeft wijzigingen die nog niet zijn opgeslagen' });

describe('leaving a page with unsaved changes', () => {
  let unregister: () => void = () => undefined;
  beforeEach(() => {
    unregister = () => undefined;
  });
  afterEach(() => {
    unregister();
    cleanup();
  });

  it('goes at once when everything is saved', async () => {
    unregister = work(false).unregister;
    render(<App />);
    await userEvent.click(screen.getByRole('link', { name: 'Flows' }));
    expect(where()).toBe('/');
    expect(dialog()).toBeNull();
  });

  it('asks, and stays with focus back on the link for Blijven and for Escape', async () => {
    const user = userEvent.setup();
    const { registered, unregister: off } = work(true);
    unregister = off;
    render(<App />);
    const link = screen.getByRole('link', { name: 'Flows' });
    link.focus();
    await user.keyboard('{Enter}');
    expect(dialog()).not.toBeNull();
    expect(where()).toBe('/flows/proef');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Opslaan en doorgaan' }));
    await expectNoAxeViolations(document.body);
    await user.click(screen.getByRole('button', { name: 'Blijven' }));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(link);

    await user.keyboard('{Enter}');
    await user.keyboard('{Escape}');
    expect(dialog()).toBeNull();
    expect(where()).toBe('/flows/proef');
    expect(registered.save).not.toHaveBeenCalled();
  });

  it("goes without saving for 'Niet opslaan'", async () => {
    const { registered, unregister: off } = work(true);
    unregister = off;
    render(<App />);
    await userEvent.click(screen.getByRole('link', { name: 'Flows' }));
    await userEvent.click(screen.getByRole('button', { name: 'Niet opslaan' }));
    expect(registered.discard).toHaveBeenCalled();
    expect(registered.save).not.toHaveBeenCalled();
    expect(where()).toBe('/');
  });

  it("saves first for 'Opslaan en doorgaan', and stays with the reason when that fails", async () => {
    const failing = work(true, false);
    unregister = failing.unregister;
    render(<App />);
    await userEvent.click(screen.getByRole('link', { name: 'Flows' }));
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan en doorgaan' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('opgeslagen door bert@example.nl'));
    expect(where()).toBe('/flows/proef');
    await expectNoAxeViolations(document.body);
    await userEvent.click(screen.getByRole('button', { name: 'Blijven' }));
    failing.unregister();

    const saving = work(true, true);
    unregister = saving.unregister;
    await userEvent.click(screen.getByRole('link', { name: 'Flows' }));
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan en doorgaan' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(saving.registered.save).toHaveBeenCalledWith(false);
  });

  it("shows 'Opslaan en doorgaan' busy while saving, focusable but answering a second press with nothing", async () => {
    const user = userEvent.setup();
    let finish: (saved: boolean) => void = () => undefined;
    const save = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    unregister = registerUnsavedWork({ isDirty: () => true, save, discard: () => undefined, problem: () => undefined });
    render(<App />);
    await user.click(screen.getByRole('link', { name: 'Flows' }));
    const button = screen.getByRole('button', { name: 'Opslaan en doorgaan' });
    expect(button.getAttribute('aria-busy')).toBeNull();
    await user.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.classList.contains('utrecht-button--busy')).toBe(true);
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(button);
    await user.click(button);
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => finish(true));
    await waitFor(() => expect(where()).toBe('/'));
  });

  it('lets the browser ask before a reload or closing the tab, only with unsaved work', () => {
    const fire = () => {
      const event = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent;
      act(() => warnBeforeUnload(event));
      return event.defaultPrevented;
    };
    const clean = work(false);
    expect(fire()).toBe(false);
    clean.unregister();
    unregister = work(true).unregister;
    expect(fire()).toBe(true);
  });
});
