// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../../tests/helpers/axe';
import { SortableHeader, type SortableHeaderProps, type SortState } from './SortableHeader';

afterEach(cleanup);

function Table({
  initial,
  onSort,
  initialOrder,
}: {
  initial: SortState;
  onSort?: (event: SortState) => void;
  initialOrder?: SortableHeaderProps['initialOrder'];
}) {
  const [sort, setSort] = useState(initial);
  const change = (event: SortState) => {
    onSort?.(event);
    setSort(event);
  };
  return (
    <table>
      <thead>
        <tr>
          <SortableHeader field="naam" label="Naam" sort={sort} onSort={change} />
          <SortableHeader field="datum" label="Datum" sort={sort} onSort={change} initialOrder={initialOrder} />
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>Jan</td>
          <td>1 mei</td>
        </tr>
      </tbody>
    </table>
  );
}

const header = (name: string) => screen.getByRole('columnheader', { name });

describe('SortableHeader', () => {
  it('puts a button in a column header; aria-sort only on the sorted column, the icon hidden', async () => {
    const { container } = render(<Table initial={{ field: 'naam', order: 'ascending' }} />);
    expect(header('Naam').getAttribute('scope')).toBe('col');
    expect(header('Naam').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Datum').hasAttribute('aria-sort')).toBe(false);
    const button = screen.getByRole('button', { name: 'Naam' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    await expectNoAxeViolations(container);
  });

  it('cycles ascending -> descending -> ascending and never back to none', async () => {
    const user = userEvent.setup();
    const onSort = vi.fn();
    const { container } = render(<Table initial={{ field: 'naam', order: 'none' }} onSort={onSort} />);
    expect(header('Naam').hasAttribute('aria-sort')).toBe(false);
    const button = screen.getByRole('button', { name: 'Naam' });
    for (let click = 0; click < 3; click++) await user.click(button);
    expect(onSort.mock.calls.map(([event]) => event)).toEqual([
      { field: 'naam', order: 'ascending' },
      { field: 'naam', order: 'descending' },
      { field: 'naam', order: 'ascending' },
    ]);
    await user.click(button);
    expect(header('Naam').getAttribute('aria-sort')).toBe('descending');
    await expectNoAxeViolations(container);
  });

  it('starts another column at its initial order and leaves the previous one unsorted', async () => {
    const user = userEvent.setup();
    const onSort = vi.fn();
    render(<Table initial={{ field: 'naam', order: 'descending' }} onSort={onSort} initialOrder="descending" />);
    await user.click(screen.getByRole('button', { name: 'Datum' }));
    expect(onSort).toHaveBeenLastCalledWith({ field: 'datum', order: 'descending' });
    expect(header('Datum').getAttribute('aria-sort')).toBe('descending');
    expect(header('Naam').hasAttribute('aria-sort')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Naam' }));
    expect(onSort).toHaveBeenLastCalledWith({ field: 'naam', order: 'ascending' });
  });
});
