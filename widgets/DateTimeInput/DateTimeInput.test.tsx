// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formContext, renderWidget } from '../shared/testProps';
import { DateTimeInput, dateTimeBoxes, storedDateTime } from '.';

afterEach(cleanup);

const schema = { type: 'string', format: 'date-time' } as const;

describe('storedDateTime / dateTimeBoxes', () => {
  it('stores Dutch wall time with the offset of that moment', () => {
    expect(storedDateTime({ date: '29-03-2026', time: '14:30' })).toBe('2026-03-29T14:30:00+02:00');
    expect(storedDateTime({ date: '15-01-2026', time: '09:05' })).toBe('2026-01-15T09:05:00+01:00');
    expect(storedDateTime({ date: '25-10-2026', time: '02:30' })).toBe('2026-10-25T02:30:00+02:00');
  });

  it('stores the skipped spring hour without an offset, and anything incomplete as the boxes’ text', () => {
    expect(storedDateTime({ date: '29-03-2026', time: '02:30' })).toBe('2026-03-29T02:30:00');
    expect(storedDateTime({ date: '29-03-2026', time: '' })).toBe('29-03-2026 ');
    expect(storedDateTime({ date: '31-02-2026', time: '14:30' })).toBe('31-02-2026 14:30');
    expect(storedDateTime({ date: '', time: '' })).toBeUndefined();
  });

  it('shows a stored value in Dutch wall time, whatever its offset, and the boxes’ text as it was', () => {
    expect(dateTimeBoxes('2026-03-29T12:30:00Z')).toEqual({ date: '29-03-2026', time: '14:30' });
    expect(dateTimeBoxes('2026-03-29T02:30:00')).toEqual({ date: '29-03-2026', time: '02:30' });
    expect(dateTimeBoxes('29-03-2026 14:3')).toEqual({ date: '29-03-2026', time: '14:3' });
    expect(dateTimeBoxes(undefined)).toEqual({ date: '', time: '' });
  });
});

describe('DateTimeInput', () => {
  it('has a labelled date box and time box, the date box carrying the field’s id', () => {
    renderWidget(DateTimeInput, { schema, value: '2026-07-01T08:05:00Z' });
    const date = screen.getByRole('textbox', { name: 'Datum' }) as HTMLInputElement;
    const time = screen.getByRole('textbox', { name: 'Tijd' }) as HTMLInputElement;
    expect(date.id).toBe('root_field');
    expect([date.value, time.value]).toEqual(['01-07-2026', '10:05']);
    expect([date.getAttribute('inputmode'), time.getAttribute('inputmode')]).toEqual(['numeric', 'numeric']);
    expect([date.getAttribute('placeholder'), time.getAttribute('placeholder')]).toEqual(['DD-MM-JJJJ', 'UU:MM']);
    cleanup();
    renderWidget(DateTimeInput, { schema, formContext: formContext('en') });
    expect(screen.getByRole('textbox', { name: 'Date' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Time' })).toBeTruthy();
  });

  it('types the Dutch way by keyboard and stores the moment with its offset; leaving the field, not the date box, is its blur', async () => {
    const user = userEvent.setup();
    const { value, onBlur } = renderWidget(DateTimeInput, { schema });
    await user.type(screen.getByRole('textbox', { name: 'Datum' }), '29032026');
    expect(value()).toBe('29-03-2026 ');
    await user.tab();
    expect(onBlur).not.toHaveBeenCalled();
    await user.keyboard('1430');
    expect(value()).toBe('2026-03-29T14:30:00+02:00');
    await user.tab();
    expect(onBlur).toHaveBeenLastCalledWith('root_field', '2026-03-29T14:30:00+02:00');
  });

  it('pads a one-digit day, month and hour when a box is left', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(DateTimeInput, { schema });
    await user.type(screen.getByRole('textbox', { name: 'Datum' }), '1-7-2026');
    await user.tab();
    await user.keyboard('8:05');
    await user.tab();
    expect((screen.getByRole('textbox', { name: 'Datum' }) as HTMLInputElement).value).toBe('01-07-2026');
    expect((screen.getByRole('textbox', { name: 'Tijd' }) as HTMLInputElement).value).toBe('08:05');
    expect(value()).toBe('2026-07-01T08:05:00+02:00');
  });

  it('marks both boxes invalid and links the message', () => {
    renderWidget(DateTimeInput, { schema, rawErrors: ['Fout'] });
    for (const box of screen.getAllByRole('textbox')) {
      expect(box.getAttribute('aria-invalid')).toBe('true');
      expect(box.getAttribute('aria-describedby')).toContain('root_field__error');
    }
  });
});
