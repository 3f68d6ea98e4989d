/**
 * A field's name in the data ('Naam in de gegevens') changed, and with it every place that names
 * the field: its schema, required list, display settings, messages and rules in its step, the rules
 * of the whole flow, the printed form's signers, the blocks that follow it, the names of an upload,
 * option filters, resets and the file check. (The English texts follow through english.ts.) Stored
 * submissions keep the name they were stored with.
 */
import { dataKeyOf, fieldKeys, isObject, list, propertyPath, stepsOf, uiPath, valueAt, within, type Json } from './document';
import { renameVars } from './logic';
import { blockLists, rulePlaces, signersOf } from './places';
import type { DocPath, Edit } from './types';

/** What a data name may be: a letter first, then letters, digits or '_' (it is a key of the stored data). */
export const DATA_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Why `name` cannot be the field's new name, in words; undefined when it can. */
export function renameProblem(document: Json, step: number, key: string, name: string): string | undefined {
  const current = key.split('.').at(-1);
  if (name.trim() === '') return "Het veld 'Nieuwe naam in de gegevens' is niet ingevuld.";
  if (!DATA_NAME.test(name)) return 'Een naam in de gegevens begint met een letter en bevat alleen letters, cijfers en _ (geen spaties).';
  if (name === current) return 'Dit is al de naam van het veld.';
  const group = key.includes('.') ? `${key.split('.')[0]}.` : '';
  const taken = fieldKeys(stepsOf(document)[step] ?? {}).some((other) => other === `${group}${name}`);
  return taken ? 'Een ander veld van deze stap heeft die naam al.' : undefined;
}

/**
 * `name` with the field at model path `path` renamed to `to` (its last segment), or undefined when
 * it does not name that field or a part of it. Item indexes and `*` in `name` stay where they are.
 */
export function renamedPath(name: string, path: string, to: string): string | undefined {
  const wanted = path.split('.');
  const segments = name.split('.');
  let matched = 0;
  for (let index = 0; index < segments.length && matched < wanted.length; index += 1) {
    const segment = segments[index];
    if (segment === '*' || /^\d+$/.test(segment)) continue;
    if (segment !== wanted[matched]) return undefined;
    matched += 1;
    if (matched === wanted.length) return [...segments.slice(0, index), to, ...segments.slice(index + 1)].join('.');
  }
  return undefined;
}

/** The edits that give the field `key` of step `step` the data name `to`. */
export function renameEdits(document: Json, step: number, key: string, to: string): Edit[] {
  const steps = stepsOf(document);
  const own = steps[step];
  if (!own) return [];
  const [group, sub] = key.split('.', 2);
  const name = sub ?? group;
  const newKey = sub === undefined ? to : `${group}.${to}`;
  const path = `${dataKeyOf(own)}.${key}`;
  const at = (...rest: DocPath) => ['steps', step, ...rest];
  const inField = (candidate: unknown): candidate is string => typeof candidate === 'string' && (candidate === key || candidate.startsWith(`${key}.`));
  const moved = (candidate: string) => `${newKey}${candidate.slice(key.length)}`;
  const replace = (values: unknown[], from: unknown, by: unknown) => values.map((value) => (value === from ? by : value));
  const edits: Edit[] = [{ op: 'rename', path: at('schema', ...propertyPath(key)), to }];

  const requiredPath = sub === undefined ? at('schema', 'required') : at('schema', 'properties', group, 'items', 'required');
  const required = valueAt(document, requiredPath);
  if (Array.isArray(required) && required.includes(name)) edits.push({ op: 'set', path: requiredPath, value: replace(required, name, to) });
  if (valueAt(own, ['uiSchema', ...uiPath(key)]) !== undefined) edits.push({ op: 'rename', path: at('uiSchema', ...uiPath(key)), to });
  const orderPath = ['uiSchema', ...(sub === undefined ? [] : [group, 'items']), 'ui:order'];
  const order = valueAt(own, orderPath);
  if (Array.isArray(order) && order.includes(name)) edits.push({ op: 'set', path: at(...orderPath), value: replace(order, name, to) });
  for (const entry of Object.keys(isObject(own.messages) ? own.messages : {}))
    if (inField(entry)) edits.push({ op: 'rename', path: at('messages', entry), to: moved(entry) });
  for (const entry of Object.keys(isObject(own.visibleIf) ? own.visibleIf : {}))
    if (inField(entry)) edits.push({ op: 'rename', path: at('visibleIf', entry), to: moved(entry) });
  for (const part of ['rules', 'derive'] as const) {
    list(own[part]).forEach((item, index) => {
      if (isObject(item) && inField(item.field)) edits.push({ op: 'set', path: at(part, index, 'field'), value: moved(item.field) });
    });
  }
  list(own.boxes).forEach((box, index) => {
    if (isObject(box) && inField(box.after)) edits.push({ op: 'set', path: at('boxes', index, 'after'), value: moved(box.after) });
  });
  // Resets and the file check name the fields beside them.
  const siblings = fieldKeys(own).filter((other) => (sub === undefined ? !other.includes('.') : other.startsWith(`${group}.`)) && other !== key);
  for (const other of siblings) {
    const schema = valueAt(own, ['schema', ...propertyPath(other)]);
    if (!isObject(schema)) continue;
    const resets = schema['x-resetOn'];
    if (Array.isArray(resets) && resets.includes(name))
      edits.push({ op: 'set', path: at('schema', ...propertyPath(other), 'x-resetOn'), value: replace(resets, name, to) });
    if (isObject(schema['x-files']) && schema['x-files'].checkField === name)
      edits.push({ op: 'set', path: at('schema', ...propertyPath(other), 'x-files', 'checkField'), value: to });
  }
  const schema = isObject(own.schema) ? own.schema : {};
  if (sub === undefined && isObject(schema.dependencies)) {
    for (const [owner, dependency] of Object.entries(schema.dependencies)) {
      if (owner === name) edits.push({ op: 'rename', path: at('schema', 'dependencies', owner), to });
      if (Array.isArray(dependency) && dependency.includes(name))
        edits.push({ op: 'set', path: at('schema', 'dependencies', owner), value: replace(dependency, name, to) });
    }
  }

  // Everything that names the field by its model path.
  for (const place of rulePlaces(document, () => '')) {
    const rename = (candidate: string): string | undefined => {
      if (candidate.startsWith('./')) {
        // A field of the same repeating group's item, read by its name within the item.
        if (!place.base || `${place.base}.${candidate.slice(2).split('.')[0]}` !== path) return undefined;
        return `./${to}${candidate.slice(2 + name.length)}`;
      }
      return renamedPath(candidate, path, to);
    };
    const next = renameVars(place.rule, rename);
    if (JSON.stringify(next) !== JSON.stringify(place.rule)) edits.push({ op: 'set', path: place.path, value: next });
  }
  for (const { path: at, signer } of signersOf(document)) {
    const names = list(signer.nameFrom);
    const next = names.map((entry) => (typeof entry === 'string' ? (renamedPath(entry, path, to) ?? entry) : entry));
    if (JSON.stringify(next) !== JSON.stringify(names)) edits.push({ op: 'set', path: [...at, 'nameFrom'], value: next });
  }
  for (const blocks of blockLists(document)) {
    blocks.blocks.forEach((block, index) => {
      if (!isObject(block)) return;
      if (typeof block.valueFrom === 'string' && within(block.valueFrom, path))
        edits.push({ op: 'set', path: [...blocks.path, index, 'valueFrom'], value: renamedPath(block.valueFrom, path, to) });
      list(block.items).forEach((item, itemIndex) => {
        if (isObject(item) && typeof item.valueFrom === 'string' && within(item.valueFrom, path))
          edits.push({ op: 'set', path: [...blocks.path, index, 'items', itemIndex, 'valueFrom'], value: renamedPath(item.valueFrom, path, to) });
      });
    });
  }
  const submit = isObject(document.submit) ? document.submit : {};
  for (const entry of Object.keys(isObject(submit.names) ? submit.names : {})) {
    const next = renamedPath(entry, path, to);
    if (next !== undefined) edits.push({ op: 'rename', path: ['submit', 'names', entry], to: next });
  }
  steps.forEach((other, index) => {
    for (const field of fieldKeys(other)) {
      const filter = valueAt(other, ['schema', ...propertyPath(field), 'x-optionsFilter']);
      if (isObject(filter) && typeof filter.by === 'string' && within(filter.by, path)) {
        edits.push({ op: 'set', path: ['steps', index, 'schema', ...propertyPath(field), 'x-optionsFilter', 'by'], value: renamedPath(filter.by, path, to) });
      }
    }
  });
  return edits;
}
