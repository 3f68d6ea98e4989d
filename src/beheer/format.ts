/** Dates as the back office shows them: Dutch, in Dutch time, e.g. '24-11-2026 10:05'. */
const DATE_TIME = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? DATE_TIME.format(new Date(iso)).replace(',', '') : '—';
}

const SCENARIOS: Record<string, string> = { uzi: 'UZI-register', zovar: 'ZOVAR' };

export function scenarioNames(scenarios: readonly string[]): string {
  return scenarios.map((scenario) => SCENARIOS[scenario] ?? scenario).join(', ');
}
