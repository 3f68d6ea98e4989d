/**
 * Finding the schema, label and file rules of a field from its dotted path in a step schema.
 *
 * Paths name fields the way data holds them: 'adres.postcode', and inside a repeating group the
 * item's index, 'personen.1.bsn'. A definition speaks of an item's field without an index
 * ('personen.bsn': its messages, its visibility rule); both forms find the same schema. A field
 * that only exists under a condition (`then`, a dependency, an option of `oneOf`) is found too.
 */
import { branchesOf } from './conditions/branches';
import { hasChoices, schemaType } from './defaultWidget';
import type { FlowDocument, JsonSchema, StepDefinition, UiSchema } from './types';
import { itemHeading, itemTemplate } from './itemTitle';
import { orderedKeys } from './uiHints';
import { splitPath } from './paths';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isIndex = (segment: string) => /^\d+$/.test(segment);

/** A list whose items are groups of fields (a repeating group), as opposed to files or choices. */
export function isRepeatingGroup(schema: JsonSchema | undefined): boolean {
  const items = schema?.items as JsonSchema | undefined;
  return Boolean(schema && !schema['x-files'] && items && typeof items === 'object' && !Array.isArray(items) && items.properties);
}

const PLAIN_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

/** One plain value (text, number, yes/no; choices only where `choices` allows them), no group of fields. */
function isPlainValue(schema: unknown, choices: boolean): boolean {
  if (!isRecord(schema) || schema.properties) return false;
  return PLAIN_TYPES.has(schemaType(schema as JsonSchema) ?? '') && (choices || !hasChoices(schema as JsonSchema));
}

/**
 * A list of plain values that are not choices (telephone numbers, keywords, dates): each item one
 * control, added, removed and moved like the items of a repeating group. Its items' hints are under
 * `items`, and each item has its own path with the index ('telefoonnummers.1'). Also a list with
 * fixed positions (`items` as a list, each a value of its own, a choice included) and the values
 * after them (`additionalItems`).
 */
export function isValueList(schema: JsonSchema | undefined): boolean {
  if (!schema || schema['x-files']) return false;
  const items: unknown = schema.items;
  if (!Array.isArray(items)) return isPlainValue(items, false);
  const extra = schema.additionalItems;
  return (
    items.length > 0 && items.every((item) => isPlainValue(item, true)) && (extra === undefined || typeof extra === 'boolean' || isPlainValue(extra, true))
  );
}

/** The schemas of a list of values: one per fixed position, and the one of every further value, if it may have more. */
export function valueSchemas(list: JsonSchema): { positions: JsonSchema[]; rest?: JsonSchema } {
  const items: unknown = list.items;
  if (!Array.isArray(items)) return { positions: [], ...(isRecord(items) ? { rest: items as JsonSchema } : {}) };
  const extra = list.additionalItems;
  return { positions: items as JsonSchema[], ...(isRecord(extra) ? { rest: extra as JsonSchema } : {}) };
}

/**
 * Each schema of a list of values with the hints rjsf reads for it, and where both are written: one
 * per fixed position (`items/0`, hints from `items` as a list or one entry for all), then the further
 * values (`items`, or `additionalItems` after fixed positions).
 */
export function valueParts(list: JsonSchema, ui: UiSchema = {}): { schema: JsonSchema; ui: UiSchema; at: string }[] {
  const { positions, rest } = valueSchemas(list);
  const items: unknown = ui.items;
  const hints = (value: unknown): UiSchema => (isRecord(value) ? value : {});
  const parts = positions.map((schema, index) => ({ schema, ui: hints(Array.isArray(items) ? items[index] : items), at: `items/${index}` }));
  if (rest)
    parts.push(positions.length > 0 ? { schema: rest, ui: hints(ui.additionalItems), at: 'additionalItems' } : { schema: rest, ui: hints(items), at: 'items' });
  return parts;
}

/** The schema of value `index` of a list of values: its position's, else the one of every further value. */
export function valueSchemaAt(list: JsonSchema, index: number): JsonSchema | undefined {
  const { positions, rest } = valueSchemas(list);
  return positions[index] ?? rest;
}

/** The template of the headings of a list's values ('Telefoonnummer {n}'): the further values' title, else the list's. */
export function valueTemplate(list: JsonSchema, itemTitle?: unknown): string {
  return itemTemplate(itemTitle, valueSchemas(list).rest?.title ?? list.title);
}

/** A list laid out item by item: a repeating group or a list of plain values. */
export function isItemList(schema: JsonSchema | undefined): boolean {
  return isRepeatingGroup(schema) || isValueList(schema);
}

/** The child `key` of an object schema: one of its own properties (a field may be called `constructor`), else one a condition adds. */
function propertyOf(node: JsonSchema, key: string): JsonSchema | undefined {
  const own = node.properties && Object.hasOwn(node.properties, key) ? node.properties[key] : undefined;
  if (own) return own;
  for (const branch of branchesOf(node)) {
    const found = propertyOf(branch, key);
    if (found) return found;
  }
  return undefined;
}

/** The sub-schema at a dotted path ('a.b', 'groep.2.veld' or 'groep.veld'), or undefined. */
export function schemaAt(schema: JsonSchema, path: string): JsonSchema | undefined {
  let node: JsonSchema | undefined = schema;
  for (const key of splitPath(path)) {
    if (!node) return undefined;
    if (isRepeatingGroup(node)) {
      node = node.items as JsonSchema;
      if (isIndex(key)) continue;
    }
    if (isValueList(node) && isIndex(key)) {
      node = valueSchemaAt(node, Number(key));
      continue;
    }
    node = propertyOf(node, key);
  }
  return node;
}

/** The path without item indexes: how a definition names a field of a repeating group ('personen.1.bsn' -> 'personen.bsn'). */
export function schemaPathOf(path: string): string {
  return splitPath(path)
    .filter((segment) => !isIndex(segment))
    .join('.');
}

/** The label of a field: its title, else its last path segment; an item of a list of values is named by its heading ('Telefoonnummer 2'). */
export function labelOf(schema: JsonSchema, path: string): string {
  const segments = splitPath(path);
  const last = segments.at(-1);
  if (last !== undefined && isIndex(last)) {
    const list = schemaAt(schema, segments.slice(0, -1).join('.'));
    if (list && isValueList(list)) {
      const index = Number(last);
      // A fixed position is named by its own title; further values by their place.
      const position = valueSchemas(list).positions[index];
      return position?.title ?? itemHeading(valueTemplate(list), index);
    }
  }
  return schemaAt(schema, path)?.title ?? splitPath(schemaPathOf(path)).at(-1) ?? path;
}

/** A field of a schema as validation messages ask about it. */
export interface FieldInSchema {
  schema: JsonSchema | undefined;
  /** The path as definitions name it (`schemaPathOf`). */
  named: string;
  /** Its label (`labelOf`). */
  label: string;
}

const fieldsIn = new WeakMap<JsonSchema, Map<string, FieldInSchema>>();

/** The field at `path` of `schema`, found once per schema and path (a step is validated on every change). */
export function fieldIn(schema: JsonSchema, path: string): FieldInSchema {
  let known = fieldsIn.get(schema);
  if (!known) fieldsIn.set(schema, (known = new Map()));
  let field = known.get(path);
  if (!field) {
    // Bounded: the items of a repeating group each have their own paths.
    if (known.size >= 1000) known.clear();
    field = { schema: schemaAt(schema, path), named: schemaPathOf(path), label: labelOf(schema, path) };
    known.set(path, field);
  }
  return field;
}

/** The ui hints of one part (a field, or a repeating group's `items`), when hints are followed at all. */
const partOf = (ui: UiSchema | undefined, key: string): UiSchema | undefined => (ui === undefined ? undefined : isRecord(ui[key]) ? (ui[key] as UiSchema) : {});

/**
 * Every leaf field path of an object schema, in property order, or in the order of the groups'
 * `ui:order` when `ui` is given (objects are descended into, and so are the items of a repeating
 * group, without an index). Fields a condition adds are not included: pass the schema in effect for
 * the data (conditions/effective.ts) to have them.
 */
export function fieldPaths(schema: JsonSchema, prefix = '', ui?: UiSchema): string[] {
  const paths: string[] = [];
  const properties = schema.properties ?? {};
  for (const key of orderedKeys(Object.keys(properties), ui?.['ui:order'])) {
    const child = properties[key];
    const path = prefix ? `${prefix}.${key}` : key;
    const own = partOf(ui, key);
    if (child.type === 'object' && child.properties) paths.push(...fieldPaths(child, path, own));
    else if (isRepeatingGroup(child)) paths.push(...fieldPaths(child.items as JsonSchema, path, partOf(own, 'items')));
    else paths.push(path);
  }
  return paths;
}

/**
 * Every path (objects and leaves) a flow defines, as `dataKey.field` model paths; fields a condition
 * adds and the fields of a repeating group's items (without index) included.
 */
export function modelPaths(flow: FlowDocument): Set<string> {
  const all = new Set<string>();
  const add = (schema: JsonSchema, prefix: string): void => {
    const visit = (node: JsonSchema) => {
      for (const [key, child] of Object.entries(node.properties ?? {})) {
        const path = `${prefix}.${key}`;
        all.add(path);
        if (child.properties || branchesOf(child).length > 0) add(child, path);
        else if (isRepeatingGroup(child)) add(child.items as JsonSchema, path);
      }
      branchesOf(node).forEach(visit);
    };
    visit(schema);
  };
  for (const step of flow.steps) {
    all.add(step.dataKey);
    add(step.schema, step.dataKey);
  }
  return all;
}

export function findStep(flow: FlowDocument, stepId: string): StepDefinition | undefined {
  return flow.steps.find((step) => step.id === stepId);
}
