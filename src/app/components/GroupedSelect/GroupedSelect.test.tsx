// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../../tests/helpers/axe';
import { GroupedSelect, type GroupedSelectProps } from './GroupedSelect';

afterEach(cleanup);

const options: GroupedSelectProps['options'] = [
  { value: 'onbekend', label: 'Onbekend' },
  { group: 'Zorgaanbieders', options: [{ value: 'ziekenhuis', label: 'Ziekenhuis' }, { value: 'apotheek', label: 'Apotheek' }] },
  { group: 'Overig', options: [{ value: 'leverancier', label: 'Leverancier' }] },
];

function renderSelect(props: Partial<GroupedSelectProps> = {}) {
  const onChange = vi.fn();
  const view = render(<GroupedSelect label="Soort organisatie" hint="Kies de beste omschrijving" options={options} onChange={onChange} {...props} />);
  return { ...view, onChange, select: screen.getByRole('combobox', { name: 'Soort organisatie' }) as HTMLSelectElement };
}

describe('GroupedSelect', () => {
  it('renders the placeholder first, single options and an optgroup per group', async () => {
    const { container, select } = renderSelect();
    expect(Array.from(select.options, (option) => [option.value, option.text])).toEqual([
      ['', 'Maak een keuze'],
      ['onbekend', 'Onbekend'],
      ['ziekenhuis', 'Ziekenhuis'],
      ['apotheek', 'Apotheek'],
      ['leverancier', 'Leverancier'],
    ]);
    const groups = Array.from(select.querySelectorAll('optgroup'));
    expect(groups.map((group) => [group.label, group.children.length])).toEqual([
      ['Zorgaanbieders', 2],
      ['Overig', 1],
    ]);
    expect(select.value).toBe('');
    expect(document.getElementById(select.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Kies de beste omschrijving');
    await expectNoAxeViolations(container);
  });

  it('reports a choice, and undefined for the placeholder', async () => {
    const user = userEvent.setup();
    const { onChange, select } = renderSelect({ value: 'onbekend', placeholder: 'Kies een soort' });
    expect(select.value).toBe('onbekend');
    expect(select.options[0].text).toBe('Kies een soort');
    await user.selectOptions(select, 'Apotheek');
    expect(onChange).toHaveBeenLastCalledWith('apotheek');
    await user.selectOptions(select, '');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('shows a message with the hidden prefix and marks the select invalid', async () => {
    const { container, select } = renderSelect({ error: 'Kies een soort organisatie.' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    const described = (select.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Fout: Kies een soort organisatie.', 'Kies de beste omschrijving']);
    await expectNoAxeViolations(container);
  });
});
