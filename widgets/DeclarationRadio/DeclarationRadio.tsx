// Declaration answered with two radios, for declarations where "no" is a valid answer that must
// be recorded. The question itself is the field title, rendered as legend by the template.
import type { WidgetProps } from '@rjsf/utils';
import { BooleanRadios } from '../shared/BooleanRadios';

/** rjsf widget: 'Ja, dat verklaar ik' (true) and 'Nee, dat verklaar ik niet' (false). */
export function DeclarationRadio(props: WidgetProps) {
  return <BooleanRadios props={props} trueKey="widget.declaration.yes" falseKey="widget.declaration.no" />;
}
