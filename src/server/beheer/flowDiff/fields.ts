/**
 * The fields of a step (its JSON Schema), walked node by node on both versions: fields added,
 * removed and moved (matched by their names), what became required, and the parts a node is
 * built of — the fields of a repeating group, the branches of a choice (by position), the then
 * and else parts of a condition, parts that depend on a field, and definitions. What a single
 * field sets (its label, limits, options, …) is told by keywords.ts.
 */
import type { ChangeKind } from '../../../shared/beheer';
import { alignByPosition, commonPairs } from './alignment';
import { fieldLabel, type NodeContext } from './context';
import { changedKeys, childDelta, isObjectDelta, mergedOrder } from './delta';
import { capital, quote } from './format';
import { describeKeyword } from './keywords';
import { itemPos, onlyAfter, onlyBefore, sub, type Pos } from './location';
import { describeOptionList, isOptionList } from './options';
import type { Sentences } from './sentences';
import { get, has, isObj, join, keysOf, list, titleOf, type Obj } from './values';
import { namesOf } from './vocabulary';

const FIELD = namesOf('field');

/**
 * A schema node: the step's root, a field, a group, an option of a choice. Walked on both
 * versions even where the delta has nothing, to find fields that changed place.
 */
export function describeSchemaNode(out: Sentences, delta: unknown, before: unknown, after: unknown, pos: Pos, context: NodeContext): void {
  if (!isObj(before) || !isObj(after)) {
    if (before !== undefined || after !== undefined) out.generic(delta, before, after, pos, context.path || undefined);
    return;
  }
  const inner = context.field ? `groep ${quote(context.field.label)} in ${context.container}` : context.container;
  properties(out, childDelta(delta, 'properties', before, after), before.properties, after.properties, sub(pos, 'properties'), context, inner);
  required(out, before, after, pos, context);
  const structural = ['items', 'oneOf', 'anyOf', 'allOf', 'then', 'else', 'dependencies', 'dependentSchemas', 'definitions', '$defs'];
  for (const key of structural) {
    if (!has(before, key) && !has(after, key)) continue;
    structure(out, key, childDelta(delta, key, before, after), before[key], after[key], sub(pos, key), context, inner);
  }
  for (const key of changedKeys(delta, before, after)) {
    if (key === 'properties' || key === 'required' || structural.includes(key)) continue;
    const [old, now, at, d] = [get(before, key), get(after, key), sub(pos, key), childDelta(delta, key, before, after)];
    const field = context.path || undefined;
    if (key === 'if') {
      // The condition of `then`/`else`: its `properties` are tests, not fields.
      const owner = context.field ? `veld ${quote(context.field.label)}` : context.container;
      const kind: ChangeKind = old === undefined ? 'toegevoegd' : now === undefined ? 'verwijderd' : 'gewijzigd';
      out.emit(kind, `Voorwaarde (als) van ${owner} ${kind}.`, at, { field });
    } else if (context.field) describeKeyword(out, key, d, old, now, at, context, context.field);
    else if (key === 'x-choiceLabel') out.value({ name: `${FIELD['x-choiceLabel']} van ${context.container}` }, old, now, at, field);
    else out.generic(d, old, now, at, field);
  }
}

function properties(out: Sentences, delta: unknown, before: unknown, after: unknown, pos: Pos, context: NodeContext, container: string): void {
  if (!isObj(before) && !isObj(after)) return;
  const label = (name: string): string => titleOf(get(after, name)) ?? titleOf(get(before, name)) ?? name;
  for (const name of mergedOrder(keysOf(before), keysOf(after))) {
    const path = join(context.path, name);
    const at = sub(pos, name);
    if (!has(before, name)) out.emit('toegevoegd', `Veld ${quote(label(name))} toegevoegd aan ${container}.`, at, { field: path });
    else if (!has(after, name)) out.emit('verwijderd', `Veld ${quote(label(name))} verwijderd uit ${container}.`, at, { field: path });
    else {
      describeSchemaNode(out, childDelta(delta, name, before, after), get(before, name), get(after, name), at, {
        step: context.step,
        path,
        field: { name, label: label(name) },
        container,
      });
    }
  }
  // Fields that kept their name but changed place (jsondiffpatch does not see the order of keys).
  const common = keysOf(before).filter((name) => has(after, name));
  const now = keysOf(after).filter((name) => has(before, name));
  const kept = new Set(commonPairs(common, now).map(([, index]) => now[index]));
  for (const name of now) {
    if (kept.has(name)) continue;
    const keys = keysOf(after);
    const previous = keys[keys.indexOf(name) - 1];
    const place = previous === undefined ? 'staat nu bovenaan' : `staat nu na veld ${quote(label(previous))}`;
    out.emit('verplaatst', `Veld ${quote(label(name))} verplaatst in ${container}; het ${place}.`, sub(pos, name), { field: join(context.path, name) });
  }
}

function required(out: Sentences, before: Obj, after: Obj, pos: Pos, context: NodeContext): void {
  const [old, now] = [list(before.required), list(after.required)].map((names) => names.filter((name): name is string => typeof name === 'string'));
  const [oldProps, nowProps] = [before.properties, after.properties];
  const label = (name: string): string => titleOf(get(nowProps, name)) ?? titleOf(get(oldProps, name)) ?? name;
  const fieldPos = (name: string): Pos | undefined => (has(nowProps, name) ? onlyAfter(pos, 'properties', name) : undefined);
  now.forEach((name, index) => {
    if (old.includes(name)) return;
    const isNew = !has(oldProps, name) && has(nowProps, name);
    out.emit('gewijzigd', `Veld ${quote(label(name))} is ${isNew ? '' : 'nu '}verplicht.`, onlyAfter(pos, 'required', String(index)), {
      field: join(context.path, name),
      where: fieldPos(name),
    });
  });
  old.forEach((name, index) => {
    if (now.includes(name)) return;
    if (has(oldProps, name) && !has(nowProps, name)) return;
    out.emit('gewijzigd', `Veld ${quote(label(name))} is niet meer verplicht.`, onlyBefore(pos, 'required', String(index)), {
      field: join(context.path, name),
      where: fieldPos(name),
    });
  });
}

/** Sub-schemas of a node: the items of a list, the options of a choice, conditional parts, definitions. */
function structure(out: Sentences, key: string, delta: unknown, before: unknown, after: unknown, pos: Pos, context: NodeContext, inner: string): void {
  const field = context.path || undefined;
  const owner = context.field ? `veld ${quote(context.field.label)}` : context.container;
  if (key === 'items') {
    const group = has(before, 'properties') || has(after, 'properties');
    if (group && isObj(before) && isObj(after))
      describeSchemaNode(out, delta, before, after, pos, { step: context.step, path: context.path, container: inner });
    else if (delta !== undefined) out.generic(delta, before, after, pos, field);
    return;
  }
  if (key === 'oneOf' || key === 'anyOf' || key === 'allOf') {
    if (key !== 'allOf' && (isOptionList(before) || isOptionList(after))) {
      if (delta !== undefined) describeOptionList(out, before, after, pos, field, owner);
      return;
    }
    if (!Array.isArray(before) || !Array.isArray(after)) {
      if (delta !== undefined) out.generic(delta, before, after, pos, field);
      return;
    }
    for (const item of alignByPosition(before, after)) {
      const at = itemPos(pos, item);
      const index = (item.after ?? item.before ?? 0) + 1;
      const title = titleOf(item.now ?? item.old);
      const name = key === 'allOf' ? `deel ${index}` : `keuze ${title ? quote(title) : index}`;
      if (item.status === 'added') out.emit('toegevoegd', `${capital(name)} toegevoegd aan ${inner}.`, at, { field });
      else if (item.status === 'removed') out.emit('verwijderd', `${capital(name)} verwijderd uit ${inner}.`, at, { field });
      else {
        if (item.status === 'moved')
          out.emit('verplaatst', `${capital(name)} verplaatst van positie ${(item.before ?? 0) + 1} naar ${(item.after ?? 0) + 1}.`, at, { field });
        if (key !== 'allOf' && item.delta !== undefined && has(item.delta, 'title')) {
          out.value({ name: `Titel van keuze ${index} van ${inner}` }, titleOf(item.old), titleOf(item.now), sub(at, 'title'), field);
        }
        const branchDelta =
          isObjectDelta(item.delta) && key !== 'allOf' ? Object.fromEntries(Object.entries(item.delta).filter(([k]) => k !== 'title')) : item.delta;
        describeSchemaNode(out, isObj(branchDelta) && Object.keys(branchDelta).length === 0 ? undefined : branchDelta, item.old, item.now, at, {
          step: context.step,
          path: context.path,
          container: `${name} in ${inner}`,
        });
      }
    }
    return;
  }
  if (key === 'then' || key === 'else') {
    const name = key === 'then' ? 'het dan-deel' : 'het anders-deel';
    if (isObj(before) && isObj(after))
      describeSchemaNode(out, delta, before, after, pos, { step: context.step, path: context.path, container: `${name} van ${inner}` });
    else if (before === undefined) out.emit('toegevoegd', `${capital(name)} toegevoegd aan ${inner}.`, pos, { field });
    else if (after === undefined) out.emit('verwijderd', `${capital(name)} verwijderd uit ${inner}.`, pos, { field });
    else out.generic(delta, before, after, pos, field);
    return;
  }
  if (key === 'dependencies' || key === 'dependentSchemas') {
    for (const name of mergedOrder(keysOf(before), keysOf(after))) {
      const [old, now, at, d] = [get(before, name), get(after, name), sub(pos, name), childDelta(delta, name, before, after)];
      const ownerName = quote(fieldLabel(context.step, join(context.path, name)));
      if (Array.isArray(old) || Array.isArray(now)) {
        if (d !== undefined) out.value({ name: `Velden die verplicht worden door veld ${ownerName}`, setting: true }, old, now, at, field);
      } else if (isObj(old) && isObj(now))
        describeSchemaNode(out, d, old, now, at, { step: context.step, path: context.path, container: `het deel afhankelijk van ${ownerName} in ${inner}` });
      else if (now !== undefined && old === undefined) out.emit('toegevoegd', `Deel afhankelijk van veld ${ownerName} toegevoegd aan ${inner}.`, at, { field });
      else if (old !== undefined && now === undefined) out.emit('verwijderd', `Deel afhankelijk van veld ${ownerName} verwijderd uit ${inner}.`, at, { field });
    }
    return;
  }
  // definitions / $defs: named field definitions of the step.
  for (const name of mergedOrder(keysOf(before), keysOf(after))) {
    const [old, now, at, d] = [get(before, name), get(after, name), sub(pos, name), childDelta(delta, name, before, after)];
    if (isObj(old) && isObj(now))
      describeSchemaNode(out, d, old, now, at, {
        step: context.step,
        path: `#${name}`,
        field: { name, label: titleOf(now) ?? name },
        container: `definitie ${quote(name)} in ${inner}`,
      });
    else if (old === undefined && now !== undefined) out.emit('toegevoegd', `Definitie ${quote(name)} toegevoegd aan ${inner}.`, at);
    else if (now === undefined && old !== undefined) out.emit('verwijderd', `Definitie ${quote(name)} verwijderd uit ${inner}.`, at);
    else if (d !== undefined) out.generic(d, old, now, at);
  }
}
