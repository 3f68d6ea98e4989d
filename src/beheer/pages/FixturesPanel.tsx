/**
 * The test cases of a draft, run on the server against its validators: per case whether it holds
 * and, per field, what it expects (a message, its exact words where the case is about wording, or
 * none) and what it gives now. After a deliberate change an editor takes over the new outcome: an
 * adjustment of this draft, gone with the draft, kept with the version when it is published. Cases
 * added in the back office can be removed, each case downloaded as a fixture file for the repository.
 * Under the cases: what none of them reaches (CoveragePanel).
 */
import { Button } from '@utrecht/button-react';
import { Badge } from '../components/Badge';
import { beheerApi, type FixtureRun } from '../api';
import type { FieldOutcome, FixtureField } from '../../shared/beheer';
import { modelLabels } from '../editor/documentEdits';
import { CoveragePanel } from './CoveragePanel';
import { TableHead } from './TableHead';

const SOURCES: Record<FixtureRun['source'], string> = { repository: 'Standaard', beheer: 'Toegevoegd in beheer', aangepast: 'Standaard' };
const ADJUSTMENTS: Record<NonNullable<FixtureRun['adjustment']>, string> = {
  concept: 'uitkomst aangepast in dit concept',
  versie: 'uitkomst aangepast bij een eerdere publicatie',
};

export interface FixturesPanelProps {
  flowId: string;
  /** The draft's document, for the names of steps. */
  document: string;
  fixtures: FixtureRun[];
  canEdit: boolean;
  /** An action on a case, with what to say when it is done. */
  onAction: (action: () => Promise<void>, done: string) => void;
}

/** A field in a sentence: ‘Postcode’ in ‘Bezoekadres’. */
const named = ({ label, group }: FixtureField) => (group ? `‘${label}’ in ‘${group}’` : `‘${label}’`);

/** What a field gives (or should give), in words. */
function outcome(value: FieldOutcome): string {
  if (value.state === 'ok') return 'geen melding';
  if (value.state === 'hiddenWithData') return 'gegevens terwijl het veld verborgen is';
  return value.message === null ? 'een melding' : `de melding ‘${value.message}’`;
}

function CaseActions({ flowId, run, canEdit, onAction }: { flowId: string; run: FixtureRun; canEdit: boolean; onAction: FixturesPanelProps['onAction'] }) {
  const failed = run.problems.length > 0;
  const hidden = (text: string) => <span className="visually-hidden">{text}</span>;
  return (
    <div className="beheer-actions">
      {canEdit && failed && (
        <Button
          appearance="secondary-action-button"
          onClick={() =>
            onAction(() => beheerApi.takeOverFixture(flowId, run.name), `De nieuwe uitkomst van '${run.description}' is overgenomen in dit concept.`)
          }
        >
          Nieuwe uitkomst overnemen{hidden(` voor ${run.description}`)}
        </Button>
      )}
      {canEdit && run.adjustment && (
        <Button
          appearance="subtle-button"
          onClick={() => onAction(() => beheerApi.deleteAdjustment(flowId, run.name), `De aanpassing van '${run.description}' is verwijderd.`)}
        >
          Aanpassing verwijderen{hidden(` ${run.description}`)}
        </Button>
      )}
      {canEdit && run.source === 'beheer' && (
        <Button
          appearance="subtle-button"
          onClick={() => onAction(() => beheerApi.deleteFixture(flowId, run.name), `Testgeval '${run.description}' verwijderd.`)}
        >
          Verwijderen{hidden(` ${run.description}`)}
        </Button>
      )}
      <a className="utrecht-link" href={beheerApi.fixtureFileUrl(flowId, run.name)} download>
        Downloaden{hidden(` ${run.description}`)}
      </a>
    </div>
  );
}

export function FixturesPanel({ flowId, document, fixtures, canEdit, onAction }: FixturesPanelProps) {
  const steps = modelLabels(document).steps;
  return (
    <>
      {fixtures.length === 0 ? (
        <p className="utrecht-paragraph">
          Deze flow heeft nog geen testgevallen. Voeg er een toe vanuit het voorbeeld: vul de stappen in en kies 'Opslaan als testgeval'.
        </p>
      ) : (
        <>
          <p className="utrecht-paragraph">
            Een testgeval controleert of de gegevens geldig zijn en welke velden een melding geven. De tekst van een melding controleert het alleen waar het
            testgeval daarover gaat; een nieuw label of een nieuwe melding laat de andere testgevallen slagen.
          </p>
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
                      <td className="utrecht-table__cell">
                        {run.step ? `Stap ‘${steps.get(run.step) ?? run.step}’` : 'Alle stappen'}
                        {run.wording.length > 0 && <span className="beheer-muted">{`Tekst van de melding bij ${run.wording.map(named).join(', ')}`}</span>}
                      </td>
                      <td className="utrecht-table__cell">
                        {SOURCES[run.source]}
                        {run.adjustment && <span className="beheer-muted">{ADJUSTMENTS[run.adjustment]}</span>}
                      </td>
                      <td className="utrecht-table__cell">
                        {failed ? <Badge variant="fout">Mislukt</Badge> : <Badge variant="succes">Geslaagd</Badge>}
                        {failed && (
                          <ul className="utrecht-unordered-list beheer-differences">
                            {run.differences.map((difference) => (
                              <li key={difference.field} className="utrecht-unordered-list__item">
                                {`${named(difference)}: verwacht ${outcome(difference.expected)}, nu ${outcome(difference.actual)}`}
                              </li>
                            ))}
                            {run.differences.length === 0 &&
                              run.problems.map((problem) => (
                                <li key={problem} className="utrecht-unordered-list__item">
                                  {problem}
                                </li>
                              ))}
                          </ul>
                        )}
                      </td>
                      <td className="utrecht-table__cell">
                        <CaseActions flowId={flowId} run={run} canEdit={canEdit} onAction={onAction} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
      <CoveragePanel flowId={flowId} fixtures={fixtures} />
    </>
  );
}
