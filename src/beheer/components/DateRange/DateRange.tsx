/**
 * A period as two native date fields, 'Van' and 't/m', in one fieldset. The parent owns the value;
 * this reports each change and says, at the fieldset, when the end lies before the start.
 */
import { useId } from 'react';
import { dateRangeError, type DateRangeValue } from './dates';
import '../../../app/visuallyHidden.css';
import './dateRange.css';
import { describedBy, FieldTexts } from '../../../app/components/FieldTexts';

/** Props of {@link DateRange}. */
export interface DateRangeProps {
  /** The legend of the fieldset. */
  label: string;
  hint?: string;
  /** ISO dates ('YYYY-MM-DD'); an empty field is undefined. */
  value: DateRangeValue;
  onChange(value: DateRangeValue): void;
  /** Earliest and latest date to choose, ISO. */
  min?: string;
  max?: string;
}

/** The range message, or none when a value cannot be read (the inputs then show it as empty; it is no user error to report). */
function safeError(value: DateRangeValue): string | undefined {
  try {
    return dateRangeError(value);
  } catch {
    return undefined;
  }
}

/** A `<fieldset>` with the legend, optional hint and range message, and the 'Van' and 't/m' date inputs. */
export function DateRange({ label, hint, value, onChange, min, max }: DateRangeProps) {
  const ids = { from: useId(), to: useId(), hint: useId(), error: useId() };
  const error = safeError(value);
  const described = describedBy({ hint, hintId: ids.hint, error, errorId: ids.error });
  const change = (side: keyof DateRangeValue, text: string) => onChange({ ...value, [side]: text || undefined });
  const inputClass = 'utrecht-textbox utrecht-textbox--html-input portal-date-range__input';

  return (
    <fieldset className={`utrecht-form-fieldset portal-date-range${error ? ' utrecht-form-fieldset--invalid' : ''}`} aria-describedby={described}>
      <legend className="utrecht-form-fieldset__legend utrecht-form-label">{label}</legend>
      <FieldTexts hint={hint} hintId={ids.hint} error={error} errorId={ids.error} />
      <div className="portal-date-range__fields">
        <div className="utrecht-form-field">
          <label className="utrecht-form-label" htmlFor={ids.from}>
            Van
          </label>
          <input
            id={ids.from}
            type="date"
            className={inputClass}
            value={value.from ?? ''}
            min={min}
            max={value.to || max}
            onChange={(event) => change('from', event.target.value)}
          />
        </div>
        <div className="utrecht-form-field">
          <label className="utrecht-form-label" htmlFor={ids.to}>
            t/m
          </label>
          <input
            id={ids.to}
            type="date"
            className={`${inputClass}${error ? ' utrecht-textbox--invalid' : ''}`}
            value={value.to ?? ''}
            min={value.from || min}
            max={max}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            onChange={(event) => change('to', event.target.value)}
          />
        </div>
      </div>
    </fieldset>
  );
}
