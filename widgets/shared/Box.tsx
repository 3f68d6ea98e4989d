// One labelled text box of a field made of several (a date's day, month and year; a date and its
// time): its label above it, a numeric keyboard, and the field's state (required, invalid, what
// describes it), inside the field's fieldset. The boxes stand side by side in `.widget-boxes`.
import type { ChangeEvent, FocusEvent } from 'react';
import { Textbox } from '@utrecht/textbox-react';
import type { textboxState } from './aria';
import './boxes.css';

export interface BoxProps {
  id: string;
  name: string;
  label: string;
  value: string;
  className: string;
  placeholder?: string;
  autoComplete?: string;
  /** The field's state, from `textboxState`; only the first box takes its autofocus. */
  state: ReturnType<typeof textboxState>;
  first: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: (event: FocusEvent<HTMLInputElement>) => void;
  onFocus: () => void;
}

export function Box({ id, name, label, value, className, placeholder, autoComplete, state, first, onChange, onBlur, onFocus }: BoxProps) {
  return (
    <div className="widget-boxes__item">
      <label className="utrecht-form-label widget-boxes__label" htmlFor={id}>
        {label}
      </label>
      <Textbox
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete={autoComplete}
        placeholder={placeholder}
        className={className}
        value={value}
        {...state}
        autoFocus={state.autoFocus && first}
        onChange={onChange}
        onBlur={onBlur}
        onFocus={onFocus}
      />
    </div>
  );
}
