/**
 * Reading a flow document as written (before its `$ref`s are resolved): its steps, the fields of a
 * step by key, model paths and the words an administrator knows things by — a field's label, a
 * step's title, a box's title — never a key or a path.
 */
import type { DocPath } from './types';

export type Json = Record<string, unknown>;

/** Shared field definitions by `$id`, to find the labels of the fields inside one (a person's 'Voornamen'). */
export type Definitions = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** A text as a sentence quotes it, cut at about 60 characters. */
export function quote(text: string, max = 60): string {
  const plain = text
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return `‘${plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain}’`;
}

export const stepsOf = (document: Json): Json[] => list(document.steps).map((step) => (isObject(step) ? step : {}));
export const stepTitle = (step: Json, index: number): string => textOf(step.title) ?? `Stap ${index + 1}`;
export const dataKeyOf = (step: Json): string => textOf(step.dataKey) ?? '';

/** Where a field's schema lives within its step: a dotted key leads through the group's `items`. */
export function propertyPath(key: string): DocPath {
  const [group, sub] = key.split('.', 2);
  return sub === undefined ? ['properties', group] : ['properties', group, 'items', 'properties', sub];
}

/** Where a field's display settings live within the step's uiSchema. */
export function uiPath(key: string): DocPath {
  const [group, sub] = key.split('.', 2);
  return sub === undefined ? [group] : [group, 'items', sub];
}

/** The value at a path, or undefined. */
export function valueAt(root: unknown, path: DocPath): unknown {
  let node = root;
  for (const segment of path) {
    if (Array.isArray(node) && typeof segment === 'number') node = node[segment];
    else if (isObject(node) && typeof segment === 'string') node = node[segment];
    else return undefined;
  }
  return node;
}

/** A schema with the definition its `$ref` names merged under its own keywords. */
function resolved(schema: Json, definitions: Definitions | undefined): Json {
  const ref = schema.$ref;
  const definition = typeof ref === 'string' ? definitions?.[ref] : undefined;
  return isObject(definition) ? { ...definition, ...schema } : schema;
}

/** The schema of a field by its path within a step ('abonneeNaam', 'personen.naam', 'persoonsgegevens.voornamen'). */
export function fieldSchema(step: Json, path: string, definitions?: Definitions): Json | undefined {
  let node: Json | undefined = isObject(step.schema) ? step.schema : undefined;
  for (const key of path.split('.').filter((segment) => segment !== '*' && !/^\d+$/.test(segment))) {
    if (!node) return undefined;
    node = resolved(node, definitions);
    if (node.type === 'array' && isObject(node.items)) node = resolved(node.items, definitions);
    const child: unknown = isObject(node.properties) ? node.properties[key] : undefined;
    node = isObject(child) ? child : undefined;
  }
  return node && resolved(node, definitions);
}

/** A field's label within its step: its title, with the group it is in ('Voornamen' of 'Persoonsgegevens'). */
export function fieldLabel(step: Json, path: string, definitions?: Definitions): string {
  const segments = path.split('.').filter((segment) => segment !== '*' && !/^\d+$/.test(segment));
  const own = textOf(fieldSchema(step, segments.join('.'), definitions)?.title) ?? segments.at(-1) ?? path;
  if (segments.length < 2) return quote(own);
  const outer = textOf(fieldSchema(step, segments.slice(0, -1).join('.'), definitions)?.title);
  return outer ? `${quote(own)} van ${quote(outer)}` : quote(own);
}

/** The step whose data key starts a model path, with the path within the step. */
export function stepOfPath(document: Json, modelPath: string): { index: number; step: Json; path: string } | undefined {
  const [head, ...rest] = modelPath.split('.');
  const index = stepsOf(document).findIndex((step) => dataKeyOf(step) === head);
  return index < 0 ? undefined : { index, step: stepsOf(document)[index], path: rest.join('.') };
}

/** A field's label by its model path ('gegevens.abonneeNaam' -> ‘Naam abonnee’); a step's title for its data key. */
export function labelOfPath(document: Json, modelPath: string, definitions?: Definitions): string {
  const found = stepOfPath(document, modelPath);
  if (!found) return quote(modelPath.split('.').at(-1) ?? modelPath);
  if (found.path === '') return `de stap ${quote(stepTitle(found.step, found.index))}`;
  return fieldLabel(found.step, found.path, definitions);
}

/** Whether `name` is `path` or lies inside it ('gegevens.persoonsgegevens.voornamen' inside 'gegevens.persoonsgegevens'); item indexes and `*` are left out. */
export function within(name: string, path: string): boolean {
  const plain = name
    .split('.')
    .filter((segment) => segment !== '*' && !/^\d+$/.test(segment))
    .join('.');
  return plain === path || plain.startsWith(`${path}.`);
}

/** The field keys of a step in order: its own, and after a repeating group the fields of its items (dotted). */
export function fieldKeys(step: Json): string[] {
  const schema = isObject(step.schema) ? step.schema : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  return Object.entries(properties).flatMap(([key, field]) => {
    const items = isObject(field) && isObject(field.items) && isObject(field.items.properties) ? field.items.properties : undefined;
    return [key, ...(items ? Object.keys(items).map((sub) => `${key}.${sub}`) : [])];
  });
}
