// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RJSFSchema } from '@rjsf/utils';
import { FieldAriaContext } from '../shared/aria';
import { formContext, renderWidget, widgetProps } from '../shared/testProps';
import { MultiSelect } from '.';

afterEach(cleanup);

const enumOptions = [
  { label: 'Nederlands', value: 'nl' },
  { label: 'Engels', value: 'en' },
  { label: 'Duits', value: 'de' },
];
const arraySchema: RJSFSchema = { type: 'array', items: { type: 'string', enum: ['nl', 'en', 'de'] }, uniqueItems: true };

function select(): HTMLSelectElement {
  return screen.getByRole('listbox') as HTMLSelectElement;
}

describe('MultiSelect', () => {
  it('is a native multiple select in the Utrecht style, sized to its options', () => {
    renderWidget(MultiSelect, { schema: arraySchema, options: { enumOptions } });
    expect(select().multiple).toBe(true);
    expect(select().id).toBe('root_field');
    expect(select().className).toContain('utrecht-select');
    expect(select().className).toContain('utrecht-select--html-select');
    expect(select().size).toBe(3);
    expect(Array.from(select().options, (option) => option.textContent)).toEqual(['Nederlands', 'Engels', 'Duits']);
  });

  it('shows at most 8 rows unless options.size says otherwise', () => {
    const many = Array.from({ length: 12 }, (_, index) => ({ label: `Keuze ${index}`, value: index }));
    renderWidget(MultiSelect, { id: 'root_a', options: { enumOptions: many } });
    renderWidget(MultiSelect, { id: 'root_b', options: { enumOptions: many, size: 4 } });
    expect((document.getElementById('root_a') as HTMLSelectElement).size).toBe(8);
    expect((document.getElementById('root_b') as HTMLSelectElement).size).toBe(4);
  });

  it('gives the chosen values in option order, undefined when none is chosen', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(MultiSelect, { schema: arraySchema, options: { enumOptions } });
    await user.selectOptions(select(), 'Duits');
    expect(value()).toEqual(['de']);
    await user.selectOptions(select(), 'Nederlands');
    expect(value()).toEqual(['nl', 'de']);
    expect(Array.from(select().selectedOptions, (option) => option.textContent)).toEqual(['Nederlands', 'Duits']);
    await user.deselectOptions(select(), ['Nederlands', 'Duits']);
    expect(value()).toBeUndefined();
  });

  it('keeps numbers as numbers and shows the value', async () => {
    const user = userEvent.setup();
    const years = [
      { label: '2024', value: 2024 },
      { label: '2025', value: 2025 },
      { label: '2026', value: 2026 },
    ];
    const { value } = renderWidget(MultiSelect, { options: { enumOptions: years }, value: [2026] });
    expect(Array.from(select().selectedOptions, (option) => option.textContent)).toEqual(['2026']);
    await user.selectOptions(select(), '2024');
    expect(value()).toEqual([2024, 2026]);
  });

  it('has a visible hint below it, named after the ids of the frame', () => {
    render(
      <FieldAriaContext.Provider value={{ describedBy: ['root_field__error', 'root_field__help'], invalid: true, required: true }}>
        <MultiSelect {...widgetProps({ schema: arraySchema, options: { enumOptions } })} />
      </FieldAriaContext.Provider>,
    );
    const hint = document.getElementById('root_field__hint')!;
    expect(hint.textContent).toBe('Houd Ctrl (of Cmd op een Mac) ingedrukt om meer dan één keuze te maken.');
    expect(select().compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(select().getAttribute('aria-describedby')).toBe('root_field__error root_field__help root_field__hint');
    expect(select().getAttribute('aria-invalid')).toBe('true');
    expect(select().getAttribute('aria-required')).toBe('true');
    expect(select().className).toContain('utrecht-select--invalid');
  });

  it('outside a frame links rjsf ids and the hint, in English on an English page', () => {
    renderWidget(MultiSelect, { options: { enumOptions }, formContext: formContext('en') });
    expect(select().getAttribute('aria-describedby')).toContain('root_field__error');
    expect(select().getAttribute('aria-describedby')!.endsWith('root_field__hint')).toBe(true);
    expect(document.getElementById('root_field__hint')!.textContent).toBe('Hold Ctrl (or Cmd on a Mac) to choose more than one.');
  });

  it('reports the array on focus and blur', () => {
    const { props } = renderWidget(MultiSelect, { options: { enumOptions }, value: ['en'] });
    fireEvent.focus(select());
    expect(props.onFocus).toHaveBeenLastCalledWith('root_field', ['en']);
    fireEvent.blur(select());
    expect(props.onBlur).toHaveBeenLastCalledWith('root_field', ['en']);
  });
});
