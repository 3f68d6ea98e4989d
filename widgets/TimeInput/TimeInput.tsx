// A time of day typed as UU:MM with an input mask, as the date input types a date: a text field
// rather than the browser's time picker, which differs per browser and language. Stored as rjsf's
// TimeWidget stores it ('14:30:00', JSON Schema's `format: time` without an offset); text that is
// no time stays as typed, so the format check reports it.
import type { ChangeEvent, FocusEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { Textbox } from '@utrecht/textbox-react';
import { textboxState, useControlAria } from '../shared/aria';
import { orEmpty } from '../shared/emptyValue';
import { useTyping } from '../shared/typing';
import { useT } from '../shared/useT';
import { fromStoredTime, maskTime, padTime, toStoredTime } from './timeText';
import './TimeInput.css';

/** rjsf widget for a time typed as UU:MM; value is 'HH:MM:00', the typed text while it is no time, or undefined. Options: `autocomplete`. */
export function TimeInput(props: WidgetProps) {
  const { id, htmlName, value, required, options, rawErrors, registry } = props;
  const { onChange, onBlur, onFocus } = props;
  const { t } = useT(registry);
  const typing = useTyping(registry, id);
  const display = typing.shown(typeof value === 'string' ? fromStoredTime(value) : '');
  const toStored = (text: string): string | undefined => orEmpty(text === '' ? undefined : toStoredTime(text), options);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const atEnd = (event.target.selectionStart ?? raw.length) >= raw.length;
    // Typing at the end is masked (a ':' added only while typing forward); an edit in the middle is kept if it could be a time.
    const next = atEnd ? maskTime(raw, raw.length > display.length) : /^[\d:]{0,5}$/.test(raw) ? raw : display;
    if (next !== display) typing.type(next, () => onChange(toStored(next)));
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    typing.settle();
    const padded = padTime(event.target.value);
    const next = toStored(padded);
    if (padded !== event.target.value) onChange(next);
    onBlur(id, next);
  };

  const aria = useControlAria({ id, rawErrors, required });
  return (
    <Textbox
      id={id}
      name={htmlName || id}
      type="text"
      inputMode="numeric"
      autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : 'off'}
      placeholder={t('widget.time.placeholder')}
      className="widget-time-input"
      value={display}
      {...textboxState(props, aria)}
      onChange={handleChange}
      onBlur={handleBlur}
      onFocus={(event) => onFocus(id, toStored(event.target.value))}
    />
  );
}
