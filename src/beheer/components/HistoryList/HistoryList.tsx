/**
 * History of a record (who did what, when), oldest or newest first as the caller orders it. The
 * timestamps come formatted; with a machine-readable `dateTime` they are marked up as `<time>`.
 */
import './historyList.css';

/** One event in a {@link HistoryList}. */
export interface HistoryEntry {
  /** The moment as shown, already formatted. */
  timestamp: string;
  /** The same moment as an ISO 8601 string, for `<time dateTime>`. */
  dateTime?: string;
  username: string;
  text: string;
}

/** Props of {@link HistoryList}. */
export interface HistoryListProps {
  entries: HistoryEntry[];
  /** Accessible name of the list. */
  label: string;
  /** Shown instead of the list when there are no entries. */
  emptyText?: string;
}

/** An `<ol>` named `label` with per entry the moment, the user name and the text; `emptyText` when empty. */
export function HistoryList({ entries, label, emptyText = 'Er is nog geen geschiedenis.' }: HistoryListProps) {
  if (entries.length === 0) return <p className="portal-history__empty">{emptyText}</p>;
  return (
    <ol aria-label={label} className="portal-history">
      {entries.map((entry, index) => (
        <li key={`${index}-${entry.timestamp}`} className="portal-history__entry">
          <p className="portal-history__meta">
            {entry.dateTime ? <time dateTime={entry.dateTime}>{entry.timestamp}</time> : <span>{entry.timestamp}</span>}{' '}
            <span className="portal-history__user">{entry.username}</span>
          </p>
          <p className="portal-history__text">{entry.text}</p>
        </li>
      ))}
    </ol>
  );
}
