// One NL Design System checkbox with its own <label> next to it, shared by Checkbox and
// DeclarationCheckbox (which differ in label default and in the value when unchecked).
import type { WidgetProps } from '@rjsf/utils';
import { Checkbox as UtrechtCheckbox, type CheckboxProps } from '@utrecht/checkbox-react';
import { useControlAria } from './aria';

/** Props of {@link CheckboxControl}. */
export interface CheckboxControlProps {
  props: WidgetProps;
  /** Visible label next to the box. */
  label: string;
  /** `'nl'` for a Dutch label on an English page. */
  lang?: 'nl';
  /** Form value when the box is not ticked (false for a plain checkbox, undefined for a declaration). */
  uncheckedValue: false | undefined;
  /** Sets aria-required. */
  required: boolean;
  /** More attributes of the box itself (a switch: its role and the class it is drawn by). */
  input?: CheckboxProps;
}

/** Renders the checkbox and its label; the value is `true` when ticked. */
export function CheckboxControl({ props, label, lang, uncheckedValue, required, input }: CheckboxControlProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, rawErrors, onChange, onBlur, onFocus } = props;
  const checked = value === true;
  const aria = useControlAria({ id, rawErrors, required });
  const valueOf = (ticked: boolean) => (ticked ? true : uncheckedValue);
  return (
    <div className="utrecht-form-field utrecht-form-field--checkbox">
      <div className="utrecht-form-field__input">
        <UtrechtCheckbox
          {...input}
          id={id}
          name={htmlName || id}
          checked={checked}
          disabled={disabled || readonly}
          required={required}
          invalid={aria.invalid}
          autoFocus={autofocus}
          aria-describedby={aria['aria-describedby']}
          onChange={(event) => onChange(valueOf(event.target.checked))}
          onBlur={(event) => onBlur(id, valueOf(event.target.checked))}
          onFocus={(event) => onFocus(id, valueOf(event.target.checked))}
        />
      </div>
      <div className="utrecht-form-field__label">
        <label
          htmlFor={id}
          lang={lang}
          className={`utrecht-form-label utrecht-form-label--checkbox${checked ? ' utrecht-form-label--checked' : ''}${disabled || readonly ? ' utrecht-form-label--disabled' : ''}`}
        >
          {label}
        </label>
      </div>
    </div>
  );
}
