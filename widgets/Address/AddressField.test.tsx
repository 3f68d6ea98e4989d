// @vitest-environment jsdom
// The Address field inside a real rjsf <Form>: debounced postcode lookup, filling and locking street
// and town, the 404/500 messages, stale answers, and clearing what no longer applies.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { createTranslate, type Lang } from '../../renderer/core/i18n';
import { FieldTemplate } from '../../renderer/react/templates/FieldTemplate';
import { ObjectFieldTemplate } from '../../renderer/react/templates/ObjectFieldTemplate';
import { widgetResources } from '../i18n';
import { preloadUiCode, widgets } from '..';
import { preloadRjsfTemplates } from '../../renderer/react/fields';

// The widgets most steps do not show are loaded on demand; here they are rendered at once.
// Some cases render with rjsf's own templates, which load on demand.
beforeAll(() => Promise.all([preloadUiCode(Object.keys(widgets)), preloadRjsfTemplates()]));
import { AddressField, lookupKey, normalisePostcode, type AddressServices, type PostcodeLookupResult } from './AddressField';

const NOT_FOUND =
  'Er is geen adres gevonden met opgegeven postcode en huisnummer. Controleer of dit juist is ingevuld. Klopt het wel? Vul dan handmatig de straatnaam en plaats in.';
const ERROR = 'Door een technische storing kan het adres niet opgezocht worden. Voer hieronder de straatnaam en plaatsnaam handmatig in.';

const addressSchema: RJSFSchema = {
  type: 'object',
  title: 'Adres',
  properties: {
    land: { type: 'string', title: 'Land', enum: ['NL', 'BE', 'DE'] },
    postcode: { type: 'string', title: 'Postcode', maxLength: 7, pattern: '^[1-9][0-9]{3} ?(?!SA|SD|SS)[A-Za-z]{2}$' },
    huisnummer: { type: 'string', title: 'Huisnummer', maxLength: 10, pattern: '^[0-9]+$' },
    huisnummerToevoeging: { type: 'string', title: 'Toevoeging', maxLength: 10 },
    straatnaam: { type: 'string', title: 'Straatnaam', maxLength: 70 },
    woonplaats: { type: 'string', title: 'Plaats', maxLength: 50 },
    buitenlandsAdres: { type: 'string', title: 'Buitenlands adres' },
    extraAdresInformatie: { type: 'string', title: 'Extra adresinformatie', maxLength: 200 },
  },
};
const schema: RJSFSchema = { type: 'object', properties: { adres: addressSchema } };
const addressUi: UiSchema = {
  'ui:field': 'Address',
  land: { 'ui:enumNames': ['Nederland', 'België', 'Duitsland'] },
  buitenlandsAdres: { 'ui:widget': 'Textarea' },
  extraAdresInformatie: { 'ui:widget': 'Textarea' },
};

/** The visible message box text (the same text is also in the hidden status region). */
const inAlert = { selector: '.widget-alert p' };

type Lookup = Mock<AddressServices['lookupPostcode']>;

/** A lookup whose answers the test gives, one pending promise per call. */
function fakeLookup() {
  const pending: ((result: PostcodeLookupResult) => void)[] = [];
  const rejects: ((error: unknown) => void)[] = [];
  const lookup: Lookup = vi.fn(
    () =>
      new Promise<PostcodeLookupResult>((resolve, reject) => {
        pending.push(resolve);
        rejects.push(reject);
      }),
  );
  const answer = async (index: number, result: PostcodeLookupResult) => {
    await act(async () => {
      pending[index](result);
      await Promise.resolve();
    });
  };
  const fail = async (index: number) => {
    await act(async () => {
      rejects[index](new Error('netwerk'));
      await Promise.resolve();
    });
  };
  return { lookup, answer, fail };
}

interface Setup {
  lookup?: Lookup;
  uiSchema?: UiSchema;
  formData?: Record<string, unknown>;
  lang?: Lang;
  services?: boolean;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Typing through change events. (user-event waits on real-time timeouts between its steps, which
 * hangs under vitest's fake timers, and the debounce needs fake timers.)
 */
const user = {
  /** Appends `text`, one change per character; '{Backspace}' removes the last character. */
  async type(field: Field, text: string) {
    const steps = text === '{Backspace}' ? [field.value.slice(0, -1)] : Array.from(text).map((_, i) => field.value + text.slice(0, i + 1));
    for (const value of steps) fireEvent.change(field, { target: { value } });
    fireEvent.blur(field);
  },
  async clear(field: Field) {
    fireEvent.change(field, { target: { value: '' } });
  },
  /** Chooses an option by its visible text. */
  async selectOptions(select: Field, label: string) {
    const option = Array.from((select as HTMLSelectElement).options).find((candidate) => candidate.text === label);
    if (!option) throw new Error(`Geen optie ${label}`);
    fireEvent.change(select, { target: { value: option.value } });
  },
};

function setup({ lookup = vi.fn(), uiSchema = addressUi, formData = {}, lang = 'nl', services = true }: Setup = {}) {
  const onChange = vi.fn<(event: IChangeEvent) => void>();
  const formContext = {
    t: createTranslate(widgetResources[lang]),
    lang,
    ...(services ? { services: { lookupPostcode: lookup } satisfies AddressServices } : {}),
  };
  render(
    <Form
      schema={schema}
      uiSchema={{ adres: uiSchema }}
      formData={formData}
      validator={validator}
      widgets={widgets}
      fields={{ Address: AddressField }}
      formContext={formContext}
      onChange={onChange}
      noHtml5Validate
    />,
  );
  const input = (name: string) => document.getElementById(`root_adres_${name}`) as HTMLInputElement;
  const address = () => (onChange.mock.calls.at(-1)?.[0].formData as { adres?: Record<string, unknown> } | undefined)?.adres ?? {};
  const status = () => screen.getByTestId('root_adres__lookup-status');
  return { onChange, input, address, status };
}

/** Lets the debounce run out (and the lookup start). */
async function wait(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('lookup key', () => {
  it('accepts Dutch postcodes with or without space, any case, and digit house numbers', () => {
    expect(normalisePostcode('2514 ea')).toBe('2514EA');
    expect(normalisePostcode('2514EA')).toBe('2514EA');
    expect(normalisePostcode('0514EA')).toBeUndefined();
    expect(normalisePostcode('2514SA')).toBeUndefined();
    expect(normalisePostcode('2514 sd')).toBeUndefined();
    expect(lookupKey({ postcode: '2514EA', huisnummer: '1' })?.key).toBe('2514EA|1');
    expect(lookupKey({ land: 'NL', postcode: '2514EA', huisnummer: '12a' })).toBeUndefined();
    expect(lookupKey({ land: 'NL', postcode: '2514EA', huisnummer: '0' })).toBeUndefined();
    expect(lookupKey({ land: 'BE', postcode: '2514EA', huisnummer: '1' })).toBeUndefined();
  });
});

describe('AddressField', () => {
  it('renders the object through rjsf with the usual widgets', () => {
    const { input } = setup();
    expect(input('postcode').className).toContain('utrecht-textbox');
    expect(input('extraAdresInformatie').tagName).toBe('TEXTAREA');
    expect(screen.getByText('200 karakters resterend')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Nederland' })).toBeTruthy();
  });

  it('looks up once, 300 ms after postcode and house number are both valid', async () => {
    const { lookup } = fakeLookup();
    const { input } = setup({ lookup });
    await user.type(input('postcode'), '2514 ea');
    await wait(1000);
    expect(lookup).not.toHaveBeenCalled();
    await user.type(input('huisnummer'), '1');
    await wait(200);
    await user.type(input('huisnummer'), '2');
    await wait(299);
    expect(lookup).not.toHaveBeenCalled();
    await wait(1);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith('2514EA', '12');
    await wait(1000);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('fills street and town read-only when found, and announces it politely', async () => {
    const { lookup, answer } = fakeLookup();
    const { input, address, status } = setup({ lookup, formData: { adres: { land: 'NL' } } });
    await user.type(input('postcode'), '2514EA');
    await user.type(input('huisnummer'), '1');
    await wait(300);
    await answer(0, { straat: 'Lange Voorhout', plaats: "'s-Gravenhage" });
    expect(input('straatnaam').value).toBe('Lange Voorhout');
    expect(input('woonplaats').value).toBe("'s-Gravenhage");
    expect(input('straatnaam').readOnly).toBe(true);
    expect(input('woonplaats').readOnly).toBe(true);
    expect(input('huisnummerToevoeging').readOnly).toBe(false);
    expect(address()).toMatchObject({ land: 'NL', postcode: '2514EA', huisnummer: '1', straatnaam: 'Lange Voorhout', woonplaats: "'s-Gravenhage" });
    expect(status().getAttribute('role')).toBe('status');
    expect(status().textContent).toBe("Adres gevonden: Lange Voorhout, 's-Gravenhage");
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the not-found message above the street and leaves street and town editable', async () => {
    const { lookup, answer } = fakeLookup();
    const { input, status } = setup({ lookup });
    await user.type(input('postcode'), '1234AB');
    await user.type(input('huisnummer'), '5');
    await wait(300);
    const street = input('straatnaam');
    await answer(0, 'not-found');
    // The message appearing re-mounts no input (no lost focus or typed text).
    expect(input('straatnaam')).toBe(street);
    const message = screen.getByText(NOT_FOUND, inAlert);
    const alert = message.closest('.widget-alert') as HTMLElement;
    expect(alert.className).toContain('widget-alert--info');
    expect(alert.textContent).toContain('Informatie:');
    // Placed before the street field, after the house number.
    expect(alert.compareDocumentPosition(input('straatnaam')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(alert.compareDocumentPosition(input('huisnummer')) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    expect(status().textContent).toBe(NOT_FOUND);
    expect(input('straatnaam').readOnly).toBe(false);
    await user.type(input('straatnaam'), 'Handmatig');
    expect(input('straatnaam').value).toBe('Handmatig');
    // Editing the postcode hides the message (it was about the old combination).
    await user.type(input('postcode'), '{Backspace}');
    expect(screen.queryByText(NOT_FOUND, inAlert)).toBeNull();
    expect(input('straatnaam').value).toBe('Handmatig');
  });

  it('shows the technical-error message for an error answer and for a failing call', async () => {
    const { lookup, answer, fail } = fakeLookup();
    const { input } = setup({ lookup });
    await user.type(input('postcode'), '1234AB');
    await user.type(input('huisnummer'), '5');
    await wait(300);
    await answer(0, 'error');
    const message = screen.getByText(ERROR, inAlert);
    expect((message.closest('.widget-alert') as HTMLElement).className).toContain('widget-alert--error');
    expect(input('straatnaam').readOnly).toBe(false);
    expect(input('woonplaats').readOnly).toBe(false);

    await user.clear(input('huisnummer'));
    await user.type(input('huisnummer'), '7');
    await wait(300);
    expect(lookup).toHaveBeenCalledTimes(2);
    await fail(1);
    expect(screen.getByText(ERROR, inAlert)).toBeTruthy();
  });

  it('ignores an answer for a combination that changed meanwhile', async () => {
    const { lookup, answer } = fakeLookup();
    const { input, address, status } = setup({ lookup });
    await user.type(input('postcode'), '2514EA');
    await user.type(input('huisnummer'), '1');
    await wait(300);
    await user.clear(input('postcode'));
    await user.type(input('postcode'), '3511AB');
    // The answer for 2514EA arrives while 3511AB is waiting for its debounce.
    await answer(0, { straat: 'Lange Voorhout', plaats: "'s-Gravenhage" });
    expect(input('straatnaam').value).toBe('');
    expect(status().textContent).toBe('');
    await wait(300);
    expect(lookup).toHaveBeenLastCalledWith('3511AB', '1');
    await answer(1, { straat: 'Domplein', plaats: 'Utrecht' });
    expect(address()).toMatchObject({ postcode: '3511AB', straatnaam: 'Domplein', woonplaats: 'Utrecht' });

    // An older request answered after a newer one changes nothing either.
    await user.clear(input('huisnummer'));
    await user.type(input('huisnummer'), '2');
    await wait(300);
    await user.clear(input('huisnummer'));
    await user.type(input('huisnummer'), '3');
    await wait(300);
    await answer(3, { straat: 'Domplein', plaats: 'Utrecht' });
    await answer(2, 'error');
    expect(screen.queryByText(ERROR, inAlert)).toBeNull();
    expect(input('straatnaam').readOnly).toBe(true);
  });

  it('clears street, town and extra information when the lookup becomes impossible after a found address', async () => {
    const { lookup, answer } = fakeLookup();
    const { input, address } = setup({ lookup });
    await user.type(input('postcode'), '2514EA');
    await user.type(input('huisnummer'), '1');
    await wait(300);
    await answer(0, { straat: 'Lange Voorhout', plaats: "'s-Gravenhage" });
    await user.type(input('extraAdresInformatie'), 'Achterom');
    expect(address().extraAdresInformatie).toBe('Achterom');

    await user.type(input('postcode'), '{Backspace}');
    expect(input('straatnaam').value).toBe('');
    expect(input('woonplaats').value).toBe('');
    expect((document.getElementById('root_adres_extraAdresInformatie') as HTMLTextAreaElement).value).toBe('');
    expect(input('straatnaam').readOnly).toBe(false);
    expect(input('woonplaats').readOnly).toBe(false);
    const data = address();
    expect(data.postcode).toBe('2514E');
    expect(data.huisnummer).toBe('1');
    expect(data.straatnaam).toBeUndefined();
    expect(data.woonplaats).toBeUndefined();
    expect(data.extraAdresInformatie).toBeUndefined();
  });

  it('clears a street and town found for another combination when the new one is not found', async () => {
    const { lookup, answer } = fakeLookup();
    const { input, address } = setup({ lookup });
    await user.type(input('postcode'), '2514EA');
    await user.type(input('huisnummer'), '1');
    await wait(300);
    await answer(0, { straat: 'Lange Voorhout', plaats: "'s-Gravenhage" });
    await user.type(input('huisnummer'), '9');
    await wait(300);
    await answer(1, 'not-found');
    expect(address().straatnaam).toBeUndefined();
    expect(address().woonplaats).toBeUndefined();
    expect(screen.getByText(NOT_FOUND, inAlert)).toBeTruthy();
  });

  it('clears the Dutch fields when another country is chosen', async () => {
    const { lookup, answer } = fakeLookup();
    const { input, address } = setup({ lookup, formData: { adres: { land: 'NL', extraAdresInformatie: 'Boven' } } });
    await user.type(input('postcode'), '2514EA');
    await user.type(input('huisnummer'), '1');
    await user.type(input('huisnummerToevoeging'), 'A');
    await wait(300);
    await answer(0, { straat: 'Lange Voorhout', plaats: "'s-Gravenhage" });

    await user.selectOptions(input('land'), 'België');
    const data = address();
    expect(data.land).toBe('BE');
    for (const name of ['postcode', 'huisnummer', 'huisnummerToevoeging', 'straatnaam', 'woonplaats']) expect(data[name]).toBeUndefined();
    expect(data.extraAdresInformatie).toBe('Boven');
    expect(input('straatnaam').readOnly).toBe(false);
    expect(screen.getByTestId('root_adres__lookup-status').textContent).toBe('');

    await user.type(input('buitenlandsAdres'), 'Rue de la Loi 16, Brussel');
    await user.selectOptions(input('land'), 'Duitsland');
    expect(address().buitenlandsAdres).toBe('Rue de la Loi 16, Brussel');
  });

  it('does not look up for another country', async () => {
    const lookup: Lookup = vi.fn();
    const { input } = setup({ lookup, formData: { adres: { land: 'DE' } } });
    await user.type(input('postcode'), '2514EA');
    await user.type(input('huisnummer'), '1');
    await wait(1000);
    expect(lookup).not.toHaveBeenCalled();
  });

  it('does not look up with ui:options.lookup false, nor without the service', async () => {
    const lookup: Lookup = vi.fn();
    const off = setup({ lookup, uiSchema: { ...addressUi, 'ui:options': { lookup: false } } });
    await user.type(off.input('postcode'), '2514EA');
    await user.type(off.input('huisnummer'), '1');
    await wait(1000);
    expect(lookup).not.toHaveBeenCalled();
    expect(off.input('straatnaam').readOnly).toBe(false);
    cleanup();

    const none = setup({ services: false });
    await user.type(none.input('postcode'), '2514EA');
    await user.type(none.input('huisnummer'), '1');
    await wait(1000);
    expect(none.input('straatnaam').readOnly).toBe(false);
  });

  it('looks up again for stored data when the step is shown again', async () => {
    const { lookup, answer } = fakeLookup();
    const { input, onChange } = setup({
      lookup,
      formData: { adres: { land: 'NL', postcode: '2514 EA', huisnummer: '1', straatnaam: 'Lange Voorhout', woonplaats: "'s-Gravenhage" } },
    });
    await wait(300);
    expect(lookup).toHaveBeenCalledWith('2514EA', '1');
    const changes = onChange.mock.calls.length;
    await answer(0, { straat: 'Lange Voorhout', plaats: "'s-Gravenhage" });
    expect(input('straatnaam').readOnly).toBe(true);
    expect(onChange.mock.calls.length).toBe(changes);
  });

  it('speaks English when the form context is English', async () => {
    const { lookup, answer } = fakeLookup();
    const { input, status } = setup({ lookup, lang: 'en' });
    await user.type(input('postcode'), '1234AB');
    await user.type(input('huisnummer'), '5');
    await wait(300);
    await answer(0, 'not-found');
    expect(screen.getByText(/^No address was found with the given postcode and house number\./, inAlert)).toBeTruthy();
    expect(status().textContent).toMatch(/^No address was found/);
  });

  it("works with the renderer's templates and keeps the message when the street is hidden", async () => {
    const { lookup, answer } = fakeLookup();
    const t = createTranslate(widgetResources.nl);
    let hidden: string[] = [];
    // What the renderer's templates read (see renderer/react/formContext.ts), plus the services.
    const context = {
      t,
      lang: 'nl',
      idPrefix: 'root',
      state: { shownErrors: {}, hidden: [] as string[], boxes: [], choices: [] },
      errorFor: () => undefined,
      isHidden: (path: string) => hidden.includes(path),
      boxesAfter: () => [],
      choose: () => undefined,
      services: { lookupPostcode: lookup } satisfies AddressServices,
    };
    const view = (ctx: typeof context) => (
      <Form
        tagName="div"
        schema={schema}
        uiSchema={{ adres: addressUi }}
        validator={validator}
        widgets={widgets}
        fields={{ Address: AddressField }}
        templates={{ FieldTemplate, ObjectFieldTemplate }}
        formContext={ctx}
        noHtml5Validate
      />
    );
    const { rerender } = render(view(context));
    const postcode = document.getElementById('root_adres_postcode') as HTMLInputElement;
    expect(screen.getByText('Postcode').tagName).toBe('LABEL');
    await user.type(postcode, '1234AB');
    const huisnummer = document.getElementById('root_adres_huisnummer') as HTMLInputElement;
    await user.type(huisnummer, '5');
    act(() => huisnummer.focus());
    await wait(300);
    await answer(0, 'not-found');
    expect(screen.getByText(NOT_FOUND, inAlert)).toBeTruthy();
    hidden = ['adres.straatnaam', 'adres.buitenlandsAdres'];
    rerender(view({ ...context, state: { ...context.state, hidden } }));
    expect(document.getElementById('root_adres_straatnaam')).toBeNull();
    // Now after the fields instead of before the (hidden) street; nothing was re-mounted.
    expect(screen.getByText(NOT_FOUND, inAlert)).toBeTruthy();
    expect(document.getElementById('root_adres_huisnummer')).toBe(huisnummer);
    expect(document.activeElement).toBe(huisnummer);
  });
});

describe('the registry entry', () => {
  it('offers the Address field lazily and renders it once loaded', async () => {
    vi.useRealTimers();
    const { fields } = await import('..');
    const { findByLabelText } = render(
      <Form
        schema={{ type: 'object', properties: { adres: { type: 'object', properties: { postcode: { type: 'string', title: 'Postcode' } } } } }}
        uiSchema={{ adres: { 'ui:field': 'Address' } }}
        validator={validator}
        fields={fields}
        widgets={widgets}
      />,
    );
    expect(await findByLabelText('Postcode')).toBeTruthy();
  });
});
