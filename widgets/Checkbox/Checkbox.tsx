// Single checkbox for a boolean, rendering its own label (widget kind 'self'): the text next to
// the box is the question, so the template renders no separate label.
import type { WidgetProps } from '@rjsf/utils';
import { schemaRequiresTrueValue } from '@rjsf/utils';
import { CheckboxControl } from '../shared/CheckboxControl';
import { useT, useTextLang } from '../shared/useT';

/** rjsf widget: value true/false; label is `options.checkboxLabel ?? label`. */
export function Checkbox(props: WidgetProps) {
  const { tx } = useT(props.registry);
  const text = typeof props.options.checkboxLabel === 'string' ? props.options.checkboxLabel : props.label;
  const required = Boolean(props.required && schemaRequiresTrueValue(props.schema));
  return <CheckboxControl props={props} label={tx(text)} lang={useTextLang(props.registry)(text)} uncheckedValue={false} required={required} />;
}
