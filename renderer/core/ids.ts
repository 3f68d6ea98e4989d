/**
 * Ids for the parts of a flow that are named, not counted: steps, content blocks, list items,
 * required documents, signers. Translations, the change sentences and the back office find a part
 * by its id, so moving or inserting another part never re-attaches a text to the wrong one. An id
 * is made from the part's own words (readable in the source view and in a translation key) and is
 * the same for the same input, so `flows:check --fix` and the editor write the same file.
 */

/** 'Wat gebeurt er nu?' -> 'wat-gebeurt-er-nu' (at most `words` words, letters and digits only). */
export function slugOf(text: string, words = 4): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, words)
    .join('-');
}

/**
 * A new id from `text` (its first words), else `fallback`, unique among `taken` (a number is added
 * when needed: `let-op`, `let-op-2`). The id is added to `taken`, so a caller naming several parts
 * in a row passes the same set.
 */
export function newId(text: string | undefined, fallback: string, taken: Set<string>): string {
  const base = (text && slugOf(text)) || fallback;
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}
