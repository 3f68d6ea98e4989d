/**
 * The English of what moves in the structured editor goes with it. Translations are keyed by where a
 * text is (renderer/core/textPaths.ts): a field that moves to another step, or a step that is
 * copied, has its texts under other keys afterwards. Without this its English would be reported
 * missing (and the old entries orphaned) although nothing was said differently.
 */
import { parse } from 'jsonc-parser';
import { isObject, writeAt } from './textMoves';

/** A key prefix and the one that replaces it: `steps.stap1.schema.properties.naam` -> `steps.stap4.schema.properties.naam`. */
export type TextRename = [from: string, to: string];

const under = (key: string, prefix: string) => key === prefix || key.startsWith(`${prefix}.`);

/**
 * The English file's text with every entry under one of the `renames`' old keys moved (or, with
 * `copy`, copied) to the new key; the rest stays as written. An empty file stays empty.
 */
export function carryEnglish(english: string, renames: readonly TextRename[], copy = false): string {
  if (english.trim() === '' || renames.length === 0) return english;
  const file = parse(english) as unknown;
  if (!isObject(file)) return english;
  let next = english;
  for (const [key, entry] of Object.entries(file)) {
    const rename = renames.find(([from]) => under(key, from));
    if (!rename) continue;
    const target = rename[1] + key.slice(rename[0].length);
    if (target === key) continue;
    if (!copy) next = writeAt(next, [key], undefined);
    next = writeAt(next, [target], entry);
  }
  return next;
}
