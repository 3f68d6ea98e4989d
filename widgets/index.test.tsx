// @vitest-environment jsdom
// The registry itself, and an integration test proving it plugs into rjsf's <Form>.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { formContext } from './shared/testProps';
import { loadWidgetCatalogue } from '../src/server/flows/sources';
import { fields, widgetKind, widgetRegistry, widgets } from '.';

afterEach(cleanup);

describe('widget registry', () => {
  it('has a component for every name and alias the widget descriptions publish, and nothing else', () => {
    // The descriptions as the server reads them (the browser's copy keeps only names and kinds).
    const catalogue = loadWidgetCatalogue(process.cwd());
    const described = catalogue.widgets.flatMap((entry) => [entry.name, ...(entry.aliases ?? [])]);
    expect(Object.keys(widgetRegistry).sort()).toEqual(described.sort());
    for (const entry of catalogue.widgets) expect(widgetRegistry[entry.name].kind, entry.name).toBe(entry.kind);
    expect(Object.keys(fields).sort()).toEqual(catalogue.fields.map((entry) => entry.name).sort());
  });

  it('registers our names and rjsf default names with their kinds', () => {
    const kinds = Object.fromEntries(Object.entries(widgetRegistry).map(([name, entry]) => [name, entry.kind]));
    expect(kinds).toEqual({
      TextInput: 'control',
      Textarea: 'control',
      RadioGroup: 'group',
      YesNo: 'group',
      Select: 'control',
      Checkbox: 'self',
      DeclarationCheckbox: 'group',
      DeclarationRadio: 'group',
      DateInput: 'control',
      FileUpload: 'group',
      TextWidget: 'control',
      TextareaWidget: 'control',
      RadioWidget: 'group',
      SelectWidget: 'control',
      CheckboxWidget: 'self',
      EmailWidget: 'control',
      TelWidget: 'control',
    });
    expect(widgets.TextWidget).toBe(widgetRegistry.TextInput.component);
    expect(Object.keys(widgets)).toEqual(Object.keys(widgetRegistry));
  });

  it('widgetKind throws for unknown names', () => {
    expect(widgetKind('FileUpload')).toBe('group');
    expect(() => widgetKind('Bestaatniet')).toThrow('Onbekend widget: Bestaatniet');
    expect(() => widgetKind(undefined)).toThrow('Onbekend widget: undefined');
    expect(() => widgetKind('toString')).toThrow('Onbekend widget: toString');
  });
});

describe('widgets inside rjsf <Form>', () => {
  const schema: RJSFSchema = {
    type: 'object',
    required: ['naam', 'land', 'akkoord'],
    properties: {
      naam: { type: 'string', title: 'Naam', maxLength: 20 },
      email: { type: 'string', format: 'email', title: 'E-mail' },
      toelichting: { type: 'string', title: 'Toelichting', maxLength: 50 },
      land: { type: 'integer', title: 'Land', oneOf: [{ const: 1, title: 'Nederland' }, { const: 2, title: 'België' }] },
      geboortedatum: { type: 'string', title: 'Geboortedatum' },
      nieuwsbrief: { type: 'boolean', title: 'Nieuwsbrief' },
      akkoord: { type: 'boolean', title: 'Verklaart u alle gegevens naar waarheid te hebben ingevuld en dat u', const: true },
    },
  };
  // Without this rjsf pre-fills `const` values (a pre-ticked declaration, a preselected oneOf option).
  const noConstDefaults = { constAsDefaults: 'never' } as const;
  const uiSchema: UiSchema = {
    toelichting: { 'ui:widget': 'Textarea' },
    geboortedatum: { 'ui:widget': 'DateInput' },
    akkoord: { 'ui:widget': 'DeclarationCheckbox' },
  };

  it('renders our widgets for default and named widgets and submits their values', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <Form schema={schema} uiSchema={uiSchema} validator={validator} widgets={widgets} formContext={formContext('nl')} onSubmit={onSubmit} noHtml5Validate experimental_defaultFormStateBehavior={noConstDefaults} />,
    );
    const naam = document.getElementById('root_naam') as HTMLInputElement;
    expect(naam.className).toContain('utrecht-textbox');
    expect((document.getElementById('root_email') as HTMLInputElement).type).toBe('email');
    expect(document.getElementById('root_toelichting')!.className).toContain('utrecht-textarea');
    expect(screen.getByText('50 karakters resterend')).toBeTruthy();
    const land = document.getElementById('root_land') as HTMLSelectElement;
    expect(land.className).toContain('utrecht-select');
    expect(land.options[0].textContent).toBe('-- Maak een keuze --');
    expect(document.getElementById('root_nieuwsbrief')!.className).toContain('utrecht-checkbox');

    await user.type(naam, '  Jansen ');
    await user.tab();
    await user.selectOptions(land, 'België');
    await user.type(document.getElementById('root_geboortedatum')!, '1-2-1980');
    await user.tab();
    await user.click(screen.getByLabelText('Ja, dat verklaar ik'));
    await user.click(screen.getByRole('button', { name: /submit|verzenden/i }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].formData).toEqual({
      naam: 'Jansen',
      land: 2,
      geboortedatum: '01-02-1980',
      akkoord: true,
    });
  });

  it('shows validation errors through rawErrors (aria-invalid)', async () => {
    const user = userEvent.setup();
    render(<Form schema={schema} uiSchema={uiSchema} validator={validator} widgets={widgets} showErrorList={false} onError={() => undefined} noHtml5Validate experimental_defaultFormStateBehavior={noConstDefaults} />);
    await user.click(screen.getByRole('button', { name: /submit|verzenden/i }));
    await waitFor(() => expect(document.getElementById('root_naam')!.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('root_naam')!.getAttribute('aria-describedby')).toContain('root_naam__error');
    expect(document.getElementById('root_land')!.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Ja, dat verklaar ik') as HTMLInputElement).checked).toBe(false);
  });
});
