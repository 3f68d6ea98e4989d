// Date as typed text 'dd-MM-yyyy' with an input mask. Exists because native date pickers are
// hard to use for dates of birth and differ per browser; validity is checked by the schema
// format, not here. A field with `format: 'date'` (JSON Schema's ISO date, rjsf's 'date' widget)
// is shown and typed the same way but stores 'yyyy-mm-dd'.
import { useLayoutEffect, useRef, type ChangeEvent, type FocusEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { Textbox } from '@utrecht/textbox-react';
import { textboxState, useControlAria } from '../shared/aria';
import { useTyping } from '../shared/typing';
import { useT } from '../shared/useT';
import { orEmpty } from '../shared/emptyValue';
import './DateInput.css';

const LIMITS = [2, 2, 4] as const;
const MAX_DIGITS = 8;

function countDigits(text: string): number {
  return text.replace(/\D/g, '').length;
}

/** Keeps digits and '-' only ('.', '/' and spaces become '-', as in pasted dates). */
export function cleanDate(raw: string): string {
  return raw.replace(/[./\s]/g, '-').replace(/[^0-9-]/g, '');
}

/**
 * Formats text typed at the end of the field: at most 2 day, 2 month and 4 year digits, one '-'
 * between them; with `autoSeparator` a '-' is added as soon as the day or month is complete.
 */
export function maskDate(raw: string, autoSeparator: boolean): string {
  const segments = ['', '', ''];
  let index = 0;
  for (const char of cleanDate(raw)) {
    if (char === '-') {
      if (segments[index] !== '' && index < 2) index += 1;
      continue;
    }
    if (segments[index].length >= LIMITS[index]) {
      if (index === 2) continue;
      index += 1;
    }
    segments[index] += char;
  }
  if (autoSeparator && index < 2 && segments[index].length === LIMITS[index]) index += 1;
  return segments.slice(0, index + 1).join('-');
}

/** Pads a one-digit day and month with a leading zero once they are followed by '-': '1-2-1980' becomes '01-02-1980'. */
export function padDate(text: string): string {
  const parts = text.split('-');
  return parts.map((part, index) => (index < 2 && index < parts.length - 1 && part.length === 1 ? `0${part}` : part)).join('-');
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TYPED_DATE = /^(\d{2})-(\d{2})-(\d{4})$/;

function isRealDate(year: number, month: number, day: number): boolean {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/**
 * The stored form of typed text in ISO mode: a complete, existing 'dd-mm-jjjj' becomes 'yyyy-mm-dd';
 * anything else stays the text itself, so the schema's format check reports it.
 */
export function toIsoDate(typed: string): string {
  const match = TYPED_DATE.exec(typed);
  if (!match) return typed;
  const [, day, month, year] = match;
  return isRealDate(Number(year), Number(month), Number(day)) ? `${year}-${month}-${day}` : typed;
}

/** The shown form of a stored ISO date: 'yyyy-mm-dd' becomes 'dd-mm-jjjj'; other text is shown as it is. */
export function fromIsoDate(stored: string): string {
  const match = ISO_DATE.exec(stored);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : stored;
}

/**
 * rjsf widget for a date typed as DD-MM-JJJJ; value is the text or undefined, or with
 * `schema.format === 'date'` the ISO date 'yyyy-mm-dd' (see {@link toIsoDate}). Options: `autocomplete`.
 */
export function DateInput(props: WidgetProps) {
  const { id, htmlName, value, required, options, schema, rawErrors, registry } = props;
  const { onChange, onBlur, onFocus } = props;
  const { t } = useT(registry);
  const typing = useTyping(registry, id);
  const iso = schema.format === 'date';
  const shownValue = typeof value === 'string' ? (iso ? fromIsoDate(value) : value) : '';
  const display = typing.shown(shownValue);
  /** The form value of shown text: undefined when empty, the ISO date in ISO mode. */
  const toStored = (text: string): string | undefined => orEmpty(text === '' ? undefined : iso ? toIsoDate(text) : text, options);
  const inputRef = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (caret.current !== null && inputRef.current && document.activeElement === inputRef.current) {
      inputRef.current.setSelectionRange(caret.current, caret.current);
    }
    caret.current = null;
  });

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const position = event.target.selectionStart ?? raw.length;
    let next: string;
    if (position >= raw.length) {
      // Typing (or deleting) at the end: mask, adding separators only while typing forward.
      next = maskDate(raw, raw.length > display.length);
    } else {
      // Editing in the middle: keep the text as it is, but refuse what the mask never allows.
      const cleaned = cleanDate(raw);
      const allowed = countDigits(cleaned) <= MAX_DIGITS && cleaned.length <= 10;
      next = allowed ? cleaned : display;
      caret.current = allowed ? position - (raw.length - cleaned.length) : Math.max(0, position - (raw.length - display.length));
    }
    if (next !== display) typing.type(next, () => onChange(toStored(next)));
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    typing.settle();
    const padded = padDate(event.target.value);
    const next = toStored(padded);
    if (padded !== event.target.value) onChange(next);
    onBlur(id, next);
  };

  const aria = useControlAria({ id, rawErrors, required });
  return (
    <Textbox
      ref={inputRef}
      id={id}
      name={htmlName || id}
      type="text"
      inputMode="numeric"
      autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : 'off'}
      placeholder={t('widget.date.placeholder')}
      className="widget-date-input"
      value={display}
      {...textboxState(props, aria)}
      onChange={handleChange}
      onBlur={handleBlur}
      onFocus={(event) => onFocus(id, toStored(event.target.value))}
    />
  );
}
