// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWidget } from '../shared/testProps';
import { Checkbox } from '.';

afterEach(cleanup);

describe('Checkbox', () => {
  it('renders its own label (the field label) and toggles true/false', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(Checkbox, { label: 'Ik wil een nieuwsbrief', schema: { type: 'boolean' } });
    const box = screen.getByLabelText('Ik wil een nieuwsbrief') as HTMLInputElement;
    expect(box.type).toBe('checkbox');
    expect(box.checked).toBe(false);
    await user.click(box);
    expect(value()).toBe(true);
    await user.keyboard(' ');
    expect(value()).toBe(false);
  });

  it('prefers options.checkboxLabel', () => {
    renderWidget(Checkbox, { label: 'Veld', options: { checkboxLabel: 'Ander label' }, value: true });
    expect((screen.getByLabelText('Ander label') as HTMLInputElement).checked).toBe(true);
  });

  it('links the error id and marks errors', () => {
    renderWidget(Checkbox, { rawErrors: ['Fout'], required: true, schema: { type: 'boolean', const: true } });
    const box = screen.getByRole('checkbox');
    expect(box.getAttribute('aria-describedby')).toContain('root_field__error');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-required')).toBe('true');
  });
});
