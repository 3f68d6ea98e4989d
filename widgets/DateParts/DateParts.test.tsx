// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WidgetProps } from '@rjsf/utils';
import { formContext, renderWidget } from '../shared/testProps';
import { DateParts, datePartBoxes, storedDateParts } from '.';

afterEach(cleanup);

const schema = { type: 'string', format: 'date' } as const;

describe('storedDateParts / datePartBoxes', () => {
  it('stores a complete, existing date as jjjj-mm-dd, anything else as the boxes are', () => {
    expect(storedDateParts({ day: '9', month: '3', year: '1980' })).toBe('1980-03-09');
    expect(storedDateParts({ day: '29', month: '02', year: '2024' })).toBe('2024-02-29');
    expect(storedDateParts({ day: '29', month: '2', year: '2023' })).toBe('2023-2-29');
    expect(storedDateParts({ day: '9', month: '', year: '1980' })).toBe('1980--9');
    expect(storedDateParts({ day: '9', month: '3', year: '80' })).toBe('80-3-9');
    expect(storedDateParts({ day: '', month: '', year: '' })).toBeUndefined();
  });

  it('shows a stored value in its boxes', () => {
    expect(datePartBoxes('1980-03-09')).toEqual({ day: '09', month: '03', year: '1980' });
    expect(datePartBoxes('1980--9')).toEqual({ day: '9', month: '', year: '1980' });
    expect(datePartBoxes(undefined)).toEqual({ day: '', month: '', year: '' });
  });
});

describe('DateParts', () => {
  it('has three labelled numeric boxes, the day carrying the field’s id', () => {
    renderWidget(DateParts, { schema, value: '1980-03-09' });
    const boxes = ['Dag', 'Maand', 'Jaar'].map((name) => screen.getByRole('textbox', { name }) as HTMLInputElement);
    expect(boxes.map((box) => box.value)).toEqual(['09', '03', '1980']);
    expect(boxes.map((box) => box.getAttribute('inputmode'))).toEqual(['numeric', 'numeric', 'numeric']);
    expect(boxes[0].id).toBe('root_field');
    expect(boxes.map((box) => box.getAttribute('autocomplete'))).toEqual([null, null, null]);
    cleanup();
    renderWidget(DateParts, { schema, formContext: formContext('en') });
    expect(['Day', 'Month', 'Year'].map((name) => screen.getByRole('textbox', { name }))).toHaveLength(3);
  });

  it('gives a birth date bday-day, bday-month and bday-year', () => {
    renderWidget(DateParts, { schema, options: { autocomplete: 'bday' as WidgetProps['options']['autocomplete'] } });
    expect(screen.getAllByRole('textbox').map((box) => box.getAttribute('autocomplete'))).toEqual(['bday-day', 'bday-month', 'bday-year']);
  });

  it('takes digits only, as typed (a month of one digit stays one), and stores the date once it is whole', async () => {
    const user = userEvent.setup();
    const { value, onBlur } = renderWidget(DateParts, { schema });
    await user.type(screen.getByRole('textbox', { name: 'Dag' }), '9x');
    await user.tab();
    expect(onBlur).not.toHaveBeenCalled();
    await user.keyboard('3');
    await user.tab();
    expect(value()).toBe('-3-9');
    await user.keyboard('19801');
    expect((screen.getByRole('textbox', { name: 'Maand' }) as HTMLInputElement).value).toBe('3');
    expect((screen.getByRole('textbox', { name: 'Jaar' }) as HTMLInputElement).value).toBe('1980');
    expect(value()).toBe('1980-03-09');
    await user.tab();
    expect(onBlur).toHaveBeenLastCalledWith('root_field', '1980-03-09');
  });

  it('keeps an incomplete date as its boxes, so the check says which is missing', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(DateParts, { schema });
    await user.type(screen.getByRole('textbox', { name: 'Dag' }), '9');
    await user.type(screen.getByRole('textbox', { name: 'Jaar' }), '1980');
    expect(value()).toBe('1980--9');
    await user.clear(screen.getByRole('textbox', { name: 'Dag' }));
    await user.clear(screen.getByRole('textbox', { name: 'Jaar' }));
    expect(value()).toBeUndefined();
  });

  it('takes a value from outside (a reset) into its boxes', () => {
    const { rerender, props } = renderWidget(DateParts, { schema, value: '1980-03-09' });
    rerender(<DateParts {...props} value="2001-12-31" />);
    expect(screen.getAllByRole('textbox').map((box) => (box as HTMLInputElement).value)).toEqual(['31', '12', '2001']);
  });
});
