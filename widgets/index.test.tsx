// @vitest-environment jsdom
// The registry itself, and an integration test proving it plugs into rjsf's <Form>.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { formContext } from './shared/testProps';
import { loadWidgetCatalogue } from '../src/server/flows/sources';
import { fields, preloadUiCode, widgetKind, widgetRegistry, widgets } from '.';
import { preloadFieldCode, preloadRjsfTemplates } from '../renderer/react/fields';

// The widgets most steps do not show are loaded on demand; here they are all rendered at once.
// As a step's page does: the code loaded on demand is there before the form renders (and rjsf's
// own templates, which these forms use).
beforeAll(() => Promise.all([preloadUiCode(Object.keys(widgets)), preloadFieldCode(['ArrayField', 'NumberField']), preloadRjsfTemplates()]));

afterEach(cleanup);

describe('widget registry', () => {
  it('has a component for every name and alias the widget descriptions publish, and nothing else', () => {
    // The descriptions as the server reads them (the browser's copy keeps only names and kinds).
    const catalogue = loadWidgetCatalogue(process.cwd());
    // Aliases that hold for some types only are resolved to a name before rjsf sees them.
    const described = catalogue.widgets.flatMap((entry) => [entry.name, ...(entry.aliases ?? []).filter((alias) => typeof alias === 'string')]);
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
      URLWidget: 'control',
      uri: 'control',
      url: 'control',
      checkbox: 'self',
      textarea: 'control',
      email: 'control',
      DateWidget: 'control',
      date: 'control',
      TimeInput: 'control',
      TimeWidget: 'control',
      time: 'control',
      DateTimeInput: 'group',
      DateTimeWidget: 'group',
      AltDateTimeWidget: 'group',
      datetime: 'group',
      'date-time': 'group',
      'alt-datetime': 'group',
      DateParts: 'group',
      AltDateWidget: 'group',
      'alt-date': 'group',
      Switch: 'self',
      toggle: 'self',
      NumberInput: 'control',
      UpDownWidget: 'control',
      Range: 'control',
      RangeWidget: 'control',
      range: 'control',
      PasswordInput: 'control',
      PasswordWidget: 'control',
      password: 'control',
      CheckboxGroup: 'group',
      CheckboxesWidget: 'group',
      checkboxes: 'group',
      MultiSelect: 'control',
      Hidden: 'hidden',
      HiddenWidget: 'hidden',
      hidden: 'hidden',
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
      land: {
        type: 'integer',
        title: 'Land',
        oneOf: [
          { const: 1, title: 'Nederland' },
          { const: 2, title: 'België' },
        ],
      },
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
      <Form
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        widgets={widgets}
        formContext={formContext('nl')}
        onSubmit={onSubmit}
        noHtml5Validate
        experimental_defaultFormStateBehavior={noConstDefaults}
      />,
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

  it('renders the number, list, date and hidden widgets and submits their values', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const listSchema: RJSFSchema = {
      type: 'object',
      properties: {
        aantal: { type: 'number', title: 'Aantal' },
        beroepen: { type: 'array', title: 'Beroepen', uniqueItems: true, items: { type: 'string', enum: ['arts', 'tandarts', 'apotheker'] } },
        talen: {
          type: 'array',
          title: 'Talen',
          uniqueItems: true,
          items: {
            type: 'integer',
            oneOf: [
              { const: 1, title: 'Nederlands' },
              { const: 2, title: 'Engels' },
              { const: 3, title: 'Duits' },
            ],
          },
        },
        datum: { type: 'string', format: 'date', title: 'Datum' },
        code: { type: 'string', default: 'X1' },
        niveau: { type: 'integer', title: 'Niveau', minimum: 1, maximum: 5 },
      },
    };
    const listUi: UiSchema = {
      aantal: { 'ui:widget': 'NumberInput' },
      beroepen: { 'ui:widget': 'checkboxes' },
      talen: { 'ui:widget': 'MultiSelect' },
      code: { 'ui:widget': 'hidden' },
      niveau: { 'ui:widget': 'range' },
    };
    render(
      <Form
        schema={listSchema}
        uiSchema={listUi}
        validator={validator}
        widgets={widgets}
        formContext={formContext('nl')}
        onSubmit={onSubmit}
        noHtml5Validate
      />,
    );
    await user.type(document.getElementById('root_aantal')!, '2,5');
    await user.click(screen.getByLabelText('apotheker'));
    await user.click(screen.getByLabelText('arts'));
    await user.selectOptions(document.getElementById('root_talen') as HTMLSelectElement, ['Duits', 'Nederlands']);
    await user.type(document.getElementById('root_datum')!, '07032024');
    expect((document.getElementById('root_code') as HTMLInputElement).type).toBe('hidden');
    expect(document.getElementById('root_niveau__value')!.textContent).toBe('Nog geen waarde gekozen');
    await user.click(screen.getByRole('button', { name: /submit|verzenden/i }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].formData).toEqual({
      aantal: 2.5,
      beroepen: ['arts', 'apotheker'],
      talen: [1, 3],
      datum: '2024-03-07',
      code: 'X1',
    });
  });

  it('shows validation errors through rawErrors (aria-invalid)', async () => {
    const user = userEvent.setup();
    render(
      <Form
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        widgets={widgets}
        showErrorList={false}
        onError={() => undefined}
        noHtml5Validate
        experimental_defaultFormStateBehavior={noConstDefaults}
      />,
    );
    await user.click(screen.getByRole('button', { name: /submit|verzenden/i }));
    await waitFor(() => expect(document.getElementById('root_naam')!.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('root_naam')!.getAttribute('aria-describedby')).toContain('root_naam__error');
    expect(document.getElementById('root_land')!.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Ja, dat verklaar ik') as HTMLInputElement).checked).toBe(false);
  });
});
