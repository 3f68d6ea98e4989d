// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Announcer } from '../announcer';
import { wrapTarget } from './focusTrap';
import { Modal, type ModalProps } from './Modal';

afterEach(cleanup);

function Page({ modal, open: initiallyOpen = false }: { modal?: Partial<ModalProps>; open?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <div data-testid="page">
        <button type="button" onClick={() => setOpen(true)}>
          Openen
        </button>
        <a href="/ergens">Achtergrondlink</a>
      </div>
      <Announcer />
      {open ? (
        <Modal title="Een vraag" closeLabel="Sluiten" onDismiss={() => setOpen(false)} {...modal}>
          <p>Uitleg</p>
          <button type="button">Eerste</button>
          <button type="button" onClick={() => setOpen(false)}>
            Laatste
          </button>
        </Modal>
      ) : null}
    </>
  );
}

function openDialog() {
  const opener = screen.getByRole('button', { name: 'Openen' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog') };
}

function tab(shift = false) {
  const active = document.activeElement as HTMLElement;
  const prevented = !fireEvent.keyDown(active, { key: 'Tab', shiftKey: shift });
  return prevented;
}

describe('Modal', () => {
  it('is an aria-modal dialog labelled by its heading, focus inside on its first control', () => {
    render(<Page />);
    const { dialog } = openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const heading = screen.getByRole('heading', { level: 2, name: 'Een vraag' });
    expect(dialog.getAttribute('aria-labelledby')).toBe(heading.id);
    expect(screen.getByRole('dialog', { name: 'Een vraag' })).toBe(dialog);
    // The close button comes first.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Sluiten/ }));
  });

  it('makes the page inert but keeps the live announcer reachable, and undoes it on closing', () => {
    render(<Page />);
    openDialog();
    expect(screen.getByTestId('page').closest('[inert]')).not.toBeNull();
    expect(screen.getByTestId('announcer').closest('[inert]')).toBeNull();
    expect(screen.getByRole('dialog').closest('[inert]')).toBeNull();
    expect(document.documentElement.classList.contains('portal-modal-open')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Laatste' }));
    expect(document.querySelectorAll('[inert]')).toHaveLength(0);
    expect(document.documentElement.classList.contains('portal-modal-open')).toBe(false);
  });

  it('traps Tab: from the last control to the first, Shift+Tab from the first to the last', () => {
    render(<Page />);
    openDialog();
    const close = screen.getByRole('button', { name: /Sluiten/ });
    const first = screen.getByRole('button', { name: 'Eerste' });
    const last = screen.getByRole('button', { name: 'Laatste' });
    // In between, the browser moves focus itself.
    first.focus();
    expect(tab()).toBe(false);
    last.focus();
    expect(tab()).toBe(true);
    expect(document.activeElement).toBe(close);
    expect(tab(true)).toBe(true);
    expect(document.activeElement).toBe(last);
  });

  it('returns focus to the opener when it closes', () => {
    render(<Page />);
    const { opener } = openDialog();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on Escape, on a click on the backdrop and on the close button, with the reason', () => {
    const onDismiss = vi.fn();
    render(<Page open modal={{ onDismiss }} />);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Eerste' }), { key: 'Escape' });
    const backdrop = screen.getByTestId('modal-backdrop');
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    fireEvent.click(screen.getByRole('button', { name: /Sluiten/ }));
    expect(onDismiss.mock.calls).toEqual([['escape'], ['backdrop'], ['close-button']]);
  });

  it('ignores a click inside the dialog and a drag that ends on the backdrop', () => {
    const onDismiss = vi.fn();
    render(<Page open modal={{ onDismiss }} />);
    fireEvent.click(screen.getByText('Uitleg'));
    fireEvent.mouseDown(screen.getByText('Uitleg'));
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it('a static dialog ignores Escape and the backdrop and has no close button', () => {
    const onDismiss = vi.fn();
    render(<Page open modal={{ onDismiss, isStatic: true, role: 'alertdialog' }} />);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'));
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onDismiss).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /Sluiten/ })).toBeNull();
  });

  it('focuses the element it is told to', () => {
    function WithInitial() {
      const ref = useRef<HTMLButtonElement>(null);
      return (
        <Modal title="Vraag" initialFocus={ref}>
          <button type="button">Nee</button>
          <button type="button" ref={ref}>
            Ja
          </button>
        </Modal>
      );
    }
    render(<WithInitial />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ja' }));
  });

  it('stacks: a dialog over a dialog returns focus to the first, which stays modal', () => {
    function Stacked() {
      const [second, setSecond] = useState(false);
      return (
        <>
          <button type="button">Achtergrond</button>
          <Modal title="Eerste dialoog">
            <button type="button" onClick={() => setSecond(true)}>
              Nog een
            </button>
          </Modal>
          {second ? (
            <Modal title="Tweede dialoog">
              <button type="button" onClick={() => setSecond(false)}>
                Klaar
              </button>
            </Modal>
          ) : null}
        </>
      );
    }
    render(<Stacked />);
    const more = screen.getByRole('button', { name: 'Nog een' });
    act(() => more.click());
    expect(more.closest('[inert]')).not.toBeNull();
    act(() => screen.getByRole('button', { name: 'Klaar' }).click());
    expect(document.activeElement).toBe(more);
    expect(more.closest('[inert]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Achtergrond' }).closest('[inert]')).not.toBeNull();
  });
});

describe('wrapTarget', () => {
  function container(html: string): HTMLElement {
    const element = document.createElement('div');
    element.innerHTML = html;
    document.body.appendChild(element);
    return element;
  }

  it('treats a radio group as one stop: wraps from any radio of the last group, enters at the checked radio', () => {
    const root = container(`
      <button id="close">Sluiten</button>
      <input type="radio" name="r" id="r1"><input type="radio" name="r" id="r2" checked><input type="radio" name="r" id="r3">`);
    const radio = (id: string) => root.querySelector<HTMLElement>(`#${id}`)!;
    expect(wrapTarget(root, radio('r1'), false)?.id).toBe('close');
    expect(wrapTarget(root, radio('r3'), false)?.id).toBe('close');
    expect(wrapTarget(root, root.querySelector('#close'), true)?.id).toBe('r2');
    expect(wrapTarget(root, root.querySelector('#close'), false)).toBeUndefined();
    root.remove();
  });

  it('enters an unchecked group at its first radio going forward and its last going back', () => {
    const root = container(`<input type="radio" name="r" id="r1"><input type="radio" name="r" id="r2"><button id="b">Versturen</button>`);
    expect(wrapTarget(root, root.querySelector('#b'), false)?.id).toBe('r1');
    const first = container(`<button id="b">Eerst</button><input type="radio" name="q" id="q1"><input type="radio" name="q" id="q2">`);
    expect(wrapTarget(first, first.querySelector('#b'), true)?.id).toBe('q2');
    root.remove();
    first.remove();
  });

  it('wraps from a focused non-control (a heading) only when no control follows or precedes it', () => {
    const root = container(`<p id="before" tabindex="-1">Tekst</p><button id="a">A</button><p id="after" tabindex="-1">Dank</p>`);
    expect(wrapTarget(root, root.querySelector('#before'), false)).toBeUndefined();
    expect(wrapTarget(root, root.querySelector('#before'), true)?.id).toBe('a');
    expect(wrapTarget(root, root.querySelector('#after'), false)?.id).toBe('a');
    expect(wrapTarget(root, root.querySelector('#after'), true)).toBeUndefined();
    expect(wrapTarget(root, document.body, false)?.id).toBe('a');
    root.remove();
  });
});
