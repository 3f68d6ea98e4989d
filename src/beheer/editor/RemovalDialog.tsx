/**
 * The question before a field, an option or a step is removed: where it is used (each use with
 * what removing it along does, checked where leaving it would break the flow), what goes with it
 * anyway, and how much of what applicants sent or saved holds a value for it. 'Annuleren' (or
 * Escape) changes nothing and returns focus to the button that asked.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@utrecht/button-react';
import { Modal } from '../../app/components/Modal';
import type { UsageCounts } from '../api';
import type { Usage } from '../../shared/usage/types';
import './RemovalDialog.css';

export interface RemovalDialogProps {
  /** The dialog's heading: "Veld ‘Naam abonnee’ verwijderen". */
  title: string;
  /** The question, naming what goes and from where. */
  question: string;
  usage: Usage;
  /** What the stored data is about, for the counts' sentences: 'dit veld', 'deze keuze', 'deze stap'. */
  subject: 'veld' | 'keuze' | 'stap';
  /** The text of the button that removes: 'Veld verwijderen'. */
  confirmLabel: string;
  /** Asks the server how much stored data concerns the target; without it the counts are not shown. */
  counts?: () => Promise<UsageCounts>;
  onConfirm: (chosen: ReadonlySet<string>) => void;
  onCancel: () => void;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const HOLDS: Record<RemovalDialogProps['subject'], { value: string; could: string }> = {
  veld: { value: 'een waarde voor dit veld', could: 'een waarde voor dit veld bevatten' },
  keuze: { value: 'deze keuze', could: 'deze keuze bevatten' },
  stap: { value: 'antwoorden in deze stap', could: 'antwoorden in deze stap bevatten' },
};

/** What applicants sent or saved that the removal concerns, in sentences. */
function CountsPart({ counts, subject }: { counts: RemovalDialogProps['counts']; subject: RemovalDialogProps['subject'] }) {
  const heading = useId();
  const [answer, setAnswer] = useState<UsageCounts | { problem: string }>();
  // Asked once, when the dialog opens.
  useEffect(() => {
    let current = true;
    counts?.().then(
      (value) => current && setAnswer(value),
      (error: unknown) => current && setAnswer({ problem: (error as Error).message }),
    );
    return () => {
      current = false;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- the uses are asked once, for the field as it was when the dialog opened
  if (!counts) return null;
  const words = HOLDS[subject];
  return (
    <section aria-labelledby={heading} className="beheer-removal__part">
      <h3 className="utrecht-heading-3" id={heading}>
        Gegevens van aanvragers
      </h3>
      <div role="status">
        {answer === undefined ? (
          <p className="utrecht-paragraph">Bezig met tellen</p>
        ) : 'problem' in answer ? (
          <p className="utrecht-paragraph">{`Het aantal aanvragen kon niet worden opgehaald: ${answer.problem}`}</p>
        ) : (
          <>
            <p className="utrecht-paragraph">
              {answer.submissions === 0
                ? `Geen ingediende aanvraag heeft ${words.value}.`
                : `${plural(answer.submissions, 'ingediende aanvraag heeft', 'ingediende aanvragen hebben')} ${words.value}. Die blijven bewaard zoals ze zijn ingediend; nieuwe aanvragen hebben het niet meer.`}
            </p>
            <p className="utrecht-paragraph">
              {answer.savedApplications === 0
                ? "Er zijn geen opgeslagen aanvragen ('Opslaan en later verder') van deze flow."
                : `${plural(answer.savedApplications, "opgeslagen aanvraag ('Opslaan en later verder') kan", "opgeslagen aanvragen ('Opslaan en later verder') kunnen")} ${words.could}. Ze zijn versleuteld met de code van de aanvrager, dus de server kan niet zien wat erin staat. Wie verdergaat, krijgt het formulier zonder dit onderdeel.`}
              {answer.savedApplicationsUnknownFlow > 0 &&
                ` Van ${plural(answer.savedApplicationsUnknownFlow, 'oudere opgeslagen aanvraag', 'oudere opgeslagen aanvragen')} is niet bekend bij welke flow ze horen.`}
            </p>
            {answer.fixtures.length > 0 && (
              <>
                <p className="utrecht-paragraph">{`${plural(answer.fixtures.length, 'testgeval vult', 'testgevallen vullen')} dit in; kijk na het opslaan of ${answer.fixtures.length === 1 ? 'het nog slaagt' : 'ze nog slagen'}:`}</p>
                <ul className="utrecht-unordered-list">
                  {answer.fixtures.map((fixture) => (
                    <li key={fixture.name} className="utrecht-unordered-list__item">
                      {fixture.description}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </div>
    </section>
  );
}

export function RemovalDialog({ title, question, usage, subject, confirmLabel, counts, onConfirm, onCancel }: RemovalDialogProps) {
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(usage.uses.filter((use) => use.preselect).map((use) => use.id)));
  const toggle = (use: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(use);
      else next.delete(use);
      return next;
    });
  const left = usage.uses.filter((use) => use.breaks && !chosen.has(use.id)).length;

  return (
    <Modal title={title} onDismiss={onCancel} initialFocus={cancel} describedBy={`${id}-vraag`} className="beheer-removal">
      <p className="utrecht-paragraph" id={`${id}-vraag`}>
        {question}
      </p>
      <section aria-labelledby={`${id}-gebruik`} className="beheer-removal__part">
        <h3 className="utrecht-heading-3" id={`${id}-gebruik`}>
          Waar het wordt gebruikt
        </h3>
        {usage.uses.length === 0 ? (
          <p className="utrecht-paragraph">Nergens anders in de flow.</p>
        ) : (
          <fieldset className="utrecht-form-fieldset">
            <legend className="utrecht-form-fieldset__legend utrecht-form-label">Ook aanpassen</legend>
            {usage.uses.map((use, index) => {
              const box = `${id}-gebruik-${index}`;
              const warned = use.breaks && !chosen.has(use.id);
              return (
                <div key={use.id} className="utrecht-form-field utrecht-form-field--checkbox beheer-removal__use">
                  <input
                    id={box}
                    type="checkbox"
                    className="utrecht-checkbox utrecht-checkbox--html-input"
                    checked={chosen.has(use.id)}
                    aria-describedby={`${box}-uitleg${warned ? ` ${box}-let-op` : ''}`}
                    onChange={(event) => toggle(use.id, event.target.checked)}
                  />{' '}
                  <label className="utrecht-form-label utrecht-form-label--checkbox" htmlFor={box}>
                    {capital(use.text)}
                  </label>
                  <p className="utrecht-form-field-description" id={`${box}-uitleg`}>
                    {use.remedy}
                  </p>
                  {warned && (
                    <p className="utrecht-form-field-description beheer-removal__warning" id={`${box}-let-op`}>
                      Blijft dit staan, dan meldt de controle een fout die alleen in de broncode te herstellen is.
                    </p>
                  )}
                </div>
              );
            })}
          </fieldset>
        )}
        {usage.own.length > 0 && (
          <>
            <p className="utrecht-paragraph">Gaat er in elk geval mee weg:</p>
            <ul className="utrecht-unordered-list">
              {usage.own.map((part) => (
                <li key={part.text} className="utrecht-unordered-list__item">
                  {part.text}
                </li>
              ))}
            </ul>
          </>
        )}
        {usage.remaining.map((text) => (
          <p key={text} className="utrecht-paragraph">{`Blijft staan: ${text}.`}</p>
        ))}
      </section>
      <CountsPart counts={counts} subject={subject} />
      {left > 0 && (
        <p className="utrecht-paragraph beheer-removal__warning">{`${plural(left, 'gebruik blijft', 'gebruiken blijven')} staan; de controle meldt daarna een fout.`}</p>
      )}
      <div className="beheer-actions">
        <Button appearance="primary-action-button" onClick={() => onConfirm(chosen)}>
          {confirmLabel}
        </Button>
        <Button ref={cancel} appearance="secondary-action-button" onClick={onCancel}>
          Annuleren
        </Button>
      </div>
    </Modal>
  );
}
