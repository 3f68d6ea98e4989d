// Test helpers: minimal rjsf WidgetProps and a stateful host, so widgets can be rendered directly
// without a <Form>. Only imported by *.test.tsx files.
import { useState, type ComponentType } from 'react';
import { render } from '@testing-library/react';
import type { Registry, WidgetProps } from '@rjsf/utils';
import { vi, type Mock } from 'vitest';
import { createTranslate, type Lang } from '../../renderer/core/i18n';
import { widgetResources } from '../i18n';
import type { WidgetFormContext } from './useT';

/** A formContext like the renderer's, for the given language. */
export function formContext(lang: Lang): WidgetFormContext {
  return { t: createTranslate(widgetResources[lang]), lang };
}

/** Minimal props for one widget; `registry` only carries `formContext` (the widgets use nothing else). */
export function widgetProps(overrides: Partial<WidgetProps> & { formContext?: WidgetFormContext } = {}): WidgetProps {
  const { formContext: context, ...rest } = overrides;
  return {
    id: 'root_field',
    name: 'field',
    label: 'Veld',
    value: undefined,
    schema: { type: 'string' },
    uiSchema: {},
    options: {},
    required: false,
    disabled: false,
    readonly: false,
    autofocus: false,
    rawErrors: [],
    onChange: vi.fn(),
    onBlur: vi.fn(),
    onFocus: vi.fn(),
    registry: { formContext: context } as unknown as Registry,
    ...rest,
  } as WidgetProps;
}

/**
 * Renders a widget that keeps its value in state like rjsf does, so typing updates it.
 * `onChange` is a spy that also sees every value.
 */
export function renderWidget(Widget: ComponentType<WidgetProps>, overrides: Parameters<typeof widgetProps>[0] = {}) {
  const props = widgetProps(overrides);
  const onChange = props.onChange as Mock<(value: unknown) => void>;
  let current: unknown = props.value;
  function Host() {
    const [value, setValue] = useState<unknown>(props.value);
    const handleChange = (next: unknown) => {
      current = next;
      onChange(next);
      setValue(next);
    };
    return <Widget {...props} value={value} onChange={handleChange} />;
  }
  const result = render(<Host />);
  return { ...result, props, onChange, onBlur: props.onBlur as Mock<(id: string, value: unknown) => void>, value: () => current };
}
