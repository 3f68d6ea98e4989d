// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formContext, renderWidget } from '../shared/testProps';
import { DateInput, fromIsoDate, maskDate, padDate, toIsoDate } from '.';

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

describe('toIsoDate / fromIsoDate', () => {
  it('turns a complete, existing date into yyyy-mm-dd and leaves anything else as typed', () => {
    expect(toIsoDate('07-03-2024')).toBe('2024-03-07');
    expect(toIsoDate('29-02-2024')).toBe('2024-02-29');
    expect(toIsoDate('29-02-2023')).toBe('29-02-2023');
    expect(toIsoDate('31-04-2024')).toBe('31-04-2024');
    expect(toIsoDate('07-13-2024')).toBe('07-13-2024');
    expect(toIsoDate('00-03-2024')).toBe('00-03-2024');
    expect(toIsoDate('07-03-20')).toBe('07-03-20');
    expect(toIsoDate('7-3-2024')).toBe('7-3-2024');
  });

  it('shows an ISO date as dd-mm-jjjj and other text as it is', () => {
    expect(fromIsoDate('2024-03-07')).toBe('07-03-2024');
    expect(fromIsoDate('07-03-20')).toBe('07-03-20');
  });
});

describe('DateInput with format: date (ISO mode)', () => {
  const isoSchema = { type: 'string', format: 'date' } as const;

  it('shows a stored ISO date as dd-mm-jjjj', () => {
    renderWidget(DateInput, { schema: isoSchema, value: '2024-03-07' });
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('07-03-2024');
  });

  it('masks as before and reports a complete date as yyyy-mm-dd', async () => {
    const user = userEvent.setup();
    const { value, onBlur } = renderWidget(DateInput, { schema: isoSchema });
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await user.type(input, '0703');
    expect(input.value).toBe('07-03-');
    expect(value()).toBe('07-03-');
    await user.type(input, '2024');
    expect(input.value).toBe('07-03-2024');
    expect(value()).toBe('2024-03-07');
    await user.tab();
    expect(onBlur).toHaveBeenLastCalledWith('root_field', '2024-03-07');
    expect(input.value).toBe('07-03-2024');
  });

  it('reports an impossible date as the typed text, and pads on blur into an ISO date', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(DateInput, { schema: isoSchema });
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await user.type(input, '31022024');
    expect(value()).toBe('31-02-2024');
    expect(input.value).toBe('31-02-2024');
    await user.clear(input);
    expect(value()).toBeUndefined();
    await user.type(input, '1-2-1980');
    expect(value()).toBe('1-2-1980');
    await user.tab();
    expect(value()).toBe('1980-02-01');
    expect(input.value).toBe('01-02-1980');
  });

  it('without format: date stores dd-mm-jjjj as before', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(DateInput, { schema: { type: 'string' }, value: '2024-03-07' });
    const input = screen.getByRole('textbox') as HTMLInputElement;
    expect(input.value).toBe('2024-03-07');
    await user.clear(input);
    await user.type(input, '07032024');
    expect(value()).toBe('07-03-2024');
  });
});
