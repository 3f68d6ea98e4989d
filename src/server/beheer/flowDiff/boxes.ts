/** The boxes (kaders) of a step: each matched by its id, with its text, kind, place among the fields and visibility. */
import { align } from './alignment';
import { fieldLabel, type StepContext } from './context';
import { changedKeys, childDelta, diff } from './delta';
import { named, quote, show } from './format';
import { itemPos, sub, type Pos } from './location';
import type { Sentences } from './sentences';
import { get, list, text } from './values';
import { describeVisibility } from './visibility';
import { BOX_TYPES, namesOf } from './vocabulary';

const BOX = namesOf('box');

/** The boxes of a step, by their ids. */
export function describeBoxes(out: Sentences, delta: unknown, before: unknown, after: unknown, pos: Pos, step: StepContext): void {
  for (const item of align(Array.isArray(before) && Array.isArray(after) ? delta : diff(list(before), list(after)), list(before), list(after))) {
    const at = itemPos(pos, item);
    const box = item.now ?? item.old;
    const id = quote(text(get(box, 'id')) ?? '?');
    const field = text(get(box, 'after'));
    if (item.status === 'added') out.emit('toegevoegd', `Kader ${id} toegevoegd aan stap ${quote(step.name)}: ${show(get(box, 'text'))}.`, at, { field });
    else if (item.status === 'removed') out.emit('verwijderd', `Kader ${id} verwijderd uit stap ${quote(step.name)}.`, at, { field });
    else {
      if (item.status === 'moved')
        out.emit('verplaatst', `Kader ${id} verplaatst van positie ${(item.before ?? 0) + 1} naar ${(item.after ?? 0) + 1}.`, at, { field });
      for (const key of changedKeys(item.delta, item.old, item.now)) {
        const [old, now, keyPos] = [get(item.old, key), get(item.now, key), sub(at, key)];
        if (key === 'text') out.value({ name: `${BOX.text} van kader ${id}` }, old, now, keyPos, field);
        else if (key === 'title') out.value({ name: `${BOX.title} van kader ${id}` }, old, now, keyPos, field);
        else if (key === 'type') out.value({ name: `${BOX.type} van kader ${id}`, setting: true, format: named(BOX_TYPES) }, old, now, keyPos, field);
        else if (key === 'after') {
          const place = (path: unknown) => (typeof path === 'string' ? `na veld ${quote(fieldLabel(step, path))}` : 'bovenaan');
          out.emit('gewijzigd', `Kader ${id} staat nu ${place(now)} (was ${place(old)}).`, keyPos, { field });
        } else if (key === 'visibleIf') describeVisibility(out, BOX.visibleIf, `kader ${id}`, old, now, keyPos, field);
        else out.generic(childDelta(item.delta, key, item.old, item.now), old, now, keyPos, field);
      }
    }
  }
}
