// The radio markup shared by RadioGroup, YesNo and DeclarationRadio: one NL Design System radio
// with its own <label> per option, values encoded by index so numbers and booleans round-trip.
import type { FocusEvent } from 'react';
import { optionId } from '@rjsf/utils';
import { RadioButton } from '@utrecht/radio-button-react';
import { useControlAria } from './aria';
import './options.css';

/** One radio: its visible label and the form value it stands for. */
export interface RadioItem {
  label: string;
  value: unknown;
  disabled?: boolean;
  /** `'nl'` for a Dutch label on an English page. */
  lang?: 'nl';
}

/** Props of {@link RadioOptions}. */
export interface RadioOptionsProps {
  /** rjsf field id: the wrapper gets it, option i gets `${id}-${i}` (rjsf's optionId). */
  id: string;
  name: string;
  items: RadioItem[];
  /** Index of the checked item, -1 for none. */
  selectedIndex: number;
  inline?: boolean;
  disabled?: boolean;
  readonly?: boolean;
  autofocus?: boolean;
  invalid?: boolean;
  required?: boolean;
  onSelect: (value: unknown) => void;
  onBlur: (id: string, value: unknown) => void;
  onFocus: (id: string, value: unknown) => void;
}

/** Renders the radios only; the FieldTemplate renders the fieldset and legend around them. */
export function RadioOptions(props: RadioOptionsProps) {
  const { id, name, items, selectedIndex, inline, disabled, readonly, autofocus } = props;
  const aria = useControlAria({ id, required: props.required });
  const invalid = Boolean(props.invalid) || aria.invalid;
  const valueOf = (event: FocusEvent<HTMLInputElement>) => items[Number(event.target.value)]?.value;
  return (
    <div
      id={id}
      role="radiogroup"
      aria-labelledby={aria.labelledBy}
      aria-required={aria.required || undefined}
      aria-invalid={invalid || undefined}
      className={`widget-radio-options${inline ? ' widget-radio-options--inline' : ''}`}
    >
      {items.map((item, index) => {
        const optId = optionId(id, index);
        const checked = index === selectedIndex;
        const itemDisabled = disabled || item.disabled;
        return (
          <div key={optId} className="utrecht-form-field utrecht-form-field--radio widget-radio-options__option">
            <div className="utrecht-form-field__input">
              <RadioButton
                id={optId}
                name={name}
                value={String(index)}
                checked={checked}
                disabled={itemDisabled}
                invalid={invalid}
                autoFocus={autofocus && index === 0}
                aria-describedby={aria['aria-describedby']}
                onChange={() => {
                  if (!readonly) props.onSelect(item.value);
                }}
                onBlur={(event) => props.onBlur(id, valueOf(event))}
                onFocus={(event) => props.onFocus(id, valueOf(event))}
              />
            </div>
            <div className="utrecht-form-field__label">
              <label
                htmlFor={optId}
                lang={item.lang}
                className={`utrecht-form-label utrecht-form-label--radio${checked ? ' utrecht-form-label--checked' : ''}${itemDisabled ? ' utrecht-form-label--disabled' : ''}`}
              >
                {item.label}
              </label>
            </div>
          </div>
        );
      })}
    </div>
  );
}
