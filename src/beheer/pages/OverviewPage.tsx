/**
 * The flows at a glance: a sortable, paginated table with each flow's title, scenario, published
 * version and date, whether a draft is open, and whether its fixtures hold.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { Badge } from '../components/Badge';
import { Pagination } from '../components/Pagination';
import { SortableHeader, sortRows, type SortOrder } from '../components/SortableHeader';
import { beheerApi, type FlowRow } from '../api';
import { formatDateTime, scenarioNames } from '../format';
import { useBeheerTitle } from '../pageTitle';

const PAGE_SIZES = [10, 25, 50];

type Column = 'title' | 'scenario' | 'version' | 'publishedAt';

function sortValue(row: FlowRow, column: Column): string | number {
  if (column === 'scenario') return scenarioNames(row.scenarios);
  if (column === 'publishedAt') return row.publishedAt ?? '';
  return row[column];
}

function FixturesBadge({ fixtures }: { fixtures: FlowRow['fixtures'] }) {
  if (fixtures.total === 0) return <Badge variant="neutraal">Geen fixtures</Badge>;
  if (fixtures.failed === 0) return <Badge variant="succes">{`Alle ${fixtures.total} geslaagd`}</Badge>;
  return <Badge variant="fout">{`${fixtures.failed} van ${fixtures.total} mislukt`}</Badge>;
}

export function OverviewPage() {
  useBeheerTitle('Flows');
  const [rows, setRows] = useState<FlowRow[]>();
  const [problem, setProblem] = useState<string>();
  const [sort, setSort] = useState<{ field: string; order: SortOrder }>({ field: 'title', order: 'ascending' });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);

  useEffect(() => {
    beheerApi.flows().then(
      (answer) => setRows(answer.flows),
      (error: Error) => setProblem(error.message),
    );
  }, []);

  const sorted = useMemo(
    () =>
      rows
        ? sortRows(
            rows.map((row) => ({ row, key: sortValue(row, sort.field as Column) })),
            'key',
            sort.order,
          ).map((entry) => entry.row)
        : [],
    [rows, sort],
  );
  const shown = sorted.slice((page - 1) * pageSize, page * pageSize);
  const header = (field: Column, label: string) => <SortableHeader field={field} label={label} sort={sort} onSort={(event) => setSort(event)} />;

  return (
    <>
      <h1 className="utrecht-heading-1">Flows</h1>
      <p className="utrecht-paragraph">De formulieren van het portaal met hun gepubliceerde versie. Kies een flow voor de geschiedenis.</p>
      {problem && (
        <div className="utrecht-alert utrecht-alert--error" role="alert">
          <p className="utrecht-paragraph">{problem}</p>
        </div>
      )}
      {!rows && !problem && (
        <p className="utrecht-paragraph" role="status">
          Bezig met laden
        </p>
      )}
      {rows && (
        <>
          <div className="beheer-table-scroll">
            <table className="utrecht-table beheer-table">
              <caption className="utrecht-table__caption visually-hidden">Flows, te sorteren per kolom</caption>
              <thead className="utrecht-table__header">
                <tr className="utrecht-table__row">
                  {header('title', 'Titel')}
                  {header('scenario', 'Scenario')}
                  {header('version', 'Versie')}
                  {header('publishedAt', 'Gepubliceerd op')}
                  <th scope="col" className="utrecht-table__header-cell">
                    Concept
                  </th>
                  <th scope="col" className="utrecht-table__header-cell">
                    Fixtures
                  </th>
                </tr>
              </thead>
              <tbody className="utrecht-table__body">
                {shown.map((row) => (
                  <tr key={row.id} className="utrecht-table__row">
                    <th scope="row" className="utrecht-table__header-cell beheer-table__title">
                      <Link href={`/flows/${row.id}`} className="utrecht-link">
                        {row.title}
                      </Link>
                      {row.example && (
                        <>
                          {' '}
                          <Badge variant="info">Voorbeeld</Badge>
                        </>
                      )}
                    </th>
                    <td className="utrecht-table__cell">{scenarioNames(row.scenarios)}</td>
                    <td className="utrecht-table__cell">{row.version}</td>
                    <td className="utrecht-table__cell">{formatDateTime(row.publishedAt)}</td>
                    <td className="utrecht-table__cell">
                      {row.draft ? <Badge variant="waarschuwing">{row.draft.approved ? 'Concept goedgekeurd' : 'Concept open'}</Badge> : 'Geen'}
                    </td>
                    <td className="utrecht-table__cell">
                      <FixturesBadge fixtures={row.fixtures} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination total={sorted.length} page={page} pageSize={pageSize} pageSizes={PAGE_SIZES} onPageChange={setPage} onPageSizeChange={setPageSize} />
        </>
      )}
    </>
  );
}
