/**
 * A field's limits in the structured editor, by what the field holds (fieldLimits.ts): lengths and a
 * pattern with its message for text, a range and whole numbers for a number, the date rule for a
 * date, the number of choices or items for a list. A field built on a shared definition shows the
 * definition's values as hints and takes its own as overrides. A box takes only what its limit can
 * be: anything else ('-1' for a length, 'abc') gets a Dutch message at the box and is not written.
 * Rendered as rows of the field's grid (label, control).
 */
import { useId, useState, type ReactNode } from 'react';
import { readMessages, setMessage, standardMessage, type SharedFields } from './fieldEdits';
import {
  DATE_RULES,
  parseCount,
  parseLimit,
  parsePattern,
  rangeProblem,
  readLimits,
  setDateRule,
  setLimit,
  setWholeNumbers,
  shownNumber,
  type FieldLimits as Limits,
  type LimitKeyword,
  type Parsed,
} from './fieldLimits';

export interface FieldLimitsProps {
  label: string;
  text: string;
  step: number;
  fieldKey: string;
  sharedFields?: Record<string, object>;
  onChange(text: string): void;
  readOnly: boolean;
}

interface BoxProps {
  id: string;
  label: string;
  value: number | string | undefined;
  /** The shared definition's value: what applies while the field has none of its own. */
  inherited?: number | string;
  hint: string;
  parse(input: string): Parsed<number | string>;
  onValue(value: number | string | undefined): void;
  /** A problem of the value as it stands (a lower limit above the upper one). */
  conflict?: string;
  readOnly: boolean;
  code?: boolean;
}

/** A box for one limit: what is typed is written only when it is a value the limit can take. */
function LimitBox({ id, label, value, inherited, hint, parse, onValue, conflict, readOnly, code }: BoxProps) {
  const [draft, setDraft] = useState<string>();
  const shown = typeof value === 'number' ? shownNumber(value) : (value ?? '');
  const parsed = draft === undefined ? undefined : parse(draft);
  // A draft stays while it is wrong or still says what the document says; otherwise the document wins.
  const showDraft =
    draft !== undefined && parsed !== undefined && ('problem' in parsed || parsed.value === value || (value === undefined && parsed.value === inherited));
  const problem = showDraft && parsed && 'problem' in parsed ? parsed.problem : conflict;
  const ids = { hint: `${id}-uitleg`, error: `${id}-fout` };
  return (
    <>
      <label className="utrecht-form-label" htmlFor={id}>
        {label}
      </label>
      <div>
        {problem && (
          <p className="utrecht-form-field-error-message" id={ids.error}>
            <span className="visually-hidden">Fout: </span>
            {problem}
          </p>
        )}
        <input
          id={id}
          className={`utrecht-textbox utrecht-textbox--html-input ${code ? 'beheer-code' : 'beheer-number'}${problem ? ' utrecht-textbox--invalid' : ''}`}
          inputMode={code ? undefined : parse === parseCount ? 'numeric' : 'decimal'}
          spellCheck={code ? false : undefined}
          value={showDraft ? draft : shown}
          readOnly={readOnly}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids.error} ${ids.hint}` : ids.hint}
          onChange={(event) => {
            const input = event.target.value;
            setDraft(input);
            const next = parse(input);
            if ('value' in next && next.value !== value) onValue(next.value);
          }}
        />
        <p className="utrecht-form-field-description" id={ids.hint}>
          {hint}
        </p>
      </div>
    </>
  );
}

const NAMES: Record<LimitKeyword, string> = {
  minLength: 'Minimale lengte',
  maxLength: 'Maximale lengte',
  pattern: 'Patroon',
  minimum: 'Kleinste waarde',
  maximum: 'Grootste waarde',
  minItems: 'Minimaal aantal',
  maxItems: 'Maximaal aantal',
};

/** The hint of a box: what the shared definition says, and what an empty box means. */
function hintOf(limits: Limits, keyword: LimitKeyword, unit: string): string {
  const inherited = limits.inherited[keyword];
  if (inherited !== undefined)
    return `Uit de gedeelde definitie: ${typeof inherited === 'number' ? shownNumber(inherited) : inherited}${unit}. Leeg: die waarde geldt.`;
  return 'Leeg: geen grens.';
}

export function FieldLimits({ label, text, step, fieldKey, sharedFields, onChange, readOnly }: FieldLimitsProps) {
  const id = useId();
  const shared = sharedFields as SharedFields | undefined;
  const limits = readLimits(text, step, fieldKey, shared);
  if (!limits || limits.kind === 'geen') return null;
  const write = (keyword: LimitKeyword) => (value: number | string | undefined) => onChange(setLimit(text, step, fieldKey, keyword, value, shared));
  const box = (keyword: LimitKeyword, parse: BoxProps['parse'], unit: string, conflict?: string, name = NAMES[keyword]) => (
    <LimitBox
      key={keyword}
      id={`${id}-${keyword}`}
      label={name}
      value={limits.own[keyword]}
      inherited={limits.inherited[keyword]}
      hint={hintOf(limits, keyword, unit)}
      parse={parse}
      onValue={write(keyword)}
      conflict={conflict}
      readOnly={readOnly}
    />
  );
  const range = (low: LimitKeyword, high: LimitKeyword, names: [string, string]) => rangeProblem(limits, low, high, names);
  const rows: ReactNode[] = [];

  if (limits.kind === 'tekst') {
    rows.push(
      box('minLength', parseCount, ' tekens', range('minLength', 'maxLength', ['Minimale lengte', 'Maximale lengte'])),
      box('maxLength', parseCount, ' tekens'),
      <LimitBox
        key="pattern"
        id={`${id}-pattern`}
        label="Patroon"
        code
        value={limits.own.pattern}
        inherited={limits.inherited.pattern}
        hint={
          limits.inherited.pattern !== undefined
            ? `Uit de gedeelde definitie: ${String(limits.inherited.pattern)}. Een eigen patroon vervangt dat.`
            : 'Een reguliere expressie waaraan de invoer moet voldoen, bijvoorbeeld ^[0-9]{8}$ voor precies acht cijfers. Leeg: geen eigen patroon.'
        }
        parse={parsePattern}
        onValue={write('pattern')}
        readOnly={readOnly}
      />,
    );
    if (limits.own.pattern !== undefined || limits.inherited.pattern !== undefined) {
      const message = readMessages(text, step, fieldKey).pattern ?? '';
      rows.push(
        <label key="pattern-label" className="utrecht-form-label" htmlFor={`${id}-pattern-melding`}>
          Melding bij een verkeerd formaat
        </label>,
        <div key="pattern-message">
          <input
            id={`${id}-pattern-melding`}
            className="utrecht-textbox utrecht-textbox--html-input"
            value={message}
            readOnly={readOnly}
            aria-describedby={`${id}-pattern-melding-uitleg`}
            onChange={(event) => onChange(setMessage(text, step, fieldKey, 'pattern', event.target.value))}
          />
          <p className="utrecht-form-field-description" id={`${id}-pattern-melding-uitleg`}>
            {`Wat de aanvrager leest als de invoer niet bij het patroon past. Leeg: ‘${standardMessage(text, step, fieldKey, 'pattern', label, shared)}’`}
          </p>
        </div>,
      );
    }
  }

  if (limits.kind === 'getal') {
    const whole = limits.integer === true;
    const parse = (input: string) => parseLimit(input, whole);
    rows.push(box('minimum', parse, '', range('minimum', 'maximum', ['Kleinste waarde', 'Grootste waarde'])), box('maximum', parse, ''));
    rows.push(
      <span key="whole-gap" />,
      <div key="whole" className="utrecht-form-field utrecht-form-field--checkbox">
        <input
          id={`${id}-heel`}
          type="checkbox"
          className="utrecht-checkbox utrecht-checkbox--html-input"
          checked={whole}
          disabled={readOnly}
          onChange={(event) => onChange(setWholeNumbers(text, step, fieldKey, event.target.checked, shared))}
        />{' '}
        <label className="utrecht-form-label utrecht-form-label--checkbox" htmlFor={`${id}-heel`}>
          Alleen hele getallen
        </label>
      </div>,
    );
  }

  if (limits.kind === 'keuzes' || limits.kind === 'items') {
    const what = limits.kind === 'keuzes' ? 'keuzes' : 'items';
    rows.push(
      box('minItems', parseCount, ` ${what}`, range('minItems', 'maxItems', [`Minimaal aantal ${what}`, `Maximaal aantal ${what}`]), `Minimaal aantal ${what}`),
      box('maxItems', parseCount, ` ${what}`, undefined, `Maximaal aantal ${what}`),
    );
  }

  if (limits.kind === 'datum') {
    rows.push(
      <span key="date-gap" />,
      <fieldset key="date" className="utrecht-form-fieldset" aria-describedby={`${id}-datum-uitleg`}>
        <legend className="utrecht-form-fieldset__legend utrecht-form-label">Datumregel</legend>
        {limits.format === 'date' ? (
          <p className="utrecht-paragraph">Elke geldige datum (opgeslagen als jjjj-mm-dd).</p>
        ) : (
          DATE_RULES.map((rule) => (
            <div key={rule.format} className="utrecht-form-field utrecht-form-field--radio">
              <input
                type="radio"
                id={`${id}-datum-${rule.format}`}
                name={`${id}-datum`}
                className="utrecht-radio-button utrecht-radio-button--html-input"
                checked={limits.format === rule.format}
                disabled={readOnly}
                onChange={() => onChange(setDateRule(text, step, fieldKey, rule.format, shared))}
              />{' '}
              <label htmlFor={`${id}-datum-${rule.format}`} className="utrecht-form-label utrecht-form-label--radio">
                {rule.label}
              </label>
            </div>
          ))
        )}
        <p className="utrecht-form-field-description" id={`${id}-datum-uitleg`}>
          Een vroegste of laatste datum kan het portaal nog niet controleren; alleen of het een geldige datum is en, als u dat kiest, dat die niet in de
          toekomst ligt.
        </p>
      </fieldset>,
    );
  }

  return <>{rows}</>;
}
