/**
 * A labelled native select whose options may be grouped under `<optgroup>` headings, with an empty
 * first option ('Maak een keuze') that stands for no choice, and the usual hint and message.
 */
import { useId } from 'react';
import { isOptionGroup, type SelectOption, type SelectOptionGroup } from './options';
import '../../visuallyHidden.css';
import { describedBy, FieldTexts } from '../FieldTexts';

/** Props of {@link GroupedSelect}. */
export interface GroupedSelectProps {
  label: string;
  hint?: string;
  /** Single options and groups, shown in this order. */
  options: (SelectOption | SelectOptionGroup)[];
  /** The chosen value; undefined shows the placeholder. */
  value?: string;
  /** Called with the chosen value, or undefined when the placeholder is chosen. */
  onChange(value: string | undefined): void;
  /** Text of the empty first option. */
  placeholder?: string;
  /** The message to show; 'Fout: ' is put before it for screen readers. */
  error?: string;
}

const renderOption = (option: SelectOption) => (
  <option key={option.value} value={option.value}>
    {option.label}
  </option>
);

/** A `<select>` with its label, hint and message; groups become `<optgroup label>`. */
export function GroupedSelect({ label, hint, options, value, onChange, placeholder = 'Maak een keuze', error }: GroupedSelectProps) {
  const ids = { select: useId(), hint: useId(), error: useId() };
  return (
    <div className={`utrecht-form-field utrecht-form-field--select${error ? ' utrecht-form-field--invalid' : ''}`}>
      <div className="utrecht-form-field__label">
        <label className="utrecht-form-label" htmlFor={ids.select}>
          {label}
        </label>
      </div>
      <FieldTexts hint={hint} hintId={ids.hint} error={error} errorId={ids.error} />
      <div className="utrecht-form-field__input">
        <select
          id={ids.select}
          className={`utrecht-select utrecht-select--html-select${error ? ' utrecht-select--invalid' : ''}`}
          value={value ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy({ hint, hintId: ids.hint, error, errorId: ids.error })}
          onChange={(event) => onChange(event.target.value || undefined)}
        >
          <option value="">{placeholder}</option>
          {options.map((entry) =>
            isOptionGroup(entry) ? (
              <optgroup key={`group-${entry.group}`} label={entry.group}>
                {entry.options.map(renderOption)}
              </optgroup>
            ) : (
              renderOption(entry)
            ),
          )}
        </select>
      </div>
    </div>
  );
}
