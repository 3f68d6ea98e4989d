/**
 * The typeahead's logic without React: which items match a query, which item a typed text names,
 * and the Dutch texts for the result count and an unknown value.
 */

/** One choice of a {@link Typeahead}: a stable id and the text that is shown and typed. */
export interface TypeaheadItem {
  id: string;
  label: string;
}

/** A fixed list of items, or a search that returns the items for a query (e.g. a call to the server). */
export type TypeaheadSource = TypeaheadItem[] | ((query: string) => Promise<TypeaheadItem[]>);

const normalise = (text: string) => text.trim().toLocaleLowerCase('nl');

/** The items whose label contains `query`, ignoring case and surrounding spaces; all items for an empty query. */
export function filterItems(items: TypeaheadItem[], query: string): TypeaheadItem[] {
  const wanted = normalise(query);
  return items.filter((item) => normalise(item.label).includes(wanted));
}

/** The item whose label is exactly `text` (ignoring case and surrounding spaces), or undefined. */
export function matchItem(items: TypeaheadItem[], text: string): TypeaheadItem | undefined {
  const wanted = normalise(text);
  if (wanted === '') return undefined;
  return items.find((item) => normalise(item.label) === wanted);
}

/** Runs the search for `query`: filters a fixed list, or asks the search function. */
export async function searchItems(source: TypeaheadSource, query: string): Promise<TypeaheadItem[]> {
  return typeof source === 'function' ? source(query) : filterItems(source, query);
}

/** What the live region says: 'Geen resultaten', '1 resultaat', '3 resultaten'. */
export function resultCountText(count: number): string {
  if (count === 0) return 'Geen resultaten';
  return count === 1 ? '1 resultaat' : `${count} resultaten`;
}

/** The message for typed text that names no item: "Het veld '{label}' is ongeldig." */
export function invalidMessage(label: string): string {
  return `Het veld '${label}' is ongeldig.`;
}
