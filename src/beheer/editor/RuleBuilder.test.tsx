// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../tests/helpers/axe';
import { RuleBuilder, type RuleField } from './RuleBuilder';

afterEach(cleanup);

const FIELDS: RuleField[] = [
  {
    name: 'documenten.aanvraagType',
    label: 'Stap 2 – Type aanvraag',
    type: 'number',
    options: [
      { value: 1, label: 'Nieuw' },
      { value: 4, label: 'Wijziging' },
      { value: 5, label: 'Verlenging' },
    ],
  },
  { name: 'uwGegevens.isAbonnee', label: 'Stap 1 – Is abonnee', type: 'boolean' },
  { name: 'uwGegevens.aantal', label: 'Stap 1 – Aantal', type: 'number' },
  { name: 'uwGegevens.naam', label: 'Stap 1 – Naam', type: 'string' },
];

const v = (name: string) => ({ var: name });
const WIJZIGING = { '==': [v('documenten.aanvraagType'), 4] };

/** The builder with its value kept the way a page keeps it: every change comes back as `value`. */
function Harness({ initial, onChange }: { initial: unknown; onChange(logic: unknown): void }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <RuleBuilder
      label="Tonen van Kopie diploma"
      value={value}
      fields={FIELDS}
      onChange={(logic) => {
        setValue(logic);
        onChange(logic);
      }}
    />
  );
}

function renderBuilder(initial: unknown) {
  const onChange = vi.fn();
  const view = render(<Harness initial={initial} onChange={onChange} />);
  return { ...view, onChange, user: userEvent.setup() };
}

const sentence = (container: HTMLElement) => container.querySelector('[aria-live="polite"]')?.textContent;

describe('RuleBuilder', () => {
  it('shows an existing rule as a sentence and in labelled controls', async () => {
    const { container, onChange } = renderBuilder(WIJZIGING);
    expect(sentence(container)).toBe('Tonen als Type aanvraag is gelijk aan Wijziging');
    expect(screen.getByRole('group', { name: 'Tonen van Kopie diploma' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Veld' }) as HTMLSelectElement).value).toBe('documenten.aanvraagType');
    expect((screen.getByRole('combobox', { name: 'Vergelijking' }) as HTMLSelectElement).value).toBe('=');
    const value = screen.getByRole('combobox', { name: 'Waarde' }) as HTMLSelectElement;
    expect(value.selectedOptions[0].text).toBe('Wijziging');
    expect(Array.from(screen.getByRole('combobox', { name: 'Vergelijking' }).querySelectorAll('option'), (option) => option.textContent)).toEqual([
      'is gelijk aan',
      'is niet gelijk aan',
      'is kleiner dan',
      'is groter dan',
      'is een van',
      'is leeg',
      'is niet leeg',
    ]);
    expect(screen.getByRole('button', { name: 'Verwijderen: voorwaarde Type aanvraag is gelijk aan Wijziging' }).textContent).toBe('Verwijderen');
    expect(screen.getByRole('button', { name: '+ Voorwaarde' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '+ Groep' })).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('starts from "Altijd tonen" and builds a rule by choosing field, operator and value', async () => {
    const { container, onChange, user } = renderBuilder(undefined);
    expect(sentence(container)).toBe('Altijd tonen');
    expect(screen.queryByRole('combobox', { name: 'Veld' })).toBeNull();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Voorwaarde toevoegen' }));
    const field = screen.getByRole('combobox', { name: 'Veld' });
    expect(document.activeElement).toBe(field);
    await user.selectOptions(field, 'Stap 2 – Type aanvraag');
    expect(onChange).not.toHaveBeenCalled();
    expect(sentence(container)).toBe('Altijd tonen: de voorwaarde is nog niet compleet.');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Waarde' }), 'Wijziging');
    expect(onChange).toHaveBeenLastCalledWith(WIJZIGING);
    expect(sentence(container)).toBe('Tonen als Type aanvraag is gelijk aan Wijziging');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Vergelijking' }), 'is niet gelijk aan');
    expect(onChange).toHaveBeenLastCalledWith({ '!=': [v('documenten.aanvraagType'), 4] });

    // 'is een van' keeps the chosen value and offers the options as checkboxes.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Vergelijking' }), 'is een van');
    expect(onChange).toHaveBeenLastCalledWith({ in: [v('documenten.aanvraagType'), [4]] });
    const choices = screen.getByRole('group', { name: 'Waarde' });
    await user.click(within(choices).getByRole('checkbox', { name: 'Verlenging' }));
    expect(onChange).toHaveBeenLastCalledWith({ in: [v('documenten.aanvraagType'), [4, 5]] });
    expect(sentence(container)).toBe('Tonen als Type aanvraag is een van Wijziging of Verlenging');
    await expectNoAxeViolations(container);
  });

  it('offers Ja/Nee for a yes/no field and keeps the boolean', async () => {
    const { onChange, user } = renderBuilder(undefined);
    await user.click(screen.getByRole('button', { name: 'Voorwaarde toevoegen' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Veld' }), 'Stap 1 – Is abonnee');
    const operators = Array.from(screen.getByRole('combobox', { name: 'Vergelijking' }).querySelectorAll('option'), (option) => option.textContent);
    expect(operators).toEqual(['is gelijk aan', 'is niet gelijk aan', 'is leeg', 'is niet leeg']);
    const value = screen.getByRole('combobox', { name: 'Waarde' });
    expect(Array.from(value.querySelectorAll('option'), (option) => option.textContent)).toEqual(['Kies een waarde', 'Ja', 'Nee']);
    await user.selectOptions(value, 'Nee');
    expect(onChange).toHaveBeenLastCalledWith({ '==': [v('uwGegevens.isAbonnee'), false] });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Vergelijking' }), 'is niet leeg');
    expect(onChange).toHaveBeenLastCalledWith({ '!=': [v('uwGegevens.isAbonnee'), null] });
    expect(screen.queryByRole('combobox', { name: 'Waarde' })).toBeNull();
  });

  it('takes a number in a text box and keeps it a number; text stays text', async () => {
    const { container, onChange, user } = renderBuilder(undefined);
    await user.click(screen.getByRole('button', { name: 'Voorwaarde toevoegen' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Veld' }), 'Stap 1 – Aantal');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Vergelijking' }), 'is groter dan');
    const input = screen.getByRole('textbox', { name: 'Waarde' });
    await user.type(input, '2,5');
    expect(onChange).toHaveBeenLastCalledWith({ '>': [v('uwGegevens.aantal'), 2.5] });
    await user.type(input, 'x');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Vul een getal in, bijvoorbeeld 4 of 2,5.')).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    await expectNoAxeViolations(container);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Veld' }), 'Stap 1 – Naam');
    await user.type(screen.getByRole('textbox', { name: 'Waarde' }), '42');
    expect(onChange).toHaveBeenLastCalledWith({ '==': [v('uwGegevens.naam'), '42'] });
  });

  it('joins conditions with en/of and nests groups', async () => {
    const { container, onChange, user } = renderBuilder(WIJZIGING);
    expect(screen.queryByRole('combobox', { name: 'Voorwaarden verbinden met' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '+ Groep' }));
    // The new group comes with a condition, which has the focus.
    const fieldSelects = screen.getAllByRole('combobox', { name: 'Veld' });
    expect(fieldSelects).toHaveLength(2);
    expect(document.activeElement).toBe(fieldSelects[1]);
    await user.selectOptions(fieldSelects[1], 'Stap 1 – Is abonnee');
    await user.selectOptions(screen.getAllByRole('combobox', { name: 'Waarde' })[1], 'Ja');
    expect(onChange).toHaveBeenLastCalledWith({ and: [WIJZIGING, { and: [{ '==': [v('uwGegevens.isAbonnee'), true] }] }] });

    await user.click(screen.getByRole('button', { name: '+ Voorwaarde (in de groep: Is abonnee is gelijk aan Ja)' }));
    const fields = screen.getAllByRole('combobox', { name: 'Veld' });
    expect(document.activeElement).toBe(fields[2]);
    await user.selectOptions(fields[2], 'Stap 1 – Aantal');
    await user.selectOptions(screen.getAllByRole('combobox', { name: 'Vergelijking' })[2], 'is leeg');
    const combinators = screen.getAllByRole('combobox', { name: 'Voorwaarden verbinden met' });
    expect(combinators).toHaveLength(2);
    await user.selectOptions(combinators[1], 'of');
    await user.selectOptions(combinators[0], 'of');
    const expected = { or: [WIJZIGING, { or: [{ '==': [v('uwGegevens.isAbonnee'), true] }, { '==': [v('uwGegevens.aantal'), null] }] }] };
    expect(onChange).toHaveBeenLastCalledWith(expected);
    expect(sentence(container)).toBe('Tonen als Type aanvraag is gelijk aan Wijziging of (Is abonnee is gelijk aan Ja of Aantal is leeg)');
    await expectNoAxeViolations(container);

    const removeGroup = screen.getByRole('button', { name: 'Verwijderen: groep met Is abonnee is gelijk aan Ja of Aantal is leeg' });
    await user.click(removeGroup);
    expect(onChange).toHaveBeenLastCalledWith(WIJZIGING);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '+ Voorwaarde' }));
  });

  it('goes back to "Altijd tonen" when the last condition is removed', async () => {
    const { container, onChange, user } = renderBuilder(WIJZIGING);
    await user.click(screen.getByRole('button', { name: 'Verwijderen: voorwaarde Type aanvraag is gelijk aan Wijziging' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    expect(sentence(container)).toBe('Altijd tonen');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Voorwaarde toevoegen' }));
  });

  it('works by keyboard alone', async () => {
    const { onChange, user } = renderBuilder(undefined);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Voorwaarde toevoegen' }));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Veld' }));
    await user.selectOptions(document.activeElement as HTMLSelectElement, 'Stap 1 – Naam');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Vergelijking' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Waarde' }));
    await user.keyboard('Jansen');
    expect(onChange).toHaveBeenLastCalledWith({ '==': [v('uwGegevens.naam'), 'Jansen'] });
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Verwijderen: voorwaarde Naam is gelijk aan "Jansen"' }));
  });

  it('shows a negated group and a value outside the options faithfully', async () => {
    const rule = { '!': { or: [{ '==': [v('documenten.aanvraagType'), 99] }, { in: [v('uwGegevens.naam'), ['a', 'b']] }] } };
    const { container, onChange, user } = renderBuilder(rule);
    expect(sentence(container)).toBe('Tonen als niet (Type aanvraag is gelijk aan 99 of Naam is een van "a" of "b")');
    expect((screen.getByRole('combobox', { name: 'Waarde' }) as HTMLSelectElement).selectedOptions[0].text).toBe('99 (staat niet in de keuzelijst)');
    expect((screen.getByRole('textbox', { name: 'Waarde' }) as HTMLInputElement).value).toBe('a; b');
    const not = screen.getByRole('checkbox', { name: 'Omkeren: tonen als deze groep niet geldt' }) as HTMLInputElement;
    expect(not.checked).toBe(true);
    await expectNoAxeViolations(container);
    await user.click(not);
    expect(onChange).toHaveBeenLastCalledWith(rule['!']);
  });

  it('shows a rule it cannot build as source, without the builder', async () => {
    const rule = { matches: [v('uwGegevens.naam'), '[A-Z].*'] };
    const { container } = renderBuilder(rule);
    expect(sentence(container)).toBe('Deze regel kan hier niet worden getoond; wijzig hem in de Broncode.');
    expect(JSON.parse(container.querySelector('code')?.textContent ?? '')).toEqual(rule);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('starts over when the rule changes from outside, not when its own change comes back', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { container, rerender } = render(<RuleBuilder label="Regel" value={WIJZIGING} fields={FIELDS} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: '+ Voorwaarde' }));
    expect(screen.getAllByRole('combobox', { name: 'Veld' })).toHaveLength(2);
    // Its own rule (unchanged: the new condition is incomplete) keeps the condition being made.
    rerender(<RuleBuilder label="Regel" value={{ ...WIJZIGING }} fields={FIELDS} onChange={onChange} />);
    expect(screen.getAllByRole('combobox', { name: 'Veld' })).toHaveLength(2);
    rerender(<RuleBuilder label="Regel" value={{ '==': [v('uwGegevens.isAbonnee'), true] }} fields={FIELDS} onChange={onChange} />);
    expect(screen.getAllByRole('combobox', { name: 'Veld' })).toHaveLength(1);
    expect(sentence(container)).toBe('Tonen als Is abonnee is gelijk aan Ja');
    rerender(<RuleBuilder label="Regel" value={{ '==': [v('elders'), true] }} fields={FIELDS} onChange={onChange} />);
    expect(sentence(container)).toBe('Deze regel kan hier niet worden getoond; wijzig hem in de Broncode.');
    expect(onChange).not.toHaveBeenCalled();
  });
});
