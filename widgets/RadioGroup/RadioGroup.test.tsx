// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWidget } from '../shared/testProps';
import { RadioGroup } from '.';

afterEach(cleanup);

// jsdom has no CSS.escape, which user-event uses for arrow keys in radio groups.
const cssGlobal = globalThis as { CSS?: { escape?: (value: string) => string } };
cssGlobal.CSS ??= {};
cssGlobal.CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`);

const enumOptions = [
  { label: 'Eén', value: 1 },
  { label: 'Twee', value: 2 },
  { label: 'Drie', value: 3 },
];

describe('RadioGroup', () => {
  it('renders one labelled radio per option, with rjsf option ids', () => {
    renderWidget(RadioGroup, { options: { enumOptions } });
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(3);
    expect(screen.getByLabelText('Twee').id).toBe('root_field-1');
    expect(document.getElementById('root_field')).toBeTruthy();
    for (const radio of radios) {
      expect(radio.getAttribute('aria-describedby')).toContain('root_field__error');
      expect(radio.getAttribute('name')).toBe('root_field');
    }
  });

  it('returns numeric values and shows the selection', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(RadioGroup, { options: { enumOptions } });
    await user.click(screen.getByLabelText('Twee'));
    expect(value()).toBe(2);
    expect((screen.getByLabelText('Twee') as HTMLInputElement).checked).toBe(true);
  });

  it('is keyboard operable (arrow keys move the choice)', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(RadioGroup, { options: { enumOptions }, value: 1 });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Eén'));
    await user.keyboard('{ArrowDown}');
    expect(value()).toBe(2);
  });

  it('marks the preselected value, invalid state and inline layout', () => {
    renderWidget(RadioGroup, { options: { enumOptions, inline: true }, value: 3, rawErrors: ['Kies'] });
    expect((screen.getByLabelText('Drie') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText('Eén').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('root_field')!.className).toContain('widget-radio-options--inline');
  });

  it('works with string values and reports blur/focus with the value', () => {
    const { props } = renderWidget(RadioGroup, {
      options: {
        enumOptions: [
          { label: 'A', value: 'a' },
          { label: 'B', value: 'b' },
        ],
      },
    });
    fireEvent.focus(screen.getByLabelText('B'));
    expect(props.onFocus).toHaveBeenCalledWith('root_field', 'b');
    fireEvent.blur(screen.getByLabelText('B'));
    expect(props.onBlur).toHaveBeenCalledWith('root_field', 'b');
  });

  it('respects disabled options', () => {
    renderWidget(RadioGroup, { options: { enumOptions, enumDisabled: [2] } });
    expect((screen.getByLabelText('Twee') as HTMLInputElement).disabled).toBe(true);
  });
});
