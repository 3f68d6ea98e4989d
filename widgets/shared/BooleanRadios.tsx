// Two radios for a boolean (true first, then false), shared by YesNo and DeclarationRadio which
// differ only in their texts.
import type { WidgetProps } from '@rjsf/utils';
import { hasErrors } from './aria';
import { RadioOptions } from './RadioOptions';
import { useT } from './useT';

/** Renders radios for true/false with the texts under `trueKey` / `falseKey`. */
export function BooleanRadios({ props, trueKey, falseKey }: { props: WidgetProps; trueKey: string; falseKey: string }) {
  const { id, htmlName, value, disabled, readonly, autofocus, options, rawErrors, registry } = props;
  const { t } = useT(registry);
  const items = [
    { label: t(trueKey), value: true },
    { label: t(falseKey), value: false },
  ];
  return (
    <RadioOptions
      id={id}
      name={htmlName || id}
      items={items}
      selectedIndex={value === true ? 0 : value === false ? 1 : -1}
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
