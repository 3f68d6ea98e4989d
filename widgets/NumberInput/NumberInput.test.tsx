// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FieldAriaContext } from '../shared/aria';
import { createChangeQueue } from '../shared/typing';
import { Suggestions } from '../shared/suggestions';
import { formContext, renderWidget, widgetProps } from '../shared/testProps';
import { NumberInput, formatNumber, parseNumber } from '.';

afterEach(cleanup);

const numberSchema = { type: 'number' } as const;

describe('parseNumber / formatNumber', () => {
  it('accepts a decimal comma or point and passes other text on', () => {
    expect(parseNumber('1,5')).toBe(1.5);
    expect(parseNumber('1.5')).toBe(1.5);
    expect(parseNumber('-2')).toBe(-2);
    expect(parseNumber(' 3 ')).toBe(3);
    expect(parseNumber(',5')).toBe(0.5);
    expect(parseNumber('1,')).toBe(1);
    expect(parseNumber('')).toBeUndefined();
    expect(parseNumber('   ')).toBeUndefined();
    expect(parseNumber('1.000,5')).toBe('1.000,5');
    // A Dutch thousand is not silently read as one.
    expect(parseNumber('1.000')).toBe('1.000');
    expect(parseNumber('12.500')).toBe('12.500');
    expect(parseNumber('1.50')).toBe(1.5);
    expect(parseNumber('1,000')).toBe(1);
    expect(parseNumber('abc')).toBe('abc');
    expect(parseNumber('1,2,3')).toBe('1,2,3');
    expect(parseNumber('1e5')).toBe('1e5');
    expect(parseNumber('-')).toBe('-');
  });

  it('formats in the notation of the language, never with an exponent', () => {
    expect(formatNumber(1.5, 'nl')).toBe('1,5');
    expect(formatNumber(1.5, 'en')).toBe('1.5');
    expect(formatNumber(-2, 'nl')).toBe('-2');
    expect(formatNumber(1e-7, 'nl')).toBe('0,0000001');
    expect(formatNumber(1.5e21, 'en')).toBe('1500000000000000000000');
    expect(parseNumber(formatNumber(1.25e-8, 'nl'))).toBe(1.25e-8);
  });
});

describe('NumberInput', () => {
  it('is a text field, with a decimal keyboard for a number and a numeric one for an integer', () => {
    renderWidget(NumberInput, { schema: numberSchema, id: 'root_a' });
    renderWidget(NumberInput, { schema: { type: 'integer' }, id: 'root_b' });
    renderWidget(NumberInput, { schema: numberSchema, id: 'root_c', options: { inputMode: 'numeric', autocomplete: 'off' } });
    const [a, b, c] = ['root_a', 'root_b', 'root_c'].map((id) => document.getElementById(id) as HTMLInputElement);
    expect(a.type).toBe('text');
    expect(a.className).toContain('utrecht-textbox');
    expect(a.getAttribute('inputmode')).toBe('decimal');
    expect(b.getAttribute('inputmode')).toBe('numeric');
    expect(c.getAttribute('inputmode')).toBe('numeric');
    expect(c.getAttribute('autocomplete')).toBe('off');
  });

  it('reports numbers for a comma or a point, text for anything else, undefined when empty', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(NumberInput, { schema: numberSchema });
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await user.type(input, '1,5');
    expect(value()).toBe(1.5);
    await user.clear(input);
    expect(value()).toBeUndefined();
    await user.type(input, '1.5');
    expect(value()).toBe(1.5);
    await user.clear(input);
    await user.type(input, '-2');
    expect(value()).toBe(-2);
    for (const text of ['1.000,5', 'abc', '1,2,3']) {
      await user.clear(input);
      await user.type(input, text);
      expect(value()).toBe(text);
    }
  });

  it('keeps exactly what is typed while typing', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(NumberInput, { schema: numberSchema, formContext: formContext('en') });
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await user.type(input, '1,');
    expect(value()).toBe(1);
    expect(input.value).toBe('1,');
    await user.type(input, '50');
    expect(value()).toBe(1.5);
    expect(input.value).toBe('1,50');
  });

  it('shows a number in the language of the page', () => {
    renderWidget(NumberInput, { schema: numberSchema, value: 1.5, id: 'root_nl' });
    renderWidget(NumberInput, { schema: numberSchema, value: 1.5, id: 'root_en', formContext: formContext('en') });
    expect((document.getElementById('root_nl') as HTMLInputElement).value).toBe('1,5');
    expect((document.getElementById('root_en') as HTMLInputElement).value).toBe('1.5');
  });

  it('trims on blur, reports the value and then shows it in the page notation', async () => {
    const user = userEvent.setup();
    const { onChange, onBlur, value } = renderWidget(NumberInput, { schema: numberSchema });
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await user.type(input, '  1.50 ');
    expect(value()).toBe(1.5);
    await user.tab();
    expect(onBlur).toHaveBeenLastCalledWith('root_field', 1.5);
    expect(input.value).toBe('1,5');
    await user.clear(input);
    await user.type(input, ' abc ');
    expect(value()).toBe(' abc ');
    await user.tab();
    expect(value()).toBe('abc');
    expect(onChange.mock.invocationCallOrder.at(-1)!).toBeLessThan(onBlur.mock.invocationCallOrder.at(-1)!);
    expect(onBlur).toHaveBeenLastCalledWith('root_field', 'abc');
    expect(input.value).toBe('abc');
  });

  it('takes aria-describedby, aria-invalid and required from the field frame', () => {
    render(
      <FieldAriaContext.Provider value={{ describedBy: ['root_field__error', 'root_field__help'], invalid: true, required: true }}>
        <NumberInput {...widgetProps({ schema: numberSchema })} />
      </FieldAriaContext.Provider>,
    );
    const input = screen.getByRole('textbox');
    expect(input.getAttribute('aria-describedby')).toBe('root_field__error root_field__help');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
  });

  it('shows typed text at once and reports it after the paint, through the change queue', async () => {
    const user = userEvent.setup();
    let scheduled: (() => void) | undefined;
    const queue = createChangeQueue((run) => {
      scheduled = run;
    });
    const { onChange, value } = renderWidget(NumberInput, { schema: numberSchema, formContext: { ...formContext('nl'), changes: queue } as never });
    const input = screen.getByRole('textbox') as HTMLInputElement;
    await user.type(input, '12,5');
    expect(input.value).toBe('12,5');
    expect(onChange).not.toHaveBeenCalled();
    act(() => scheduled?.());
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(value()).toBe(12.5);
    expect(input.value).toBe('12,5');
  });

  it('passes focus to rjsf with the value', () => {
    const { props } = renderWidget(NumberInput, { schema: numberSchema, value: 2.5 });
    fireEvent.focus(screen.getByRole('textbox'));
    expect(props.onFocus).toHaveBeenCalledWith('root_field', 2.5);
  });
});

describe('NumberInput: examples as suggestions', () => {
  // The list's code loads when a field first shows one; here it is there before the widget renders.
  beforeAll(async () => {
    await Suggestions.preload();
  });

  it('offers the examples in the page notation (the decimal comma in Dutch)', () => {
    renderWidget(NumberInput, { schema: { type: 'number', examples: [2.5, 10] } });
    expect(screen.getByRole('combobox').getAttribute('list')).toBe('root_field__examples');
    const options = Array.from(document.querySelectorAll('#root_field__examples option')).map((option) => option.getAttribute('value'));
    expect(options).toEqual(['2,5', '10']);
  });
});
