// The three boxes of a date (day, month, year) and the value they store: a complete, existing date
// as JSON Schema's date ('2026-03-09'); otherwise the boxes as they are, year-month-day ('2026--9'),
// which the format check refuses as incomplete (a box left empty) or as no date.

/** What the boxes show. */
export interface DatePartBoxes {
  day: string;
  month: string;
  year: string;
}

const two = (text: string) => text.padStart(2, '0');

function isRealDate(year: number, month: number, day: number): boolean {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/** The stored value of the boxes, undefined when all three are empty. */
export function storedDateParts({ day, month, year }: DatePartBoxes): string | undefined {
  if (day === '' && month === '' && year === '') return undefined;
  const complete = /^\d{1,2}$/.test(day) && /^\d{1,2}$/.test(month) && /^\d{4}$/.test(year);
  if (complete && isRealDate(Number(year), Number(month), Number(day))) return `${year}-${two(month)}-${two(day)}`;
  return `${year}-${month}-${day}`;
}

/** What the boxes show for a stored value. */
export function datePartBoxes(value: unknown): DatePartBoxes {
  const match = typeof value === 'string' ? /^(\d*)-(\d*)-(\d*)$/.exec(value) : null;
  return match ? { year: match[1], month: match[2], day: match[3] } : { day: '', month: '', year: '' };
}
