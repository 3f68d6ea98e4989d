// Native dropdown with the NL Design System select styling. Exists for the Dutch prompt option
// (choosing it clears the value), option groups and a separator line between frequent and other
// choices; option values are encoded by index so numbers survive.
import type { ChangeEvent, FocusEvent } from 'react';
import type { EnumOptionsType, WidgetProps } from '@rjsf/utils';
import { enumOptionsIsSelected } from '@rjsf/utils';
import { useControlAria } from '../shared/aria';
import { useT } from '../shared/useT';

/** One option group: a header text (or translation key) and the enum values under it, in order. */
export interface SelectGroup {
  header: string;
  values: (string | number)[];
}

const SEPARATOR = 'separator';

function isGroups(value: unknown): value is SelectGroup[] {
  return (
    Array.isArray(value) &&
    value.every((group) => typeof group === 'object' && group !== null && typeof group.header === 'string' && Array.isArray(group.values))
  );
}

/** Narrows the options to `allowedValues` (when given) and puts `topValues` first. */
function arrangeOptions(all: EnumOptionsType[], allowed: unknown, top: unknown): EnumOptionsType[] {
  const allowedList = Array.isArray(allowed) ? allowed : undefined;
  const topList = Array.isArray(top) ? top : [];
  const kept = allowedList ? all.filter((option) => allowedList.includes(option.value)) : all;
  return [...kept.filter((option) => topList.includes(option.value)), ...kept.filter((option) => !topList.includes(option.value))];
}

/**
 * rjsf widget for one choice from `options.enumOptions`. Options: `groups` (SelectGroup[]),
 * `separatorAfter` (an enum value after which a disabled blank option is shown), `allowedValues`
 * (only these values are offered) and `topValues` (offered first, followed by a separator).
 */
export function Select(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, options, rawErrors, registry } = props;
  const { onChange, onBlur, onFocus } = props;
  const { t, tx } = useT(registry);
  const enumOptions: EnumOptionsType[] = arrangeOptions(options.enumOptions ?? [], options.allowedValues, options.topValues);
  const topValues = Array.isArray(options.topValues) ? options.topValues : [];
  const separatorAfter = options.separatorAfter ?? (topValues.length > 0 && enumOptions.length > topValues.length ? enumOptions[topValues.length - 1]?.value : undefined);
  const enumDisabled = Array.isArray(options.enumDisabled) ? options.enumDisabled : [];
  const selectedIndex = value === undefined ? -1 : enumOptions.findIndex((option) => enumOptionsIsSelected(option.value, value));
  const hasSeparator = separatorAfter !== undefined;

  const aria = useControlAria({ id, rawErrors, required });
  // A value the flow sets itself (read-only) is shown as text, not as a list to choose from.
  if (readonly && !disabled) {
    const chosen = selectedIndex >= 0 ? tx(enumOptions[selectedIndex].label) : '';
    return (
      <input
        id={id}
        name={htmlName || id}
        type="text"
        readOnly
        className="utrecht-textbox utrecht-textbox--html-input utrecht-textbox--read-only"
        value={chosen}
        aria-describedby={aria['aria-describedby']}
      />
    );
  }

  const valueFor = (encoded: string): unknown => (encoded === '' || encoded === SEPARATOR ? undefined : enumOptions[Number(encoded)]?.value);

  const renderOption = (index: number) => {
    const option = enumOptions[index];
    const nodes = [
      <option key={index} value={String(index)} disabled={enumDisabled.includes(option.value)}>
        {tx(option.label)}
      </option>,
    ];
    if (hasSeparator && option.value === separatorAfter) {
      nodes.push(<option key={SEPARATOR} value={SEPARATOR} disabled className="widget-select__separator" />);
    }
    return nodes;
  };

  const groups = isGroups(options.groups) ? options.groups : [];
  const indexOf = (groupValue: string | number) => enumOptions.findIndex((option) => option.value === groupValue);
  const grouped = new Set(groups.flatMap((group) => group.values.map(indexOf)).filter((index) => index >= 0));
  const ungrouped = enumOptions.map((_, index) => index).filter((index) => !grouped.has(index));

  const invalid = aria.invalid;
  const classes = ['utrecht-select', 'utrecht-select--html-select', invalid && 'utrecht-select--invalid', (disabled || readonly) && 'utrecht-select--disabled'];
  return (
    <select
      id={id}
      name={htmlName || id}
      className={classes.filter(Boolean).join(' ')}
      value={selectedIndex >= 0 ? String(selectedIndex) : ''}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      aria-required={aria.required || undefined}
      aria-invalid={aria['aria-invalid']}
      aria-describedby={aria['aria-describedby']}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(valueFor(event.target.value))}
      onBlur={(event: FocusEvent<HTMLSelectElement>) => onBlur(id, valueFor(event.target.value))}
      onFocus={(event: FocusEvent<HTMLSelectElement>) => onFocus(id, valueFor(event.target.value))}
    >
      <option value="">{t('widget.select.prompt')}</option>
      {ungrouped.flatMap(renderOption)}
      {groups.map((group) => (
        <optgroup key={group.header} label={tx(group.header)}>
          {group.values
            .map(indexOf)
            .filter((index) => index >= 0)
            .flatMap(renderOption)}
        </optgroup>
      ))}
    </select>
  );
}
