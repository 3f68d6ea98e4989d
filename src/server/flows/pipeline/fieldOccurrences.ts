/**
 * Every place a field is defined in a step schema: its own properties, the items of a repeating
 * group, and each branch of a condition (`then`, `else`, a dependency, an option of `oneOf`) that
 * adds or narrows a field. A branch that narrows a field the object already has (`then: { properties:
 * { jaren: { minimum: 5 } } }`) is met as the field the form shows while the branch holds: the two
 * definitions merged. The checks of meaning and of rendering go through every occurrence, so no
 * branch escapes them.
 */
import { branchesWithPointers, escape } from '../../../../renderer/core/conditions/branches';
import { isRepeatingGroup } from '../../../../renderer/core/schemaPaths';
import type { JsonSchema } from '../../../../renderer/core/types';

export interface FieldOccurrence {
  /** JSON pointer of the definition in the (resolved) flow document. */
  pointer: string;
  /** The field's path in its step ('adres.postcode'; an item's field without index: 'personen.naam'). */
  path: string;
  /** The field as the form gets it where it occurs (a branch's definition merged over the object's own). */
  schema: JsonSchema;
  /** Whether the field is one of a repeating group's items. */
  inItems: boolean;
  /** Whether this occurrence is in a branch of a condition (it applies only while the branch holds). */
  inBranch: boolean;
}

const isRecord = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `condition` is the field a dependency's case is about: in the case (`{ "properties": { "huisdier":
 * { "enum": ["een"] } } }`) it says when the case applies, it is not a field the form shows.
 */
function walkObject(
  node: JsonSchema,
  pointer: string,
  path: string,
  inItems: boolean,
  inBranch: boolean,
  own: Record<string, JsonSchema>,
  found: FieldOccurrence[],
  condition?: string,
): void {
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    if (!isRecord(child) || key === condition) continue;
    const base = own[key];
    const schema = base && base !== child ? { ...base, ...child } : child;
    walkField(schema, `${pointer}/properties/${escape(key)}`, path ? `${path}.${key}` : key, inItems, inBranch, found);
  }
  const fields = { ...(node.properties ?? {}), ...own };
  for (const branch of branchesWithPointers(node)) {
    const dependency = /^\/(?:dependencies|dependentSchemas)\/([^/]+)$/.exec(branch.pointer)?.[1];
    const about = dependency ? dependency.replace(/~1/g, '/').replace(/~0/g, '~') : condition;
    walkObject(branch.schema, `${pointer}${branch.pointer}`, path, inItems, true, fields, found, about);
  }
}

function walkField(schema: JsonSchema, pointer: string, path: string, inItems: boolean, inBranch: boolean, found: FieldOccurrence[]): void {
  found.push({ pointer, path, schema, inItems, inBranch });
  if (isRepeatingGroup(schema)) walkObject(schema.items as JsonSchema, `${pointer}/items`, path, true, inBranch, {}, found);
  else if (schema.properties || branchesWithPointers(schema).some((branch) => branch.schema.properties))
    walkObject(schema, pointer, path, inItems, inBranch, {}, found);
}

/** Every occurrence of every field of a step schema at `/steps/<stepIndex>/schema`. */
export function fieldOccurrences(stepSchema: JsonSchema, stepIndex: number): FieldOccurrence[] {
  const found: FieldOccurrence[] = [];
  walkObject(stepSchema, `/steps/${stepIndex}/schema`, '', false, false, {}, found);
  return found;
}
