/**
 * The words of a repeating group's items: each item's heading from a template ('Persoon {n}'), the
 * name of one item without its number ('Persoon', for 'Persoon toevoegen') and the item as it is
 * named inside a sentence ('persoon 2', for 'Verwijder persoon 2'). Shared by the group's templates
 * and the review, so the screen, the review and the printed form name an item alike.
 */

/** The heading template of a group's items: the flow's `itemTitle`, else '<title> {n}'. */
export function itemTemplate(itemTitle: unknown, title: string | undefined): string {
  return typeof itemTitle === 'string' && itemTitle !== '' ? itemTitle : `${title ?? ''} {n}`.trim();
}

/** The heading of item `index` (0-based): the template with its number. */
export function itemHeading(template: string, index: number): string {
  return template.replace(/\{n\}/g, String(index + 1));
}

/** One item without a number: 'Persoon {n}' -> 'Persoon'. */
export function itemName(template: string): string {
  return template.replace(/\s*\{n\}\s*/g, ' ').trim();
}

/** A heading as it reads inside a sentence: its first letter in lower case ('Persoon 2' -> 'persoon 2'). */
export function inSentence(text: string): string {
  return text.charAt(0).toLocaleLowerCase('nl') + text.slice(1);
}
