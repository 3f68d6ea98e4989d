/**
 * The date-range check without React: reads ISO dates strictly (a value the browser's date input
 * cannot produce is a programming error and throws) and says when the end lies before the start.
 */

/** A period of two ISO dates ('YYYY-MM-DD'); either end may be open. */
export interface DateRangeValue {
  from?: string;
  to?: string;
}

/** The message when 't/m' lies before 'Van'. */
export const END_BEFORE_START = 'De einddatum mag niet voor de begindatum liggen.';

/** The date of an ISO 'YYYY-MM-DD' string, at midnight UTC; throws for another form or a day that does not exist ('2026-02-30'). */
export function parseIsoDate(text: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
  // Date.UTC rolls 30 February over into March, so a real date must give back the same text.
  if (!date || date.toISOString().slice(0, 10) !== text) throw new Error(`Ongeldige datum: '${text}'`);
  return date;
}

/** The message for a period whose end lies before its start (the same day is fine); undefined otherwise. Throws for an invalid date. */
export function dateRangeError({ from, to }: DateRangeValue): string | undefined {
  const start = from ? parseIsoDate(from) : undefined;
  const end = to ? parseIsoDate(to) : undefined;
  return start && end && end < start ? END_BEFORE_START : undefined;
}
