/**
 * settleWidgets with the portal's real widget catalogue: rjsf's widget names become the portal's by
 * the field's type, a field without a widget gets its default, option labels (ui:enumNames, a list
 * of constants with titles) become `x-enumNames` — also for fields a condition adds and for the
 * items of a repeating group — and the document it is given is left alone.
 */
import { describe, expect, it } from 'vitest';
import type { JsonSchema, StepDefinition, UiSchema } from '../../renderer/core/types';
import { enumLabels, settleWidgets } from '../../renderer/core/widgetNames';
import { findDescription } from '../../renderer/core/widgetCatalogue';
import { loadWidgetCatalogue } from '../../src/server/flows/sources';
import { widgetKind } from '../../widgets';
import { makeFlow } from './support';

const catalogue = loadWidgetCatalogue(process.cwd());

function stepWith(properties: Record<string, JsonSchema>, uiSchema: UiSchema = {}, extra: JsonSchema = {}): StepDefinition {
  return { id: 'stap1', title: 'Stap', dataKey: 'stap', schema: { type: 'object', properties, ...extra }, uiSchema };
}

/** The settled step of a one-step flow. */
function settle(properties: Record<string, JsonSchema>, uiSchema: UiSchema = {}, extra: JsonSchema = {}): StepDefinition {
  return settleWidgets(makeFlow([stepWith(properties, uiSchema, extra)]), catalogue).steps[0];
}

/** The settled `ui:widget` of one field written with `widget` (or none). */
function widgetOf(schema: JsonSchema, widget?: string): unknown {
  const ui = settle({ veld: schema }, widget === undefined ? {} : { veld: { 'ui:widget': widget } }).uiSchema!.veld as UiSchema;
  return ui['ui:widget'];
}

const choiceList = (items: JsonSchema): JsonSchema => ({ type: 'array', uniqueItems: true, items });

describe('settleWidgets: rjsf widget names', () => {
  it.each([
    ['updown', { type: 'integer' }, 'NumberInput'],
    ['updown', { type: 'number' }, 'NumberInput'],
    ['range', { type: 'integer', minimum: 0, maximum: 10 }, 'Range'],
    ['password', { type: 'string' }, 'PasswordInput'],
    ['textarea', { type: 'string' }, 'Textarea'],
    ['text', { type: 'string' }, 'TextInput'],
    ['text', { type: 'number' }, 'NumberInput'],
    ['email', { type: 'string', format: 'email' }, 'EmailWidget'],
    ['date', { type: 'string', format: 'date' }, 'DateInput'],
    ['checkbox', { type: 'boolean' }, 'Checkbox'],
    ['hidden', { type: 'string' }, 'Hidden'],
    ['radio', { type: 'string', enum: ['a', 'b'] }, 'RadioGroup'],
    ['radio', { type: 'boolean' }, 'YesNo'],
    ['select', { type: 'string', enum: ['a', 'b'] }, 'Select'],
    ['select', choiceList({ type: 'string', enum: ['a', 'b'] }), 'MultiSelect'],
    ['checkboxes', choiceList({ type: 'string', enum: ['a', 'b'] }), 'CheckboxGroup'],
    ['SelectWidget', { type: 'integer', enum: [1, 2] }, 'Select'],
  ] as [string, JsonSchema, string][])("'%s' on %j becomes %s", (written, schema, expected) => {
    expect(widgetOf(schema, written)).toBe(expected);
  });

  it("puts what the widget says about the review into ui:review ('masked', 'hidden')", () => {
    const { uiSchema } = settle(
      { wachtwoord: { type: 'string' }, bron: { type: 'string' }, naam: { type: 'string' } },
      { wachtwoord: { 'ui:widget': 'password' }, bron: { 'ui:widget': 'hidden' }, naam: { 'ui:widget': 'text' } },
    );
    expect(uiSchema!.wachtwoord).toEqual({ 'ui:widget': 'PasswordInput', 'ui:review': 'masked' });
    expect(uiSchema!.bron).toEqual({ 'ui:widget': 'Hidden', 'ui:review': 'hidden' });
    expect(uiSchema!.naam).toEqual({ 'ui:widget': 'TextInput' });
  });

  it('keeps a ui:review the flow sets itself', () => {
    const { uiSchema } = settle({ pin: { type: 'string' } }, { pin: { 'ui:widget': 'password', 'ui:review': 'hidden' } });
    expect(uiSchema!.pin).toMatchObject({ 'ui:widget': 'PasswordInput', 'ui:review': 'hidden' });
  });

  it('leaves a name the catalogue does not know as written (the pipeline refuses it)', () => {
    expect(widgetOf({ type: 'string' }, 'Selectt')).toBe('Selectt');
  });

  it('takes the widget a shared definition names (x-widget, x-ui) when the flow names none', () => {
    expect(widgetOf({ type: 'string', 'x-widget': 'textarea' })).toBe('Textarea');
    expect(widgetOf({ type: 'string', 'x-ui': { 'ui:widget': 'password' } })).toBe('PasswordInput');
    expect(widgetOf({ type: 'string', 'x-widget': 'textarea' }, 'password')).toBe('PasswordInput');
  });

  it('leaves a field with ui:field alone', () => {
    const { uiSchema } = settle({ adres: { type: 'object', properties: { postcode: { type: 'string' } } } }, { adres: { 'ui:field': 'Address' } });
    expect(uiSchema!.adres).toEqual({ 'ui:field': 'Address' });
  });
});

describe('settleWidgets: defaults', () => {
  it.each([
    [{ type: 'string' }, 'TextInput'],
    [{ type: 'string', format: 'email' }, 'EmailWidget'],
    [{ type: 'string', format: 'uri' }, 'URLWidget'],
    [{ type: 'string', enum: ['a', 'b'] }, 'Select'],
    [{ type: 'number' }, 'NumberInput'],
    [{ type: 'integer' }, 'NumberInput'],
    [{ type: ['integer', 'null'] }, 'NumberInput'],
    [{ type: 'boolean' }, 'Checkbox'],
    [choiceList({ type: 'string', enum: ['a', 'b'] }), 'CheckboxGroup'],
    [{ type: 'array', items: { type: 'object' }, 'x-files': { accept: ['pdf'], maxFileSize: 1024, maxFiles: 2 } }, 'FileUpload'],
  ] as [JsonSchema, string][])('%j gets %s', (schema, expected) => {
    expect(widgetOf(schema)).toBe(expected);
  });

  it('gives a group of fields no widget of its own, but its fields theirs', () => {
    const { uiSchema } = settle({ adres: { type: 'object', title: 'Adres', properties: { postcode: { type: 'string' }, huisnummer: { type: 'integer' } } } });
    expect(uiSchema!.adres).toEqual({ postcode: { 'ui:widget': 'TextInput' }, huisnummer: { 'ui:widget': 'NumberInput' } });
  });
});

describe('settleWidgets: fixed values', () => {
  it('fills in a fixed value (const) and shows it read-only, as rjsf does', () => {
    const { schema, uiSchema } = settle({ land: { type: 'string', title: 'Land', const: 'Nederland' }, aantal: { type: 'integer', const: 1 } });
    expect(schema.properties!.land.default).toBe('Nederland');
    expect(schema.properties!.aantal.default).toBe(1);
    expect(uiSchema!.land).toEqual({ 'ui:readonly': true, 'ui:widget': 'TextInput' });
  });

  it('leaves a consent (const: true) unticked and open to the applicant', () => {
    const { schema, uiSchema } = settle({ akkoord: { type: 'boolean', title: 'Akkoord', const: true } });
    expect(schema.properties!.akkoord.default).toBeUndefined();
    expect((uiSchema!.akkoord as UiSchema)['ui:readonly']).toBeUndefined();
  });
});

describe('settleWidgets: option labels', () => {
  it('folds ui:enumNames as a list into x-enumNames, in enum order', () => {
    const { schema } = settle(
      { soort: { type: 'string', enum: ['nieuw', 'wijziging'] } },
      { soort: { 'ui:widget': 'radio', 'ui:enumNames': ['Nieuwe aanvraag', 'Wijziging'] } },
    );
    expect(schema.properties!.soort['x-enumNames']).toEqual(['Nieuwe aanvraag', 'Wijziging']);
  });

  it('folds ui:enumNames as a map by value, the value itself where the map has none', () => {
    const { schema } = settle(
      { contact: { type: 'string', enum: ['email', 'telefoon', 'post'] } },
      { contact: { 'ui:enumNames': { email: 'Per e-mail', telefoon: 'Telefonisch' } } },
    );
    expect(schema.properties!.contact['x-enumNames']).toEqual(['Per e-mail', 'Telefonisch', 'post']);
  });

  it('puts the labels of a multiple choice on its items', () => {
    const { schema, uiSchema } = settle(
      { dagen: choiceList({ type: 'integer', enum: [1, 2, 3] }) },
      { dagen: { 'ui:widget': 'checkboxes', 'ui:enumNames': ['Maandag', 'Dinsdag', 'Woensdag'] } },
    );
    expect(schema.properties!.dagen.items!['x-enumNames']).toEqual(['Maandag', 'Dinsdag', 'Woensdag']);
    expect(schema.properties!.dagen).not.toHaveProperty('x-enumNames');
    expect((uiSchema!.dagen as UiSchema)['ui:widget']).toBe('CheckboxGroup');
  });

  it('takes the labels of a multiple choice written under items, as rjsf reads them there too', () => {
    const { schema } = settle(
      { dagen: choiceList({ type: 'integer', enum: [1, 2, 3] }) },
      { dagen: { 'ui:widget': 'checkboxes', items: { 'ui:enumNames': ['Maandag', 'Dinsdag', 'Woensdag'] } } },
    );
    expect(schema.properties!.dagen.items!['x-enumNames']).toEqual(['Maandag', 'Dinsdag', 'Woensdag']);
  });

  it('turns a oneOf of constants with titles into enum and x-enumNames', () => {
    const { schema, uiSchema } = settle({
      prioriteit: { type: 'string', oneOf: [{ const: 'laag', title: 'Laag' }, { const: 'hoog', title: 'Hoog' }, { const: 'spoed' }] },
    });
    expect(schema.properties!.prioriteit).toEqual({ type: 'string', enum: ['laag', 'hoog', 'spoed'], 'x-enumNames': ['Laag', 'Hoog', 'spoed'] });
    expect((uiSchema!.prioriteit as UiSchema)['ui:widget']).toBe('Select');
  });

  it('does the same for an anyOf of constants', () => {
    const { schema, uiSchema } = settle(
      {
        kanaal: {
          type: 'string',
          anyOf: [
            { const: 'post', title: 'Per post' },
            { const: 'mail', title: 'Per e-mail' },
          ],
        },
      },
      { kanaal: { 'ui:widget': 'radio' } },
    );
    expect(schema.properties!.kanaal).toEqual({ type: 'string', enum: ['post', 'mail'], 'x-enumNames': ['Per post', 'Per e-mail'] });
    expect((uiSchema!.kanaal as UiSchema)['ui:widget']).toBe('RadioGroup');
  });

  it('turns constants with titles in the items of a list into enum and x-enumNames', () => {
    const { schema, uiSchema } = settle(
      {
        talen: choiceList({
          type: 'string',
          oneOf: [
            { const: 'nl', title: 'Nederlands' },
            { const: 'en', title: 'Engels' },
          ],
        }),
      },
      { talen: { 'ui:widget': 'select' } },
    );
    expect(schema.properties!.talen.items).toEqual({ type: 'string', enum: ['nl', 'en'], 'x-enumNames': ['Nederlands', 'Engels'] });
    expect((uiSchema!.talen as UiSchema)['ui:widget']).toBe('MultiSelect');
  });

  it('settles a field defined inside an if/then branch: constants become an enum and radio a RadioGroup', () => {
    const { schema, uiSchema } = settle(
      { dier: { type: 'string', enum: ['kat', 'vis'] } },
      { voer: { 'ui:widget': 'radio' }, dier: { 'ui:widget': 'radio' } },
      {
        allOf: [
          {
            if: { properties: { dier: { const: 'kat' } }, required: ['dier'] },
            then: {
              properties: {
                voer: {
                  type: 'string',
                  title: 'Wat eet uw kat?',
                  oneOf: [
                    { const: 'a', title: 'A' },
                    { const: 'b', title: 'B' },
                  ],
                },
              },
              required: ['voer'],
            },
          },
        ],
      },
    );
    const voer = ((schema.allOf as JsonSchema[])[0].then as JsonSchema).properties!.voer;
    expect(voer).toEqual({ type: 'string', title: 'Wat eet uw kat?', enum: ['a', 'b'], 'x-enumNames': ['A', 'B'] });
    expect(uiSchema!.voer).toEqual({ 'ui:widget': 'RadioGroup' });
    expect(uiSchema!.dier).toEqual({ 'ui:widget': 'RadioGroup' });
    // The condition itself is left as written.
    expect((schema.allOf as JsonSchema[])[0].if).toEqual({ properties: { dier: { const: 'kat' } }, required: ['dier'] });
  });

  it('settles fields of a dependency and of the options of a choice', () => {
    const { uiSchema } = settle(
      { telefoon: { type: 'string' } },
      { postadres: { 'ui:widget': 'textarea' } },
      {
        dependencies: { telefoon: { properties: { bereikbaar: { type: 'integer' } } } },
        oneOf: [
          { title: 'E-mail', properties: { emailadres: { type: 'string', format: 'email' } }, required: ['emailadres'] },
          { title: 'Post', properties: { postadres: { type: 'string' } }, required: ['postadres'] },
        ],
      },
    );
    expect(uiSchema).toMatchObject({
      telefoon: { 'ui:widget': 'TextInput' },
      bereikbaar: { 'ui:widget': 'NumberInput' },
      emailadres: { 'ui:widget': 'EmailWidget' },
      postadres: { 'ui:widget': 'Textarea' },
    });
  });

  it('enumLabels answers undefined without an enum or without names', () => {
    expect(enumLabels({ type: 'string' }, ['A'])).toBeUndefined();
    expect(enumLabels({ enum: ['a'] }, undefined)).toBeUndefined();
    expect(enumLabels({ enum: ['a', 'b'] }, ['A'])).toEqual(['A', 'b']);
  });
});

describe('settleWidgets: repeating groups and the input', () => {
  const personen: Record<string, JsonSchema> = {
    personen: {
      type: 'array',
      title: 'Personen',
      items: {
        type: 'object',
        title: 'Persoon',
        properties: {
          naam: { type: 'string', title: 'Naam' },
          heeftBsn: { type: 'boolean', title: 'Heeft deze persoon een BSN?' },
          rol: {
            type: 'string',
            title: 'Rol',
            oneOf: [
              { const: 'arts', title: 'Arts' },
              { const: 'overig', title: 'Overig' },
            ],
          },
          toelichting: { type: 'string', title: 'Toelichting' },
        },
      },
    },
  };
  const ui: UiSchema = {
    personen: { 'ui:options': { itemTitle: 'Persoon {n}' }, items: { heeftBsn: { 'ui:widget': 'radio' }, toelichting: { 'ui:widget': 'textarea' } } },
  };

  it("settles an item's fields under uiSchema.items, the group itself getting no widget", () => {
    const { schema, uiSchema } = settle(personen, ui);
    const group = uiSchema!.personen as UiSchema;
    expect(group).not.toHaveProperty('ui:widget');
    expect(group['ui:options']).toEqual({ itemTitle: 'Persoon {n}' });
    expect(group.items).toEqual({
      naam: { 'ui:widget': 'TextInput' },
      heeftBsn: { 'ui:widget': 'YesNo' },
      rol: { 'ui:widget': 'Select' },
      toelichting: { 'ui:widget': 'Textarea' },
    });
    expect(schema.properties!.personen.items!.properties!.rol).toMatchObject({ enum: ['arts', 'overig'], 'x-enumNames': ['Arts', 'Overig'] });
    expect(uiSchema).not.toHaveProperty('naam');
  });

  it('creates uiSchema.items when the flow has none for the group', () => {
    const { uiSchema } = settle(personen);
    expect((uiSchema!.personen as UiSchema).items).toMatchObject({ naam: { 'ui:widget': 'TextInput' }, heeftBsn: { 'ui:widget': 'Checkbox' } });
  });

  it('does not change the document it is given, and keeps what it does not settle', () => {
    const step = stepWith(personen, ui, {
      allOf: [{ if: { required: ['x'] }, then: { properties: { keuze: { type: 'string', oneOf: [{ const: 'a', title: 'A' }] } } } }],
    });
    const flow = makeFlow([step]);
    const before = structuredClone(flow);
    const settled = settleWidgets(flow, catalogue);
    expect(flow).toEqual(before);
    expect(settled).not.toBe(flow);
    expect(settled.steps[0].schema).not.toBe(step.schema);
    expect(settled.steps[0]).toMatchObject({ id: 'stap1', title: 'Stap', dataKey: 'stap' });
    expect(settled.review).toBe(flow.review);
  });
});

describe("rjsf's class names by type", () => {
  it('TextWidget is the number input on a number and the text input otherwise; RadioWidget and SelectWidget on a yes/no are Ja/Nee', () => {
    expect(widgetOf({ type: 'number', title: 'Bedrag' }, 'TextWidget')).toBe('NumberInput');
    expect(widgetOf({ type: 'integer', title: 'Aantal' }, 'TextWidget')).toBe('NumberInput');
    expect(widgetOf({ type: 'string', title: 'Naam' }, 'TextWidget')).toBe('TextInput');
    expect(widgetOf({ type: 'boolean', title: 'Akkoord' }, 'RadioWidget')).toBe('YesNo');
    expect(widgetOf({ type: 'boolean', title: 'Akkoord' }, 'SelectWidget')).toBe('YesNo');
    expect(widgetOf({ type: 'string', title: 'Soort', enum: ['a', 'b'] }, 'RadioWidget')).toBe('RadioGroup');
  });

  it('without a type a name means its general widget: what rjsf falls back on renders a text field', () => {
    expect(findDescription(catalogue.widgets, 'TextWidget')?.name).toBe('TextInput');
    expect(findDescription(catalogue.widgets, 'RadioWidget')?.name).toBe('RadioGroup');
    expect(widgetKind('TextWidget')).toBe('control');
    expect(widgetKind('RadioWidget')).toBe('group');
    expect(() => widgetKind('updown2')).toThrow('Onbekend widget: updown2');
  });

  it('a string with format date gets the date input', () => {
    expect(widgetOf({ type: 'string', title: 'Startdatum', format: 'date' })).toBe('DateInput');
  });
});

describe('numbers offered as choices', () => {
  it("are labelled as the document's language writes them, unless the flow labels them", () => {
    const flow = makeFlow([stepWith({ keuze: { type: 'number', title: 'Kies', enum: [1, 2.5] }, heel: { type: 'integer', title: 'Heel', enum: [1, 2] } })]);
    const dutch = settleWidgets(flow, catalogue, ',').steps[0].schema.properties!;
    expect(dutch.keuze['x-enumNames']).toEqual(['1', '2,5']);
    expect(dutch.heel['x-enumNames']).toBeUndefined();
    expect(settleWidgets(flow, catalogue).steps[0].schema.properties!.keuze['x-enumNames']).toEqual(['1', '2.5']);
    const named = settleWidgets(
      makeFlow([stepWith({ keuze: { type: 'number', title: 'Kies', enum: [1, 2.5] } }, { keuze: { 'ui:enumNames': ['één', 'twee en een half'] } })]),
      catalogue,
      ',',
    );
    expect(named.steps[0].schema.properties!.keuze['x-enumNames']).toEqual(['één', 'twee en een half']);
  });
});

describe('hints a shared definition brings (x-ui)', () => {
  it("settle its fields by the definition's widget, under what the flow says", () => {
    const group: JsonSchema = {
      type: 'object',
      title: 'Correspondentienaam',
      properties: { gelijk: { type: 'boolean', title: 'Gelijk?' }, naam: { type: 'string', title: 'Naam' } },
      'x-ui': { gelijk: { 'ui:widget': 'YesNo' }, naam: { 'ui:widget': 'textarea' } },
    };
    const ui = settle({ groep: group }, { groep: { naam: { 'ui:widget': 'TextInput' } } }).uiSchema!.groep as Record<string, UiSchema>;
    expect(ui.gelijk['ui:widget']).toBe('YesNo');
    expect(ui.naam['ui:widget']).toBe('TextInput');
  });
});

describe('settleWidgets: fields rjsf shows that once broke the page', () => {
  it('writes out the type of choices without one, and makes choices that are objects a choice, not a group', () => {
    const { schema, uiSchema } = settle(
      {
        kleur: { title: 'Kleur', enum: ['rood', 'groen'] },
        plaats: { type: 'object', title: 'Plaats', enum: [{ naam: 'Utrecht' }, { naam: 'Amsterdam' }] },
      },
      { plaats: { 'ui:widget': 'radio', 'ui:enumNames': ['Utrecht', 'Amsterdam'] } },
    );
    expect(schema.properties!.kleur.type).toBe('string');
    expect(uiSchema!.kleur).toEqual({ 'ui:widget': 'Select' });
    expect(schema.properties!.plaats.type).toBeUndefined();
    expect(schema.properties!.plaats['x-enumNames']).toEqual(['Utrecht', 'Amsterdam']);
    expect((uiSchema!.plaats as UiSchema)['ui:widget']).toBe('RadioGroup');
  });

  it('gives choices that are objects with titles their labels, as a Select', () => {
    const { schema, uiSchema } = settle({
      plaats: {
        title: 'Plaats',
        oneOf: [
          { const: { naam: 'Utrecht' }, title: 'Utrecht' },
          { const: { naam: 'Amsterdam' }, title: 'Amsterdam' },
        ],
      },
    });
    expect(schema.properties!.plaats).toEqual({
      title: 'Plaats',
      enum: [{ naam: 'Utrecht' }, { naam: 'Amsterdam' }],
      'x-enumNames': ['Utrecht', 'Amsterdam'],
    });
    expect(uiSchema!.plaats).toEqual({ 'ui:widget': 'Select' });
  });

  it('leaves a field of type null without a widget and out of the review', () => {
    const { uiSchema } = settle({ uitleg: { type: 'null', title: 'Uitleg', description: 'Alleen tekst' } });
    expect(uiSchema!.uitleg).toEqual({ 'ui:review': 'hidden' });
  });
});
