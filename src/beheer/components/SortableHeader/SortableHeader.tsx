/**
 * Column header that sorts its table: a button in the `<th>` that reports the column and its next
 * order; `aria-sort` on the sorted column tells screen readers how the table is ordered.
 */
import { nextSortOrder, type SortOrder } from './sort';
import './sortableHeader.css';

/** Which column sorts the table, and how. */
export interface SortState {
  field: string;
  order: SortOrder;
}

/** Props of {@link SortableHeader}. */
export interface SortableHeaderProps {
  field: string;
  label: string;
  /** The table's current sort. */
  sort: SortState;
  onSort(event: SortState): void;
  /** Order of the first click on a column that does not sort the table yet (default ascending). */
  initialOrder?: 'ascending' | 'descending';
}

/** Up and down triangles; only the one of the current order when the column is sorted. */
function SortIcon({ order }: { order: SortOrder }) {
  return (
    <svg className="portal-sortable-header__icon" viewBox="0 0 10 14" aria-hidden="true" focusable="false">
      {order !== 'descending' ? <path d="M5 0 10 5H0z" /> : null}
      {order !== 'ascending' ? <path d="M5 14 0 9h10z" /> : null}
    </svg>
  );
}

/** A `<th scope="col">` holding the sort button; a click on another column starts at `initialOrder`. */
export function SortableHeader({ field, label, sort, onSort, initialOrder = 'ascending' }: SortableHeaderProps) {
  const order: SortOrder = sort.field === field ? sort.order : 'none';
  const onClick = () => onSort({ field, order: order === 'none' ? initialOrder : nextSortOrder(order) });
  return (
    <th scope="col" aria-sort={order === 'none' ? undefined : order} className="utrecht-table__header-cell portal-sortable-header">
      <button type="button" className="portal-sortable-header__button" onClick={onClick}>
        {label}
        <SortIcon order={order} />
      </button>
    </th>
  );
}
