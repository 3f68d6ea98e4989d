// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RJSFSchema } from '@rjsf/utils';
import { createTranslate } from '../../renderer/core/i18n';
import { FieldAriaContext } from '../shared/aria';
import { renderWidget, widgetProps } from '../shared/testProps';
import { CheckboxGroup } from '.';

afterEach(cleanup);

const enumOptions = [
  { label: 'Arts', value: 'arts' },
  { label: 'Tandarts', value: 'tandarts' },
  { label: 'Apotheker', value: 'apotheker' },
];
const arraySchema: RJSFSchema = { type: 'array', items: { type: 'string', enum: ['arts', 'tandarts', 'apotheker'] }, uniqueItems: true };

describe('CheckboxGroup', () => {
  it('renders one labelled checkbox per option with rjsf option ids, inside the field id', () => {
    renderWidget(CheckboxGroup, { schema: arraySchema, options: { enumOptions } });
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    expect(screen.getByLabelText('Tandarts').id).toBe('root_field-1');
    const group = document.getElementById('root_field')!;
    expect(group.className).toContain('widget-checkbox-group');
    expect(group.querySelector('fieldset, legend')).toBeNull();
    for (const box of boxes) {
      expect(box.className).toContain('utrecht-checkbox');
      expect(box.getAttribute('aria-describedby')).toContain('root_field__error');
    }
  });

  it('gives the ticked values in option order, and undefined when none is ticked', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(CheckboxGroup, { schema: arraySchema, options: { enumOptions } });
    await user.click(screen.getByLabelText('Apotheker'));
    expect(value()).toEqual(['apotheker']);
    await user.click(screen.getByLabelText('Arts'));
    expect(value()).toEqual(['arts', 'apotheker']);
    await user.click(screen.getByLabelText('Apotheker'));
    await user.click(screen.getByLabelText('Arts'));
    expect(value()).toBeUndefined();
  });

  it('is operated with Tab and Space', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(CheckboxGroup, { schema: arraySchema, options: { enumOptions } });
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Tandarts'));
    await user.keyboard(' ');
    expect(value()).toEqual(['tandarts']);
  });

  it('shows the chosen values and keeps numbers as numbers', async () => {
    const user = userEvent.setup();
    const numbers = [
      { label: 'Eén', value: 1 },
      { label: 'Twee', value: 2 },
      { label: 'Drie', value: 3 },
    ];
    const { value } = renderWidget(CheckboxGroup, {
      schema: { type: 'array', items: { type: 'integer', enum: [1, 2, 3] } },
      options: { enumOptions: numbers },
      value: [3],
    });
    expect((screen.getByLabelText('Drie') as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByLabelText('Eén'));
    expect(value()).toEqual([1, 3]);
  });

  it('shows enumDisabled options but they cannot be chosen', async () => {
    const user = userEvent.setup();
    const { value } = renderWidget(CheckboxGroup, { schema: arraySchema, options: { enumOptions, enumDisabled: ['tandarts'] } });
    const box = screen.getByLabelText('Tandarts') as HTMLInputElement;
    expect(box.disabled).toBe(true);
    await user.click(box);
    expect(value()).toBeUndefined();
    expect((screen.getByLabelText('Arts') as HTMLInputElement).disabled).toBe(false);
  });

  it('translates labels that are keys, and puts options side by side when inline', () => {
    const t = createTranslate({ 'beroep.arts': 'Physician' });
    renderWidget(CheckboxGroup, {
      schema: arraySchema,
      options: { enumOptions: [{ label: 'beroep.arts', value: 'arts' }], inline: true },
      formContext: { t, lang: 'en' },
    });
    expect(screen.getByLabelText('Physician')).toBeTruthy();
    expect(document.getElementById('root_field')!.className).toContain('widget-checkbox-group--inline');
  });

  it('reports the array on focus and blur', () => {
    const { props } = renderWidget(CheckboxGroup, { schema: arraySchema, options: { enumOptions }, value: ['tandarts', 'arts'] });
    fireEvent.focus(screen.getByLabelText('Arts'));
    expect(props.onFocus).toHaveBeenLastCalledWith('root_field', ['arts', 'tandarts']);
    fireEvent.blur(screen.getByLabelText('Arts'));
    expect(props.onBlur).toHaveBeenLastCalledWith('root_field', ['arts', 'tandarts']);
  });

  it('takes aria from the field frame on every checkbox', () => {
    render(
      <FieldAriaContext.Provider value={{ describedBy: ['root_field__error'], invalid: true, required: true }}>
        <CheckboxGroup {...widgetProps({ schema: arraySchema, options: { enumOptions } })} />
      </FieldAriaContext.Provider>,
    );
    for (const box of screen.getAllByRole('checkbox')) {
      expect(box.getAttribute('aria-describedby')).toBe('root_field__error');
      expect(box.getAttribute('aria-invalid')).toBe('true');
    }
  });
});
