/**
 * The details of one field, folded away under 'Details': its name in the data (the only place the
 * editor shows it), where it is used, and 'Naam wijzigen', which renames it everywhere the flow
 * names it. Submissions stored before keep the old name; the count says how many.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@utrecht/button-react';
import type { UsageCounts } from '../api';
import type { Usage } from '../../shared/usage/types';
import { renameProblem } from '../../shared/usage/rename';
import type { Json } from '../../shared/usage/document';

export interface FieldDetailsProps {
  /** The field's label, for the names of the controls. */
  label: string;
  /** Its key in its step (dotted in a repeating group). */
  fieldKey: string;
  step: number;
  /** The parsed flow document (to check a new name). */
  document: Json;
  /** Where the field is used (worked out when the details are opened). */
  usageOf: () => Usage;
  readOnly: boolean;
  /** Open from the start, with focus on its summary (the field was just renamed). */
  reopened?: boolean;
  /** How much stored data holds the field, asked when the details are opened. */
  counts?: () => Promise<UsageCounts>;
  onRename: (to: string) => void;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function FieldDetails({ label, fieldKey, step, document, usageOf, readOnly, reopened = false, counts, onRename }: FieldDetailsProps) {
  const id = useId();
  const name = fieldKey.split('.').at(-1) ?? fieldKey;
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string>();
  const [stored, setStored] = useState<number | undefined>();
  const [isOpen, setOpen] = useState(reopened);
  const summary = useRef<HTMLElement>(null);
  // The uses are worked out only while the details are open (the editor shows many fields at once).
  const usage = useMemo(() => (isOpen ? usageOf() : undefined), [isOpen, document]); // eslint-disable-line react-hooks/exhaustive-deps -- usageOf reads the document; a new function each render
  useEffect(() => {
    if (reopened) summary.current?.focus();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- focus once, when the details come back after a save

  const open = () => {
    setOpen(true);
    if (stored !== undefined || !counts) return;
    counts().then(
      (answer) => setStored(answer.submissions),
      () => setStored(-1),
    );
  };
  const rename = () => {
    const wrong = renameProblem(document, step, fieldKey, value.trim());
    setProblem(wrong);
    if (wrong) return;
    onRename(value.trim());
    setValue('');
  };
  // Enter renames; it must not send the draft's form around the editor.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    rename();
  };
  const keep =
    stored === undefined || stored < 0
      ? `Ingediende aanvragen houden de oude naam ${name}.`
      : `${stored === 0 ? 'Geen ingediende aanvraag heeft' : `${stored} ingediende ${stored === 1 ? 'aanvraag heeft' : 'aanvragen hebben'}`} een waarde voor dit veld; ${stored === 0 ? 'later ingediende aanvragen krijgen de nieuwe naam' : `${stored === 1 ? 'die houdt' : 'die houden'} de oude naam ${name}`}.`;

  return (
    <details className="beheer-rule" open={reopened || undefined} onToggle={(event) => (event.currentTarget.open ? open() : setOpen(false))}>
      <summary className="beheer-rule__summary" ref={summary}>
        Details<span className="visually-hidden">{` van ${label}`}</span>
      </summary>
      <dl className="beheer-facts">
        <dt>Naam in de gegevens</dt>
        <dd>
          <code className="beheer-pointer">{name}</code>
        </dd>
      </dl>
      {usage && (
        <p className="utrecht-paragraph">{usage.uses.length === 0 ? 'Dit veld wordt nergens anders in de flow gebruikt.' : 'Waar dit veld gebruikt wordt:'}</p>
      )}
      {usage && usage.uses.length > 0 && (
        <ul className="utrecht-unordered-list">
          {usage.uses.map((use) => (
            <li key={use.id} className="utrecht-unordered-list__item">
              {capital(use.text)}
            </li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <div className="beheer-field__grid">
          <label className="utrecht-form-label" htmlFor={`${id}-naam`}>
            Nieuwe naam in de gegevens
          </label>
          <div>
            <p className="utrecht-form-field-description" id={`${id}-uitleg`}>
              {`Een letter, dan letters, cijfers of _. Alles in de flow dat dit veld noemt, gaat mee. ${keep}`}
            </p>
            {problem && (
              <p className="utrecht-form-field-error-message" id={`${id}-fout`}>
                <span className="visually-hidden">Fout: </span>
                {problem}
              </p>
            )}
            <input
              id={`${id}-naam`}
              className="utrecht-textbox utrecht-textbox--html-input beheer-code"
              value={value}
              spellCheck={false}
              autoComplete="off"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-fout ${id}-uitleg` : `${id}-uitleg`}
              onChange={(event) => setValue(event.target.value)}
              onKeyDown={onKeyDown}
            />
          </div>
          <span />
          <div>
            <Button appearance="secondary-action-button" onClick={rename}>
              Naam wijzigen<span className="visually-hidden">{` van ${label}`}</span>
            </Button>
          </div>
        </div>
      )}
    </details>
  );
}
