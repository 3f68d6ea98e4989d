// Radio group for enum fields (values may be strings, numbers or booleans). Exists so every
// choice list looks and behaves like the NL Design System radio pattern.
import type { WidgetProps } from '@rjsf/utils';
import { enumOptionsIsSelected } from '@rjsf/utils';
import { hasErrors } from '../shared/aria';
import { RadioOptions } from '../shared/RadioOptions';
import { useT, useTextLang } from '../shared/useT';

/** rjsf widget: one radio per `options.enumOptions` entry; `options.inline` puts them side by side. */
export function RadioGroup(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, options, rawErrors, registry } = props;
  const { tx } = useT(registry);
  const textLang = useTextLang(registry);
  const enumOptions = options.enumOptions ?? [];
  const enumDisabled = Array.isArray(options.enumDisabled) ? options.enumDisabled : [];
  const items = enumOptions.map((option) => ({
    label: tx(option.label),
    lang: textLang(option.label),
    value: option.value,
    disabled: enumDisabled.includes(option.value),
  }));
  const selectedIndex = enumOptions.findIndex((option) => value !== undefined && enumOptionsIsSelected(option.value, value));
  return (
    <RadioOptions
      id={id}
      name={htmlName || id}
      items={items}
      selectedIndex={selectedIndex}
      inline={Boolean(options.inline)}
      disabled={disabled}
      readonly={readonly}
      autofocus={autofocus}
      invalid={hasErrors(rawErrors)}
      onSelect={props.onChange}
      onBlur={props.onBlur}
      onFocus={props.onFocus}
    />
  );
}
