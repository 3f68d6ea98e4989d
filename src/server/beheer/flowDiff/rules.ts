/**
 * The rules of a step over its fields: the checks (controleregels, matched by their ids) with their
 * messages, and the derivations that give a field a fixed answer (matched by position).
 */
import { align, alignByPosition } from './alignment';
import { fieldLabel, fieldRemoved, type StepContext } from './context';
import { changedKeys, childDelta, diff } from './delta';
import { quote, show } from './format';
import { itemPos, sub, type Pos } from './location';
import type { Sentences } from './sentences';
import { get, list, text } from './values';
import { namesOf } from './vocabulary';

const RULE = namesOf('rule');

/** The checks of a step, by their ids; a check that went with its field is not told again. */
export function describeRules(out: Sentences, delta: unknown, before: unknown, after: unknown, pos: Pos, step: StepContext): void {
  for (const item of align(Array.isArray(before) && Array.isArray(after) ? delta : diff(list(before), list(after)), list(before), list(after))) {
    const at = itemPos(pos, item);
    const rule = item.now ?? item.old;
    const name = `Controleregel ${quote(text(get(rule, 'id')) ?? '?')}`;
    const field = text(get(rule, 'field'));
    const fieldName = field ? `veld ${quote(fieldLabel(step, field))}` : 'de stap';
    if (item.status === 'added') out.emit('toegevoegd', `${name} toegevoegd bij ${fieldName}: ${show(get(rule, 'message'))}.`, at, { field });
    else if (item.status === 'removed') {
      if (!(field && fieldRemoved(step, field))) out.emit('verwijderd', `${name} verwijderd bij ${fieldName}.`, at, { field });
    } else {
      if (item.status === 'moved')
        out.emit('verplaatst', `${name} verplaatst van positie ${(item.before ?? 0) + 1} naar ${(item.after ?? 0) + 1}.`, at, { field });
      for (const key of changedKeys(item.delta, item.old, item.now)) {
        const [old, now, keyPos] = [get(item.old, key), get(item.now, key), sub(at, key)];
        if (key === 'message') out.value({ name: `${RULE.message} van ${name.charAt(0).toLowerCase()}${name.slice(1)}` }, old, now, keyPos, field);
        else if (key === 'assert') out.emit('gewijzigd', `${RULE.assert} van ${name.charAt(0).toLowerCase()}${name.slice(1)} gewijzigd.`, keyPos, { field });
        else if (key === 'field' && typeof old === 'string' && typeof now === 'string') {
          out.emit('gewijzigd', `${name} geldt nu voor veld ${quote(fieldLabel(step, now))} in plaats van veld ${quote(fieldLabel(step, old))}.`, keyPos, {
            field,
          });
        } else out.generic(childDelta(item.delta, key, item.old, item.now), old, now, keyPos, field);
      }
    }
  }
}

/** The derivations of a step (a field's answer set by a rule), by position: they have no id. */
export function describeDerivations(out: Sentences, before: unknown, after: unknown, pos: Pos, step: StepContext): void {
  for (const item of alignByPosition(list(before), list(after))) {
    const at = itemPos(pos, item);
    const field = text(get(item.now ?? item.old, 'field'));
    const name = `Afleiding voor ${field ? `veld ${quote(fieldLabel(step, field))}` : 'een veld'}`;
    if (item.status === 'added') out.emit('toegevoegd', `${name} toegevoegd.`, at, { field });
    else if (item.status === 'removed') out.emit('verwijderd', `${name} verwijderd.`, at, { field });
    else if (item.delta !== undefined) out.emit('gewijzigd', `${name} gewijzigd.`, at, { field });
  }
}
