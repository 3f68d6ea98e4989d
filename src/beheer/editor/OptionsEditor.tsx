/**
 * The choices of one field in the structured editor: fixed choices (a value and a text each, in
 * order) or a reference list by name. Changes are written into the flow document's text by
 * fieldEdits.ts, in the form the field already uses.
 *
 * A value that is already in the document cannot be changed here: submitted applications hold
 * it, and would no longer match a choice. A choice added here gets a value of its own (the next
 * number, or its text in lower case) that can still be changed while this editor is open.
 */
import { useId, useRef, useState } from 'react';
import { Button } from '@utrecht/button-react';
import { useFocusLater } from './useFocusLater';
import { TableHead } from '../pages/TableHead';
import { uniqueSlug } from './optionValues';
import {
  fieldValueType,
  readOptions,
  setOptionList,
  setOptions,
  type FieldOption,
  type OptionForm,
  type OptionValue,
  type OptionValueType,
} from './fieldEdits';

export interface OptionsEditorProps {
  /** The field's label, as the form shows it. */
  label: string;
  /** The flow document's text. */
  text: string;
  /** Position of the step in `steps`. */
  step: number;
  /** The field's key in the step's `properties`. */
  fieldKey: string;
  /** Names of the reference lists a field can take its choices from. */
  lists: string[];
  onChange(text: string): void;
  readOnly: boolean;
  /**
   * Asks before a choice goes (with where it is used): given the choice, the text without it and
   * what to do once it has gone. Without it a choice is removed at once.
   */
  askRemove?: (option: { value: OptionValue; label: string; apply: (text: string) => string; done: () => void }) => void;
}

type Kind = 'vast' | 'lijst';
type Control = 'tekst' | 'omhoog' | 'omlaag' | 'verwijderen';

const TEXTBOX = 'utrecht-textbox utrecht-textbox--html-input';
const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** A value as one key (a number and its text stay apart). */
const keyOf = (value: OptionValue) => JSON.stringify(value);

/** A stored value as the administrator reads it: numbers with a decimal comma. */
const shown = (value: OptionValue) => (typeof value === 'number' ? String(value).replace('.', ',') : String(value));

/** The value of a new choice: the next whole number for numbers, else a slug of its text. */
function newValue(type: OptionValueType, taken: OptionValue[], text: string): OptionValue {
  if (type === 'integer' || type === 'number') {
    const numbers = taken.filter((value): value is number => typeof value === 'number');
    return numbers.length > 0 ? Math.floor(Math.max(...numbers)) + 1 : 1;
  }
  return uniqueSlug(text, taken);
}

/** A typed value for a new choice, or what is wrong with it. */
function parseValue(input: string, type: OptionValueType): { value: OptionValue } | { problem: string } {
  const trimmed = input.trim();
  if (type === 'integer') return /^-?\d+$/.test(trimmed) ? { value: Number(trimmed) } : { problem: 'Vul een geheel getal in, bijvoorbeeld 6.' };
  if (type === 'number')
    return /^-?\d+(?:[.,]\d+)?$/.test(trimmed) ? { value: Number(trimmed.replace(',', '.')) } : { problem: 'Vul een getal in, bijvoorbeeld 6 of 2,5.' };
  return trimmed === '' ? { problem: 'Vul een waarde in.' } : { value: trimmed };
}

/** How a choice is named in the buttons of its row: its text, or its position while it has none. */
const nameOf = (option: FieldOption, index: number) => (option.label.trim() === '' ? `keuze ${index + 1}` : `‘${option.label}’`);
/** The same in a sentence of its own ('Keuze ‘Arts’', 'Keuze 3'). */
const sentenceName = (option: FieldOption, index: number) => `Keuze ${option.label.trim() === '' ? index + 1 : `‘${option.label}’`}`;

export function OptionsEditor({ label, text, step, fieldKey, lists, onChange, readOnly, askRemove }: OptionsEditorProps) {
  const id = useId();
  const hintId = `${id}-waarde-uitleg`;
  const root = useRef<HTMLFieldSetElement>(null);
  const read = readOptions(text, step, fieldKey);
  const valueType = fieldValueType(text, step, fieldKey);
  const options = read?.kind === 'vast' ? read.options : [];

  // The kind chosen here wins until the document says otherwise (fixed choices without any yet
  // leave the reference list in place until the first choice is added).
  const documentKind = read?.kind;
  const [chosenKind, setChosenKind] = useState<Kind | undefined>(undefined);
  const [seenKind, setSeenKind] = useState(documentKind);
  if (seenKind !== documentKind) {
    setSeenKind(documentKind);
    // A document that no longer says (the text is being changed elsewhere) keeps what is shown.
    setChosenKind(documentKind === undefined ? (chosenKind ?? seenKind) : undefined);
  }
  const kind = chosenKind ?? documentKind;

  // Choices added here, by value: their value can still change (`manual`: typed rather than derived from the text).
  const [added, setAdded] = useState<ReadonlyMap<string, { manual: boolean }>>(new Map());
  // What is typed in the value of an added choice, by row.
  const [drafts, setDrafts] = useState<Readonly<Record<number, string>>>({});
  const [status, setStatus] = useState('');
  // What the other kind held, to bring it back when the administrator switches back.
  const remembered = useRef<{ options?: FieldOption[]; form?: OptionForm; list?: string }>({});

  // Focus moves after the change has been rendered (a new row, a removed one).
  const focusLater = useFocusLater(root);
  const focusRow = (row: number, control: Control) =>
    focusLater((container) => container.querySelector<HTMLElement>(`[data-row="${row}"] [data-control="${control}"]`));

  const write = (next: FieldOption[]) => onChange(setOptions(text, step, fieldKey, next, remembered.current.form));
  const rename = (from: OptionValue, to: OptionValue, manual: boolean) =>
    setAdded((current) => {
      const next = new Map(current);
      next.delete(keyOf(from));
      next.set(keyOf(to), { manual });
      return next;
    });

  const chooseKind = (next: Kind) => {
    if (next === kind) return;
    setChosenKind(next);
    if (next === 'lijst') {
      if (read?.kind === 'vast') remembered.current = { ...remembered.current, options: read.options, form: read.form };
      const list = remembered.current.list ?? lists[0];
      if (list !== undefined) onChange(setOptionList(text, step, fieldKey, list));
      return;
    }
    if (read?.kind === 'lijst') remembered.current = { ...remembered.current, list: read.list };
    const back = remembered.current.options;
    if (back && back.length > 0) onChange(setOptions(text, step, fieldKey, back, remembered.current.form));
  };

  const add = () => {
    const value = newValue(
      valueType,
      options.map((option) => option.value),
      '',
    );
    const next = [...options, { value, label: '' }];
    setAdded((current) => new Map(current).set(keyOf(value), { manual: false }));
    setDrafts({});
    setStatus(`Keuze ${next.length} toegevoegd.`);
    focusRow(next.length - 1, 'tekst');
    write(next);
  };

  const changeLabel = (index: number, labelText: string) => {
    const option = options[index];
    const fresh = added.get(keyOf(option.value));
    let value = option.value;
    if (fresh && !fresh.manual && valueType === 'string') {
      value = uniqueSlug(
        labelText,
        options.filter((_, position) => position !== index).map((other) => other.value),
      );
      if (value !== option.value) rename(option.value, value, false);
    }
    write(options.map((other, position) => (position === index ? { value, label: labelText } : other)));
  };

  const valueProblem = (index: number, input: string): { value?: OptionValue; problem?: string } => {
    const parsed = parseValue(input, valueType);
    if ('problem' in parsed) return parsed;
    const taken = options.some((other, position) => position !== index && other.value === parsed.value);
    return taken ? { problem: 'Een andere keuze heeft deze waarde al.' } : parsed;
  };

  const changeValue = (index: number, input: string) => {
    setDrafts((current) => ({ ...current, [index]: input }));
    const { value } = valueProblem(index, input);
    if (value === undefined || value === options[index].value) return;
    rename(options[index].value, value, true);
    write(options.map((other, position) => (position === index ? { ...other, value } : other)));
  };

  const move = (index: number, by: -1 | 1, control: Control) => {
    const target = index + by;
    if (target < 0 || target >= options.length) return;
    const next = [...options];
    [next[index], next[target]] = [next[target], next[index]];
    setDrafts({});
    setStatus(`${sentenceName(options[index], index)} staat nu op plaats ${target + 1} van ${options.length}.`);
    focusRow(target, control);
    write(next);
  };

  const remove = (index: number) => {
    const next = options.filter((_, position) => position !== index);
    const done = () => {
      setAdded((current) => {
        const rest = new Map(current);
        rest.delete(keyOf(options[index].value));
        return rest;
      });
      setDrafts({});
      setStatus(`${sentenceName(options[index], index)} verwijderd.`);
      if (next.length === 0) focusLater((container) => container.querySelector<HTMLElement>('[data-control="toevoegen"]'));
      else focusRow(Math.min(index, next.length - 1), 'verwijderen');
    };
    const apply = (current: string) => setOptions(current, step, fieldKey, next, remembered.current.form);
    if (askRemove) {
      askRemove({ value: options[index].value, label: options[index].label, apply, done });
      return;
    }
    done();
    onChange(apply(text));
  };

  const listNames = read?.kind === 'lijst' && !lists.includes(read.list) ? [read.list, ...lists] : lists;
  const columns = readOnly ? ['Waarde', 'Tekst'] : ['Waarde', 'Tekst', 'Acties'];

  return (
    <fieldset className="utrecht-form-fieldset beheer-field" ref={root}>
      <legend className="utrecht-form-fieldset__legend beheer-field__legend">{`Keuzes van ‘${label}’`}</legend>
      <fieldset className="utrecht-form-fieldset">
        <legend className="utrecht-form-fieldset__legend utrecht-form-label">Herkomst van de keuzes</legend>
        {(
          [
            ['vast', 'Vaste keuzes'],
            ['lijst', 'Uit referentiegegevens'],
          ] as const
        ).map(([value, caption]) => (
          <div key={value} className="utrecht-form-field utrecht-form-field--radio">
            <input
              type="radio"
              id={`${id}-herkomst-${value}`}
              name={`${id}-herkomst`}
              className="utrecht-radio-button utrecht-radio-button--html-input"
              checked={kind === value}
              disabled={readOnly}
              onChange={() => chooseKind(value)}
            />{' '}
            <label htmlFor={`${id}-herkomst-${value}`} className="utrecht-form-label utrecht-form-label--radio">
              {caption}
            </label>
          </div>
        ))}
      </fieldset>

      {kind === 'vast' && (
        <>
          <p id={hintId} className="utrecht-form-field-description">
            Een aanvraag bewaart de waarde van de gekozen keuze. Een bestaande waarde is daarom niet te wijzigen: eerder ingediende aanvragen zouden niet meer
            bij een keuze passen. Een nieuwe keuze krijgt vanzelf een waarde (het volgende nummer, of de tekst in kleine letters); die kunt u aanpassen zolang
            dit scherm open is.
          </p>
          {read?.kind === 'lijst' && (
            <p className="utrecht-paragraph">{`Tot u een keuze toevoegt, komen de keuzes nog uit de referentielijst ‘${read.list}’.`}</p>
          )}
          {options.length === 0 ? (
            <p className="utrecht-paragraph">Er zijn nog geen keuzes.</p>
          ) : (
            <div className="beheer-table-scroll">
              <table className="utrecht-table beheer-table">
                <TableHead caption={`Keuzes van ‘${label}’`} columns={columns} />
                <tbody className="utrecht-table__body">
                  {options.map((option, index) => {
                    const fresh = !readOnly && added.has(keyOf(option.value));
                    const draft = fresh ? drafts[index] : undefined;
                    const checked = draft === undefined ? undefined : valueProblem(index, draft);
                    // A draft stays while it is wrong or still what the value says; otherwise the document wins.
                    const showDraft = draft !== undefined && (checked?.problem !== undefined || checked?.value === option.value);
                    const problem = showDraft ? checked?.problem : undefined;
                    const errorId = `${id}-fout-${index}`;
                    const name = nameOf(option, index);
                    return (
                      <tr key={index} className="utrecht-table__row" data-row={index}>
                        <td className="utrecht-table__cell">
                          <label className="visually-hidden" htmlFor={`${id}-waarde-${index}`}>
                            {`Waarde van keuze ${index + 1}`}
                          </label>
                          {problem && (
                            <span id={errorId} className="utrecht-form-field-error-message">
                              <span className="visually-hidden">Fout: </span>
                              {problem}
                            </span>
                          )}
                          <input
                            id={`${id}-waarde-${index}`}
                            className={classes(TEXTBOX, 'beheer-number', problem !== undefined && 'utrecht-textbox--invalid')}
                            inputMode={valueType === 'integer' ? 'numeric' : valueType === 'number' ? 'decimal' : undefined}
                            value={showDraft ? draft : shown(option.value)}
                            readOnly={!fresh}
                            aria-invalid={problem !== undefined || undefined}
                            aria-describedby={classes(problem !== undefined && errorId, hintId)}
                            onChange={(event) => changeValue(index, event.target.value)}
                          />
                        </td>
                        <td className="utrecht-table__cell">
                          <label className="visually-hidden" htmlFor={`${id}-tekst-${index}`}>
                            {`Tekst van keuze ${index + 1}`}
                          </label>
                          <input
                            id={`${id}-tekst-${index}`}
                            data-control="tekst"
                            className={TEXTBOX}
                            value={option.label}
                            readOnly={readOnly}
                            onChange={(event) => changeLabel(index, event.target.value)}
                          />
                        </td>
                        {!readOnly && (
                          <td className="utrecht-table__cell">
                            <div className="beheer-actions">
                              <Button
                                appearance="secondary-action-button"
                                data-control="omhoog"
                                aria-disabled={index === 0 || undefined}
                                onClick={() => move(index, -1, 'omhoog')}
                              >
                                Omhoog<span className="visually-hidden">{` ${name}`}</span>
                              </Button>
                              <Button
                                appearance="secondary-action-button"
                                data-control="omlaag"
                                aria-disabled={index === options.length - 1 || undefined}
                                onClick={() => move(index, 1, 'omlaag')}
                              >
                                Omlaag<span className="visually-hidden">{` ${name}`}</span>
                              </Button>
                              <Button appearance="subtle-button" data-control="verwijderen" onClick={() => remove(index)}>
                                Verwijderen<span className="visually-hidden">{` ${name}`}</span>
                              </Button>
                            </div>
                          </td>
                        )}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          {!readOnly &&
            (valueType === 'boolean' ? (
              <p className="utrecht-paragraph">Een ja/nee-veld heeft alleen de waarden true en false; er kan geen keuze bij.</p>
            ) : (
              <Button appearance="secondary-action-button" data-control="toevoegen" onClick={add}>
                + Keuze toevoegen
              </Button>
            ))}
        </>
      )}

      {kind === 'lijst' &&
        (listNames.length === 0 ? (
          <p className="utrecht-paragraph">Er zijn geen referentielijsten om uit te kiezen.</p>
        ) : (
          <div className="utrecht-form-field">
            <label className="utrecht-form-label" htmlFor={`${id}-lijst`}>
              Referentielijst
            </label>
            <p id={`${id}-lijst-uitleg`} className="utrecht-form-field-description">
              De keuzes en hun teksten komen uit deze lijst met referentiegegevens.
            </p>
            <select
              id={`${id}-lijst`}
              className="utrecht-select utrecht-select--html-select"
              aria-describedby={`${id}-lijst-uitleg`}
              value={read?.kind === 'lijst' ? read.list : ''}
              disabled={readOnly}
              onChange={(event) => onChange(setOptionList(text, step, fieldKey, event.target.value))}
            >
              {read?.kind !== 'lijst' && <option value="">Kies een lijst</option>}
              {listNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        ))}

      <p className="visually-hidden" role="status">
        {status}
      </p>
    </fieldset>
  );
}
