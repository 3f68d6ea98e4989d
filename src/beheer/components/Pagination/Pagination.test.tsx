// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../../tests/helpers/axe';
import { Pagination, type PaginationProps } from './Pagination';

afterEach(cleanup);

function renderPagination(props: Partial<PaginationProps> = {}) {
  const onPageChange = vi.fn();
  const onPageSizeChange = vi.fn();
  const view = render(<Pagination total={200} page={5} pageSize={10} onPageChange={onPageChange} onPageSizeChange={onPageSizeChange} {...props} />);
  return { ...view, onPageChange, onPageSizeChange };
}

/** The visible entries of the page list: page numbers, '…' and the two relative buttons. */
const entries = () => Array.from(document.querySelectorAll('li'), (item) => item.textContent?.replace('Pagina ', ''));

describe('Pagination', () => {
  it('is a navigation landmark with at most 7 page entries, an ellipsis hidden from screen readers, and the current page marked', async () => {
    const { container } = renderPagination();
    const nav = screen.getByRole('navigation', { name: 'Paginering' });
    expect(entries()).toEqual(['Vorige', '1', '…', '4', '5', '6', '…', '20', 'Volgende']);
    // The ellipses are not list items to screen readers.
    expect(within(nav).getAllByRole('listitem')).toHaveLength(7);
    const current = within(nav).getByRole('button', { name: 'Pagina 5' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Pagina 4' }).hasAttribute('aria-current')).toBe(false);
    for (const ellipsis of screen.getAllByText('…')) {
      expect(ellipsis.getAttribute('aria-hidden')).toBe('true');
      expect(ellipsis.querySelector('button, a')).toBeNull();
    }
    expect(screen.getByText('Resultaat 41-50 van 200')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('emits the page of a button, the previous and the next page', async () => {
    const user = userEvent.setup();
    const { onPageChange } = renderPagination();
    await user.click(screen.getByRole('button', { name: 'Pagina 20' }));
    await user.click(screen.getByRole('button', { name: 'Vorige' }));
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(onPageChange.mock.calls).toEqual([[20], [4], [6]]);
  });

  it('emits nothing for the current page and disables Vorige and Volgende at the ends', async () => {
    const user = userEvent.setup();
    const { onPageChange, rerender } = renderPagination({ page: 1 });
    await user.click(screen.getByRole('button', { name: 'Pagina 1' }));
    expect((screen.getByRole('button', { name: 'Vorige' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<Pagination total={200} page={20} pageSize={10} onPageChange={onPageChange} />);
    expect((screen.getByRole('button', { name: 'Volgende' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Pagina 20' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('clamps a page beyond the last one', () => {
    const { onPageChange } = renderPagination({ page: 99, total: 45 });
    expect(screen.getByRole('button', { name: 'Pagina 5' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('Resultaat 41-45 van 45')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pagina 5' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('moves focus to the current page when Volgende becomes disabled', async () => {
    function Controlled() {
      const [page, setPage] = useState(19);
      return <Pagination total={200} page={page} pageSize={10} onPageChange={setPage} />;
    }
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Pagina 20' }));
  });

  it('offers a labelled page-size select; a new size is emitted with the re-clamped page when that changed', async () => {
    const user = userEvent.setup();
    const { onPageChange, onPageSizeChange, container } = renderPagination({ pageSizes: [10, 25, 50] });
    const select = screen.getByRole('combobox', { name: 'Aantal per pagina' });
    expect((select as HTMLSelectElement).value).toBe('10');
    await user.selectOptions(select, '25');
    expect(onPageSizeChange).toHaveBeenLastCalledWith(25);
    expect(onPageChange).not.toHaveBeenCalled();
    await user.selectOptions(select, '50');
    expect(onPageSizeChange).toHaveBeenLastCalledWith(50);
    expect(onPageChange).toHaveBeenCalledWith(4);
    await expectNoAxeViolations(container);
  });

  it('shows the summary only when there are results, and no page list for a single page', async () => {
    const { container, rerender, onPageChange } = renderPagination({ total: 0 });
    expect(screen.queryByText(/Resultaat/)).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
    await expectNoAxeViolations(container);
    rerender(<Pagination total={3} page={1} pageSize={10} onPageChange={onPageChange} />);
    expect(screen.getByText('Resultaat 1-3 van 3')).toBeTruthy();
  });

  it('takes another label', () => {
    renderPagination({ label: 'Paginering aanvragen' });
    expect(screen.getByRole('navigation', { name: 'Paginering aanvragen' })).toBeTruthy();
  });
});
