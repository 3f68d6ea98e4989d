/**
 * The English texts (text path -> {nl, en}): each entry added, removed or changed, placed where its
 * Dutch text stands in the document (the new version first, else the old one).
 */
import { mapTextsAt } from '../../../../renderer/core/textPaths';
import type { ChangeKind } from '../../../shared/beheer';
import { changedKeys, diff } from './delta';
import { quote, shortJson, show, textPair } from './format';
import { escapePointer, locate } from './location';
import type { Sentences } from './sentences';
import { get, isObj } from './values';

/** The English entries that differ, in the order of the new file (a removed entry after its old predecessor). */
export function describeEnglish(out: Sentences, before: unknown, after: unknown): void {
  const [old, now] = [isObj(before) ? before : {}, isObj(after) ? after : {}];
  const delta = diff(old, now);
  if (delta === undefined) return;
  const places = [textPointers(out.after), textPointers(out.before)];
  for (const path of changedKeys(delta, old, now)) {
    const [was, is] = [get(old, path), get(now, path)];
    const pointer = `/${escapePointer(path)}`;
    const segments = places[0].get(path) ?? places[1].get(path);
    const document = places[0].has(path) ? out.after : out.before;
    const where = segments ? `Engelse vertaling › ${locate(document, segments).where}` : 'Engelse vertaling';
    const subject = `Engelse vertaling van ${quote(path)}`;
    const push = (kind: ChangeKind, sentence: string, at: string) => out.add({ kind, where, text: sentence, path: at });
    const [wasEn, isEn] = [get(was, 'en'), get(is, 'en')];
    if (was === undefined) push('toegevoegd', `${subject} toegevoegd: ${show(isEn ?? is)}.`, pointer);
    else if (is === undefined) push('verwijderd', `${subject} verwijderd (was ${show(wasEn ?? was)}).`, pointer);
    else if (typeof wasEn === 'string' && typeof isEn === 'string' && wasEn !== isEn) {
      const [from, to] = textPair(wasEn, isEn);
      push('gewijzigd', `${subject} gewijzigd van ${from} naar ${to}.`, `${pointer}/en`);
    } else if (typeof get(was, 'nl') === 'string' && typeof get(is, 'nl') === 'string' && get(was, 'nl') !== get(is, 'nl') && wasEn === isEn) {
      const [from, to] = textPair(get(was, 'nl') as string, get(is, 'nl') as string);
      push('gewijzigd', `Nederlandse brontekst bij de Engelse vertaling van ${quote(path)} gewijzigd van ${from} naar ${to}.`, `${pointer}/nl`);
    } else push('gewijzigd', `${subject} gewijzigd van ${shortJson(was)} naar ${shortJson(is)}.`, pointer);
  }
}

/** Where each translatable text of a document stands: text path (as the English file keys it) -> pointer segments. */
function textPointers(document: unknown): Map<string, string[]> {
  const paths: string[] = [];
  const mark = (index: number) => `\u0000tekst:${index}\u0000`;
  const marked = mapTextsAt(document, (path) => {
    paths.push(path);
    return mark(paths.length - 1);
  });
  const found = new Map<string, string[]>();
  const walk = (node: unknown, segments: string[]): void => {
    if (typeof node === 'string') {
      // eslint-disable-next-line no-control-regex -- NUL marks a placeholder no text can contain
      const match = /^\u0000tekst:(\d+)\u0000$/.exec(node);
      if (match) found.set(paths[Number(match[1])], segments);
    } else if (Array.isArray(node)) node.forEach((item, index) => walk(item, [...segments, String(index)]));
    else if (isObj(node)) for (const [key, value] of Object.entries(node)) walk(value, [...segments, key]);
  };
  walk(marked, []);
  return found;
}
