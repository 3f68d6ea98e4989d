// Declaration ticked with one checkbox ('Ja, dat verklaar ik'). The declaration question is the
// field title, which the template renders as the legend around this widget (kind 'group').
import type { WidgetProps } from '@rjsf/utils';
import { CheckboxControl } from '../shared/CheckboxControl';
import { useT, useTextLang } from '../shared/useT';

/** rjsf widget: value true when ticked, undefined otherwise (so "required" reads as not declared). */
export function DeclarationCheckbox(props: WidgetProps) {
  const { t, tx } = useT(props.registry);
  const own = typeof props.options.checkboxLabel === 'string' ? props.options.checkboxLabel : undefined;
  const text = own !== undefined ? tx(own) : t('widget.checkbox.declaration');
  return <CheckboxControl props={props} label={text} lang={useTextLang(props.registry)(own)} uncheckedValue={undefined} required={Boolean(props.required)} />;
}
