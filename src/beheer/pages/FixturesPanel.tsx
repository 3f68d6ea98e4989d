/**
 * The test cases of a draft, run on the server against its validators: per case whether it holds
 * and, per field, the message expected and the message it gives now. After a deliberate change (a
 * new label, a new message) an editor takes over the new outcome; cases added in the back office can
 * be removed, and each case downloaded as a fixture file for the repository.
 */
import { Badge } from '../../app/components/Badge';
import { beheerApi, type FixtureRun } from '../api';
import { modelLabels } from '../editor/documentEdits';
import { TableHead } from './TableHead';

const SOURCES: Record<FixtureRun['source'], string> = { repository: 'Standaard', beheer: 'Toegevoegd in beheer', aangepast: 'Standaard, aangepast in beheer' };

export interface FixturesPanelProps {
  flowId: string;
  /** The draft's document, for the names of steps and fields. */
  document: string;
  fixtures: FixtureRun[];
  canEdit: boolean;
  /** An action on a case, with what to say when it is done. */
  onAction: (action: () => Promise<void>, done: string) => void;
}

const quoted = (message: string | null) => (message === null ? 'geen melding' : `‘${message}’`);

export function FixturesPanel({ flowId, document, fixtures, canEdit, onAction }: FixturesPanelProps) {
  const labels = modelLabels(document);
  const fieldName = (path: string) => labels.fields.get(path) ?? path;
  if (fixtures.length === 0) {
    return <p className="utrecht-paragraph">Deze flow heeft nog geen testgevallen. Voeg er een toe vanuit het voorbeeld: vul de stappen in en kies 'Opslaan als testgeval'.</p>;
  }
  return (
    <div className="beheer-table-scroll">
      <table className="utrecht-table beheer-table">
        <TableHead caption="Testgevallen van het concept met hun uitkomst" columns={['Testgeval', 'Controleert', 'Herkomst', 'Uitkomst', 'Acties']} />
        <tbody className="utrecht-table__body">
          {fixtures.map((run) => {
            const failed = run.problems.length > 0;
            return (
              <tr key={run.name} className="utrecht-table__row">
                <th scope="row" className="utrecht-table__header-cell beheer-table__title">
                  {run.description}
                  <span className="beheer-muted">{run.name}</span>
                </th>
                <td className="utrecht-table__cell">{run.step ? `Stap ‘${labels.steps.get(run.step) ?? run.step}’` : 'Alle stappen'}</td>
                <td className="utrecht-table__cell">{SOURCES[run.source]}</td>
                <td className="utrecht-table__cell">
                  {failed ? <Badge variant="fout">Mislukt</Badge> : <Badge variant="succes">Geslaagd</Badge>}
                  {failed && (
                    <ul className="utrecht-unordered-list beheer-differences">
                      {run.differences.map((difference) => (
                        <li key={difference.field} className="utrecht-unordered-list__item">
                          {`${fieldName(difference.field)}: verwacht ${quoted(difference.expected)}, nu ${quoted(difference.actual)}`}
                        </li>
                      ))}
                      {run.differences.length === 0 && run.problems.map((problem) => <li key={problem} className="utrecht-unordered-list__item">{problem}</li>)}
                    </ul>
                  )}
                </td>
                <td className="utrecht-table__cell">
                  <div className="beheer-actions">
                    {canEdit && failed && (
                      <button type="button" className="utrecht-button utrecht-button--secondary-action" onClick={() => onAction(() => beheerApi.takeOverFixture(flowId, run.name), `De nieuwe uitkomst van '${run.description}' is overgenomen.`)}>
                        Nieuwe uitkomst overnemen<span className="visually-hidden">{` voor ${run.description}`}</span>
                      </button>
                    )}
                    {canEdit && run.source !== 'repository' && (
                      <button type="button" className="utrecht-button utrecht-button--subtle" onClick={() => onAction(() => beheerApi.deleteFixture(flowId, run.name), run.source === 'beheer' ? `Testgeval '${run.description}' verwijderd.` : `De aanpassing van '${run.description}' is verwijderd.`)}>
                        {run.source === 'beheer' ? 'Verwijderen' : 'Aanpassing verwijderen'}
                        <span className="visually-hidden">{` ${run.description}`}</span>
                      </button>
                    )}
                    <a className="utrecht-link" href={beheerApi.fixtureFileUrl(flowId, run.name)} download>
                      Downloaden<span className="visually-hidden">{` ${run.description}`}</span>
                    </a>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
