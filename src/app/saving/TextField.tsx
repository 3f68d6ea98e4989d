/** One labelled text input with its hint and message, as the saving pages ask them (e-mail, code). */
import { useId, type InputHTMLAttributes, type RefObject } from 'react';
import { describedBy, FieldTexts } from '../components/FieldTexts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  label: string;
  hint?: string;
  /** The message to show, with its hidden 'Fout:' prefix. */
  error?: string;
  errorPrefix: string;
  value: string;
  onChange: (value: string) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
}

export function TextField({ label, hint, error, errorPrefix, value, onChange, inputRef, className, ...input }: TextFieldProps) {
  const ids = { input: useId(), hint: useId(), error: useId() };
  return (
    <div className={`utrecht-form-field utrecht-form-field--text${error ? ' utrecht-form-field--invalid' : ''}`}>
      <div className="utrecht-form-field__label">
        <label className="utrecht-form-label" htmlFor={ids.input}>
          {label}
        </label>
      </div>
      <FieldTexts hint={hint} hintId={ids.hint} error={error} errorId={ids.error} errorPrefix={errorPrefix} alert />
      <div className="utrecht-form-field__input">
        <input
          {...input}
          ref={inputRef}
          id={ids.input}
          className={`utrecht-textbox utrecht-textbox--html-input${error ? ' utrecht-textbox--invalid' : ''}${className ? ` ${className}` : ''}`}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy({ hint, hintId: ids.hint, error, errorId: ids.error })}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
    </div>
  );
}
