// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/helpers/axe';
import { catalogueMessage } from '../../../tests/helpers/flowTexts';
import { readMessages, readOptions, setMessage, setOptionList, setOptions, type FieldOption } from './fieldEdits';
import { MessagesEditor } from './MessagesEditor';
import { OptionsEditor } from './OptionsEditor';

afterEach(cleanup);

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const inRoot = (file: string) => path.join(ROOT, file);
const read = (file: string) => readFileSync(inRoot(file), 'utf8');

const MEERKEUZE = read('flows/voorbeelden/voorbeeld-meerkeuze.flow.json');
const DOCUMENTEN = read('flows/aanleveren-documenten.flow.json');
const PKCS10 = read('flows/aanleveren-pkcs-10-bestand.flow.json');
const SHARED: Record<string, object> = Object.fromEntries(
  readdirSync(inRoot('schemas/velden/'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => {
      const definition = JSON.parse(read(`schemas/velden/${name}`)) as { $id: string };
      return [definition.$id, definition];
    }),
);
/** The reference lists the portal serves (data/base-data), by name. */
const LISTS = [
  ...new Set(
    readdirSync(inRoot('data/base-data/'))
      .filter((name) => name.endsWith('.json'))
      .flatMap((name) => Object.keys(JSON.parse(read(`data/base-data/${name}`)) as object)),
  ),
];

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- free reads of a parsed document
const titleOf = (text: string, step: number, key: string) => (JSON.parse(text) as Json).steps[step].schema.properties[key].title as string;
const fixedOptions = (text: string, step: number, key: string): FieldOption[] => {
  const options = readOptions(text, step, key);
  if (options?.kind !== 'vast') throw new Error('verwacht: vaste keuzes');
  return options.options;
};

/** An editor with the document kept the way the draft page keeps it: every change comes back as `text`. */
function renderEditor(kind: 'options' | 'messages', initial: string, step: number, fieldKey: string, readOnly = false) {
  const onChange = vi.fn<(text: string) => void>();
  const label = titleOf(initial, step, fieldKey);
  function Harness() {
    const [text, setText] = useState(initial);
    const change = (next: string) => {
      setText(next);
      onChange(next);
    };
    return kind === 'options' ? (
      <OptionsEditor label={label} text={text} step={step} fieldKey={fieldKey} lists={LISTS} onChange={change} readOnly={readOnly} />
    ) : (
      <MessagesEditor label={label} text={text} step={step} fieldKey={fieldKey} sharedFields={SHARED} onChange={change} readOnly={readOnly} />
    );
  }
  const view = render(<Harness />);
  const last = () => onChange.mock.calls.at(-1)?.[0];
  return { ...view, onChange, last, label, user: userEvent.setup() };
}

const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('OptionsEditor', () => {
  it('shows the fixed choices of a field in labelled controls', async () => {
    const { container, label, onChange } = renderEditor('options', MEERKEUZE, 0, 'beroepen');
    const options = fixedOptions(MEERKEUZE, 0, 'beroepen');
    const group = screen.getByRole('group', { name: `Keuzes van ‘${label}’` });
    expect((within(group).getByRole('radio', { name: 'Vaste keuzes' }) as HTMLInputElement).checked).toBe(true);
    expect((within(group).getByRole('radio', { name: 'Uit referentiegegevens' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('table', { name: `Keuzes van ‘${label}’` })).toBeTruthy();
    options.forEach((option, index) => {
      const value = textbox(`Waarde van keuze ${index + 1}`);
      expect(value.value).toBe(option.value);
      // A stored value cannot change; the hint says why.
      expect(value.readOnly).toBe(true);
      expect(value.getAttribute('aria-describedby')).toBeTruthy();
      expect(textbox(`Tekst van keuze ${index + 1}`).value).toBe(option.label);
      for (const action of ['Omhoog', 'Omlaag', 'Verwijderen'])
        expect(screen.getByRole('button', { name: `${action} ‘${option.label}’` }).textContent).toBe(`${action} ‘${option.label}’`);
    });
    expect(document.getElementById(textbox('Waarde van keuze 1').getAttribute('aria-describedby')!)?.textContent).toMatch(/niet te wijzigen/);
    expect(screen.getByRole('button', { name: `Omhoog ‘${options[0].label}’` }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: '+ Keuze toevoegen' })).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('writes a changed text into the document in the field’s own form', async () => {
    const { user, last } = renderEditor('options', MEERKEUZE, 0, 'talen');
    const options = fixedOptions(MEERKEUZE, 0, 'talen');
    await user.clear(textbox('Tekst van keuze 2'));
    await user.type(textbox('Tekst van keuze 2'), 'English');
    expect(last()).toBe(
      setOptions(
        MEERKEUZE,
        0,
        'talen',
        options.map((option, index) => (index === 1 ? { ...option, label: 'English' } : option)),
      ),
    );
  });

  it('adds a choice with the next integer as its value and focuses its text', async () => {
    const { user, last } = renderEditor('options', MEERKEUZE, 0, 'dagen');
    const options = fixedOptions(MEERKEUZE, 0, 'dagen');
    const next = Math.max(...options.map((option) => option.value as number)) + 1;
    await user.click(screen.getByRole('button', { name: '+ Keuze toevoegen' }));
    const position = options.length + 1;
    expect(document.activeElement).toBe(textbox(`Tekst van keuze ${position}`));
    expect(textbox(`Waarde van keuze ${position}`).value).toBe(String(next));
    expect(textbox(`Waarde van keuze ${position}`).readOnly).toBe(false);
    await user.keyboard('Zaterdag');
    expect(last()).toBe(setOptions(MEERKEUZE, 0, 'dagen', [...options, { value: next, label: 'Zaterdag' }]));
    expect(JSON.parse(last()!).steps[0].schema.properties.dagen.items.enum.at(-1)).toBe(next);
    expect(screen.getByRole('status').textContent).toBe(`Keuze ${position} toegevoegd.`);
  });

  it('gives a new text choice its text as value until the value is typed, and refuses a value that is taken', async () => {
    const { user, last } = renderEditor('options', MEERKEUZE, 0, 'beroepen');
    const options = fixedOptions(MEERKEUZE, 0, 'beroepen');
    await user.click(screen.getByRole('button', { name: '+ Keuze toevoegen' }));
    await user.keyboard('Tandtechnicus');
    const position = options.length + 1;
    expect(textbox(`Waarde van keuze ${position}`).value).toBe('tandtechnicus');
    expect(last()).toBe(setOptions(MEERKEUZE, 0, 'beroepen', [...options, { value: 'tandtechnicus', label: 'Tandtechnicus' }]));
    const value = textbox(`Waarde van keuze ${position}`);
    await user.clear(value);
    await user.type(value, String(options[0].value));
    expect(value.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Een andere keuze heeft deze waarde al.')).toBeTruthy();
    await user.type(value, '-2');
    expect(value.getAttribute('aria-invalid')).toBeNull();
    expect(last()).toBe(setOptions(MEERKEUZE, 0, 'beroepen', [...options, { value: `${String(options[0].value)}-2`, label: 'Tandtechnicus' }]));
    // A typed value stays when the text changes.
    await user.type(textbox(`Tekst van keuze ${position}`), 'en');
    expect(value.value).toBe(`${String(options[0].value)}-2`);
  });

  it('asks a whole number for a new choice of an integer list', async () => {
    const { user, onChange } = renderEditor('options', MEERKEUZE, 0, 'dagen');
    await user.click(screen.getByRole('button', { name: '+ Keuze toevoegen' }));
    const position = fixedOptions(MEERKEUZE, 0, 'dagen').length + 1;
    const calls = onChange.mock.calls.length;
    await user.type(textbox(`Waarde van keuze ${position}`), 'a');
    expect(screen.getByText(/Vul een geheel getal in/)).toBeTruthy();
    expect(onChange.mock.calls.length).toBe(calls);
  });

  it('moves a choice down and up with the keyboard, focus following the choice', async () => {
    const { user, last } = renderEditor('options', MEERKEUZE, 0, 'beroepen');
    const options = fixedOptions(MEERKEUZE, 0, 'beroepen');
    const [first, second] = options;
    screen.getByRole('button', { name: `Omlaag ‘${first.label}’` }).focus();
    await user.keyboard('{Enter}');
    expect(last()).toBe(setOptions(MEERKEUZE, 0, 'beroepen', [second, first, ...options.slice(2)]));
    expect(textbox('Tekst van keuze 1').value).toBe(second.label);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: `Omlaag ‘${first.label}’` }));
    expect(screen.getByRole('status').textContent).toBe(`Keuze ‘${first.label}’ staat nu op plaats 2 van ${options.length}.`);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: `Omhoog ‘${first.label}’` }));
    await user.keyboard(' ');
    expect(last()).toBe(MEERKEUZE);
    // At the top, 'Omhoog' keeps the focus and does nothing.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: `Omhoog ‘${first.label}’` }));
    const calls = last();
    await user.keyboard('{Enter}');
    expect(last()).toBe(calls);
  });

  it('removes a choice, focus going to the next one, then to the previous one, then to adding', async () => {
    const { user, last } = renderEditor('options', MEERKEUZE, 0, 'talen');
    const options = fixedOptions(MEERKEUZE, 0, 'talen');
    await user.click(screen.getByRole('button', { name: `Verwijderen ‘${options[1].label}’` }));
    const rest = options.filter((_, index) => index !== 1);
    expect(last()).toBe(setOptions(MEERKEUZE, 0, 'talen', rest));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: `Verwijderen ‘${options[2].label}’` }));
    expect(screen.getByRole('status').textContent).toBe(`Keuze ‘${options[1].label}’ verwijderd.`);
    await user.click(screen.getByRole('button', { name: `Verwijderen ‘${options.at(-1)!.label}’` }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: `Verwijderen ‘${options.at(-2)!.label}’` }));
    for (const option of rest.slice(0, -1)) await user.click(screen.getByRole('button', { name: `Verwijderen ‘${option.label}’` }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '+ Keuze toevoegen' }));
    expect(screen.getByText('Er zijn nog geen keuzes.')).toBeTruthy();
  });

  it('shows and changes the reference list of a field', async () => {
    const { container, user, last, label } = renderEditor('options', DOCUMENTEN, 1, 'aanvraag');
    expect((screen.getByRole('radio', { name: 'Uit referentiegegevens' }) as HTMLInputElement).checked).toBe(true);
    const select = screen.getByRole('combobox', { name: 'Referentielijst' }) as HTMLSelectElement;
    expect(select.value).toBe('AanvraagOptions');
    expect(screen.queryByRole('table')).toBeNull();
    await expectNoAxeViolations(container);
    await user.selectOptions(select, 'TypeAanvraagOptions');
    expect(last()).toBe(setOptionList(DOCUMENTEN, 1, 'aanvraag', 'TypeAanvraagOptions'));
    expect(screen.getByRole('group', { name: `Keuzes van ‘${label}’` })).toBeTruthy();
  });

  it('switches between fixed choices and a reference list, and back to the same choices', async () => {
    const { user, last } = renderEditor('options', MEERKEUZE, 0, 'dagen');
    await user.click(screen.getByRole('radio', { name: 'Uit referentiegegevens' }));
    expect(last()).toBe(setOptionList(MEERKEUZE, 0, 'dagen', LISTS[0]));
    expect((screen.getByRole('combobox', { name: 'Referentielijst' }) as HTMLSelectElement).value).toBe(LISTS[0]);
    await user.click(screen.getByRole('radio', { name: 'Vaste keuzes' }));
    expect(readOptions(last()!, 0, 'dagen')).toEqual(readOptions(MEERKEUZE, 0, 'dagen'));
  });

  it('offers fixed choices for a field with a reference list, the list staying until the first choice is added', async () => {
    const { user, last, container } = renderEditor('options', DOCUMENTEN, 1, 'aanvraag');
    await user.click(screen.getByRole('radio', { name: 'Vaste keuzes' }));
    expect(screen.getByText(/komen de keuzes nog uit de referentielijst ‘AanvraagOptions’/)).toBeTruthy();
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: '+ Keuze toevoegen' }));
    await user.keyboard('Abonnee');
    expect(last()).toBe(setOptions(DOCUMENTEN, 1, 'aanvraag', [{ value: 1, label: 'Abonnee' }]));
  });

  it('only shows the choices when the draft cannot be changed', async () => {
    const { container } = renderEditor('options', MEERKEUZE, 0, 'talen', true);
    expect(screen.queryByRole('button')).toBeNull();
    expect(textbox('Tekst van keuze 1').readOnly).toBe(true);
    expect((screen.getByRole('radio', { name: 'Vaste keuzes' }) as HTMLInputElement).disabled).toBe(true);
    await expectNoAxeViolations(container);
  });
});

describe('MessagesEditor', () => {
  it('shows per check of the field its own message and the standard one as hint', async () => {
    const { container, label, onChange } = renderEditor('messages', PKCS10, 0, 'bestanden');
    expect(screen.getByRole('group', { name: `Meldingen van ‘${label}’` })).toBeTruthy();
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Niet ingevuld', 'Te weinig gekozen', 'Te veel gekozen']);
    const own = readMessages(PKCS10, 0, 'bestanden');
    const tooMany = textbox('Eigen melding bij ‘Te veel gekozen’');
    expect(tooMany.value).toBe(own.maxItems);
    const missing = textbox('Eigen melding bij ‘Niet ingevuld’');
    expect(missing.value).toBe('');
    expect(document.getElementById(missing.getAttribute('aria-describedby')!)?.textContent).toBe(
      `Standaardmelding: ${catalogueMessage('validation.required', { label })}`,
    );
    expect(document.getElementById(tooMany.getAttribute('aria-describedby')!)?.textContent).toBe(
      `Standaardmelding: ${catalogueMessage('validation.maxItems.files', { label, limit: 1 })}`,
    );
    expect(onChange).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('writes a message and removes it when emptied', async () => {
    const { user, last } = renderEditor('messages', PKCS10, 0, 'bestanden');
    await user.type(textbox('Eigen melding bij ‘Niet ingevuld’'), 'Voeg het bestand toe.');
    expect(last()).toBe(setMessage(PKCS10, 0, 'bestanden', 'required', 'Voeg het bestand toe.'));
    await user.clear(textbox('Eigen melding bij ‘Niet ingevuld’'));
    expect(last()).toBe(PKCS10);
    await user.clear(textbox('Eigen melding bij ‘Te veel gekozen’'));
    expect(JSON.parse(last()!).steps[0].messages).toBeUndefined();
  });

  it('knows the checks of a shared definition and its own standard messages', async () => {
    const { container, label } = renderEditor('messages', PKCS10, 0, 'fullDomainname');
    const definition = SHARED['urn:uzi-portaal:veld:domeinnaam'] as Json;
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Niet ingevuld', 'Te lang', 'Verkeerd formaat']);
    const tooLong = textbox('Eigen melding bij ‘Te lang’');
    expect(document.getElementById(tooLong.getAttribute('aria-describedby')!)?.textContent).toBe(
      `Standaardmelding: ${definition['x-messages'].maxLength.replace('{label}', label)}`,
    );
    await expectNoAxeViolations(container);
  });

  it('only shows the messages when the draft cannot be changed', () => {
    renderEditor('messages', PKCS10, 0, 'bestanden', true);
    expect(textbox('Eigen melding bij ‘Te veel gekozen’').readOnly).toBe(true);
  });
});
