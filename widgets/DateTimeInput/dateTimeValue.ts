// The two boxes of the date-and-time field and the value they store. A complete, existing date and
// time is Dutch wall time with its offset ('2026-03-29T14:30:00+02:00'); a time the Dutch clock
// skips (the spring hour) has no offset ('2026-03-29T02:30:00'), so the format check names it; any
// other text is the two boxes joined by a space, which the check refuses as no date and time.
import { amsterdamDateTime, dutchWallParts, storedWall } from '../../renderer/core/dateTimeText';
import { dateTimeParts } from '../../renderer/core/formats';
import { toIsoDate } from '../DateInput/DateInput';
import { fromStoredTime, typedTime } from '../TimeInput/timeText';

/** What the two boxes show: the date as dd-mm-jjjj, the time as uu:mm. */
export interface DateTimeBoxes {
  date: string;
  time: string;
}

/** The stored value of the boxes, undefined when both are empty. */
export function storedDateTime({ date, time }: DateTimeBoxes): string | undefined {
  if (date === '' && time === '') return undefined;
  const iso = toIsoDate(date);
  const clock = typedTime(time);
  if (iso === date || !clock) return `${date} ${time}`;
  const [year, month, day] = iso.split('-').map(Number);
  const wall = { year, month, day, hour: clock.hour, minute: clock.minute, second: 0 };
  return amsterdamDateTime(wall) ?? `${iso}T${time}:00`;
}

/** What the boxes show for a stored value: its Dutch wall time, or the text the boxes held. */
export function dateTimeBoxes(value: unknown): DateTimeBoxes {
  if (typeof value !== 'string' || value === '') return { date: '', time: '' };
  const wall = storedWall(value) ?? dateTimeParts(value)?.wall;
  if (wall) return dutchWallParts(wall);
  const space = value.indexOf(' ');
  return space === -1 ? { date: value, time: '' } : { date: value.slice(0, space), time: fromStoredTime(value.slice(space + 1)) };
}
