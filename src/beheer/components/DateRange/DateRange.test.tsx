// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../../tests/helpers/axe';
import { DateRange, type DateRangeProps } from './DateRange';
import type { DateRangeValue } from './dates';

afterEach(cleanup);

function renderRange(props: Partial<DateRangeProps> = {}) {
  const onChange = vi.fn();
  const view = render(<DateRange label="Periode" hint="Bijvoorbeeld de looptijd" value={{}} onChange={onChange} {...props} />);
  const group = screen.getByRole('group', { name: 'Periode' });
  const from = screen.getByLabelText('Van') as HTMLInputElement;
  const to = screen.getByLabelText('t/m') as HTMLInputElement;
  return { ...view, onChange, group, from, to };
}

const described = (element: Element) => (element.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

describe('DateRange', () => {
  it('is a fieldset with the legend, the hint and two date inputs', async () => {
    const { container, group, from, to } = renderRange({ value: { from: '2026-01-05', to: '2026-01-05' }, min: '2025-01-01', max: '2027-12-31' });
    expect(group.tagName).toBe('FIELDSET');
    expect([from.type, from.value, to.type, to.value]).toEqual(['date', '2026-01-05', 'date', '2026-01-05']);
    expect(described(group)).toEqual(['Bijvoorbeeld de looptijd']);
    expect(to.hasAttribute('aria-invalid')).toBe(false);
    expect([from.min, from.max, to.min, to.max]).toEqual(['2025-01-01', '2026-01-05', '2026-01-05', '2027-12-31']);
    await expectNoAxeViolations(container);
  });

  it('reports each side, an emptied field as undefined', () => {
    const { onChange, from, to } = renderRange({ value: { from: '2026-01-05' } });
    fireEvent.change(to, { target: { value: '2026-02-01' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-01-05', to: '2026-02-01' });
    fireEvent.change(from, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: undefined });
  });

  it('says at the fieldset when the end lies before the start, and marks t/m invalid', async () => {
    function Controlled() {
      const [value, setValue] = useState<DateRangeValue>({ from: '2026-03-10' });
      return <DateRange label="Periode" hint="Bijvoorbeeld de looptijd" value={value} onChange={setValue} />;
    }
    const { container } = render(<Controlled />);
    const to = screen.getByLabelText('t/m');
    fireEvent.change(to, { target: { value: '2026-03-09' } });
    const message = 'Fout: De einddatum mag niet voor de begindatum liggen.';
    expect(described(screen.getByRole('group', { name: 'Periode' }))).toEqual([message, 'Bijvoorbeeld de looptijd']);
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(described(to)).toEqual([message]);
    await expectNoAxeViolations(container);
    fireEvent.change(to, { target: { value: '2026-03-10' } });
    expect(screen.queryByText(/einddatum/)).toBeNull();
    expect(to.hasAttribute('aria-invalid')).toBe(false);
  });
});
