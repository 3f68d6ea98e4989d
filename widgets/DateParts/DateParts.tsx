// A date as three boxes, day, month and year, in the field's fieldset: the GOV.UK date pattern,
// for a date the applicant knows by heart (a birth date) and rjsf's `alt-date`. Stored as JSON
// Schema's date (jjjj-mm-dd), as the date input stores `format: date`; see dateParts.ts.
import type { FocusEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { textboxState, useControlAria } from '../shared/aria';
import { Box } from '../shared/Box';
import { orEmpty } from '../shared/emptyValue';
import { leavesGroup, useBoxes } from '../shared/useBoxes';
import { useT } from '../shared/useT';
import { datePartBoxes, storedDateParts, type DatePartBoxes } from './dateParts';
import './DateParts.css';

const PARTS = [
  { part: 'day', suffix: '', digits: 2, label: 'widget.dateParts.day', autocomplete: 'bday-day' },
  { part: 'month', suffix: '-maand', digits: 2, label: 'widget.dateParts.month', autocomplete: 'bday-month' },
  { part: 'year', suffix: '-jaar', digits: 4, label: 'widget.dateParts.year', autocomplete: 'bday-year' },
] as const;

/**
 * rjsf widget for `format: date` as three boxes; value is 'jjjj-mm-dd', the boxes' text while they
 * hold no date, or undefined. Options: `autocomplete` — 'bday' (a birth date) gives the boxes
 * bday-day, bday-month and bday-year; another value goes on each box.
 */
export function DateParts(props: WidgetProps) {
  const { id, htmlName, required, options, rawErrors, registry, onBlur, onFocus } = props;
  const { t } = useT(registry);
  const toValue = (boxes: DatePartBoxes) => orEmpty(storedDateParts(boxes), options);
  const { boxes, type, settle } = useBoxes<DatePartBoxes>(props, datePartBoxes, toValue);
  const aria = useControlAria({ id, rawErrors, required });
  const state = textboxState(props, aria);
  const autocomplete: string | undefined = typeof options.autocomplete === 'string' ? options.autocomplete : undefined;

  const blur = (event: FocusEvent<HTMLInputElement>) => {
    const stored = settle(boxes);
    if (leavesGroup(event)) onBlur(id, stored);
  };

  return (
    <div className="widget-boxes">
      {PARTS.map(({ part, suffix, digits, label, autocomplete: birthDate }, index) => (
        <Box
          key={part}
          id={`${id}${suffix}`}
          name={`${htmlName || id}${suffix || '-dag'}`}
          label={t(label)}
          value={boxes[part]}
          className={`widget-date-parts__input--${digits}`}
          autoComplete={autocomplete === 'bday' ? birthDate : autocomplete}
          state={state}
          first={index === 0}
          onChange={(event) => type({ ...boxes, [part]: event.target.value.replace(/\D/g, '').slice(0, digits) })}
          onBlur={blur}
          onFocus={() => onFocus(id, toValue(boxes))}
        />
      ))}
    </div>
  );
}
