/** Dates on the printed documents: dd-MM-yyyy (with time when asked), Dutch time zone. */
import type { Lang } from '../../../renderer/core/i18n';

export function formatDocumentDate(date: Date, lang: Lang, withTime = false): string {
  return new Intl.DateTimeFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
    timeZone: 'Europe/Amsterdam',
  })
    .format(date)
    .replace(/\//g, '-');
}
