// rjsf's `toggle`: a yes/no value as a switch. The same checkbox as the Checkbox widget, with its
// own label next to it, keyboard operable as any checkbox (Space), announced as a switch (on/off)
// through `role="switch"` and drawn as one with the NL Design System's tokens.
import type { WidgetProps } from '@rjsf/utils';
import { schemaRequiresTrueValue } from '@rjsf/utils';
import { CheckboxControl } from '../shared/CheckboxControl';
import { useT, useTextLang } from '../shared/useT';
import './Switch.css';

/** rjsf widget: value true/false; label is `options.checkboxLabel ?? label`. */
export function Switch(props: WidgetProps) {
  const { tx } = useT(props.registry);
  const text = typeof props.options.checkboxLabel === 'string' ? props.options.checkboxLabel : props.label;
  const required = Boolean(props.required && schemaRequiresTrueValue(props.schema));
  const input = { role: 'switch', appearance: 'switch', className: 'widget-switch' };
  return <CheckboxControl props={props} label={tx(text)} lang={useTextLang(props.registry)(text)} uncheckedValue={false} required={required} input={input} />;
}
