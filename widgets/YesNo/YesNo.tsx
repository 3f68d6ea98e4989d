// Ja/Nee question for a boolean field, as two radios (a checkbox cannot tell "no" from "not answered").
import type { WidgetProps } from '@rjsf/utils';
import { BooleanRadios } from '../shared/BooleanRadios';

/** rjsf widget: radios 'Ja' (true) and 'Nee' (false); `options.inline` puts them side by side. */
export function YesNo(props: WidgetProps) {
  return <BooleanRadios props={props} trueKey="widget.yesNo.yes" falseKey="widget.yesNo.no" />;
}
