// Native dropdown with the NL Design System select styling. Exists for the Dutch prompt option
// (or the flow's `ui:placeholder`; choosing it clears the value), option groups and a separator line between frequent and other
// choices; option values are encoded by index so numbers survive.
import { useLayoutEffect, useRef, type ChangeEvent, type FocusEvent } from 'react';
import type { EnumOptionsType, WidgetProps } from '@rjsf/utils';
import { enumOptionsIsSelected } from '@rjsf/utils';
import { useControlAria } from '../shared/aria';
import { useT, useTextLang } from '../shared/useT';
import { orEmpty } from '../shared/emptyValue';

/** One option group: its label (or translation key) and the enum values under it, in order (as `widget.json` declares). */
export interface SelectGroup {
  label: string;
  values: (string | number)[];
}

const SEPARATOR = 'separator';

function isGroups(value: unknown): value is SelectGroup[] {
  return (
    Array.isArray(value) &&
    value.every((group) => typeof group === 'object' && group !== null && typeof group.label === 'string' && Array.isArray(group.values))
  );
}

/** Narrows the options to `allowedValues` (when given) and puts `topValues` first. */
function arrangeOptions(all: EnumOptionsType[], allowed: unknown, top: unknown): EnumOptionsType[] {
  const allowedList = Array.isArray(allowed) ? allowed : undefined;
  const topList = Array.isArray(top) ? top : [];
  const kept = allowedList ? all.filter((option) => allowedList.includes(option.value)) : all;
  return [...kept.filter((option) => topList.includes(option.value)), ...kept.filter((option) => !topList.includes(option.value))];
}

/** One entry of the list: an option, or a group of options under a label. */
type OptionEntry = { value: string; label: string; disabled?: true; separator?: true; lang?: 'nl' };
type Entry = OptionEntry | { group: string; options: OptionEntry[] };

function optionElement(entry: OptionEntry): HTMLOptionElement {
  const option = document.createElement('option');
  option.value = entry.value;
  option.textContent = entry.label;
  if (entry.lang) option.lang = entry.lang;
  if (entry.disabled) option.disabled = true;
  if (entry.separator) option.className = 'widget-select__separator';
  return option;
}

/**
 * Puts the options in the list with the browser's own DOM calls, after React has made the element:
 * a country list is some 250 options, and as React elements (a fiber, props and a node each) they
 * were the larger part of a step's first render. The list ends up the same, in the same commit
 * (a layout effect runs before the browser paints), and the chosen option is selected again.
 */
function fillOptions(select: HTMLSelectElement, entries: Entry[], selected: string): void {
  const fragment = document.createDocumentFragment();
  for (const entry of entries) {
    if ('group' in entry) {
      const group = document.createElement('optgroup');
      group.label = entry.group;
      group.append(...entry.options.map(optionElement));
      fragment.append(group);
    } else fragment.append(optionElement(entry));
  }
  select.replaceChildren(fragment);
  select.value = selected;
}

/**
 * rjsf widget for one choice from `options.enumOptions`. Options: `groups` (SelectGroup[]),
 * `separatorAfter` (an enum value after which a disabled blank option is shown), `allowedValues`
 * (only these values are offered) and `topValues` (offered first, followed by a separator).
 */
export function Select(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, placeholder, options, rawErrors, registry } = props;
  const { onChange, onBlur, onFocus } = props;
  const { t, tx } = useT(registry);
  const textLang = useTextLang(registry);
  const enumOptions: EnumOptionsType[] = arrangeOptions(options.enumOptions ?? [], options.allowedValues, options.topValues);
  const topValues = Array.isArray(options.topValues) ? options.topValues : [];
  const separatorAfter =
    options.separatorAfter ?? (topValues.length > 0 && enumOptions.length > topValues.length ? enumOptions[topValues.length - 1]?.value : undefined);
  const enumDisabled = Array.isArray(options.enumDisabled) ? options.enumDisabled : [];
  const selectedIndex = value === undefined ? -1 : enumOptions.findIndex((option) => enumOptionsIsSelected(option.value, value));
  const hasSeparator = separatorAfter !== undefined;

  const aria = useControlAria({ id, rawErrors, required });
  const valueFor = (encoded: string): unknown => orEmpty(encoded === '' || encoded === SEPARATOR ? undefined : enumOptions[Number(encoded)]?.value, options);

  const optionEntries = (index: number): OptionEntry[] => {
    const option = enumOptions[index];
    const lang = textLang(option.label);
    const entry: OptionEntry = {
      value: String(index),
      label: tx(option.label),
      ...(lang ? { lang } : {}),
      ...(enumDisabled.includes(option.value) ? { disabled: true as const } : {}),
    };
    return hasSeparator && option.value === separatorAfter ? [entry, { value: SEPARATOR, label: '', disabled: true, separator: true }] : [entry];
  };

  const groups = isGroups(options.groups) ? options.groups : [];
  const indexOf = (groupValue: string | number) => enumOptions.findIndex((option) => option.value === groupValue);
  const grouped = new Set(groups.flatMap((group) => group.values.map(indexOf)).filter((index) => index >= 0));
  const ungrouped = enumOptions.map((_, index) => index).filter((index) => !grouped.has(index));
  const entries: Entry[] = [
    // The empty first option: the flow's `ui:placeholder`, else the portal's prompt (rjsf shows the placeholder there too).
    { value: '', label: placeholder ? tx(placeholder) : t('widget.select.prompt') },
    ...ungrouped.flatMap(optionEntries),
    ...groups.map((group) => ({
      group: tx(group.label),
      options: group.values
        .map(indexOf)
        .filter((index) => index >= 0)
        .flatMap(optionEntries),
    })),
  ];
  const selected = selectedIndex >= 0 ? String(selectedIndex) : '';
  // The list is put in again only when what it shows changes; React keeps the choice in step after that.
  const listKey = JSON.stringify(entries);
  const selectRef = useRef<HTMLSelectElement>(null);
  const latest = useRef({ entries, selected });
  latest.current = { entries, selected };
  // A value the flow sets itself (read-only) is shown as text, not as a list to choose from.
  const asText = Boolean(readonly && !disabled);
  useLayoutEffect(() => {
    if (selectRef.current) fillOptions(selectRef.current, latest.current.entries, latest.current.selected);
  }, [listKey, asText]);

  if (asText) {
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

  const invalid = aria.invalid;
  const classes = ['utrecht-select', 'utrecht-select--html-select', invalid && 'utrecht-select--invalid', (disabled || readonly) && 'utrecht-select--disabled'];
  return (
    <select
      ref={selectRef}
      id={id}
      name={htmlName || id}
      className={classes.filter(Boolean).join(' ')}
      value={selected}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      aria-required={aria.required || undefined}
      aria-invalid={aria['aria-invalid']}
      aria-describedby={aria['aria-describedby']}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(valueFor(event.target.value))}
      onBlur={(event: FocusEvent<HTMLSelectElement>) => onBlur(id, valueFor(event.target.value))}
      onFocus={(event: FocusEvent<HTMLSelectElement>) => onFocus(id, valueFor(event.target.value))}
    />
  );
}
