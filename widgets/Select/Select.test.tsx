// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formContext, renderWidget, widgetProps } from '../shared/testProps';
import { Select } from '.';

afterEach(cleanup);

const enumOptions = [
  { label: 'Nederland', value: 'NL' },
  { label: 'België', value: 'BE' },
  { label: 'Duitsland', value: 'DE' },
];

function optionTexts(select: HTMLElement) {
  return Array.from(select.querySelectorAll('option')).map((option) => option.textContent);
}

describe('Select', () => {
  it('starts with the Dutch prompt and selecting it gives undefined', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(Select, { options: { enumOptions }, value: 'BE' });
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    expect(select.className).toContain('utrecht-select');
    expect(optionTexts(select)[0]).toBe('-- Maak een keuze --');
    expect(select.selectedOptions[0].textContent).toBe('België');
    await user.selectOptions(select, '-- Maak een keuze --');
    expect(value()).toBeUndefined();
    await user.selectOptions(select, 'Duitsland');
    expect(value()).toBe('DE');
  });

  it('returns numeric enum values as numbers', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(Select, {
      options: {
        enumOptions: [
          { label: '2024', value: 2024 },
          { label: '2025', value: 2025 },
        ],
      },
      value: 2025,
    });
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    expect(select.selectedOptions[0].textContent).toBe('2025');
    await user.selectOptions(select, '2024');
    expect(value()).toBe(2024);
  });

  it('renders option groups, ungrouped options first', () => {
    renderWidget(Select, {
      options: { enumOptions, groups: [{ label: 'Buurlanden', values: ['DE', 'BE'] }] },
    });
    const select = screen.getByRole('combobox');
    const group = select.querySelector('optgroup')!;
    expect(group.getAttribute('label')).toBe('Buurlanden');
    expect(Array.from(group.querySelectorAll('option')).map((option) => option.textContent)).toEqual(['Duitsland', 'België']);
    expect(optionTexts(select)).toEqual(['-- Maak een keuze --', 'Nederland', 'Duitsland', 'België']);
  });

  it('adds a disabled blank separator after options.separatorAfter', () => {
    const { onChange } = renderWidget(Select, { options: { enumOptions, separatorAfter: 'NL' } });
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    const separator = select.options[2];
    expect(select.options[1].textContent).toBe('Nederland');
    expect(separator.disabled).toBe(true);
    expect(separator.textContent).toBe('');
    expect(select.options[3].textContent).toBe('België');
    fireEvent.change(select, { target: { value: 'separator' } });
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('links ids, marks errors and translates the prompt', () => {
    renderWidget(Select, { options: { enumOptions }, rawErrors: ['Kies een land'], formContext: formContext('en'), required: true });
    const select = screen.getByRole('combobox');
    expect(select.id).toBe('root_field');
    expect(select.getAttribute('aria-describedby')).toContain('root_field__error');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-required')).toBe('true');
    expect(optionTexts(select)[0]).toBe('-- Make a choice --');
  });

  it('puts a changed list in again with the choice kept, and shows the list when a read-only choice becomes editable', () => {
    const props = widgetProps({ options: { enumOptions }, value: 'BE' });
    const { rerender } = render(<Select {...props} />);
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    // The options are there as soon as the widget is rendered (the same commit), the choice selected.
    expect(optionTexts(select)).toEqual(['-- Maak een keuze --', 'Nederland', 'België', 'Duitsland']);
    expect(select.selectedOptions[0].textContent).toBe('België');
    rerender(<Select {...props} options={{ enumOptions, allowedValues: ['DE', 'BE'] }} />);
    expect(optionTexts(select)).toEqual(['-- Maak een keuze --', 'België', 'Duitsland']);
    expect(select.selectedOptions[0].textContent).toBe('België');
    rerender(<Select {...props} value="DE" options={{ enumOptions, allowedValues: ['DE', 'BE'] }} />);
    expect(select.selectedOptions[0].textContent).toBe('Duitsland');
    rerender(<Select {...props} readonly />);
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('België');
    rerender(<Select {...props} />);
    const editable = screen.getByRole('combobox') as HTMLSelectElement;
    expect(optionTexts(editable)).toEqual(['-- Maak een keuze --', 'Nederland', 'België', 'Duitsland']);
    expect(editable.selectedOptions[0].textContent).toBe('België');
  });
});

describe('Select: ui:placeholder and choices that are objects', () => {
  it('shows ui:placeholder as the empty first option, as rjsf does', () => {
    renderWidget(Select, { options: { enumOptions }, placeholder: 'Kies een land' });
    expect(optionTexts(screen.getByRole('combobox'))[0]).toBe('Kies een land');
  });

  it('gives the object chosen as its value and shows the one it holds', async () => {
    const user = userEvent.setup();
    const places = [
      { label: 'Utrecht', value: { plaats: 'Utrecht', code: 'UT01' } },
      { label: 'Amsterdam', value: { plaats: 'Amsterdam', code: 'AM02' } },
    ];
    const { value } = renderWidget(Select, { options: { enumOptions: places }, value: { plaats: 'Utrecht', code: 'UT01' } });
    const select = screen.getByRole('combobox') as HTMLSelectElement;
    expect(select.selectedOptions[0].textContent).toBe('Utrecht');
    await user.selectOptions(select, 'Amsterdam');
    expect(value()).toEqual({ plaats: 'Amsterdam', code: 'AM02' });
  });
});
