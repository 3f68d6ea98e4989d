/** The moment of the last login in Dutch, apart from React ('24 november 2026 om 10:05'). */

const DATE = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', day: 'numeric', month: 'long', year: 'numeric' });
const TIME = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit' });

/** '{day} {month} {year} om {hh}:{mm}' in Dutch time (Europe/Amsterdam), whatever the browser's zone. */
export function formatLoginMoment(moment: Date): string {
  // Date and time apart and joined here, so the wording does not depend on the ICU version's pattern.
  return `${DATE.format(moment)} om ${TIME.format(moment)}`;
}
