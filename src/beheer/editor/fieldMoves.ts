/**
 * Moving a field within its step (its place in the form) and to another step. A field moves with
 * everything the step says about it, each part as written: its display settings (uiSchema), its
 * messages, its rule for showing it, whether it is required, its place in `ui:order`, and the
 * step's cross-field rules, boxes and derived values about it. In another step its data lives under
 * that step's data key, so every rule, block, signer and upload name that named it by its old path
 * names the new one. What cannot follow (a condition of the old step's schema, a field of the old
 * step that is reset when this one changes) refuses the move with a sentence that says why.
 */
import type { JSONPath } from 'jsonc-parser';
import { newId } from '../../../renderer/core/ids';
import type { TextRename } from './englishMoves';
import { renameModelPath } from './modelPaths';
import { insertRawAt, isObject, moveMember, parseDocument, rawAt, valueAt, writeAt, type Json } from './textMoves';

/** The moved text, with where the moved texts' translations now belong; or why the move cannot be made. */
export type MoveResult = { text: string; renames: TextRename[] } | { problem: string };

/** Where the properties of the object a field is in live: the step's, or a repeating group's item's. */
function propertiesPath(step: number, key: string): { path: JSONPath; name: string } {
  const [group, sub] = key.split('.', 2);
  return sub === undefined
    ? { path: ['steps', step, 'schema', 'properties'], name: group }
    : { path: ['steps', step, 'schema', 'properties', group, 'items', 'properties'], name: sub };
}

/** Swaps two names in a `ui:order` list when both are in it. */
function swapInOrder(text: string, orderPath: JSONPath, a: string, b: string): string {
  const order = valueAt(parseDocument(text), orderPath);
  if (!Array.isArray(order)) return text;
  const first = order.indexOf(a);
  const second = order.indexOf(b);
  if (first === -1 || second === -1) return text;
  let next = writeAt(text, [...orderPath, first], b);
  next = writeAt(next, [...orderPath, second], a);
  return next;
}

/** Moves a field one place earlier (-1) or later (+1) among the fields of its step (or of its repeating group). */
export function moveFieldWithin(text: string, step: number, key: string, delta: -1 | 1): string {
  const { path, name } = propertiesPath(step, key);
  const properties = valueAt(parseDocument(text), path);
  if (!isObject(properties)) return text;
  const names = Object.keys(properties);
  const from = names.indexOf(name);
  const to = from + delta;
  if (from === -1 || to < 0 || to >= names.length) return text;
  const next = moveMember(text, path, name, to);
  const [group, sub] = key.split('.', 2);
  const orderPath: JSONPath = sub === undefined ? ['steps', step, 'uiSchema', 'ui:order'] : ['steps', step, 'uiSchema', group, 'items', 'ui:order'];
  return swapInOrder(next, orderPath, name, names[to]);
}

const KEYWORDS_WITH_FIELD_NAMES = ['if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not', 'dependencies', 'dependentRequired', 'dependentSchemas'];

/** Whether a schema part names the property `name` (as a key or a string). */
function mentions(node: unknown, name: string): boolean {
  if (node === name) return true;
  if (Array.isArray(node)) return node.some((item) => mentions(item, name));
  if (!isObject(node)) return false;
  return Object.entries(node).some(([key, value]) => key === name || mentions(value, name));
}

/** The labels of the other fields of a step that are reset when `name` changes (`x-resetOn`), or that check a file against it. */
function dependents(properties: Json, name: string): string[] {
  return Object.entries(properties)
    .filter(([other]) => other !== name)
    .filter(([, schema]) => {
      if (!isObject(schema)) return false;
      const reset = Array.isArray(schema['x-resetOn']) && schema['x-resetOn'].includes(name);
      const files = isObject(schema['x-files']) && schema['x-files'].checkField === name;
      return reset || files;
    })
    .map(([other, schema]) => (isObject(schema) && typeof schema.title === 'string' ? schema.title : other));
}

const labelOf = (schema: unknown, fallback: string) => (isObject(schema) && typeof schema.title === 'string' ? schema.title : fallback);
const belongs = (path: unknown, name: string) => typeof path === 'string' && (path === name || path.startsWith(`${name}.`));

/**
 * Moves the field `key` (of the step itself, not of a group) from step `from` to the end of step
 * `to`, with everything the step says about it; every naming of its model path follows.
 */
export function moveFieldToStep(text: string, from: number, key: string, to: number): MoveResult {
  const document = parseDocument(text);
  const steps = document && Array.isArray(document.steps) ? document.steps : [];
  const source = steps[from];
  const target = steps[to];
  if (!isObject(source) || !isObject(target) || from === to) return { problem: 'Kies een andere stap.' };
  const schema = isObject(source.schema) ? source.schema : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const field = properties[key];
  const label = labelOf(field, key);
  const targetTitle = typeof target.title === 'string' ? target.title : `stap ${to + 1}`;
  if (key.includes('.') || !isObject(field)) return { problem: `Alleen een veld van de stap zelf kan naar een andere stap, niet een veld binnen een groep.` };
  const targetSchema = isObject(target.schema) ? target.schema : {};
  if (isObject(targetSchema.properties) && key in targetSchema.properties) {
    return {
      problem: `‘${label}’ kan niet naar ‘${targetTitle}’: die stap heeft al een veld onder dezelfde naam in de gegevens. Verplaats of verwijder dat veld eerst.`,
    };
  }
  const conditions = KEYWORDS_WITH_FIELD_NAMES.filter((keyword) => keyword in schema && mentions(schema[keyword], key));
  if (conditions.length > 0) {
    return {
      problem: `‘${label}’ kan niet naar een andere stap: de stap stelt er een voorwaarde mee (als-dan, keuze of afhankelijkheid). Pas die voorwaarde eerst aan in de broncode.`,
    };
  }
  const others = dependents(properties, key);
  const ownResets = Array.isArray(field['x-resetOn']) || (isObject(field['x-files']) && typeof field['x-files'].checkField === 'string');
  if (others.length > 0 || ownResets) {
    const names = others.length > 0 ? others.map((other) => `‘${other}’`).join(', ') : 'andere velden van deze stap';
    return {
      problem: `‘${label}’ kan niet naar een andere stap: het hangt samen met ${names} (leegmaken bij een wijziging of een bestandscontrole). Die samenhang werkt alleen binnen één stap.`,
    };
  }

  let next = text;
  const place = (path: JSONPath) => ['steps', from, ...path] as JSONPath;
  const there = (path: JSONPath) => ['steps', to, ...path] as JSONPath;
  // The parts to carry, as written, taken before anything is removed.
  const ui = isObject(source.uiSchema) && key in source.uiSchema ? rawAt(text, place(['uiSchema', key])) : undefined;
  const namedIn = (name: string) => Object.keys(isObject(source[name]) ? (source[name] as Json) : {}).filter((entry) => belongs(entry, key));
  const messages = namedIn('messages').map((entry) => [entry, rawAt(text, place(['messages', entry]))] as const);
  const rules = namedIn('visibleIf').map((entry) => [entry, rawAt(text, place(['visibleIf', entry]))] as const);
  const listed = (name: 'rules' | 'boxes' | 'derive', field: 'field' | 'after') =>
    (Array.isArray(source[name]) ? (source[name] as unknown[]) : []).flatMap((item, index) =>
      isObject(item) && belongs(item[field], key) ? [{ index, item, raw: rawAt(text, place([name, index]))! }] : [],
    );
  const carried = { rules: listed('rules', 'field'), boxes: listed('boxes', 'after'), derive: listed('derive', 'field') };
  const required = Array.isArray(schema.required) && schema.required.includes(key);
  const fieldRaw = rawAt(text, place(['schema', 'properties', key]))!;

  // Out of the old step: the lists from their end, so the positions still hold.
  for (const name of ['rules', 'boxes', 'derive'] as const) {
    for (const { index } of [...carried[name]].reverse()) next = writeAt(next, place([name, index]), undefined);
    const left = valueAt(parseDocument(next), place([name]));
    if (Array.isArray(left) && left.length === 0 && carried[name].length > 0) next = writeAt(next, place([name]), undefined);
  }
  for (const name of ['messages', 'visibleIf'] as const) {
    const entries = name === 'messages' ? messages : rules;
    for (const [entry] of entries) next = writeAt(next, place([name, entry]), undefined);
    const left = valueAt(parseDocument(next), place([name]));
    if (entries.length > 0 && isObject(left) && Object.keys(left).length === 0) next = writeAt(next, place([name]), undefined);
  }
  if (ui !== undefined) next = writeAt(next, place(['uiSchema', key]), undefined);
  const order = valueAt(parseDocument(next), place(['uiSchema', 'ui:order']));
  if (Array.isArray(order) && order.includes(key))
    next = writeAt(
      next,
      place(['uiSchema', 'ui:order']),
      order.filter((name) => name !== key),
    );
  if (required)
    next = writeAt(
      next,
      place(['schema', 'required']),
      (schema.required as string[]).filter((name) => name !== key),
    );
  next = writeAt(next, place(['schema', 'properties', key]), undefined);

  // Into the new step, at the end of its fields.
  next = insertRawAt(next, there(['schema', 'properties', key]), fieldRaw);
  if (required) {
    const list = valueAt(parseDocument(next), there(['schema', 'required']));
    next = writeAt(next, there(['schema', 'required']), [...(Array.isArray(list) ? list : []), key]);
  }
  if (ui !== undefined) next = insertRawAt(next, there(['uiSchema', key]), ui);
  const targetOrder = valueAt(parseDocument(next), there(['uiSchema', 'ui:order']));
  if (Array.isArray(targetOrder)) {
    const wildcard = targetOrder.indexOf('*');
    next = writeAt(
      next,
      there(['uiSchema', 'ui:order']),
      wildcard === -1 ? [...targetOrder, key] : [...targetOrder.slice(0, wildcard), key, ...targetOrder.slice(wildcard)],
    );
  }
  for (const [entry, raw] of messages) next = insertRawAt(next, there(['messages', entry]), raw!);
  for (const [entry, raw] of rules) next = insertRawAt(next, there(['visibleIf', entry]), raw!);
  const [fromId, toId] = [String(source.id), String(target.id)];
  const renames: TextRename[] = ['schema.properties', 'uiSchema', 'messages'].map((part) => [`steps.${fromId}.${part}.${key}`, `steps.${toId}.${part}.${key}`]);
  for (const name of ['rules', 'boxes', 'derive'] as const) {
    const existing = valueAt(parseDocument(next), there([name]));
    const taken = new Set((Array.isArray(existing) ? existing : []).flatMap((item) => (isObject(item) && typeof item.id === 'string' ? [item.id] : [])));
    let length = Array.isArray(existing) ? existing.length : 0;
    for (const { item, raw } of carried[name]) {
      next = insertRawAt(next, there([name, length]), raw);
      // An id the new step already has (cross-field rules and boxes are named by id) gets a number added.
      let id = typeof item.id === 'string' ? item.id : undefined;
      if (id !== undefined && taken.has(id)) {
        id = newId(id, id, taken);
        next = writeAt(next, there([name, length, 'id']), id);
      } else if (id !== undefined) taken.add(id);
      if (id !== undefined) renames.push([`steps.${fromId}.${name}.${String(item.id)}`, `steps.${toId}.${name}.${id}`]);
      length += 1;
    }
  }
  return { text: renameModelPath(next, `${String(source.dataKey)}.${key}`, `${String(target.dataKey)}.${key}`), renames };
}
