// @vitest-environment jsdom
/**
 * `ui:emptyValue`: a field emptied by the applicant reports the value the flow gives for it (rjsf
 * hands it to the widget as `options.emptyValue`), as rjsf's own widgets do; without one, nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { renderWidget } from './testProps';
import { DateInput } from '../DateInput';
import { NumberInput } from '../NumberInput';
import { PasswordInput } from '../PasswordInput';
import { Select } from '../Select';
import { TextInput } from '../TextInput';
import { Textarea } from '../Textarea/Textarea';

afterEach(cleanup);

const typed: [string, ComponentType<WidgetProps>, unknown, WidgetProps['schema']][] = [
  ['TextInput', TextInput, 'Jansen', { type: 'string' }],
  ['Textarea', Textarea, 'Een toelichting', { type: 'string' }],
  ['NumberInput', NumberInput, 12, { type: 'number' }],
  ['PasswordInput', PasswordInput, 'geheim', { type: 'string' }],
  ['DateInput', DateInput, '2026-11-28', { type: 'string', format: 'date' }],
];

describe('ui:emptyValue', () => {
  it.each(typed)('%s reports it when emptied, and nothing without it', async (_name, Widget, start, schema) => {
    const user = userEvent.setup();
    const withEmpty = renderWidget(Widget, { value: start, schema, options: { emptyValue: '' } });
    const field = withEmpty.container.querySelector('input, textarea')!;
    await user.clear(field);
    await user.tab();
    expect(withEmpty.value()).toBe('');
    cleanup();
    const without = renderWidget(Widget, { value: start, schema });
    await user.clear(without.container.querySelector('input, textarea')!);
    await user.tab();
    expect(without.value()).toBeUndefined();
  });

  it('Select reports it when the empty choice is taken', async () => {
    const user = userEvent.setup();
    const enumOptions = [
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
    ];
    const { container, value } = renderWidget(Select, { value: 'a', schema: { type: 'string', enum: ['a', 'b'] }, options: { enumOptions, emptyValue: '' } });
    await user.selectOptions(container.querySelector('select')!, container.querySelector('option')!);
    expect(value()).toBe('');
  });
});
