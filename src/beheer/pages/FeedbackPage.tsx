/**
 * 'Geef uw mening' in the back office: the ratings per page and month in a period (date range
 * filter, paginated table, the average as a progress bar of 5), and for the role beheerder the
 * comments, a page at a time. A comment may hold personal data: it is shown here and nowhere else.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button } from '@utrecht/button-react';
import { DateRange, dateRangeError, type DateRangeValue } from '../components/DateRange';
import { Pagination } from '../components/Pagination';
import { ProgressBar } from '../components/ProgressBar';
import { beheerApi, type BeheerUser, type FeedbackAnswer, type FeedbackComments } from '../api';
import { formatDateTime } from '../format';
import { useBeheerTitle } from '../pageTitle';
import { TableHead } from './TableHead';

const PAGE_SIZE = 10;
const averageText = (average: number) => average.toLocaleString('nl-NL', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

function monthName(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('nl-NL', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, number - 1, 1)));
}

export function FeedbackPage({ user }: { user: BeheerUser }) {
  useBeheerTitle('Feedback');
  const [range, setRange] = useState<DateRangeValue>({});
  const [shown, setShown] = useState<DateRangeValue>({});
  const [summary, setSummary] = useState<FeedbackAnswer>();
  const [comments, setComments] = useState<FeedbackComments>();
  const [page, setPage] = useState(1);
  const [commentPage, setCommentPage] = useState(1);
  const [problem, setProblem] = useState<string>();
  const readsComments = user.rollen.includes('beheerder');

  const load = useCallback(
    async (period: DateRangeValue, forComments: number) => {
      setProblem(undefined);
      try {
        const answer = await beheerApi.feedback(period);
        setSummary(answer);
        setRange((current) => (current.from || current.to ? current : { from: answer.van, to: answer.tm }));
        if (readsComments) setComments(await beheerApi.feedbackComments(period, forComments, PAGE_SIZE));
      } catch (error) {
        setProblem((error as Error).message);
      }
    },
    [readsComments],
  );
  useEffect(() => void load({}, 1), [load]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dateRangeError(range)) return;
    setShown(range);
    setPage(1);
    setCommentPage(1);
    void load(range, 1);
  };

  const rows = summary?.rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE) ?? [];
  return (
    <>
      <h1 className="utrecht-heading-1">Feedback</h1>
      <p className="utrecht-paragraph">De beoordelingen uit 'Geef uw mening', per pagina en per maand.</p>
      <form className="beheer-form" noValidate onSubmit={submit}>
        <DateRange label="Periode" value={range} onChange={setRange} />
        <Button type="submit" appearance="secondary-action-button">
          Toon
        </Button>
      </form>
      {problem && (
        <div className="utrecht-alert utrecht-alert--error" role="alert">
          <p className="utrecht-paragraph">{problem}</p>
        </div>
      )}
      {summary && (
        <section aria-labelledby="beoordelingen" className="beheer-section">
          <h2 className="utrecht-heading-2" id="beoordelingen">
            Beoordelingen
          </h2>
          <p className="utrecht-paragraph" role="status">
            {summary.total.count === 0
              ? `Geen beoordelingen van ${summary.van} t/m ${summary.tm}.`
              : `${summary.total.count} ${summary.total.count === 1 ? 'beoordeling' : 'beoordelingen'} van ${summary.van} t/m ${summary.tm}, gemiddeld ${averageText(summary.total.average ?? 0)} van 5.`}
          </p>
          {summary.rows.length > 0 && (
            <>
              <div className="beheer-table-scroll">
                <table className="utrecht-table beheer-table">
                  <TableHead caption="Beoordelingen per pagina en maand" columns={['Pagina', 'Maand', 'Aantal', 'Gemiddeld']} />
                  <tbody className="utrecht-table__body">
                    {rows.map((row) => (
                      <tr key={`${row.url} ${row.month}`} className="utrecht-table__row">
                        <th scope="row" className="utrecht-table__header-cell beheer-table__title">
                          {row.url}
                        </th>
                        <td className="utrecht-table__cell">{monthName(row.month)}</td>
                        <td className="utrecht-table__cell">{row.count}</td>
                        <td className="utrecht-table__cell">
                          <ProgressBar
                            value={row.average}
                            max={5}
                            label={`Gemiddeld ${averageText(row.average)} van 5 voor ${row.url} in ${monthName(row.month)}`}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination total={summary.rows.length} page={page} pageSize={PAGE_SIZE} onPageChange={setPage} />
            </>
          )}
        </section>
      )}
      {readsComments && comments && (
        <section aria-labelledby="opmerkingen" className="beheer-section">
          <h2 className="utrecht-heading-2" id="opmerkingen">
            Opmerkingen
          </h2>
          {comments.total === 0 ? (
            <p className="utrecht-paragraph">Geen opmerkingen in deze periode.</p>
          ) : (
            <>
              <ul className="utrecht-unordered-list beheer-comments">
                {comments.rows.map((row, index) => (
                  <li key={index} className="utrecht-unordered-list__item">
                    <strong>{`${formatDateTime(row.at)}, ${row.url}, cijfer ${row.rating}:`}</strong> {row.comment}
                  </li>
                ))}
              </ul>
              <Pagination
                label="Paginering opmerkingen"
                total={comments.total}
                page={commentPage}
                pageSize={PAGE_SIZE}
                onPageChange={(next) => {
                  setCommentPage(next);
                  void beheerApi.feedbackComments(shown, next, PAGE_SIZE).then(setComments, (error: Error) => setProblem(error.message));
                }}
              />
            </>
          )}
        </section>
      )}
    </>
  );
}
