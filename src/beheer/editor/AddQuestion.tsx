/**
 * Adding a question of a generic kind to a step (questionKinds.ts): short or long text, a number, a
 * date, yes/no, a choice or multiple choice with options typed here, or a repeating group with its
 * first field; a label, and required or not. An option's value is made from its text (and can be
 * changed here before the question is added); the question's name in the data from its label.
 */
import { useId, useRef, useState } from 'react';
import { Button } from '@utrecht/button-react';
import { fieldKeyFrom } from './documentEdits';
import { uniqueSlug } from './optionValues';
import { QUESTION_KINDS, SIMPLE_KINDS, questionProblems, type Question, type QuestionKind, type SimpleKind } from './questionKinds';
import './parts.css';

export interface AddQuestionProps {
  /** Names where the question goes, e.g. "Eigen vraag toevoegen aan 'Uw gegevens'". */
  legend: string;
  /** The names the step's data has already. */
  taken: string[];
  onAdd(key: string, question: Question): void;
}

interface OptionRow {
  label: string;
  value: string;
  /** Whether the value was typed (it no longer follows the text). */
  typed: boolean;
}

const TEXTBOX = 'utrecht-textbox utrecht-textbox--html-input';
const EMPTY_ROWS: OptionRow[] = [
  { label: '', value: '', typed: false },
  { label: '', value: '', typed: false },
];

function ErrorText({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p className="utrecht-form-field-error-message" id={id}>
      <span className="visually-hidden">Fout: </span>
      {text}
    </p>
  ) : null;
}

/** The options of a new choice: a text and a value per row, added and removed here. */
function OptionRows({ rows, onRows, error, errorId }: { rows: OptionRow[]; onRows(rows: OptionRow[]): void; error?: string; errorId: string }) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const change = (index: number, part: Partial<OptionRow>) =>
    onRows(
      rows.map((row, position) => {
        if (position !== index) return row;
        const next = { ...row, ...part };
        // A value follows its text until it is typed itself.
        if (part.label !== undefined && !row.typed)
          next.value = uniqueSlug(
            part.label,
            rows.filter((_, other) => other !== index).map((other) => other.value),
          );
        return next;
      }),
    );
  const focusRow = (index: number) => requestAnimationFrame(() => list.current?.querySelector<HTMLInputElement>(`[data-row="${index}"] input`)?.focus());
  return (
    <fieldset className="utrecht-form-fieldset" aria-describedby={error ? errorId : undefined}>
      <legend className="utrecht-form-fieldset__legend utrecht-form-label">Opties</legend>
      <ErrorText id={errorId} text={error} />
      <p className="utrecht-form-field-description">
        De aanvrager leest de tekst; een aanvraag bewaart de waarde. De waarde wordt uit de tekst gemaakt; u kunt hem aanpassen.
      </p>
      <div ref={list}>
        {rows.map((row, index) => (
          <div key={index} className="beheer-option-row" data-row={index}>
            <label className="utrecht-form-label" htmlFor={`${id}-tekst-${index}`}>
              {`Tekst van optie ${index + 1}`}
            </label>
            <input id={`${id}-tekst-${index}`} className={TEXTBOX} value={row.label} onChange={(event) => change(index, { label: event.target.value })} />
            <label className="utrecht-form-label" htmlFor={`${id}-waarde-${index}`}>
              {`Waarde van optie ${index + 1}`}
            </label>
            <input
              id={`${id}-waarde-${index}`}
              className={`${TEXTBOX} beheer-code`}
              value={row.value}
              spellCheck={false}
              onChange={(event) => change(index, { value: event.target.value, typed: true })}
            />
            <Button
              appearance="subtle-button"
              onClick={() => {
                onRows(rows.filter((_, position) => position !== index));
                focusRow(Math.max(0, index - 1));
              }}
            >
              Verwijderen<span className="visually-hidden">{` optie ${index + 1}`}</span>
            </Button>
          </div>
        ))}
      </div>
      <Button
        appearance="secondary-action-button"
        onClick={() => {
          onRows([...rows, { label: '', value: '', typed: false }]);
          focusRow(rows.length);
        }}
      >
        + Optie toevoegen
      </Button>
    </fieldset>
  );
}

export function AddQuestion({ legend, taken, onAdd }: AddQuestionProps) {
  const id = useId();
  const [kind, setKind] = useState<QuestionKind>('kort');
  const [label, setLabel] = useState('');
  const [required, setRequired] = useState(false);
  const [rows, setRows] = useState<OptionRow[]>(EMPTY_ROWS);
  const [first, setFirst] = useState<{ kind: SimpleKind; label: string; required: boolean }>({ kind: 'kort', label: '', required: true });
  const [errors, setErrors] = useState<ReturnType<typeof questionProblems>>({});
  const [status, setStatus] = useState('');
  const key = label.trim() ? fieldKeyFrom(label, taken) : '';
  const withOptions = kind === 'keuze' || kind === 'meerkeuze';
  const ids = { label: `${id}-label`, labelError: `${id}-label-fout`, options: `${id}-opties-fout`, first: `${id}-eerste-fout` };

  const question = (): Question => ({
    kind,
    label: label.trim(),
    required,
    ...(withOptions ? { options: rows.map((row) => ({ label: row.label.trim(), value: row.value.trim() })) } : {}),
    ...(kind === 'groep' ? { first: { ...first, label: first.label.trim(), key: fieldKeyFrom(first.label, []) } } : {}),
  });

  const add = () => {
    const next = question();
    const problems = questionProblems(next);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setStatus('');
      const box = problems.label
        ? document.getElementById(ids.label)
        : problems.options
          ? document.getElementById(`${id}-opties`)?.querySelector('input')
          : document.getElementById(`${id}-eerste-label`);
      box?.focus();
      return;
    }
    onAdd(key, next);
    setStatus(`Vraag ‘${next.label}’ toegevoegd aan het einde van de stap.`);
    setLabel('');
    setRequired(false);
    setRows(EMPTY_ROWS);
    setFirst({ kind: 'kort', label: '', required: true });
  };

  return (
    <fieldset className="utrecht-form-fieldset beheer-field beheer-add-field">
      <legend className="utrecht-form-fieldset__legend beheer-field__legend">{legend}</legend>
      <fieldset className="utrecht-form-fieldset">
        <legend className="utrecht-form-fieldset__legend utrecht-form-label">Soort vraag</legend>
        {QUESTION_KINDS.map((option) => (
          <div key={option.kind} className="utrecht-form-field utrecht-form-field--radio">
            <input
              type="radio"
              id={`${id}-soort-${option.kind}`}
              name={`${id}-soort`}
              className="utrecht-radio-button utrecht-radio-button--html-input"
              checked={kind === option.kind}
              aria-describedby={`${id}-soort-${option.kind}-uitleg`}
              onChange={() => setKind(option.kind)}
            />{' '}
            <label htmlFor={`${id}-soort-${option.kind}`} className="utrecht-form-label utrecht-form-label--radio">
              {option.label}
            </label>
            <span id={`${id}-soort-${option.kind}-uitleg`} className="utrecht-form-field-description beheer-inline-hint">
              {option.hint}
            </span>
          </div>
        ))}
      </fieldset>
      <div className="beheer-field__grid">
        <label className="utrecht-form-label" htmlFor={ids.label}>
          Vraag
        </label>
        <div>
          <ErrorText id={ids.labelError} text={errors.label} />
          <input
            id={ids.label}
            className={TEXTBOX}
            value={label}
            aria-invalid={errors.label ? true : undefined}
            aria-describedby={errors.label ? ids.labelError : undefined}
            onChange={(event) => setLabel(event.target.value)}
          />
        </div>
        <span />
        <div className="utrecht-form-field utrecht-form-field--checkbox">
          <input
            id={`${id}-verplicht`}
            type="checkbox"
            className="utrecht-checkbox utrecht-checkbox--html-input"
            checked={required}
            onChange={(event) => setRequired(event.target.checked)}
          />{' '}
          <label className="utrecht-form-label utrecht-form-label--checkbox" htmlFor={`${id}-verplicht`}>
            Verplicht
          </label>
        </div>
      </div>
      {withOptions && (
        <div id={`${id}-opties`}>
          <OptionRows rows={rows} onRows={setRows} error={errors.options} errorId={ids.options} />
        </div>
      )}
      {kind === 'groep' && (
        <fieldset className="utrecht-form-fieldset" aria-describedby={errors.first ? ids.first : undefined}>
          <legend className="utrecht-form-fieldset__legend utrecht-form-label">Eerste veld van de groep</legend>
          <div className="beheer-field__grid">
            <label className="utrecht-form-label" htmlFor={`${id}-eerste-soort`}>
              Soort veld
            </label>
            <select
              id={`${id}-eerste-soort`}
              className="utrecht-select utrecht-select--html-select"
              value={first.kind}
              onChange={(event) => setFirst({ ...first, kind: event.target.value as SimpleKind })}
            >
              {QUESTION_KINDS.filter((option) => SIMPLE_KINDS.includes(option.kind)).map((option) => (
                <option key={option.kind} value={option.kind}>
                  {option.label}
                </option>
              ))}
            </select>
            <label className="utrecht-form-label" htmlFor={`${id}-eerste-label`}>
              Vraag van het eerste veld
            </label>
            <div>
              <ErrorText id={ids.first} text={errors.first} />
              <input
                id={`${id}-eerste-label`}
                className={TEXTBOX}
                value={first.label}
                aria-invalid={errors.first ? true : undefined}
                aria-describedby={errors.first ? ids.first : undefined}
                onChange={(event) => setFirst({ ...first, label: event.target.value })}
              />
            </div>
            <span />
            <div className="utrecht-form-field utrecht-form-field--checkbox">
              <input
                id={`${id}-eerste-verplicht`}
                type="checkbox"
                className="utrecht-checkbox utrecht-checkbox--html-input"
                checked={first.required}
                onChange={(event) => setFirst({ ...first, required: event.target.checked })}
              />{' '}
              <label className="utrecht-form-label utrecht-form-label--checkbox" htmlFor={`${id}-eerste-verplicht`}>
                Eerste veld verplicht
              </label>
            </div>
          </div>
        </fieldset>
      )}
      <div className="beheer-actions">
        <Button appearance="secondary-action-button" onClick={add}>
          Vraag toevoegen
        </Button>
      </div>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </fieldset>
  );
}
