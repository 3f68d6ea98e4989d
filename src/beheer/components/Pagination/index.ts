// Public entry of the Pagination component folder.
export { Pagination, type PaginationProps } from './Pagination';
export { ELLIPSIS, clampPage, pageCount, paginationEntries, resultSummary } from './pages';
