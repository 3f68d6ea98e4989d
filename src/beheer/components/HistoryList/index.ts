// Public entry of the HistoryList component folder.
export { HistoryList, type HistoryEntry, type HistoryListProps } from './HistoryList';
