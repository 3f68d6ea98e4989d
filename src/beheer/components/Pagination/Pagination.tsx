/**
 * Page navigation for long lists: 'Vorige', page numbers with ellipses, 'Volgende', the result summary
 * and optionally how many results a page shows. The parent owns page and page size; this only
 * reports changes, and only real ones (a page that differs from the current one after clamping).
 */
import { useEffect, useId, useRef } from 'react';
import { ELLIPSIS, clampPage, pageCount, paginationEntries, resultSummary } from './pages';
import '../../../app/visuallyHidden.css';
import './pagination.css';

/** Props of {@link Pagination}. */
export interface PaginationProps {
  /** Number of results over all pages. */
  total: number;
  /** Current page, from 1. */
  page: number;
  pageSize: number;
  /** Choices for 'Aantal per pagina'; without them there is no page-size select. */
  pageSizes?: number[];
  onPageChange(page: number): void;
  onPageSizeChange?(size: number): void;
  /** Accessible name of the navigation landmark. */
  label?: string;
}

/** A `<nav>` with previous/next and page buttons (the current one `aria-current="page"`), the summary and the page-size select. */
export function Pagination({ total, page, pageSize, pageSizes, onPageChange, onPageSizeChange, label = 'Paginering' }: PaginationProps) {
  const selectId = useId();
  const count = pageCount(total, pageSize);
  const current = clampPage(page, count);
  const summary = resultSummary(current, pageSize, total);
  const currentButton = useRef<HTMLButtonElement>(null);
  const focusCurrent = useRef(false);

  // 'Vorige' or 'Volgende' is disabled on reaching the first or last page; focus then goes to the current page.
  useEffect(() => {
    if (!focusCurrent.current) return;
    focusCurrent.current = false;
    currentButton.current?.focus();
  }, [current]);

  const goTo = (target: number, relative = false) => {
    const next = clampPage(target, count);
    if (next === current) return;
    focusCurrent.current = relative && (next === 1 || next === count);
    onPageChange(next);
  };

  const changeSize = (size: number) => {
    onPageSizeChange?.(size);
    const next = clampPage(page, pageCount(total, size));
    if (next !== page) onPageChange(next);
  };

  const sizes = pageSizes && !pageSizes.includes(pageSize) ? [...pageSizes, pageSize].sort((a, b) => a - b) : pageSizes;
  return (
    <nav aria-label={label} className="portal-pagination">
      {summary ? <p className="portal-pagination__summary">{summary}</p> : null}
      {count > 1 ? (
        <ul className="portal-pagination__list">
          <li>
            <button type="button" className="portal-pagination__button" disabled={current === 1} onClick={() => goTo(current - 1, true)}>
              Vorige
            </button>
          </li>
          {paginationEntries(current, count).map((entry, position) =>
            entry === ELLIPSIS ? (
              <li key={`ellipsis-${position}`} aria-hidden="true" className="portal-pagination__ellipsis">
                …
              </li>
            ) : (
              <li key={entry}>
                <button
                  ref={entry === current ? currentButton : undefined}
                  type="button"
                  className="portal-pagination__button portal-pagination__page"
                  aria-current={entry === current ? 'page' : undefined}
                  onClick={() => goTo(entry)}
                >
                  <span className="visually-hidden">Pagina </span>
                  {entry}
                </button>
              </li>
            ),
          )}
          <li>
            <button type="button" className="portal-pagination__button" disabled={current === count} onClick={() => goTo(current + 1, true)}>
              Volgende
            </button>
          </li>
        </ul>
      ) : null}
      {sizes ? (
        <div className="portal-pagination__size">
          <label htmlFor={selectId}>Aantal per pagina</label>
          <select
            id={selectId}
            className="utrecht-select utrecht-select--html-select"
            value={pageSize}
            onChange={(event) => changeSize(Number(event.target.value))}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </nav>
  );
}
