// A date and a time as a Dutch applicant types them: the date as dd-mm-jjjj and the time as uu:mm
// (24 hours), two labelled boxes in the field's fieldset. The wall time is read as Dutch time
// (Europe/Amsterdam) and stored with the offset of that moment, as JSON Schema's `format: date-time`
// wants it (see dateTimeValue.ts); rjsf's own widget stores UTC from the browser's time zone, which
// differs per applicant.
import type { ChangeEvent, FocusEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { textboxState, useControlAria } from '../shared/aria';
import { Box } from '../shared/Box';
import { orEmpty } from '../shared/emptyValue';
import { leavesGroup, useBoxes } from '../shared/useBoxes';
import { useT } from '../shared/useT';
import { cleanDate, maskDate, padDate } from '../DateInput/DateInput';
import { maskTime, padTime } from '../TimeInput/timeText';
import { dateTimeBoxes, storedDateTime, type DateTimeBoxes } from './dateTimeValue';
import './DateTimeInput.css';

/** The text of a box after an edit: masked when typed at its end, else kept while the mask could allow it. */
function edited(event: ChangeEvent<HTMLInputElement>, shown: string, mask: (raw: string, forward: boolean) => string, allowed: RegExp): string {
  const raw = event.target.value;
  if ((event.target.selectionStart ?? raw.length) >= raw.length) return mask(raw, raw.length > shown.length);
  return allowed.test(raw) ? raw : shown;
}

/**
 * rjsf widget for `format: date-time`: value is RFC 3339 with the Dutch offset, the boxes' text
 * while they hold no date and time, or undefined. Options: `autocomplete` (on both boxes).
 */
export function DateTimeInput(props: WidgetProps) {
  const { id, required, options, rawErrors, registry, onBlur, onFocus } = props;
  const { t } = useT(registry);
  const toValue = (boxes: DateTimeBoxes) => orEmpty(storedDateTime(boxes), options);
  const { boxes, type, settle } = useBoxes<DateTimeBoxes>(props, dateTimeBoxes, toValue);
  const aria = useControlAria({ id, rawErrors, required });
  const state = textboxState(props, aria);
  const autoComplete = typeof options.autocomplete === 'string' ? options.autocomplete : 'off';

  // The field is left (and checked) when focus leaves both boxes, not when it goes from the date to the time.
  const blur = (event: FocusEvent<HTMLInputElement>, padded: DateTimeBoxes) => {
    const stored = settle(padded);
    if (leavesGroup(event)) onBlur(id, stored);
  };

  const box = { state, autoComplete, onFocus: () => onFocus(id, toValue(boxes)) };
  return (
    <div className="widget-boxes">
      <Box
        {...box}
        id={id}
        name={`${props.htmlName || id}-datum`}
        label={t('widget.dateTime.date')}
        placeholder={t('widget.date.placeholder')}
        className="widget-date-input"
        value={boxes.date}
        first
        onChange={(event) => type({ ...boxes, date: edited(event, boxes.date, maskDate, /^[\d-]{0,10}$/) })}
        onBlur={(event) => blur(event, { ...boxes, date: padDate(cleanDate(boxes.date)) })}
      />
      <Box
        {...box}
        id={`${id}-tijd`}
        name={`${props.htmlName || id}-tijd`}
        label={t('widget.dateTime.time')}
        placeholder={t('widget.time.placeholder')}
        className="widget-time-input"
        value={boxes.time}
        first={false}
        onChange={(event) => type({ ...boxes, time: edited(event, boxes.time, maskTime, /^[\d:]{0,5}$/) })}
        onBlur={(event) => blur(event, { ...boxes, time: padTime(boxes.time) })}
      />
    </div>
  );
}
