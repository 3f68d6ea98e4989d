/**
 * Content blocks (of the introduction, a step, the review step, the confirmation page): each block
 * matched by its id, with the points of a list block and the documents of a 'requiredDocuments'
 * block matched the same way.
 */
import { listItemText } from '../../../../renderer/core/partIds';
import { BLOCK_KIND_NAMES } from '../../../shared/blockKinds';
import { alignParts } from './alignment';
import { changedKeys, childDelta, diff } from './delta';
import { capital, named, quote, shortJson, show } from './format';
import { itemPos, sub, type Pos } from './location';
import type { Sentences } from './sentences';
import { get, isObj, list, nameOf, text, titleOf } from './values';
import { describeVisibility } from './visibility';
import { BOX_TYPES, namesOf } from './vocabulary';

const BLOCK = namesOf('block');
const DOCUMENT = namesOf('document');

/** Content blocks matched by their ids; `owner` names the list ("de inleiding van stap ‘Uw gegevens’"). */
export function describeBlocks(out: Sentences, before: unknown, after: unknown, pos: Pos, owner: string, field?: string): void {
  if (!Array.isArray(before) && !Array.isArray(after)) {
    out.generic(diff(before, after), before, after, pos, field);
    return;
  }
  for (const item of alignParts(list(before), list(after))) {
    const at = itemPos(pos, item);
    const summary = (block: unknown): string => {
      const kind = get(block, 'kind');
      const words = text(get(block, 'text')) ?? titleOf(block) ?? (typeof kind === 'string' ? (nameOf(BLOCK_KIND_NAMES, kind) ?? kind) : undefined);
      return words === undefined ? shortJson(block) : quote(words);
    };
    if (item.status === 'added') {
      out.emit('toegevoegd', `Tekstblok ${(item.after ?? 0) + 1} toegevoegd aan ${owner}: ${summary(item.now)}.`, at, { field });
      continue;
    }
    if (item.status === 'removed') {
      out.emit('verwijderd', `Tekstblok ${(item.before ?? 0) + 1} verwijderd uit ${owner} (was ${summary(item.old)}).`, at, { field });
      continue;
    }
    const number = (item.after ?? 0) + 1;
    const block = `tekstblok ${number} van ${owner}`;
    if (item.status === 'moved')
      out.emit('verplaatst', `Tekstblok ${summary(item.now)} van ${owner} verplaatst van positie ${(item.before ?? 0) + 1} naar ${number}.`, at, { field });
    for (const key of changedKeys(item.delta, item.old, item.now)) {
      const [old, now, keyPos, d] = [get(item.old, key), get(item.now, key), sub(at, key), childDelta(item.delta, key, item.old, item.now)];
      // An id written where the pipeline gave the same one is no change.
      if (key === 'id') continue;
      if (key === 'text' && typeof old === 'string' && typeof now === 'string') out.value({ name: capital(block) }, old, now, keyPos, field);
      else if (key === 'text') out.value({ name: `${BLOCK.text} van ${block}` }, old, now, keyPos, field);
      else if (key === 'title') out.value({ name: `${BLOCK.title} van ${block}` }, old, now, keyPos, field);
      else if (key === 'kind') out.value({ name: `${BLOCK.kind} van ${block}`, format: named(BLOCK_KIND_NAMES) }, old, now, keyPos, field);
      else if (key === 'href' || key === 'url') out.value({ name: `${BLOCK[key]} van ${block}`, setting: true }, old, now, keyPos, field);
      else if (key === 'level') out.value({ name: `${BLOCK.level} van ${block}`, setting: true }, old, now, keyPos, field);
      else if (key === 'type') out.value({ name: `${BLOCK.type} van ${block}`, setting: true, format: named(BOX_TYPES) }, old, now, keyPos, field);
      else if (key === 'visibleIf') describeVisibility(out, BLOCK.visibleIf, block, old, now, keyPos, field);
      else if (key === 'numbered' && (typeof old === 'boolean' || typeof now === 'boolean'))
        out.emit('gewijzigd', `${capital(block)} is ${now === true ? 'nu' : 'niet meer'} genummerd.`, keyPos, { field });
      else if (key === 'items' && get(item.now, 'kind') === 'list' && get(item.old, 'kind') === 'list') points(out, old, now, keyPos, block, field);
      else if (key === 'items' && [...list(old), ...list(now)].every(isObj)) documents(out, old, now, keyPos, block, field);
      else out.generic(d, old, now, keyPos, field);
    }
  }
}

/** The points of a list block, by their ids. */
function points(out: Sentences, before: unknown, after: unknown, pos: Pos, block: string, field?: string): void {
  for (const item of alignParts(list(before), list(after))) {
    const at = itemPos(pos, item);
    const [was, is] = [listItemText(item.old), listItemText(item.now)];
    if (item.status === 'added') out.emit('toegevoegd', `Punt ${(item.after ?? 0) + 1} toegevoegd aan ${block}: ${show(is)}.`, at, { field });
    else if (item.status === 'removed') out.emit('verwijderd', `Punt ${(item.before ?? 0) + 1} verwijderd uit ${block} (was ${show(was)}).`, at, { field });
    else {
      if (item.status === 'moved')
        out.emit('verplaatst', `Punt ${show(is)} van ${block} verplaatst van positie ${(item.before ?? 0) + 1} naar ${(item.after ?? 0) + 1}.`, at, {
          field,
        });
      if (was !== is) out.value({ name: `Punt ${(item.after ?? 0) + 1} van ${block}` }, was, is, typeof item.now === 'string' ? at : sub(at, 'text'), field);
    }
  }
}

/** The documents of a 'requiredDocuments' block, by their ids. */
function documents(out: Sentences, before: unknown, after: unknown, pos: Pos, block: string, field?: string): void {
  for (const item of alignParts(list(before), list(after))) {
    const at = itemPos(pos, item);
    const summary = (entry: unknown) => quote(text(get(entry, 'text')) ?? text(get(entry, 'list')) ?? '?');
    if (item.status === 'added') out.emit('toegevoegd', `Document ${(item.after ?? 0) + 1} toegevoegd aan ${block}: ${summary(item.now)}.`, at, { field });
    else if (item.status === 'removed')
      out.emit('verwijderd', `Document ${(item.before ?? 0) + 1} verwijderd uit ${block} (was ${summary(item.old)}).`, at, { field });
    else {
      const name = `document ${(item.after ?? 0) + 1} van ${block}`;
      if (item.status === 'moved')
        out.emit(
          'verplaatst',
          `Document ${summary(item.now)} van ${block} verplaatst van positie ${(item.before ?? 0) + 1} naar ${(item.after ?? 0) + 1}.`,
          at,
          { field },
        );
      for (const key of changedKeys(item.delta, item.old, item.now)) {
        const [old, now, keyPos] = [get(item.old, key), get(item.now, key), sub(at, key)];
        if (key === 'id') continue;
        if (key === 'text') out.value({ name: capital(name) }, old, now, keyPos, field);
        else if (key === 'visibleIf') describeVisibility(out, DOCUMENT.visibleIf, name, old, now, keyPos, field);
        else out.generic(childDelta(item.delta, key, item.old, item.now), old, now, keyPos, field);
      }
    }
  }
}
