/**
 * The steps: each matched by its id (added, removed, moved), and within a step its title and
 * introduction, then its fields in order with all that concerns each field (schema, display,
 * visibility, messages, rules), then the rest.
 */
import { align } from './alignment';
import { describeBlocks } from './blocks';
import { describeBoxes } from './boxes';
import { fieldLabel, fieldRemoved, type StepContext } from './context';
import { changedKeys, childDelta, diff, mergedOrder } from './delta';
import { describeDisplay } from './display';
import { describeSchemaNode } from './fields';
import { quote } from './format';
import { itemPos, stepName, sub, type Pos } from './location';
import { describeDerivations, describeRules } from './rules';
import type { Pending, Sentences } from './sentences';
import { get, has, isObj, join, list } from './values';
import { describeVisibility } from './visibility';
import { messageKeyword, namesOf } from './vocabulary';

const STEP = namesOf('step');
const FIELD = namesOf('field');

export function describeSteps(out: Sentences, delta: unknown, before: unknown, after: unknown, pos: Pos): void {
  for (const item of align(Array.isArray(before) && Array.isArray(after) ? delta : diff(list(before), list(after)), list(before), list(after))) {
    const at = itemPos(pos, item);
    if (item.status === 'added') out.emit('toegevoegd', `Stap ${quote(stepName(item.now))} toegevoegd.`, at);
    else if (item.status === 'removed') out.emit('verwijderd', `Stap ${quote(stepName(item.old))} verwijderd.`, at);
    else {
      if (item.status === 'moved')
        out.emit('verplaatst', `Stap ${quote(stepName(item.now))} verplaatst van positie ${(item.before ?? 0) + 1} naar ${(item.after ?? 0) + 1}.`, at);
      step(out, item.delta, item.old, item.now, at, item.after ?? 0);
    }
  }
}

/** A step that is in both versions: its sentences written apart, then put in document order. */
function step(out: Sentences, delta: unknown, before: unknown, after: unknown, pos: Pos, index: number): void {
  out.collect(
    () => stepParts(out, delta, before, after, pos, index),
    (collected) => inStepOrder(collected, before, after),
  );
}

/** The step's title and introduction (section 0), its fields with all that concerns them (1), then the rest (2). */
function stepParts(out: Sentences, delta: unknown, before: unknown, after: unknown, pos: Pos, index: number): void {
  const step: StepContext = { before, after, name: stepName(after), pos };
  const container = `stap ${quote(step.name)}`;
  out.section = 1;
  // The schema is walked even without a delta: a change of field order is no change to jsondiffpatch.
  describeSchemaNode(out, childDelta(delta, 'schema', before, after), get(before, 'schema'), get(after, 'schema'), sub(pos, 'schema'), {
    step,
    path: '',
    container,
  });
  for (const key of changedKeys(delta, before, after)) {
    const [old, now, at, d] = [get(before, key), get(after, key), sub(pos, key), childDelta(delta, key, before, after)];
    out.section = 1;
    switch (key) {
      case 'schema':
        break;
      case 'title':
        out.section = 0;
        out.value({ name: `${STEP.title} van stap ${index + 1}` }, old, now, at);
        break;
      case 'dataKey':
        out.section = 0;
        out.value({ name: `${STEP.dataKey} van stap ${quote(step.name)}`, setting: true }, old, now, at);
        break;
      case 'intro':
        out.section = 0;
        describeBlocks(out, old, now, at, `de inleiding van ${container}`);
        break;
      case 'outro':
        out.section = 2;
        describeBlocks(out, old, now, at, `het slot van ${container}`);
        break;
      case 'uiSchema':
        describeDisplay(out, d, old, now, at, step, '');
        break;
      case 'visibleIf':
        for (const path of changedKeys(d, old, now)) {
          if (!has(now, path) && fieldRemoved(step, path)) continue;
          // A field's rule for showing, written in the step rather than on the field (x-visibleIf).
          describeVisibility(out, FIELD['x-visibleIf'], `veld ${quote(fieldLabel(step, path))}`, get(old, path), get(now, path), sub(at, path), path);
        }
        break;
      case 'messages':
        stepMessages(out, d, old, now, at, step);
        break;
      case 'rules':
        describeRules(out, d, old, now, at, step);
        break;
      case 'boxes':
        describeBoxes(out, d, old, now, at, step);
        break;
      case 'derive':
        describeDerivations(out, old, now, at, step);
        break;
      default:
        out.section = 2;
        out.generic(d, old, now, at);
    }
  }
}

/** A step's sentences by section (see `Pending`), and within the fields by the order of the fields they concern. */
function inStepOrder(collected: Pending[], before: unknown, after: unknown): void {
  const order = mergedOrder(fieldOrder(get(before, 'schema')), fieldOrder(get(after, 'schema')));
  const rank = (item: Pending): number => {
    if (item.section !== 1 || item.field === undefined) return Number.MAX_SAFE_INTEGER;
    for (let path = item.field; path !== ''; path = path.includes('.') ? path.slice(0, path.lastIndexOf('.')) : '') {
      const found = order.indexOf(path);
      if (found >= 0) return found;
    }
    return Number.MAX_SAFE_INTEGER;
  };
  collected.sort((a, b) => a.section - b.section || rank(a) - rank(b));
}

function stepMessages(out: Sentences, delta: unknown, before: unknown, after: unknown, pos: Pos, step: StepContext): void {
  for (const path of changedKeys(delta, before, after)) {
    const [old, now] = [get(before, path), get(after, path)];
    if (!has(after, path) && fieldRemoved(step, path)) continue;
    const d = childDelta(delta, path, before, after);
    for (const keyword of changedKeys(d ?? diff(old, now), old, now)) {
      out.value(
        { name: `Melding bij ${quote(messageKeyword(keyword))} van veld ${quote(fieldLabel(step, path))}` },
        get(old, keyword),
        get(now, keyword),
        sub(pos, path, keyword),
        path,
      );
    }
  }
}

/** Every field path of a step schema in order, also within groups, repeating groups and the parts of conditions. */
function fieldOrder(schema: unknown, prefix = ''): string[] {
  if (!isObj(schema)) return [];
  const paths: string[] = [];
  for (const [name, child] of Object.entries(isObj(schema.properties) ? schema.properties : {})) {
    const path = join(prefix, name);
    paths.push(path, ...fieldOrder(child, path));
  }
  if (isObj(schema.items)) paths.push(...fieldOrder(schema.items, prefix));
  for (const key of ['allOf', 'oneOf', 'anyOf']) for (const branch of list(schema[key])) paths.push(...fieldOrder(branch, prefix));
  for (const key of ['then', 'else']) paths.push(...fieldOrder(schema[key], prefix));
  for (const key of ['dependencies', 'dependentSchemas'])
    for (const branch of Object.values(isObj(schema[key]) ? schema[key] : {})) paths.push(...fieldOrder(branch, prefix));
  return [...new Set(paths)];
}
