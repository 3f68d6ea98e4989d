// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../../tests/helpers/axe';
import { Typeahead, type TypeaheadProps } from './Typeahead';

const items = [
  { id: 'ut', label: 'Utrecht' },
  { id: 'ams', label: 'Amsterdam' },
  { id: 'rot', label: 'Rotterdam' },
  { id: 'dh', label: 'Den Haag' },
];

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderTypeahead(props: Partial<TypeaheadProps> = {}) {
  const onChange = vi.fn();
  const user = userEvent.setup();
  const view = render(
    <>
      <Typeahead label="Plaats" hint="Typ een deel van de naam" items={items} onChange={onChange} {...props} />
      <button type="button">Ergens anders</button>
    </>,
  );
  const input = screen.getByRole('combobox', { name: 'Plaats' });
  return { ...view, onChange, user, input };
}

type User = ReturnType<typeof userEvent.setup>;
/** Types with real timers and waits for the listbox the search opens after the debounce. */
async function typeAndOpen(user: User, input: HTMLElement, text: string) {
  await user.type(input, text);
  return screen.findByRole('listbox');
}
/** Under fake timers: user-event's own waiting needs a running clock, so type with fireEvent (as elsewhere in the repo). */
const typeNow = (input: HTMLElement, text: string) => fireEvent.change(input, { target: { value: text } });
/** Lets the debounce pass and the search answer. */
const settle = (ms = 200) => act(() => vi.advanceTimersByTimeAsync(ms));
const listbox = () => screen.queryByRole('listbox');
const optionLabels = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('Typeahead search timing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('searches 200 ms after the last keystroke and shows the results in an open listbox', async () => {
    const search = vi.fn(async (query: string) => items.filter((item) => item.label.toLowerCase().includes(query)));
    const { input } = renderTypeahead({ items: search });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    typeNow(input, 'd');
    await settle(150);
    typeNow(input, 'da');
    await settle(199);
    expect(search).not.toHaveBeenCalled();
    await settle(1);
    expect(search.mock.calls).toEqual([['da']]);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(listbox()?.id);
    expect(optionLabels()).toEqual(['Amsterdam', 'Rotterdam']);
    expect(screen.getByRole('status').textContent).toBe('2 resultaten');
  });

  it('takes another pause', async () => {
    const search = vi.fn(async () => items);
    const { input } = renderTypeahead({ items: search, debounceMs: 500 });
    typeNow(input, 'a');
    await settle(499);
    expect(search).not.toHaveBeenCalled();
    await settle(1);
    expect(search).toHaveBeenCalledWith('a');
  });

  it('closes when there are no results and says how many there are', async () => {
    const { input } = renderTypeahead();
    typeNow(input, 'dam');
    await settle();
    expect(screen.getByRole('status').textContent).toBe('2 resultaten');
    typeNow(input, 'damx');
    await settle();
    expect(listbox()).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('Geen resultaten');
    typeNow(input, 'utr');
    await settle();
    expect(screen.getByRole('status').textContent).toBe('1 resultaat');
  });

  it('closes on a press outside even without a blur, not on a press in the list', async () => {
    const { input } = renderTypeahead();
    typeNow(input, 'dam');
    await settle();
    fireEvent.pointerDown(screen.getByRole('option', { name: 'Amsterdam' }));
    expect(listbox()).toBeTruthy();
    fireEvent.pointerDown(document.body);
    expect(listbox()).toBeNull();
  });

  it('searches nothing below minChars', async () => {
    const search = vi.fn(async () => items);
    const { input } = renderTypeahead({ items: search, minChars: 3 });
    typeNow(input, 'am');
    await settle();
    expect(search).not.toHaveBeenCalled();
    typeNow(input, 'ams');
    await settle();
    expect(search).toHaveBeenCalledWith('ams');
  });
});

describe('Typeahead interaction', () => {
  it('is accessible while open with results', async () => {
    const { user, input, container } = renderTypeahead();
    await typeAndOpen(user, input, 'e');
    await user.keyboard('{ArrowDown}');
    expect(listbox()).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('moves the active option with the arrow keys and picks it with Enter', async () => {
    const { user, input, onChange } = renderTypeahead();
    await typeAndOpen(user, input, 'e');
    expect(optionLabels()).toEqual(['Utrecht', 'Amsterdam', 'Rotterdam', 'Den Haag']);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: 'Amsterdam' });
    expect(input.getAttribute('aria-activedescendant')).toBe(second.id);
    expect(second.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Den Haag' }).id);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(items[3]);
    expect((input as HTMLInputElement).value).toBe('Den Haag');
    expect(listbox()).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('picks a clicked option', async () => {
    const { user, input, onChange } = renderTypeahead();
    await typeAndOpen(user, input, 'dam');
    await user.click(screen.getByRole('option', { name: 'Rotterdam' }));
    expect(onChange.mock.calls).toEqual([[items[2]]]);
    expect(document.activeElement).toBe(input);
    expect(listbox()).toBeNull();
  });

  it.each([
    ['Escape', async (user: User) => user.keyboard('{Escape}')],
    ['Enter', async (user: User) => user.keyboard('{Enter}')],
    ['Tab', async (user: User) => user.tab()],
    ['a click outside', async (user: User) => user.click(screen.getByRole('button', { name: 'Ergens anders' }))],
  ])('closes on %s', async (_, action) => {
    const { user, input } = renderTypeahead();
    await typeAndOpen(user, input, 'dam');
    expect(listbox()).toBeTruthy();
    await action(user);
    expect(listbox()).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('reports text that names no item when the field is left, and clears the value', async () => {
    const { user, input, onChange } = renderTypeahead({ value: items[0] });
    expect((input as HTMLInputElement).value).toBe('Utrecht');
    await user.clear(input);
    await user.type(input, 'Utre');
    await user.tab();
    expect(onChange.mock.calls).toEqual([[undefined]]);
    expect(screen.getByText("Het veld 'Plaats' is ongeldig.").textContent).toBe("Fout: Het veld 'Plaats' is ongeldig.");
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual(["Fout: Het veld 'Plaats' is ongeldig.", 'Typ een deel van de naam']);
    // Typing again removes the message.
    await user.type(input, 'c');
    expect(screen.queryByText(/is ongeldig/)).toBeNull();
  });

  it('takes an exact label, in any case, as the choice', async () => {
    const { user, input, onChange } = renderTypeahead();
    await user.type(input, 'den haag');
    await user.tab();
    expect(onChange.mock.calls).toEqual([[items[3]]]);
    expect((input as HTMLInputElement).value).toBe('Den Haag');
    expect(screen.queryByText(/is ongeldig/)).toBeNull();
    expect(listbox()).toBeNull();
  });

  it('clears the value when the text is removed, without a message', async () => {
    const { user, input, onChange } = renderTypeahead({ value: items[1] });
    await user.clear(input);
    await user.tab();
    expect(onChange.mock.calls).toEqual([[undefined]]);
    expect(screen.queryByText(/is ongeldig/)).toBeNull();
  });
});
