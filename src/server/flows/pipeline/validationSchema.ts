/**
 * The part of a step schema that validation needs. ajv's standalone code embeds the schema object
 * when a keyword reads it at run time (an enum's allowed values in an error, for one), and then it
 * embeds all of it: labels, help texts, messages and ui hints included. Compiling this reduced copy
 * instead keeps the browser's validator modules small; the messages still come from the full schema.
 */
import { hasAnyConditions } from '../../../../renderer/core/conditions';
import type { JsonSchema } from '../../../../renderer/core/types';

/** Keywords that hold one subschema. */
const ONE = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'additionalItems',
  'unevaluatedItems',
  'unevaluatedProperties',
];
/** Keywords that hold an array of subschemas. */
const MANY = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
/** Keywords that hold a map of subschemas. */
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
/** Annotations without validation code (the `x-` keywords are annotations too). */
const ANNOTATIONS = new Set(['title', 'description', 'examples', '$comment', 'readOnly', 'writeOnly', 'deprecated']);

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

function reduce(schema: unknown): unknown {
  if (!isNode(schema)) return schema;
  const out: Node = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-') || ANNOTATIONS.has(key)) continue;
    // Beside one schema for every item, additionalItems means nothing (the check warns of it); after
    // fixed positions only the values the form can add are allowed: none, unless it says which.
    if (key === 'additionalItems' && (!Array.isArray(schema.items) || !isNode(value))) continue;
    if (key === 'items' && Array.isArray(value)) {
      if (!isNode(schema.additionalItems)) out.additionalItems = false;
      // The form shows every fixed position, so each is answered (its own check says whether it may be empty).
      out.minItems = Math.max(value.length, typeof schema.minItems === 'number' ? schema.minItems : 0);
    }
    if (key === 'minItems' && Array.isArray(schema.items)) continue;
    if (ONE.includes(key)) out[key] = Array.isArray(value) ? value.map(reduce) : reduce(value);
    else if (MANY.includes(key) && Array.isArray(value)) out[key] = value.map(reduce);
    else if (MAP.includes(key) && isNode(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, reduce(sub)]));
    else out[key] = value;
  }
  return out;
}

/** Repeated object schemas at least this long (as JSON) are compiled once, as a local definition. */
const SHARED_MIN_LENGTH = 400;

/**
 * Moves object schemas that occur more than once (a visiting and a postal address, say) into
 * `$defs` and refers to them, so the generated code validates them with one function.
 */
function shareRepeated(root: Node): Node {
  const counts = new Map<string, number>();
  const count = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(count);
    else if (isNode(node)) {
      if (node !== root && isNode(node.properties)) {
        const key = JSON.stringify(node);
        if (key.length >= SHARED_MIN_LENGTH) counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      Object.values(node).forEach(count);
    }
  };
  count(root);
  const names = new Map<string, string>();
  const defs: Node = {};
  const replace = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(replace);
    if (!isNode(node)) return node;
    if (node !== root) {
      const key = JSON.stringify(node);
      if ((counts.get(key) ?? 0) > 1) {
        let name = names.get(key);
        if (!name) {
          name = `gedeeld${names.size + 1}`;
          names.set(key, name);
          defs[name] = node;
        }
        return { $ref: `#/$defs/${name}` };
      }
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, replace(value)]));
  };
  const shared = replace(root) as Node;
  return names.size > 0 ? { ...shared, $defs: { ...(shared.$defs as Node | undefined), ...defs } } : shared;
}

/**
 * The reduced schema, with repeated groups shared — except in a schema with conditions: the
 * engine tells which branch an error is in by its place in the schema (conditions/errors.ts), and a
 * shared definition would hide that place.
 */
export function validationSchema(schema: JsonSchema): JsonSchema {
  const reduced = reduce(schema) as Node;
  return (hasAnyConditions(schema) ? reduced : shareRepeated(reduced)) as JsonSchema;
}
