// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { getWidget, type FieldProps, type Registry } from '@rjsf/utils';
import { widgets } from '../../widgets';
import { preloadRjsfTemplates } from './fields';

afterEach(cleanup);
// This form uses rjsf's own templates, which load on demand.
beforeAll(() => preloadRjsfTemplates());

describe("rjsf's default registry", () => {
  it("is the portal's: its widgets, no rjsf widgets and no grid-layout fields", () => {
    let registry: Registry | undefined;
    const Capture = (props: FieldProps) => {
      registry = props.registry;
      return null;
    };
    render(<Form schema={{ type: 'string' }} validator={validator} fields={{ StringField: Capture }} />);
    expect(registry).toBeDefined();
    expect(registry!.widgets).toEqual(widgets);
    expect(registry!.widgets.ColorWidget).toBeUndefined();
    expect(registry!.fields.LayoutGridField).toBeUndefined();
    expect(registry!.fields.ObjectField).toBeTypeOf('function');
    expect(registry!.fields.ArrayField).toBeTypeOf('function');
    expect(registry!.templates.FieldTemplate).toBeTypeOf('function');
  });

  it('hands the portal’s widgets to the form as they are, not wrapped to merge default options they do not have', () => {
    render(<Form schema={{ type: 'string' }} validator={validator} />);
    for (const [name, widget] of Object.entries(widgets)) expect(getWidget({ type: 'string' }, name, widgets), name).toBe(widget);
  });
});
