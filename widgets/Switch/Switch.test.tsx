// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWidget } from '../shared/testProps';
import { Switch } from '.';

afterEach(cleanup);

describe('Switch (rjsf’s toggle)', () => {
  it('is a checkbox with role switch and its label, switched by keyboard', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(Switch, { label: 'Herinnering', schema: { type: 'boolean' } });
    const control = screen.getByRole('switch', { name: 'Herinnering' }) as HTMLInputElement;
    expect(control.type).toBe('checkbox');
    expect(control.checked).toBe(false);
    await user.tab();
    expect(document.activeElement).toBe(control);
    await user.keyboard(' ');
    expect(value()).toBe(true);
    expect(control.checked).toBe(true);
    await user.keyboard(' ');
    expect(value()).toBe(false);
  });

  it('prefers options.checkboxLabel, and marks errors', () => {
    renderWidget(Switch, { options: { checkboxLabel: 'Stuur mij een herinnering' }, value: true, rawErrors: ['Fout'], schema: { type: 'boolean' } });
    const control = screen.getByRole('switch', { name: 'Stuur mij een herinnering' }) as HTMLInputElement;
    expect(control.checked).toBe(true);
    expect(control.getAttribute('aria-invalid')).toBe('true');
    expect(control.getAttribute('aria-describedby')).toContain('root_field__error');
  });
});
