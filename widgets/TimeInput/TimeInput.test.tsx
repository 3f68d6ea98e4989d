// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formContext, renderWidget } from '../shared/testProps';
import { TimeInput, fromStoredTime, maskTime, padTime, toStoredTime } from '.';

afterEach(cleanup);

const schema = { type: 'string', format: 'time' } as const;

describe('maskTime / padTime / stored form', () => {
  it('adds the colon while typing, takes a dot or space for it, and keeps two digits each', () => {
    expect(maskTime('1', true)).toBe('1');
    expect(maskTime('14', true)).toBe('14:');
    expect(maskTime('1430', true)).toBe('14:30');
    expect(maskTime('14.30', true)).toBe('14:30');
    expect(maskTime('14 30', true)).toBe('14:30');
    expect(maskTime('14:305', true)).toBe('14:30');
    expect(maskTime('9', true)).toBe('09:');
    expect(maskTime('930', true)).toBe('09:30');
    expect(maskTime('1:5', true)).toBe('1:5');
    expect(maskTime('a1b4', true)).toBe('14:');
    expect(maskTime('14', false)).toBe('14');
  });

  it('pads a one-digit hour, and stores a complete time with seconds, as rjsf does', () => {
    expect(padTime('9:30')).toBe('09:30');
    expect(padTime('14:30')).toBe('14:30');
    expect(toStoredTime('14:30')).toBe('14:30:00');
    expect(toStoredTime('24:00')).toBe('24:00');
    expect(toStoredTime('14:3')).toBe('14:3');
    expect(fromStoredTime('14:30:00')).toBe('14:30');
    expect(fromStoredTime('14:30:15')).toBe('14:30:15');
  });
});

describe('TimeInput', () => {
  it('shows a stored time as uu:mm and stores what is typed as uu:mm:00', async () => {
    const user = userEvent.setup();
    const { value, onBlur } = renderWidget(TimeInput, { schema, value: '08:00:00' });
    const input = screen.getByRole('textbox') as HTMLInputElement;
    expect(input.value).toBe('08:00');
    await user.clear(input);
    expect(value()).toBeUndefined();
    await user.type(input, '1430');
    expect(input.value).toBe('14:30');
    expect(value()).toBe('14:30:00');
    await user.tab();
    expect(onBlur).toHaveBeenLastCalledWith('root_field', '14:30:00');
  });

  it('keeps text that is no time as typed, so the check reports it, and pads on blur', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(TimeInput, { schema });
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await user.type(input, '25');
    expect(value()).toBe('25:');
    cleanup();
    renderWidget(TimeInput, { schema });
    const again = screen.getByRole('textbox') as HTMLInputElement;
    await user.type(again, '1:05');
    await user.tab();
    expect(again.value).toBe('01:05');
  });

  it('has the hint as placeholder in the page’s language, a numeric keyboard and linked ids', () => {
    renderWidget(TimeInput, { schema, rawErrors: ['Ongeldige tijd'] });
    const input = screen.getByRole('textbox');
    expect(input.getAttribute('placeholder')).toBe('UU:MM');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('aria-describedby')).toContain('root_field__error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    cleanup();
    renderWidget(TimeInput, { schema, formContext: formContext('en') });
    expect(screen.getByRole('textbox').getAttribute('placeholder')).toBe('HH:MM');
  });
});
