/**
 * The English texts of a draft beside the Dutch ones: every text of the flow with its English, which
 * are missing and which were written for a Dutch text that has changed since ("verouderd"). Typing
 * writes into the text of the English file (see `englishEdits.ts`); English of texts that are gone
 * from the flow can be removed in one go.
 */
import { useId, useMemo, useRef, useState } from 'react';
import { Button } from '@utrecht/button-react';
import { Badge, type BadgeVariant } from '../components/Badge';
import { TableHead } from '../pages/TableHead';
import type { JsonSchema } from '../../../renderer/core/types';
import { englishRows, englishSummary, readablePaths, removeEntries, setEnglish, unusedEntries, type EnglishRow } from './englishEdits';

export interface EnglishEditorProps {
  /** The text of the flow document. */
  document: string;
  /** The text of the flow's English file (`flows/i18n/<id>.en.json`); '' when it has none yet. */
  english: string;
  onChange(english: string): void;
  readOnly: boolean;
  /** The shared field definitions by `$id`: the options of a field built on one are keyed by their value too. */
  definitions?: Record<string, object>;
}

type Filter = 'alle' | 'open';

const STATUS: Record<EnglishRow['status'], { label: string; variant: BadgeVariant }> = {
  ok: { label: 'Vertaald', variant: 'succes' },
  ontbreekt: { label: 'Ontbreekt', variant: 'fout' },
  verouderd: { label: 'Verouderd', variant: 'waarschuwing' },
};

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'alle', label: 'Alle teksten' },
  { value: 'open', label: 'Alleen ontbrekend of verouderd' },
];

export function EnglishEditor({ document, english, onChange, readOnly, definitions }: EnglishEditorProps) {
  const id = useId();
  const options = useMemo(() => ({ resolveRef: (ref: string) => definitions?.[ref] as JsonSchema | undefined }), [definitions]);
  const read = useMemo(() => englishRows(document, english, options), [document, english, options]);
  const rows = useMemo(() => ('rows' in read ? read.rows : []), [read]);
  const unused = useMemo(() => unusedEntries(document, english, options), [document, english, options]);
  const names = useMemo(
    () =>
      readablePaths(
        document,
        rows.map((row) => row.path),
        options,
      ),
    [document, rows, options],
  );
  const [filter, setFilter] = useState<Filter>(() => (rows.some((row) => row.status !== 'ok') ? 'open' : 'alle'));
  // Rows edited while only open texts are shown stay in view, so a text does not vanish while it is typed.
  const [kept, setKept] = useState<ReadonlySet<string>>(() => new Set());
  const [notice, setNotice] = useState('');
  const status = useRef<HTMLDivElement>(null);

  if ('problem' in read) {
    return <p className="utrecht-paragraph">{`${read.problem} Herstel dat eerst in de broncode; daarna zijn de Engelse teksten hier weer te bewerken.`}</p>;
  }

  const order = rows.map((row) => row.path);
  const nameOf = (path: string) => names.get(path) ?? path;
  const fieldId = (index: number) => `${id}-engels-${index}`;
  const keep = (path: string) => {
    if (filter === 'open' && !kept.has(path)) setKept(new Set(kept).add(path));
  };
  const write = (row: EnglishRow, text: string) => {
    keep(row.path);
    setNotice('');
    onChange(setEnglish(english, row.path, row.dutch, text, order));
  };
  const chooseFilter = (value: Filter) => {
    setFilter(value);
    setKept(new Set());
  };
  const removeUnused = () => {
    onChange(removeEntries(english, unused));
    setNotice(unused.length === 1 ? '1 ongebruikte vertaling is verwijderd.' : `${unused.length} ongebruikte vertalingen zijn verwijderd.`);
    // The button goes away with the entries; the summary takes the focus so the keyboard keeps its place.
    status.current?.focus();
  };

  const shown = rows.map((row, index) => ({ row, index })).filter(({ row }) => filter === 'alle' || row.status !== 'ok' || kept.has(row.path));

  return (
    <div className="beheer-english">
      <div className="utrecht-paragraph" role="status" ref={status} tabIndex={-1}>
        {englishSummary(rows)}
        {notice && ` ${notice}`}
      </div>
      <fieldset className="utrecht-form-fieldset">
        <legend className="utrecht-form-fieldset__legend utrecht-form-label">Tonen</legend>
        {FILTERS.map((option) => (
          <div key={option.value} className="utrecht-form-field utrecht-form-field--radio">
            <input
              type="radio"
              id={`${id}-filter-${option.value}`}
              name={`${id}-filter`}
              value={option.value}
              className="utrecht-radio-button utrecht-radio-button--html-input"
              checked={filter === option.value}
              onChange={() => chooseFilter(option.value)}
            />{' '}
            <label className="utrecht-form-label utrecht-form-label--radio" htmlFor={`${id}-filter-${option.value}`}>
              {option.label}
            </label>
          </div>
        ))}
      </fieldset>
      {shown.length === 0 ? (
        <p className="utrecht-paragraph">{rows.length === 0 ? 'Er zijn geen teksten om te tonen.' : 'Er zijn geen ontbrekende of verouderde teksten.'}</p>
      ) : (
        <div className="beheer-table-scroll">
          <table className="utrecht-table beheer-table">
            <TableHead
              caption={
                filter === 'alle'
                  ? 'Teksten van de flow met hun Engelse vertaling'
                  : 'Teksten van de flow zonder Engelse vertaling of met een verouderde vertaling'
              }
              columns={['Tekst', 'Nederlands', 'Engels', 'Status']}
            />
            <tbody className="utrecht-table__body">
              {shown.map(({ row, index }) => {
                const name = nameOf(row.path);
                const { label, variant } = STATUS[row.status];
                return (
                  <tr key={row.path} className="utrecht-table__row">
                    <th scope="row" className="utrecht-table__header-cell beheer-table__title">
                      {name}
                    </th>
                    <td className="utrecht-table__cell" id={`${fieldId(index)}-nl`}>
                      {row.dutch}
                    </td>
                    <td className="utrecht-table__cell">
                      <textarea
                        id={fieldId(index)}
                        className="utrecht-textarea"
                        rows={2}
                        lang="en"
                        aria-label={`Engels: ${name}`}
                        aria-describedby={`${fieldId(index)}-nl`}
                        value={row.english}
                        readOnly={readOnly}
                        onChange={(event) => write(row, event.target.value)}
                      />
                    </td>
                    <td className="utrecht-table__cell">
                      <Badge variant={variant}>{label}</Badge>
                      {row.status === 'verouderd' && (
                        <>
                          <p className="utrecht-paragraph">{`Vertaald van: ‘${row.previousDutch ?? ''}’`}</p>
                          {!readOnly && row.english !== '' && (
                            <Button
                              appearance="secondary-action-button"
                              onClick={() => {
                                write(row, row.english);
                                // The button goes away with the status; the English text keeps the focus in the row.
                                window.document.getElementById(fieldId(index))?.focus();
                              }}
                            >
                              Vertaling klopt nog<span className="visually-hidden">{` voor ${name}`}</span>
                            </Button>
                          )}
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {unused.length > 0 && (
        <div className="beheer-english__unused">
          <p className="utrecht-paragraph" id={`${id}-ongebruikt`}>
            {unused.length === 1
              ? 'Deze vertaling hoort bij een tekst die niet meer in de flow staat:'
              : `Deze ${unused.length} vertalingen horen bij teksten die niet meer in de flow staan:`}
          </p>
          <ul className="utrecht-unordered-list" aria-labelledby={`${id}-ongebruikt`}>
            {unused.map((path) => (
              <li key={path} className="utrecht-unordered-list__item">
                <code className="beheer-pointer">{path}</code>
              </li>
            ))}
          </ul>
          {!readOnly && (
            <Button appearance="secondary-action-button" onClick={removeUnused}>
              Ongebruikte vertalingen verwijderen
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
