/**
 * A field's choices and its own messages, read from and written into the text of a flow document.
 * Like documentEdits.ts every write is a `jsonc-parser` edit of the text: what the administrator
 * did not change (order, layout, other keys, the one-line style of a short list) stays as written.
 *
 * Choices are written in the form the field already uses: `enum` with its labels (`x-enumNames`
 * or `ui:enumNames`, a list or a map), a list of constants with titles (`oneOf`/`anyOf` of
 * `{ const, title }`), each on `items` for a list of choices (checkboxes, a multi-select), or a
 * reference list by name (`x-options`). Values keep their JSON type: integers stay integers.
 *
 * Messages are the step's `messages.<field>.<keyword>`; the portal falls back to the field
 * definition's `x-messages` and then to its catalogue (renderer/core/messages.ts), which is what
 * `standardMessage` shows.
 *
 * A field is named by its key in the step's `properties`, or by a dotted path for a field of a group
 * or of a repeating group's item ('personen.naam'), as the step's `messages` name it.
 */
import { applyEdits, findNodeAtLocation, getNodeValue, modify, parse, parseTree, type JSONPath, type Node, type ParseError } from 'jsonc-parser';
import catalogue from '../../../renderer/core/i18n/messages.nl.json';
import { setAt } from './documentEdits';

type Json = Record<string, unknown>;

export type OptionValue = string | number | boolean;
export interface FieldOption {
  value: OptionValue;
  label: string;
}
/** Where the fixed choices are written: on the field, or on its `items` for a list of choices. */
export type OptionForm = 'enum' | 'oneOf' | 'anyOf' | 'items.enum' | 'items.oneOf' | 'items.anyOf';
/** The JSON type of the values of a field's choices. */
export type OptionValueType = 'string' | 'integer' | 'number' | 'boolean';
export type FieldOptions =
  | { kind: 'vast'; form: OptionForm; options: FieldOption[]; valueType: OptionValueType }
  | { kind: 'lijst'; form: 'x-options' | 'items.x-options'; list: string };

/** The keywords a field's own message can be given for, in the order the editor shows them. */
export const MESSAGE_KEYWORDS = [
  'required',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'enum',
] as const;
export type MessageKeyword = (typeof MESSAGE_KEYWORDS)[number];

/** Shared field definitions (schemas/velden/*.json) by `$id` ('urn:uzi-portaal:veld:postcode'). */
export type SharedFields = Record<string, object>;

const FORMAT = { insertSpaces: true, tabSize: 2, eol: '\n' };
const PLACEHOLDER = '\u0000fieldEdits-placeholder\u0000';
const PLACEHOLDER_JSON = JSON.stringify(PLACEHOLDER);
const CATALOGUE = catalogue as Record<string, string>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isOptionValue = (value: unknown): value is OptionValue =>
  typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
const unique = (values: unknown[]) => new Set(values).size === values.length;
const sameList = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((value, index) => value === b[index]);

// ---------------------------------------------------------------------------------------------
// Reading

function parseDocument(text: string): Json | undefined {
  const errors: ParseError[] = [];
  const document = parse(text, errors, { allowTrailingComma: false, disallowComments: true }) as unknown;
  return errors.length === 0 && isObject(document) ? document : undefined;
}

interface FieldLocation {
  /** The step itself. */
  step: Json;
  /** JSON path of the field's schema in the document. */
  path: JSONPath;
  schema: Json;
  /** JSON path of the field's uiSchema entry (which need not exist). */
  uiPath: JSONPath;
  ui: Json | undefined;
  /** The object schema that lists the field in `properties` (its `required` applies). */
  parent: Json;
  /** The step's key of the field in `messages`. */
  messageKey: string;
}

/** The sub-schemas a field of `node` may also be listed in: branches of a choice, a condition, a dependency. */
function branchesOf(node: Json, path: JSONPath): { node: Json; path: JSONPath }[] {
  const found: { node: Json; path: JSONPath }[] = [];
  for (const keyword of ['oneOf', 'anyOf', 'allOf']) {
    const list = node[keyword];
    if (Array.isArray(list)) list.forEach((branch, index) => isObject(branch) && found.push({ node: branch, path: [...path, keyword, index] }));
  }
  for (const keyword of ['then', 'else']) {
    const branch = node[keyword];
    if (isObject(branch)) found.push({ node: branch, path: [...path, keyword] });
  }
  if (isObject(node.dependencies)) {
    for (const [name, branch] of Object.entries(node.dependencies)) if (isObject(branch)) found.push({ node: branch, path: [...path, 'dependencies', name] });
  }
  return found;
}

/** The schema that lists `name` in its `properties`: `node` itself or one of its branches (searched depth first). */
function listing(node: Json, path: JSONPath, name: string, depth = 0): { node: Json; path: JSONPath } | undefined {
  if (isObject(node.properties) && isObject(node.properties[name])) return { node, path };
  if (depth > 8) return undefined;
  for (const branch of branchesOf(node, path)) {
    const found = listing(branch.node, branch.path, name, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Where a field lives: `key` is a property of the step, or a dotted path through groups, repeating
 * groups (their `items`) and the branches of a choice or condition, as the step's `messages` name it.
 */
function locate(document: Json, stepIndex: number, key: string): FieldLocation | undefined {
  const steps = Array.isArray(document.steps) ? document.steps : [];
  const step = steps[stepIndex];
  if (!isObject(step) || !isObject(step.schema)) return undefined;
  let node: Json = step.schema;
  let path: JSONPath = ['steps', stepIndex, 'schema'];
  let ui: unknown = step.uiSchema;
  let uiPath: JSONPath = ['steps', stepIndex, 'uiSchema'];
  let parent: Json = node;
  const segments = isObject(node.properties) && isObject(node.properties[key]) ? [key] : key.split('.');
  for (const segment of segments) {
    let found = listing(node, path, segment);
    if (!found && isObject(node.items)) {
      // A field of a repeating group's item: the item schema lists it, the uiSchema puts it under `items`.
      found = listing(node.items, [...path, 'items'], segment);
      ui = isObject(ui) ? ui.items : undefined;
      uiPath = [...uiPath, 'items'];
    }
    if (!found) return undefined;
    parent = found.node;
    node = (found.node.properties as Json)[segment] as Json;
    path = [...found.path, 'properties', segment];
    ui = isObject(ui) ? ui[segment] : undefined;
    uiPath = [...uiPath, segment];
  }
  return { step, path, schema: node, uiPath, ui: isObject(ui) ? ui : undefined, parent, messageKey: key };
}

/** Whether the field is a list of choices: its options are on `items`. */
const onItems = (schema: Json) =>
  schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array')) || (schema.type === undefined && isObject(schema.items));

/** A list of constants (every entry has `const`), the form `oneOf`/`anyOf` gives options in; an emptied one still is. */
const constants = (list: unknown): list is Json[] => Array.isArray(list) && list.every((entry) => isObject(entry) && 'const' in entry);

interface Choices {
  /** The schema the options are on (the field, or its `items`). */
  node: Json;
  path: JSONPath;
  prefix: '' | 'items.';
}

function choicesOf(location: FieldLocation): Choices | undefined {
  if (!onItems(location.schema)) return { node: location.schema, path: location.path, prefix: '' };
  const items = location.schema.items;
  return { node: isObject(items) ? items : {}, path: [...location.path, 'items'], prefix: 'items.' };
}

/** The label of the value at `index` of an enum: `ui:enumNames` (a list or a map) wins over `x-enumNames`. */
function enumLabel(value: OptionValue, index: number, uiNames: unknown, names: unknown): string {
  if (Array.isArray(uiNames)) return typeof uiNames[index] === 'string' ? (uiNames[index] as string) : String(value);
  if (isObject(uiNames)) return typeof uiNames[String(value)] === 'string' ? (uiNames[String(value)] as string) : String(value);
  if (Array.isArray(names) && typeof names[index] === 'string') return names[index] as string;
  return String(value);
}

function optionsOfNode(node: Json, ui: Json | undefined, prefix: '' | 'items.'): FieldOptions | undefined {
  if (typeof node['x-options'] === 'string') return { kind: 'lijst', form: `${prefix}x-options`, list: node['x-options'] };
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const list = node[keyword];
    if (!constants(list)) continue;
    const values = list.map((entry) => entry.const);
    if (!values.every(isOptionValue)) return undefined;
    const options = list.map((entry) => ({ value: entry.const as OptionValue, label: typeof entry.title === 'string' ? entry.title : String(entry.const) }));
    return { kind: 'vast', form: `${prefix}${keyword}`, options, valueType: valueTypeOf(node, values) };
  }
  if (Array.isArray(node.enum)) {
    const values = node.enum;
    if (!values.every(isOptionValue)) return undefined;
    const options = values.map((value, index) => ({ value, label: enumLabel(value, index, ui?.['ui:enumNames'], node['x-enumNames']) }));
    return { kind: 'vast', form: `${prefix}enum`, options, valueType: valueTypeOf(node, values) };
  }
  return undefined;
}

function valueTypeOf(node: Json, values: unknown[]): OptionValueType {
  const types = (Array.isArray(node.type) ? node.type : [node.type]).filter((type) => type !== 'null');
  for (const type of types) if (type === 'string' || type === 'integer' || type === 'number' || type === 'boolean') return type;
  if (values.length > 0 && values.every((value) => typeof value === 'boolean')) return 'boolean';
  if (values.length > 0 && values.every((value) => typeof value === 'number')) return values.every((value) => Number.isInteger(value)) ? 'integer' : 'number';
  return 'string';
}

/** The field's choices: fixed ones with their labels, or the name of its reference list; undefined without choices. */
export function readOptions(text: string, step: number, key: string): FieldOptions | undefined {
  const document = parseDocument(text);
  const location = document && locate(document, step, key);
  const choices = location && choicesOf(location);
  return choices && optionsOfNode(choices.node, location.ui, choices.prefix);
}

/** The JSON type of the field's choice values (of its items for a list of choices): what a new option's value must be. */
export function fieldValueType(text: string, step: number, key: string): OptionValueType {
  const document = parseDocument(text);
  const location = document && locate(document, step, key);
  const choices = location && choicesOf(location);
  if (!choices) return 'string';
  const read = optionsOfNode(choices.node, location.ui, choices.prefix);
  return valueTypeOf(choices.node, read?.kind === 'vast' ? read.options.map((option) => option.value) : []);
}

// ---------------------------------------------------------------------------------------------
// Writing, keeping the layout

/** A value written on one line the way the flows write short lists: `[0, 1]`, `{ "const": 1, "title": "Arts" }`. */
export function compact(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(compact).join(', ')}]`;
  if (isObject(value)) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return entries.length === 0 ? '{}' : `{ ${entries.map(([name, item]) => `${JSON.stringify(name)}: ${compact(item)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

const nodeAt = (text: string, path: JSONPath): Node | undefined => {
  const tree = parseTree(text);
  return tree && findNodeAtLocation(tree, path);
};
const rawOf = (text: string, node: Node) => text.slice(node.offset, node.offset + node.length);
const singleLine = (text: string, node: Node) => !rawOf(text, node).includes('\n');

/** Replaces (or adds) the value at `path`; a value that was written on one line stays on one line. */
export function writeWhole(text: string, path: JSONPath, value: unknown): string {
  const node = nodeAt(text, path);
  if (node && singleLine(text, node)) return applyEdits(text, [{ offset: node.offset, length: node.length, content: compact(value) }]);
  return setAt(text, path, value);
}

/** Inserts `raw` (JSON text as it should stand) into the array at `path` at `index`. */
function insertRaw(text: string, path: JSONPath, index: number, raw: string): string {
  const edits = modify(text, [...path, index], PLACEHOLDER, { formattingOptions: FORMAT, isArrayInsertion: true });
  return applyEdits(
    text,
    edits.map((edit) => ({ ...edit, content: edit.content.replace(PLACEHOLDER_JSON, () => raw) })),
  );
}

const removeAt = (text: string, path: JSONPath) => setAt(text, path, undefined);

/**
 * Runs `change` on the text; when the object at `anchor` was written on one line and the change
 * spread it over several, it is written back on one line (`{ "type": "integer", "enum": [1, 2] }`).
 */
function keepOneLine(text: string, anchor: JSONPath, change: (text: string) => string): string {
  const before = nodeAt(text, anchor);
  const next = change(text);
  if (!before || !singleLine(text, before)) return next;
  const after = nodeAt(next, anchor);
  if (!after || singleLine(next, after)) return next;
  return applyEdits(next, [{ offset: after.offset, length: after.length, content: compact(getNodeValue(after)) }]);
}

/**
 * Brings the array at `path` from the entries of `oldKeys` to those of `newKeys` by removing,
 * moving and inserting single entries, so unchanged entries keep their text. An entry keeps its
 * text when moved; `entryOf(i)` is what a new entry at position i is. A list written on one line,
 * a missing one or keys that are not unique are written whole.
 */
function syncArray(text: string, path: JSONPath, oldKeys: unknown[], newKeys: unknown[], entryOf: (index: number) => unknown): string {
  const node = nodeAt(text, path);
  const whole = () =>
    writeWhole(
      text,
      path,
      newKeys.map((_, index) => entryOf(index)),
    );
  if (!node || node.type !== 'array' || singleLine(text, node) || newKeys.length === 0) return whole();
  const children = node.children ?? [];
  if (children.length !== oldKeys.length || !unique(oldKeys) || !unique(newKeys)) return whole();
  const raws = children.map((child) => rawOf(text, child));
  // New entries follow the style of the others: one line each when they are all on one line.
  const oneLineEntries = raws.length > 0 && raws.every((raw) => !raw.includes('\n'));
  const current = oldKeys.map((key, index) => ({ key, raw: raws[index] }));
  let next = text;
  for (let index = current.length - 1; index >= 0; index--) {
    if (newKeys.includes(current[index].key)) continue;
    next = removeAt(next, [...path, index]);
    current.splice(index, 1);
  }
  newKeys.forEach((key, index) => {
    if (current[index]?.key === key) return;
    const from = current.findIndex((entry, position) => position > index && entry.key === key);
    if (from !== -1) {
      const [moved] = current.splice(from, 1);
      next = insertRaw(removeAt(next, [...path, from]), path, index, moved.raw);
      current.splice(index, 0, moved);
      return;
    }
    const value = entryOf(index);
    next =
      oneLineEntries || !isObject(value)
        ? insertRaw(next, path, index, compact(value))
        : applyEdits(next, modify(next, [...path, index], value, { formattingOptions: FORMAT, isArrayInsertion: true }));
    current.splice(index, 0, { key, raw: '' });
  });
  return next;
}

/** A list of labels parallel to the enum: entries follow their values, then each label is set where it differs. */
function syncLabelList(text: string, path: JSONPath, oldValues: unknown[], options: FieldOption[]): string {
  const values = options.map((option) => option.value);
  let next = syncArray(text, path, oldValues, values, (index) => options[index].label);
  const written = nodeAt(next, path);
  if (written?.type !== 'array' || written.children?.length !== options.length)
    return writeWhole(
      next,
      path,
      options.map((option) => option.label),
    );
  // Set from the end: a changed label never moves the entries before it.
  for (let index = options.length - 1; index >= 0; index--) {
    const child = nodeAt(next, [...path, index]);
    if (!child || child.value !== options[index].label) next = setAt(next, [...path, index], options[index].label);
  }
  return next;
}

/**
 * Writes the field's fixed choices in the form it uses (or, for a field without them or with a
 * reference list, as `form` says, else an `enum`); the values are written as given, so integers
 * stay integers. A reference list the field had is removed.
 */
export function setOptions(text: string, step: number, key: string, options: FieldOption[], form?: OptionForm): string {
  const document = parseDocument(text);
  const location = document && locate(document, step, key);
  const choices = location && choicesOf(location);
  if (!location || !choices) return text;
  const current = optionsOfNode(choices.node, location.ui, choices.prefix);
  const fixed = current?.kind === 'vast' ? current : undefined;
  const keyword = ((fixed?.form ?? form)?.replace('items.', '') ?? 'enum') as 'enum' | 'oneOf' | 'anyOf';
  const values = options.map((option) => option.value);
  const oldValues = fixed?.options.map((option) => option.value) ?? [];
  const listPath = [...choices.path, keyword];
  const uiNames = location.ui?.['ui:enumNames'];
  const hasLabels = Array.isArray(choices.node['x-enumNames']) || Array.isArray(uiNames) || isObject(uiNames);
  let next = keepOneLine(text, choices.path, (start) => {
    let result = current?.kind === 'lijst' ? removeAt(start, [...choices.path, 'x-options']) : start;
    if (keyword === 'enum') {
      if (!fixed || !sameList(oldValues, values)) result = syncArray(result, listPath, oldValues, values, (index) => values[index]);
      if (Array.isArray(choices.node['x-enumNames'])) result = syncLabelList(result, [...choices.path, 'x-enumNames'], oldValues, options);
      else if (!hasLabels && options.some((option) => option.label !== String(option.value)))
        result = writeWhole(
          result,
          [...choices.path, 'x-enumNames'],
          options.map((option) => option.label),
        );
      return result;
    }
    const list = (fixed ? choices.node[keyword] : []) as Json[];
    result = syncArray(result, listPath, oldValues, values, (index) => {
      const old = list.find((entry) => entry.const === values[index]);
      return old ? { ...old, title: options[index].label } : { const: values[index], title: options[index].label };
    });
    // Titles from the end: a changed title never moves the entries before it.
    for (let index = options.length - 1; index >= 0; index--) {
      const entry = nodeAt(result, [...listPath, index]);
      const title = entry && findNodeAtLocation(entry, ['title']);
      const label = options[index].label;
      if (title ? title.value !== label : label !== String(values[index])) result = setAt(result, [...listPath, index, 'title'], label);
    }
    return result;
  });
  if (keyword === 'enum') next = keepOneLine(next, location.uiPath, (start) => writeUiLabels(start, location, oldValues, options));
  return next;
}

/** The labels of an enum in the field's `ui:enumNames` (a list parallel to the enum, or a map by value), when it has them. */
function writeUiLabels(text: string, location: FieldLocation, oldValues: OptionValue[], options: FieldOption[]): string {
  const uiNames = location.ui?.['ui:enumNames'];
  const path = [...location.uiPath, 'ui:enumNames'];
  if (Array.isArray(uiNames)) return syncLabelList(text, path, oldValues, options);
  if (!isObject(uiNames)) return text;
  let next = text;
  const keep = new Set(options.map((option) => String(option.value)));
  for (const name of Object.keys(uiNames)) if (!keep.has(name)) next = removeAt(next, [...path, name]);
  for (const option of options) {
    const name = String(option.value);
    const had = typeof uiNames[name] === 'string' ? uiNames[name] : undefined;
    if (had === undefined ? option.label !== name : had !== option.label) next = setAt(next, [...path, name], option.label);
  }
  return next;
}

/** Lets the field take its choices from the reference list `list` (`x-options`); fixed choices and their labels are removed. */
export function setOptionList(text: string, step: number, key: string, list: string): string {
  const document = parseDocument(text);
  const location = document && locate(document, step, key);
  const choices = location && choicesOf(location);
  if (!location || !choices) return text;
  const current = optionsOfNode(choices.node, location.ui, choices.prefix);
  if (current?.kind === 'lijst' && current.list === list) return text;
  let next = keepOneLine(text, choices.path, (start) => {
    let result = start;
    if (current?.kind === 'vast') {
      const keyword = current.form.replace('items.', '');
      result = removeAt(result, [...choices.path, keyword]);
      if (keyword === 'enum' && 'x-enumNames' in choices.node) result = removeAt(result, [...choices.path, 'x-enumNames']);
    }
    return setAt(result, [...choices.path, 'x-options'], list);
  });
  // Labels of the uiSchema would hide the list's own texts.
  if (current?.kind === 'vast' && location.ui && 'ui:enumNames' in location.ui)
    next = keepOneLine(next, location.uiPath, (start) => removeAt(start, [...location.uiPath, 'ui:enumNames']));
  return next;
}

// ---------------------------------------------------------------------------------------------
// Messages

/** The field's own messages in the step (`messages.<field>`), keyword -> text. */
export function readMessages(text: string, step: number, key: string): Record<string, string> {
  const document = parseDocument(text);
  const steps = document && Array.isArray(document.steps) ? document.steps : [];
  const messages = isObject(steps[step]) ? (steps[step] as Json).messages : undefined;
  const own = isObject(messages) ? messages[key] : undefined;
  return isObject(own) ? Object.fromEntries(Object.entries(own).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : {};
}

/**
 * Sets the field's own message for `keyword`; undefined or an empty text removes it, and a field
 * (or a step) left without messages loses its emptied `messages` object too.
 */
export function setMessage(text: string, step: number, key: string, keyword: string, message: string | undefined): string {
  const document = parseDocument(text);
  const steps = document && Array.isArray(document.steps) ? document.steps : [];
  if (!isObject(steps[step])) return text;
  const path: JSONPath = ['steps', step, 'messages', key];
  if (message !== undefined && message !== '') return keepOneLine(text, path, (start) => setAt(start, [...path, keyword], message));
  const messages = (steps[step] as Json).messages;
  const field = isObject(messages) ? messages[key] : undefined;
  if (!isObject(messages) || !isObject(field) || !(keyword in field)) return text;
  if (Object.keys(field).some((name) => name !== keyword)) return keepOneLine(text, path, (start) => removeAt(start, [...path, keyword]));
  if (Object.keys(messages).some((name) => name !== key)) return removeAt(text, path);
  return removeAt(text, ['steps', step, 'messages']);
}

/** The definition a `$ref` names: a shared field (by `$id`, or by its name after 'veld:') or a local one of the step schema. */
function definitionOf(ref: string, step: Json, sharedFields: SharedFields | undefined): Json | undefined {
  const local = /^#\/(definitions|\$defs)\/([^/]+)$/.exec(ref);
  if (local) {
    const schema = isObject(step.schema) ? step.schema : {};
    const map = schema[local[1]];
    const found = isObject(map) ? map[local[2].replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    return isObject(found) ? found : undefined;
  }
  if (!sharedFields) return undefined;
  const direct = sharedFields[ref];
  if (isObject(direct)) return direct;
  return Object.values(sharedFields).find((definition): definition is Json => isObject(definition) && definition.$id === ref);
}

/** The field's schema with a `$ref`'s definition merged under its own keywords (as the portal resolves it). */
function effectiveSchema(schema: Json, step: Json, sharedFields: SharedFields | undefined, trail: string[] = []): Json {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || trail.includes(ref)) return schema;
  const definition = definitionOf(ref, step, sharedFields);
  if (!definition) return schema;
  const { $ref: _ref, ...own } = schema;
  const { $id: _id, $schema: _schema, ...base } = effectiveSchema(definition, step, sharedFields, [...trail, ref]);
  return { ...base, ...own };
}

interface FieldFacts {
  location: FieldLocation;
  schema: Json;
  hasOptions: boolean;
}

function factsOf(text: string, step: number, key: string, sharedFields?: SharedFields): FieldFacts | undefined {
  const document = parseDocument(text);
  const location = document && locate(document, step, key);
  if (!location) return undefined;
  const schema = effectiveSchema(location.schema, location.step, sharedFields);
  const items = isObject(schema.items) ? effectiveSchema(schema.items, location.step, sharedFields) : undefined;
  const node = onItems(schema) ? (items ?? {}) : schema;
  return { location, schema, hasOptions: optionsOfNode(node, location.ui, '') !== undefined };
}

/** A field's schema as written at its place, what its `$ref` gives it, and the two merged (as the portal resolves it). */
export interface FieldSchema {
  /** JSON path of the field's schema in the document (where its own keywords, also overrides of a `$ref`, are written). */
  path: JSONPath;
  own: Json;
  /** What the shared (or local) definition it refers to says; empty without a `$ref`. */
  inherited: Json;
  effective: Json;
}

/** The field's schema: its own keywords, its definition's, and both merged; undefined when there is no such field. */
export function readFieldSchema(text: string, step: number, key: string, sharedFields?: SharedFields): FieldSchema | undefined {
  const document = parseDocument(text);
  const location = document && locate(document, step, key);
  if (!location) return undefined;
  const own = location.schema;
  const inherited = typeof own.$ref === 'string' ? effectiveSchema({ $ref: own.$ref }, location.step, sharedFields) : {};
  return {
    path: location.path,
    own,
    inherited: typeof inherited.$ref === 'string' ? {} : inherited,
    effective: effectiveSchema(own, location.step, sharedFields),
  };
}

/**
 * The keywords of the field that can fail and so have a message: `required` when the field is in
 * its group's `required` (or must be true), the others when its schema (with the shared
 * definition it refers to, when `sharedFields` has it) has them; `enum` for a field with choices.
 */
export function keywordsOf(text: string, step: number, key: string, sharedFields?: SharedFields): MessageKeyword[] {
  const facts = factsOf(text, step, key, sharedFields);
  if (!facts) return [];
  const { schema, location } = facts;
  const name = location.messageKey.split('.').at(-1) ?? key;
  const required = Array.isArray(location.parent.required) && location.parent.required.includes(name);
  return MESSAGE_KEYWORDS.filter((keyword) => {
    if (keyword === 'required') return required || schema.const === true;
    if (keyword === 'enum') return facts.hasOptions;
    return schema[keyword] !== undefined;
  });
}

/** What a list field holds, for the wording of its limits (as the portal's message mapper tells them apart). */
function itemsKind(schema: Json): 'files' | 'choices' | 'items' {
  if (schema['x-files']) return 'files';
  const items = isObject(schema.items) ? schema.items : {};
  return items.enum || items.oneOf || items.anyOf || items['x-options'] ? 'choices' : 'items';
}

const fill = (template: string, params: Record<string, string | undefined>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : (params[name] as string)));

/**
 * The message the portal shows for `keyword` when the step gives the field none: the field
 * definition's `x-messages`, else the portal's Dutch catalogue, with `{label}` (and `{limit}`)
 * filled in. A format with more than one catalogue message (per reason) gets them all, joined by ' / '.
 */
export function standardMessage(text: string, step: number, key: string, keyword: string, label: string, sharedFields?: SharedFields): string {
  const facts = factsOf(text, step, key, sharedFields);
  const schema = facts?.schema ?? {};
  const limitValue = schema[keyword];
  const limit = typeof limitValue === 'number' ? String(limitValue).replace('.', CATALOGUE['format.decimalSeparator'] ?? ',') : undefined;
  const params = { label, limit };
  const format = typeof schema.format === 'string' ? schema.format : undefined;
  const keys =
    keyword === 'format'
      ? [...(format ? [`format.${format}`] : []), 'format']
      : keyword === 'minItems' || keyword === 'maxItems'
        ? [`${keyword}.${itemsKind(schema)}`, keyword, ...(keyword === 'minItems' && limitValue === 1 ? ['required'] : [])]
        : keyword === 'minLength' && limitValue === 1
          ? ['minLength', 'required']
          : [keyword];
  const defined = isObject(schema['x-messages']) ? schema['x-messages'] : {};
  for (const name of keys) if (typeof defined[name] === 'string' && defined[name] !== '') return fill(defined[name] as string, params);
  for (const name of keys) {
    // A minimum of one is 'not filled in' (the keyword's own message is for larger limits).
    if (limitValue === 1 && (name === 'minLength' || name.startsWith('minItems'))) continue;
    const template = CATALOGUE[`validation.${name}`];
    if (template) return fill(template, params);
    if (name === `format.${format}`) {
      const reasons = Object.keys(CATALOGUE).filter((entry) => entry.startsWith(`validation.${name}.`));
      if (reasons.length > 0) return reasons.map((entry) => fill(CATALOGUE[entry], params)).join(' / ');
    }
  }
  return fill(CATALOGUE['validation.invalid'], params);
}
