/**
 * The stored value of a choice made from its text: 'Tandarts (in opleiding)' -> 'tandarts-in-opleiding',
 * unique among the choice's neighbours. Applications store the value, applicants read the text.
 */

/** 'Tandarts (in opleiding)' -> 'tandarts-in-opleiding'. */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A value from `text`, with a number added when another choice has it ('keuze' when the text has no letters). */
export function uniqueSlug(text: string, taken: readonly unknown[]): string {
  const base = slug(text) || 'keuze';
  let candidate = base;
  for (let count = 2; taken.includes(candidate); count++) candidate = `${base}-${count}`;
  return candidate;
}
