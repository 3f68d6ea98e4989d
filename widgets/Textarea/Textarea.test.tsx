// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formContext, renderWidget } from '../shared/testProps';
import { Textarea, shouldAnnounce, textLength } from '.';

afterEach(cleanup);

const schema = { type: 'string' as const, maxLength: 10 };

describe('Textarea', () => {
  it('has 5 rows by default, options.rows overrides', () => {
    renderWidget(Textarea);
    expect(screen.getByRole('textbox').getAttribute('rows')).toBe('5');
    cleanup();
    renderWidget(Textarea, { options: { rows: 8 } });
    expect(screen.getByRole('textbox').getAttribute('rows')).toBe('8');
  });

  it('shows the counter, linked through aria-describedby, and does not cut the text off', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(Textarea, { schema });
    const area = screen.getByRole('textbox');
    expect(area.hasAttribute('maxlength')).toBe(false);
    expect(screen.getByText('10 karakters resterend')).toBeTruthy();
    const describedBy = area.getAttribute('aria-describedby')!;
    expect(describedBy).toContain('root_field__error');
    expect(describedBy).toContain('root_field__counter');
    await user.type(area, 'abcdefghi');
    expect(screen.getByText('1 karakter resterend')).toBeTruthy();
    await user.type(area, 'jkl');
    expect(value()).toBe('abcdefghijkl');
    const counter = document.getElementById('root_field__counter')!;
    expect(counter.textContent).toBe('2 karakters te veel');
    expect(counter.className).toContain('widget-textarea__counter--error');
  });

  it('announces politely, but not on every keystroke', async () => {
    const user = userEvent.setup();
    renderWidget(Textarea, { schema: { type: 'string', maxLength: 30 } });
    const live = screen.getByTestId('root_field__counter-live');
    expect(live.getAttribute('aria-live')).toBe('polite');
    const area = screen.getByRole('textbox');
    await user.type(area, 'abc');
    expect(live.textContent).toBe('');
    expect(screen.getByText('27 karakters resterend')).toBeTruthy();
    await user.type(area, 'x'.repeat(17));
    expect(live.textContent).toBe('10 karakters resterend');
    await user.type(area, 'x'.repeat(10));
    expect(live.textContent).toBe('0 karakters resterend');
    await user.type(area, 'x');
    expect(live.textContent).toBe('1 karakter te veel');
  });

  it('has no counter without maxLength', () => {
    renderWidget(Textarea);
    expect(document.getElementById('root_field__counter')).toBeNull();
    expect(screen.getByRole('textbox').getAttribute('aria-describedby')).not.toContain('counter');
  });

  it('speaks English when the formContext says so', () => {
    renderWidget(Textarea, { schema, value: 'abcdefghijkl', formContext: formContext('en') });
    expect(screen.getByText('2 characters too many')).toBeTruthy();
  });

  it('trims on blur and reports undefined when empty', () => {
    const { onChange, onBlur } = renderWidget(Textarea, { value: ' tekst \n' });
    fireEvent.blur(screen.getByRole('textbox'));
    expect(onChange).toHaveBeenLastCalledWith('tekst');
    expect(onBlur).toHaveBeenLastCalledWith('root_field', 'tekst');
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('marks errors', () => {
    renderWidget(Textarea, { rawErrors: ['Te lang'] });
    expect(screen.getByRole('textbox').getAttribute('aria-invalid')).toBe('true');
  });

  it('helpers', () => {
    expect(textLength('a😀b')).toBe(3);
    expect(shouldAnnounce(25, 24)).toBe(false);
    expect(shouldAnnounce(25, 5)).toBe(true);
    expect(shouldAnnounce(1, 0)).toBe(true);
    expect(shouldAnnounce(0, -1)).toBe(true);
    expect(shouldAnnounce(-1, -2)).toBe(false);
  });
});
