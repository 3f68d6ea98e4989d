// A value the flow sets itself and the applicant never sees: a hidden input, no frame, no label.
// Exists so rjsf's 'hidden' widget renders our markup instead of its own.
import type { WidgetProps } from '@rjsf/utils';

/** rjsf widget: `<input type="hidden">` with the value as text ('' when undefined). Reports nothing. */
export function Hidden(props: WidgetProps) {
  const { id, htmlName, value } = props;
  return <input type="hidden" id={id} name={htmlName || id} value={value === undefined ? '' : String(value)} />;
}
