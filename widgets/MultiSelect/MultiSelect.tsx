// Native list box with several choices (<select multiple>) in the NL Design System select style,
// for a multi-select list. Exists for long lists where checkboxes take too much room; option values
// are encoded by index so numbers survive, and a visible hint explains how to choose more than one.
import type { ChangeEvent } from 'react';
import type { EnumOptionsType, WidgetProps } from '@rjsf/utils';
import { chosenIndexes, valueOfIndexes } from '../CheckboxGroup';
import { useControlAria } from '../shared/aria';
import { useT, useTextLang } from '../shared/useT';
import './MultiSelect.css';

/** Rows shown when `options.size` is not set: every option, up to this many. */
const MAX_DEFAULT_SIZE = 8;

function selectedIndexes(select: HTMLSelectElement): number[] {
  return Array.from(select.selectedOptions, (option) => Number(option.value));
}

/**
 * rjsf widget for an array of choices from `options.enumOptions`: value is the array of the chosen
 * values in option order, or undefined. Options: `size` (visible rows, default the number of
 * options up to 8), `enumDisabled`. The hint below it is `${id}__hint`.
 */
export function MultiSelect(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, options, rawErrors, registry } = props;
  const { onChange, onBlur, onFocus } = props;
  const { t, tx } = useT(registry);
  const textLang = useTextLang(registry);
  const enumOptions: EnumOptionsType[] = options.enumOptions ?? [];
  const enumDisabled = Array.isArray(options.enumDisabled) ? options.enumDisabled : [];
  const size = typeof options.size === 'number' ? options.size : Math.min(enumOptions.length, MAX_DEFAULT_SIZE);
  const chosen = chosenIndexes(enumOptions, value);
  const hintId = `${id}__hint`;

  const valueOf = (event: { target: HTMLSelectElement }) => valueOfIndexes(enumOptions, selectedIndexes(event.target));

  const aria = useControlAria({ id, rawErrors, required }, hintId);
  const classes = [
    'utrecht-select',
    'utrecht-select--html-select',
    aria.invalid && 'utrecht-select--invalid',
    (disabled || readonly) && 'utrecht-select--disabled',
  ];
  return (
    <div className="widget-multi-select">
      <select
        id={id}
        name={htmlName || id}
        multiple
        size={size}
        className={classes.filter(Boolean).join(' ')}
        value={chosen.map(String)}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        aria-required={aria.required || undefined}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(valueOf(event))}
        onBlur={(event) => onBlur(id, valueOf(event))}
        onFocus={(event) => onFocus(id, valueOf(event))}
      >
        {enumOptions.map((option, index) => (
          <option key={index} value={String(index)} lang={textLang(option.label)} disabled={enumDisabled.includes(option.value)}>
            {tx(option.label)}
          </option>
        ))}
      </select>
      <p id={hintId} className="utrecht-form-field-description widget-multi-select__hint">
        {t('widget.multiSelect.hint')}
      </p>
    </div>
  );
}
