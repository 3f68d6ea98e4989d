/** Dates on the printed documents: dd-MM-yyyy (with HH:mm when asked), Dutch time zone. */
import type { Lang } from '../../../renderer/core/i18n';

export function formatDocumentDate(date: Date, _lang: Lang, withTime = false): string {
  // Built from parts: the locale formats differ in separators ('/', ', '); the documents use one form.
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('nl-NL', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Europe/Amsterdam',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const day = `${parts.day}-${parts.month}-${parts.year}`;
  return withTime ? `${day} ${parts.hour}:${parts.minute}` : day;
}
