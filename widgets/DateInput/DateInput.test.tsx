// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formContext, renderWidget } from '../shared/testProps';
import { DateInput, maskDate, padDate } from '.';

afterEach(cleanup);

describe('maskDate / padDate', () => {
  it('adds separators while typing and limits to 8 digits', () => {
    expect(maskDate('1', true)).toBe('1');
    expect(maskDate('12', true)).toBe('12-');
    expect(maskDate('12-03', true)).toBe('12-03-');
    expect(maskDate('12031980', true)).toBe('12-03-1980');
    expect(maskDate('12-03-19801', true)).toBe('12-03-1980');
    expect(maskDate('1-2-1980', true)).toBe('1-2-1980');
    expect(maskDate('ab1x2', true)).toBe('12-');
    expect(maskDate('12--', true)).toBe('12-');
    expect(maskDate('01.02.1980', true)).toBe('01-02-1980');
  });

  it('adds no separator while deleting', () => {
    expect(maskDate('12', false)).toBe('12');
    expect(maskDate('12-03', false)).toBe('12-03');
  });

  it('pads day and month', () => {
    expect(padDate('1-2-1980')).toBe('01-02-1980');
    expect(padDate('1-12-1980')).toBe('01-12-1980');
    expect(padDate('10-2-1980')).toBe('10-02-1980');
    expect(padDate('1-2')).toBe('01-2');
    expect(padDate('1')).toBe('1');
    expect(padDate('')).toBe('');
  });
});

describe('DateInput', () => {
  it('masks while typing and rejects letters', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(DateInput);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await user.type(input, '0a1/0219809');
    expect(input.value).toBe('01-02-1980');
    expect(value()).toBe('01-02-1980');
  });

  it('backspace over a separator works', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(DateInput);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await user.type(input, '12');
    expect(input.value).toBe('12-');
    await user.keyboard('{Backspace}');
    expect(input.value).toBe('12');
    await user.keyboard('{Backspace}{Backspace}');
    expect(value()).toBeUndefined();
  });

  it('pads on blur: 1-2-1980 becomes 01-02-1980', async () => {
    const user = userEvent.setup();
    const { value, onBlur } = renderWidget(DateInput);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await user.type(input, '1-2-1980');
    expect(input.value).toBe('1-2-1980');
    await user.tab();
    expect(input.value).toBe('01-02-1980');
    expect(value()).toBe('01-02-1980');
    expect(onBlur).toHaveBeenLastCalledWith('root_field', '01-02-1980');
  });

  it('refuses a ninth digit typed in the middle', () => {
    const { onChange } = renderWidget(DateInput, { value: '01-02-1980' });
    const input = screen.getByRole('textbox') as HTMLInputElement;
    input.setSelectionRange(3, 3);
    fireEvent.change(input, { target: { value: '01-502-1980', selectionStart: 4 } });
    expect(onChange).not.toHaveBeenCalled();
    expect(input.value).toBe('01-02-1980');
  });

  it('has the hint as placeholder, numeric keyboard and linked ids', () => {
    renderWidget(DateInput, { rawErrors: ['Ongeldige datum'] });
    const input = screen.getByRole('textbox');
    expect(input.getAttribute('placeholder')).toBe('DD-MM-JJJJ');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('aria-describedby')).toContain('root_field__error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    cleanup();
    renderWidget(DateInput, { formContext: formContext('en') });
    expect(screen.getByRole('textbox').getAttribute('placeholder')).toBe('DD-MM-YYYY');
  });
});
