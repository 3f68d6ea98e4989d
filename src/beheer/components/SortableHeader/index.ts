// Public entry of the SortableHeader component folder.
export { SortableHeader, type SortableHeaderProps, type SortState } from './SortableHeader';
export { SortDirection, compareValues, nextSortOrder, sortDirectionOf, sortOrderOf, sortRows, type SortOrder } from './sort';
