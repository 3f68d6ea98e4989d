// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suggestions } from '../shared/suggestions';
import { renderWidget } from '../shared/testProps';
import { EmailInput, TelInput, TextInput, toValue } from '.';

afterEach(cleanup);

describe('TextInput', () => {
  it('links the template ids and marks errors', () => {
    renderWidget(TextInput, { rawErrors: ['Vul dit veld in.'], required: true });
    const input = screen.getByRole('textbox');
    expect(input.id).toBe('root_field');
    expect(input.getAttribute('aria-describedby')).toContain('root_field__error');
    expect(input.getAttribute('aria-describedby')).toContain('root_field__description');
    expect(input.getAttribute('aria-describedby')).toContain('root_field__help');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-required')).toBe('true');
  });

  it('has no aria-invalid without errors', () => {
    renderWidget(TextInput);
    expect(screen.getByRole('textbox').hasAttribute('aria-invalid')).toBe(false);
  });

  it('trims on blur: onChange with the trimmed value, then onBlur', async () => {
    const user = userEvent.setup();
    const { onChange, onBlur, value } = renderWidget(TextInput);
    await user.type(screen.getByRole('textbox'), '  Jansen  ');
    expect(value()).toBe('  Jansen  ');
    await user.tab();
    expect(value()).toBe('Jansen');
    expect(onChange.mock.invocationCallOrder.at(-1)!).toBeLessThan(onBlur.mock.invocationCallOrder.at(-1)!);
    expect(onBlur).toHaveBeenLastCalledWith('root_field', 'Jansen');
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('Jansen');
  });

  it('reports undefined when emptied (also whitespace only after blur)', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(TextInput, { value: 'a' });
    await user.clear(screen.getByRole('textbox'));
    expect(value()).toBeUndefined();
    await user.type(screen.getByRole('textbox'), '   ');
    await user.tab();
    expect(value()).toBeUndefined();
  });

  it('does not enforce schema.maxLength', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(TextInput, { schema: { type: 'string', maxLength: 3 } });
    expect(screen.getByRole('textbox').hasAttribute('maxlength')).toBe(false);
    await user.type(screen.getByRole('textbox'), 'abcdef');
    expect(value()).toBe('abcdef');
  });

  it('uses inputType, autocomplete and inputMode options', () => {
    renderWidget(TextInput, { options: { inputType: 'email', autocomplete: 'email' } });
    const input = screen.getByRole('textbox');
    expect(input.getAttribute('type')).toBe('email');
    expect(input.getAttribute('autocomplete')).toBe('email');
    expect(input.getAttribute('inputmode')).toBe('email');
  });

  it('EmailInput and TelInput set the type', () => {
    renderWidget(EmailInput, { id: 'root_email' });
    renderWidget(TelInput, { id: 'root_tel', options: { autocomplete: 'tel' } });
    expect(document.getElementById('root_email')!.getAttribute('type')).toBe('email');
    expect(document.getElementById('root_tel')!.getAttribute('type')).toBe('tel');
    expect(document.getElementById('root_tel')!.getAttribute('autocomplete')).toBe('tel');
  });

  it('converts numbers for numeric schemas and keeps the typed text', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(TextInput, { schema: { type: 'number' } });
    const input = screen.getByRole('textbox') as HTMLInputElement;
    expect(input.getAttribute('inputmode')).toBe('decimal');
    await user.type(input, '1,');
    expect(value()).toBe(1);
    expect(input.value).toBe('1,');
    await user.type(input, '5');
    expect(value()).toBe(1.5);
    await user.clear(input);
    await user.type(input, 'abc');
    expect(value()).toBe('abc');
  });

  it('integers get a numeric keyboard', () => {
    renderWidget(TextInput, { schema: { type: 'integer' }, value: 3 });
    const input = screen.getByRole('textbox') as HTMLInputElement;
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.value).toBe('3');
  });

  it('passes focus to rjsf', () => {
    const { props } = renderWidget(TextInput, { value: 'x' });
    fireEvent.focus(screen.getByRole('textbox'));
    expect(props.onFocus).toHaveBeenCalledWith('root_field', 'x');
  });

  it('toValue', () => {
    expect(toValue('', false)).toBeUndefined();
    expect(toValue('12', false)).toBe('12');
    expect(toValue('12', true)).toBe(12);
    expect(toValue('1,25', true)).toBe(1.25);
    expect(toValue('x1', true)).toBe('x1');
  });
});

describe('TextInput: examples as suggestions', () => {
  // The list's code loads when a field first shows one; here it is there before the widget renders.
  beforeAll(async () => {
    await Suggestions.preload();
  });

  it('ties a datalist of the examples (and the default) to the input, as rjsf does', () => {
    renderWidget(TextInput, { schema: { type: 'string', examples: ['Huisarts', 'Tandarts'], default: 'Apotheker' } });
    const input = screen.getByRole('combobox');
    expect(input.getAttribute('list')).toBe('root_field__examples');
    const options = Array.from(document.querySelectorAll('#root_field__examples option')).map((option) => option.getAttribute('value'));
    expect(options).toEqual(['Huisarts', 'Tandarts', 'Apotheker']);
  });

  it('has no list without examples', () => {
    renderWidget(TextInput, { schema: { type: 'string' } });
    expect(screen.getByRole('textbox').hasAttribute('list')).toBe(false);
    expect(document.querySelector('datalist')).toBeNull();
  });
});
