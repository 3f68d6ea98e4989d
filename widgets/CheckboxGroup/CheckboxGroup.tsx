// Checkbox group for a multi-select list (an array whose items have an enum): one NL Design System
// checkbox with its own <label> per choice. Exists so several choices from a short list follow the
// spec's checkbox pattern, and the chosen values come back in the order of the choices.
import type { EnumOptionsType, WidgetProps } from '@rjsf/utils';
import { enumOptionsIsSelected, optionId } from '@rjsf/utils';
import { Checkbox as UtrechtCheckbox } from '@utrecht/checkbox-react';
import { useControlAria } from '../shared/aria';
import { useT, useTextLang } from '../shared/useT';
import '../shared/options.css';

/** Indexes of the options whose value is in `value`, in option order. */
export function chosenIndexes(enumOptions: EnumOptionsType[], value: unknown): number[] {
  const chosen = Array.isArray(value) ? (value as unknown[]) : [];
  return enumOptions.flatMap((option, index) => (chosen.some((item) => enumOptionsIsSelected(option.value, item)) ? [index] : []));
}

/** The form value for the chosen option indexes: their values in option order, undefined for none. */
export function valueOfIndexes(enumOptions: EnumOptionsType[], indexes: Iterable<number>): unknown[] | undefined {
  const set = new Set(indexes);
  const values = enumOptions.filter((_, index) => set.has(index)).map((option) => option.value as unknown);
  return values.length > 0 ? values : undefined;
}

/**
 * rjsf widget: one checkbox per `options.enumOptions` entry; value is the array of the ticked values
 * in option order, or undefined. Options: `inline` (side by side), `enumDisabled` (values shown but
 * not selectable). The FieldTemplate renders the fieldset and legend around it.
 */
export function CheckboxGroup(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, options, rawErrors, registry } = props;
  const { onChange, onBlur, onFocus } = props;
  const { tx } = useT(registry);
  const textLang = useTextLang(registry);
  const enumOptions: EnumOptionsType[] = options.enumOptions ?? [];
  const enumDisabled = Array.isArray(options.enumDisabled) ? options.enumDisabled : [];
  const chosen = chosenIndexes(enumOptions, value);
  const current = valueOfIndexes(enumOptions, chosen);

  const toggle = (index: number, ticked: boolean) => {
    if (readonly) return;
    const next = new Set(chosen);
    if (ticked) next.add(index);
    else next.delete(index);
    onChange(valueOfIndexes(enumOptions, next));
  };

  const aria = useControlAria({ id, rawErrors, required });
  return (
    <div id={id} className={`widget-checkbox-group${options.inline ? ' widget-checkbox-group--inline' : ''}`}>
      {enumOptions.map((option, index) => {
        const optId = optionId(id, index);
        const checked = chosen.includes(index);
        const itemDisabled = disabled || readonly || enumDisabled.includes(option.value);
        return (
          <div key={optId} className="utrecht-form-field utrecht-form-field--checkbox widget-checkbox-group__option">
            <div className="utrecht-form-field__input">
              <UtrechtCheckbox
                id={optId}
                name={htmlName || id}
                value={String(index)}
                checked={checked}
                disabled={itemDisabled}
                invalid={aria.invalid}
                autoFocus={autofocus && index === 0}
                aria-describedby={aria['aria-describedby']}
                onChange={(event) => toggle(index, event.target.checked)}
                onBlur={() => onBlur(id, current)}
                onFocus={() => onFocus(id, current)}
              />
            </div>
            <div className="utrecht-form-field__label">
              <label
                htmlFor={optId}
                lang={textLang(option.label)}
                className={`utrecht-form-label utrecht-form-label--checkbox${checked ? ' utrecht-form-label--checked' : ''}${itemDisabled ? ' utrecht-form-label--disabled' : ''}`}
              >
                {tx(option.label)}
              </label>
            </div>
          </div>
        );
      })}
    </div>
  );
}
