/**
 * The English texts follow the document's edits. Entries are keyed by where a text is (see
 * renderer/core/textPaths.ts): when a list item goes, the texts after it move up a place; when a
 * field gets another name, its texts get another key; the English of a text that went goes too. The
 * texts are traced through the edits by marking each one with its old key; a text an edit wrote
 * anew (a rule rewritten around it) is found again by its Dutch words.
 */
import { mapTextsAt } from '../../../renderer/core/textPaths';
import { isObject, type Json } from './document';
import { applyEdits } from './edits';
import type { Edit } from './types';

const MARK = '\u0000tekst:';

/** The number of leading dotted segments two keys share. */
function shared(a: string, b: string): number {
  const [x, y] = [a.split('.'), b.split('.')];
  let count = 0;
  while (count < x.length && count < y.length && x[count] === y[count]) count += 1;
  return count;
}

/** Old key -> new key for every text of `document` that is still there after `edits`. */
export function textMoves(document: Json, edits: readonly Edit[]): Map<string, string> {
  const dutch = new Map<string, string>();
  const marked = mapTextsAt(document, (path, text) => {
    dutch.set(path, text);
    return `${MARK}${path}`;
  });
  const moves = new Map<string, string>();
  const written: { path: string; text: string }[] = [];
  mapTextsAt(applyEdits(marked, edits), (path, text) => {
    if (text.startsWith(MARK)) moves.set(text.slice(MARK.length), path);
    else written.push({ path, text });
    return text;
  });
  for (const { path, text } of written) {
    const candidates = [...dutch].filter(([old, words]) => words === text && !moves.has(old)).map(([old]) => old);
    const best = candidates.sort((a, b) => shared(b, path) - shared(a, path))[0];
    if (best !== undefined) moves.set(best, path);
  }
  for (const old of dutch.keys()) if (!moves.has(old)) moves.set(old, '');
  return moves;
}

/** What happened to the English texts: the file after the edits, and how many entries went or moved. */
export interface EnglishOutcome {
  english: Json;
  removed: number;
  moved: number;
}

/**
 * The English file (key -> { nl, en }) after the document's `edits`: entries of texts that went are
 * left out, entries of texts that moved get their new key, in the order they had. Entries of no
 * text of the document (orphans already) stay as they are.
 */
export function englishAfter(document: Json, edits: readonly Edit[], english: Json): EnglishOutcome {
  const moves = textMoves(document, edits);
  const next: Json = {};
  let removed = 0;
  let moved = 0;
  for (const [key, entry] of Object.entries(english)) {
    const to = moves.get(key);
    if (to === undefined) next[key] ??= entry;
    else if (to === '') removed += 1;
    else {
      if (to !== key) moved += 1;
      next[to] = entry;
    }
  }
  return { english: next, removed, moved };
}

/** Every text of a document by its key. */
function textsOf(document: unknown): Map<string, string> {
  const texts = new Map<string, string>();
  mapTextsAt(document, (path, text) => {
    texts.set(path, text);
    return text;
  });
  return texts;
}

/**
 * The English file after a change made otherwise than by edits (the choices editor rewriting a
 * list): an entry stays where its Dutch text still stands, follows its Dutch text to where it went
 * (the nearest such place), or goes when its text went. Entries of no text stay as they are.
 */
export function englishFollowingTexts(before: unknown, after: unknown, english: Json): EnglishOutcome {
  const [old, now] = [textsOf(before), textsOf(after)];
  const claimed = new Set([...now].filter(([path, text]) => old.get(path) === text).map(([path]) => path));
  const next: Json = {};
  let removed = 0;
  let moved = 0;
  for (const [key, entry] of Object.entries(english)) {
    const dutch = old.get(key);
    if (dutch === undefined || now.get(key) === dutch) {
      next[key] ??= entry;
      continue;
    }
    const to = [...now]
      .filter(([path, text]) => text === dutch && !claimed.has(path))
      .map(([path]) => path)
      .sort((a, b) => shared(b, key) - shared(a, key))[0];
    if (to === undefined) removed += 1;
    else {
      claimed.add(to);
      moved += 1;
      next[to] = entry;
    }
  }
  return { english: next, removed, moved };
}

/** The English file's text after the edits (written as the repository writes it), or the same text when nothing changes or it is no JSON. */
export function englishTextAfter(document: Json, edits: readonly Edit[], englishText: string): string {
  if (englishText.trim() === '') return englishText;
  let english: unknown;
  try {
    english = JSON.parse(englishText);
  } catch {
    return englishText;
  }
  if (!isObject(english)) return englishText;
  const outcome = englishAfter(document, edits, english);
  if (outcome.removed === 0 && outcome.moved === 0) return englishText;
  return `${JSON.stringify(outcome.english, null, 2)}\n`;
}
