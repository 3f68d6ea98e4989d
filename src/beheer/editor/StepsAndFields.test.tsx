// @vitest-environment jsdom
// The structured editor's steps and fields without the JSON view: a step added, copied and removed
// through its dialogs, a field moved within its step and to another step, a generic question with
// its own options added, limits set (also on a shared definition) with wrong input refused at the
// box, the rule builder in option texts, a finding shown at its field — each an edit of the same
// document text, by keyboard where it matters, and without axe violations.
import { readFileSync } from 'node:fs';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/helpers/axe';
import { buildingBlocks } from '../../server/beheer/routes/buildingBlocks';
import type { Finding } from '../api';
import { StructuredEditor } from './StructuredEditor';

afterEach(cleanup);
beforeAll(() => {
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
});

const BLOCKS = buildingBlocks(process.cwd());
const DOCUMENTS = readFileSync('flows/aanleveren-documenten.flow.json', 'utf8');
const SERVER = readFileSync('flows/aanvraag-servercertificaat.flow.json', 'utf8');

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- free reads of a parsed document
let latest = '';
function renderEditor(initial = DOCUMENTS, findings: Finding[] = []) {
  latest = initial;
  function Editor() {
    const [document, setDocument] = useState(initial);
    latest = document;
    return <StructuredEditor document={document} onChange={setDocument} findings={findings} readOnly={false} blocks={BLOCKS} />;
  }
  const view = render(<Editor />);
  return { ...view, user: userEvent.setup(), parsed: () => JSON.parse(latest) as Json };
}
/** A field's group, by its label (the group's name may carry more after it). */
const fieldGroup = (label: string) => screen.getByRole('group', { name: new RegExp(`^${label.replace(/[?()]/g, '\\$&')}( |$)`) });
const selectedTab = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')!;

describe('steps', () => {
  it('adds a step after another through a dialog that asks its title, and shows it', async () => {
    const { user, parsed, container } = renderEditor();
    const opener = screen.getByRole('button', { name: 'Stap toevoegen na Uw gegevens' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Stap toevoegen' });
    const title = within(dialog).getByRole('textbox', { name: 'Titel van de stap' });
    expect(document.activeElement).toBe(title);
    await expectNoAxeViolations(document.body);
    await user.click(within(dialog).getByRole('button', { name: 'Stap toevoegen' }));
    expect(within(dialog).getByText("Het veld 'Titel van de stap' is niet ingevuld.")).toBeTruthy();
    expect(parsed().steps).toHaveLength(2);
    // Escape leaves the dialog without a change, the focus back on its button.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    await user.click(opener);
    await user.type(within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Titel van de stap' }), 'Uw organisatie{Enter}');
    expect(parsed().steps.map((step: Json) => [step.id, step.title, step.dataKey])).toEqual([
      ['stap1', 'Uw gegevens', 'gegevens'],
      ['stap4', 'Uw organisatie', 'uwOrganisatie'],
      ['stap2', 'Documenten', 'documenten'],
    ]);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Uw gegevens', 'Uw organisatie', 'Documenten', 'Flow en bevestiging']);
    expect(selectedTab().textContent).toBe('Uw organisatie');
    expect(document.activeElement).toBe(selectedTab());
    await expectNoAxeViolations(container);
  });

  it('copies a step under a title of its own, and removes a step after the question what goes with it', async () => {
    const { user, parsed } = renderEditor();
    // Buttons are looked for in the step's own panel: a role query over the whole editor takes
    // jsdom several times as long.
    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Stap kopiëren Uw gegevens' }));
    const title = within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Titel van de stap' }) as HTMLInputElement;
    expect(title.value).toBe('Uw gegevens (kopie)');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Kopie maken' }));
    expect(parsed().steps.map((step: Json) => step.dataKey)).toEqual(['gegevens', 'uwGegevensKopie', 'documenten']);
    expect(Object.keys(parsed().steps[1].schema.properties)).toEqual(Object.keys(parsed().steps[0].schema.properties));
    expect(selectedTab().textContent).toBe('Uw gegevens (kopie)');

    const remove = within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Stap verwijderen Uw gegevens (kopie)' });
    await user.click(remove);
    // The question names what goes with the step (useImpact.tsx); the safe answer has the focus and keeps it.
    const dialog = screen.getByRole('dialog', { name: 'Stap ‘Uw gegevens (kopie)’ verwijderen' });
    expect(within(dialog).getByText(/^de 4 vragen ‘/)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await expectNoAxeViolations(document.body);
    await user.keyboard('{Enter}');
    expect(parsed().steps).toHaveLength(3);
    expect(document.activeElement).toBe(remove);
    await user.click(remove);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Stap verwijderen' }));
    expect(parsed().steps.map((step: Json) => step.id)).toEqual(['stap1', 'stap2']);
    // The names an upload sent the copy's fields under go with it.
    expect(Object.keys(parsed().submit.names ?? {}).filter((path) => path.startsWith('uwGegevensKopie.'))).toEqual([]);
    expect(selectedTab().textContent).toBe('Uw gegevens');
  });
});

describe('fields', () => {
  it('moves a field down and up, the focus staying on the button pressed', async () => {
    const { user, parsed } = renderEditor();
    const down = within(fieldGroup('Naam abonnee')).getByRole('button', { name: 'Veld omlaag Naam abonnee' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(Object.keys(parsed().steps[0].schema.properties).slice(0, 2)).toEqual(['abonneeNummer', 'abonneeNaam']);
    expect(document.activeElement?.textContent).toBe('Veld omlaag Naam abonnee');
    await user.click(within(fieldGroup('Naam abonnee')).getByRole('button', { name: 'Veld omhoog Naam abonnee' }));
    expect(Object.keys(parsed().steps[0].schema.properties)[0]).toBe('abonneeNaam');
    expect(within(fieldGroup('Naam abonnee')).getByRole('button', { name: 'Veld omhoog Naam abonnee' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('moves a field to another step with what the step says of it; a rule that names it follows', async () => {
    const { user, parsed } = renderEditor();
    await user.click(screen.getByRole('tab', { name: 'Documenten' }));
    await user.click(within(fieldGroup('Type aanvraag')).getByRole('button', { name: 'Naar een andere stap Type aanvraag' }));
    const dialog = screen.getByRole('dialog', { name: 'Veld ‘Type aanvraag’ naar een andere stap' });
    expect(within(dialog).getByRole('combobox', { name: 'Naar stap' })).toBe(document.activeElement);
    await expectNoAxeViolations(document.body);
    await user.click(within(dialog).getByRole('button', { name: 'Verplaatsen' }));
    const steps = parsed().steps;
    expect(Object.keys(steps[0].schema.properties).at(-1)).toBe('aanvraagType');
    expect(steps[0].schema.required).toContain('aanvraagType');
    expect(steps[0].uiSchema.aanvraagType).toEqual({ 'ui:widget': 'RadioGroup' });
    expect(steps[1].visibleIf.aanvraagTypeWijziging).toEqual({ '==': [{ var: 'gegevens.aanvraagType' }, 4] });
    expect(selectedTab().textContent).toBe('Uw gegevens');
    expect(document.activeElement).toBe(selectedTab());
  });

  it('refuses a move another step cannot take, with the sentence in the dialog', async () => {
    const conflicting = DOCUMENTS.replace(
      '"properties": {\n          "abonneeNaam"',
      '"properties": {\n          "aanvraag": { "type": "string", "title": "Al bezet" },\n          "abonneeNaam"',
    );
    const { user, parsed } = renderEditor(conflicting);
    await user.click(screen.getByRole('tab', { name: 'Documenten' }));
    await user.click(within(fieldGroup('Waar hebben de documenten betrekking op?')).getByRole('button', { name: /^Naar een andere stap/ }));
    await user.click(screen.getByRole('button', { name: 'Verplaatsen' }));
    const dialog = screen.getByRole('dialog');
    expect(
      within(dialog).getByText(
        '‘Waar hebben de documenten betrekking op?’ kan niet naar ‘Uw gegevens’: die stap heeft al een veld onder dezelfde naam in de gegevens. Verplaats of verwijder dat veld eerst.',
      ),
    ).toBeTruthy();
    expect(parsed().steps[1].schema.properties.aanvraag.type).toBe('integer');
  });

  it('adds a choice question with its own options, values made from their texts and changeable', async () => {
    const { user, parsed } = renderEditor();
    const form = screen.getByRole('group', { name: "Eigen vraag toevoegen aan 'Uw gegevens'" });
    await user.click(within(form).getByRole('radio', { name: 'Keuze uit eigen opties' }));
    await user.click(within(form).getByRole('button', { name: 'Vraag toevoegen' }));
    expect(within(form).getByText("Het veld 'Vraag' is niet ingevuld.")).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: 'Vraag' }));
    await user.type(within(form).getByRole('textbox', { name: 'Vraag' }), 'Soort aanvraag');
    await user.type(within(form).getByRole('textbox', { name: 'Tekst van optie 1' }), 'Nieuwe aanvraag');
    await user.type(within(form).getByRole('textbox', { name: 'Tekst van optie 2' }), 'Wijziging');
    expect((within(form).getByRole('textbox', { name: 'Waarde van optie 1' }) as HTMLInputElement).value).toBe('nieuwe-aanvraag');
    await user.click(within(form).getByRole('button', { name: '+ Optie toevoegen' }));
    await user.type(within(form).getByRole('textbox', { name: 'Tekst van optie 3' }), 'Intrekking');
    const value = within(form).getByRole('textbox', { name: 'Waarde van optie 3' });
    await user.clear(value);
    await user.type(value, 'stop');
    await user.click(within(form).getByRole('checkbox', { name: 'Verplicht' }));
    await expectNoAxeViolations(form);
    await user.click(within(form).getByRole('button', { name: 'Vraag toevoegen' }));
    const step = parsed().steps[0];
    expect(step.schema.properties.soortAanvraag).toEqual({
      type: 'string',
      title: 'Soort aanvraag',
      oneOf: [
        { const: 'nieuwe-aanvraag', title: 'Nieuwe aanvraag' },
        { const: 'wijziging', title: 'Wijziging' },
        { const: 'stop', title: 'Intrekking' },
      ],
    });
    expect(step.uiSchema.soortAanvraag).toEqual({ 'ui:widget': 'RadioGroup' });
    expect(step.schema.required).toContain('soortAanvraag');
    expect(within(form).getByRole('status').textContent).toBe('Vraag ‘Soort aanvraag’ toegevoegd aan het einde van de stap.');
    // The new question is a field like any other, with its options in its own editor.
    expect(within(fieldGroup('Soort aanvraag')).getByText('Keuzes: 3 vaste keuzes')).toBeTruthy();
  });

  it('gives a new field of an upload a name no other step sends', async () => {
    const { user, parsed } = renderEditor();
    await user.click(screen.getByRole('tab', { name: 'Documenten' }));
    const form = screen.getByRole('group', { name: "Eigen vraag toevoegen aan 'Documenten'" });
    await user.type(within(form).getByRole('textbox', { name: 'Vraag' }), 'Abonnee naam');
    await user.click(within(form).getByRole('button', { name: 'Vraag toevoegen' }));
    // 'abonneeNaam' is sent from 'Uw gegevens' already.
    expect(Object.keys(parsed().steps[1].schema.properties)).toContain('abonneeNaam2');
  });
});

describe('limits', () => {
  it('refuses a length that is no whole number of 0 or more at its box and writes nothing; a good one is written', async () => {
    const { user, parsed, container } = renderEditor();
    await user.click(screen.getByRole('tab', { name: 'Documenten' }));
    const field = fieldGroup('Soort wijziging');
    const max = within(field).getByRole('textbox', { name: 'Maximale lengte' });
    const before = latest;
    // Typed over the value, as a person selects it and types.
    const over = (input: HTMLElement, text: string) =>
      user.type(input, text, { initialSelectionStart: 0, initialSelectionEnd: (input as HTMLInputElement).value.length });
    await over(max, '-1');
    expect(within(field).getByText('Vul een geheel getal van 0 of meer in, bijvoorbeeld 10.')).toBeTruthy();
    expect(max.getAttribute('aria-invalid')).toBe('true');
    expect(latest).toBe(before);
    await over(max, 'abc');
    expect(within(field).getByText('Vul een geheel getal van 0 of meer in, bijvoorbeeld 10.')).toBeTruthy();
    expect(latest).toBe(before);
    await expectNoAxeViolations(container);
    await over(max, '150');
    expect(parsed().steps[1].schema.properties.aanvraagTypeWijziging.maxLength).toBe(150);
    expect(max.getAttribute('aria-invalid')).toBeNull();
    // A minimum above the maximum is named at the box (the check refuses it on saving).
    await user.type(within(field).getByRole('textbox', { name: 'Minimale lengte' }), '300');
    expect(within(field).getByText('Minimale lengte (300) is groter dan maximale lengte (150).')).toBeTruthy();
  });

  it('sets a length and a pattern with its message on a field built on a shared definition, next to its $ref', async () => {
    const { user, parsed } = renderEditor();
    const field = fieldGroup('Naam abonnee');
    const max = within(field).getByRole('textbox', { name: 'Maximale lengte' });
    expect(
      max
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toContain('Uit de gedeelde definitie: 625 tekens. Leeg: die waarde geldt.');
    await user.type(max, '40');
    const pattern = within(field).getByRole('textbox', { name: 'Patroon' });
    await user.type(pattern, '([[0-9]');
    expect(within(field).getByText(/^Dit patroon is geen geldige reguliere expressie en is niet opgeslagen\./)).toBeTruthy();
    expect(parsed().steps[0].schema.properties.abonneeNaam.pattern).toBeUndefined();
    await user.clear(pattern);
    await user.type(pattern, '^[[^0-9]+$');
    await user.type(within(field).getByRole('textbox', { name: 'Melding bij een verkeerd formaat' }), 'Een naam zonder cijfers.');
    expect(parsed().steps[0].schema.properties.abonneeNaam).toEqual({
      $ref: 'urn:uzi-portaal:veld:organisatienaam',
      title: 'Naam abonnee',
      maxLength: 40,
      pattern: '^[^0-9]+$',
    });
    expect(parsed().steps[0].messages).toEqual({ abonneeNaam: { pattern: 'Een naam zonder cijfers.' } });
  });

  it('offers a range and whole numbers for a number, and the date rules the portal checks for a date', async () => {
    const { user, parsed } = renderEditor();
    const form = screen.getByRole('group', { name: "Eigen vraag toevoegen aan 'Uw gegevens'" });
    await user.click(within(form).getByRole('radio', { name: 'Getal' }));
    await user.type(within(form).getByRole('textbox', { name: 'Vraag' }), 'Aantal passen');
    await user.click(within(form).getByRole('button', { name: 'Vraag toevoegen' }));
    await user.click(within(form).getByRole('radio', { name: 'Datum' }));
    await user.type(within(form).getByRole('textbox', { name: 'Vraag' }), 'Ingangsdatum');
    await user.click(within(form).getByRole('button', { name: 'Vraag toevoegen' }));

    const number = fieldGroup('Aantal passen');
    await user.type(within(number).getByRole('textbox', { name: 'Kleinste waarde' }), '1');
    await user.type(within(number).getByRole('textbox', { name: 'Grootste waarde' }), '2,5');
    await user.click(within(number).getByRole('checkbox', { name: 'Alleen hele getallen' }));
    expect(parsed().steps[0].schema.properties.aantalPassen).toEqual({ type: 'integer', title: 'Aantal passen', minimum: 1, maximum: 2.5 });
    const date = fieldGroup('Ingangsdatum');
    expect((within(date).getByRole('radio', { name: 'Elke geldige datum' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(date).getByRole('radio', { name: 'Niet in de toekomst (vandaag of eerder)' }));
    expect(parsed().steps[0].schema.properties.ingangsdatum.format).toBe('datum-verleden');
    expect(within(date).getByText(/^Een vroegste of laatste datum kan het portaal nog niet controleren/)).toBeTruthy();
  });
});

describe('rules and findings', () => {
  it('offers the texts of numbered choices in the rule builder and says the rule in them', async () => {
    const { user } = renderEditor(SERVER);
    await user.click(screen.getByRole('tab', { name: 'Certificate Signing Request' }));
    const field = fieldGroup('Volledige domeinnaam');
    const rule = within(field).getByText('Wanneer tonen: altijd');
    await user.click(rule);
    await user.click(within(field).getByRole('button', { name: 'Voorwaarde toevoegen' }));
    await user.selectOptions(within(field).getByRole('combobox', { name: 'Veld' }), 'Stap 1 – Hoe wilt u zich identificeren?');
    const value = within(field).getByRole('combobox', { name: 'Waarde' });
    expect(
      within(value)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Kies een waarde', 'Via de pasuitgifteorganisatie', 'Met een elektronische handtekening']);
    await user.selectOptions(value, 'Met een elektronische handtekening');
    expect(within(field).getByText('Tonen als Hoe wilt u zich identificeren? is gelijk aan Met een elektronische handtekening')).toBeTruthy();
  });

  it('shows a finding of the check at the field it is about', async () => {
    const finding: Finding = {
      severity: 'error',
      pointer: '/steps/0/schema/properties/abonneeNaam/maxLength',
      message: 'Maximale lengte (10) is kleiner dan minimale lengte (50).',
      line: 20,
      column: 11,
      text: 'document',
    };
    renderEditor(DOCUMENTS, [finding]);
    const field = fieldGroup('Naam abonnee');
    expect(within(field).getByText(finding.message)).toBeTruthy();
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    await act(async () => {});
  });
});
