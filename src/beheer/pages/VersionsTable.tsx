/** The versions of a flow: which one applicants get, each as a file, and rolling back to an earlier one. */
import { Button } from '@utrecht/button-react';
import { Badge } from '../components/Badge';
import { beheerApi, type VersionRow } from '../api';
import { formatDateTime } from '../format';
import { TableHead } from './TableHead';

const ORIGINS: Record<string, string> = { bestand: 'Uit een bestand', publicatie: 'Met een opdracht', terugzetting: 'Terugzetting', beheer: 'In het beheer' };

export interface VersionsTableProps {
  flowId: string;
  versions: VersionRow[];
  canRollBack: boolean;
  onRollBack: (version: number) => void;
}

export function VersionsTable({ flowId, versions, canRollBack, onRollBack }: VersionsTableProps) {
  return (
    <section aria-labelledby="versies" className="beheer-section">
      <h2 className="utrecht-heading-2" id="versies">
        Versies
      </h2>
      <div className="beheer-table-scroll">
        <table className="utrecht-table beheer-table">
          <TableHead caption="Versies van deze flow, nieuwste eerst" columns={['Versie', 'Gepubliceerd op', 'Door', 'Toelichting', 'Acties']} />
          <tbody className="utrecht-table__body">
            {versions.map((row) => (
              <tr key={row.version} className="utrecht-table__row">
                <th scope="row" className="utrecht-table__header-cell beheer-table__title">
                  {`Versie ${row.version}`} {row.state === 'published' && <Badge variant="succes">In gebruik</Badge>}
                </th>
                <td className="utrecht-table__cell">{formatDateTime(row.publishedAt)}</td>
                <td className="utrecht-table__cell">{row.author}</td>
                <td className="utrecht-table__cell">{[ORIGINS[row.origin], row.note].filter(Boolean).join(': ')}</td>
                <td className="utrecht-table__cell">
                  <div className="beheer-actions">
                    <a className="utrecht-link" href={beheerApi.versionFileUrl(flowId, row.version)} download>
                      Downloaden<span className="visually-hidden">{` versie ${row.version}`}</span>
                    </a>
                    {canRollBack && row.state !== 'published' && (
                      <Button appearance="secondary-action-button" onClick={() => onRollBack(row.version)}>
                        Terugzetten<span className="visually-hidden">{` naar versie ${row.version}`}</span>
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
