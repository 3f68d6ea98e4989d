/**
 * Turns a flow document as written into the form the engine uses: every `$ref` to a shared field
 * definition is inlined (siblings of the `$ref` override the definition, so a flow can retitle a
 * field), a local `$ref` (`#/definitions/x`) is inlined too, `x-options` names a reference list whose
 * entries become `enum` + `x-enumNames`, `dependentRequired`/`dependentSchemas` become `dependencies`,
 * a field's `allOf` is merged into the field (mergeAllOf.ts), and each step schema gets its `$id`. Pure; the server and `flows:check` run it.
 */
import { mergeFieldAllOf } from './mergeAllOf';
import { filterVisibility, type OptionsFilter } from './rules/optionsFilter';
import { branchesOf } from './conditions/branches';
import { isRepeatingGroup, schemaAt } from './schemaPaths';
import type { FlowDocument, JsonLogic, JsonSchema } from './types';
import { stepSchemaId } from './validate';

/** A reference list: a map of label to value, or items with Value and Description/Name. */
export type OptionList = Record<string, number | string> | { Value: number | string; Description?: string; Name?: string }[];

export interface ResolveContext {
  definitions: Map<string, JsonSchema>;
  lists: Record<string, OptionList>;
}

export class FlowResolveError extends Error {}

function listEntries(list: OptionList): { value: number | string; label: string }[] {
  if (Array.isArray(list)) return list.map((item) => ({ value: item.Value, label: item.Description ?? item.Name ?? String(item.Value) }));
  return Object.entries(list).map(([label, value]) => ({ value, label }));
}

/** Keywords whose value is one sub-schema, a list of them, or a map of them: `$ref`s inside are resolved too. */
const SUB_SCHEMA = new Set(['items', 'if', 'then', 'else', 'not', 'contains', 'additionalProperties']);
const SUB_SCHEMAS = new Set(['allOf', 'anyOf', 'oneOf']);
const SUB_SCHEMA_MAPS = new Set(['properties', 'dependencies', 'dependentSchemas']);
/** Local definitions of a step schema (`#/definitions/x`, `#/$defs/x`): inlined, so not kept. */
const LOCAL_DEFINITIONS = new Set(['definitions', '$defs']);

/** The definition a local `$ref` (`#/definitions/x` or `#/$defs/x`) names in the step schema `root`. */
function localDefinition(root: Record<string, unknown>, ref: string): unknown {
  const match = /^#\/(definitions|\$defs)\/([^/]+)$/.exec(ref);
  if (!match) return undefined;
  const map = root[match[1]];
  const name = match[2].replace(/~1/g, '/').replace(/~0/g, '~');
  return map && typeof map === 'object' && Object.hasOwn(map, name) ? (map as Record<string, unknown>)[name] : undefined;
}

function resolveNode(node: unknown, context: ResolveContext, trail: string[], root: Record<string, unknown> = {}): unknown {
  if (Array.isArray(node)) return node.map((item) => resolveNode(item, context, trail, root));
  if (!node || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  let result: Record<string, unknown> = {};
  if (typeof record.$ref === 'string') {
    const ref = record.$ref;
    if (trail.includes(ref)) throw new FlowResolveError(`Kringverwijzing in $ref: ${[...trail, ref].join(' -> ')}`);
    const local = ref.startsWith('#') ? localDefinition(root, ref) : undefined;
    const definition = local ?? context.definitions.get(ref);
    if (!definition) throw new FlowResolveError(`Onbekende $ref: ${ref}`);
    const {
      $id: _id,
      $schema: _schema,
      ...body
    } = resolveNode(definition, context, [...trail, ref], local ? root : (definition as Record<string, unknown>)) as JsonSchema;
    result = { ...body };
  }
  for (const [key, value] of Object.entries(record)) {
    if (key === '$ref' || LOCAL_DEFINITIONS.has(key)) continue;
    if (SUB_SCHEMA.has(key) && value && typeof value === 'object' && !Array.isArray(value)) result[key] = resolveNode(value, context, trail, root);
    else if (SUB_SCHEMAS.has(key) && Array.isArray(value)) result[key] = value.map((item) => resolveNode(item, context, trail, root));
    else if (SUB_SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
      result[key] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, Array.isArray(child) ? child : resolveNode(child, context, trail, root)]),
      );
    } else result[key] = value;
  }
  // Draft 2019's `dependentRequired` and `dependentSchemas` are what `dependencies` says in one keyword.
  for (const keyword of ['dependentRequired', 'dependentSchemas']) {
    const map = result[keyword];
    if (!map || typeof map !== 'object') continue;
    result.dependencies = { ...(result.dependencies as Record<string, unknown> | undefined), ...(map as Record<string, unknown>) };
    delete result[keyword];
  }
  if (typeof result['x-options'] === 'string') {
    const list = context.lists[result['x-options']];
    if (!list) throw new FlowResolveError(`Onbekende keuzelijst: ${result['x-options']}`);
    const entries = listEntries(list);
    result.enum = entries.map((entry) => entry.value);
    result['x-enumNames'] = entries.map((entry) => entry.label);
  }
  // A field written as parts (`allOf: [{ type: 'boolean' }, { title: … }]`) is one field from here on.
  return mergeFieldAllOf(result as JsonSchema);
}

/** Rewrites relative `var`s ('./x' = sibling, '../x' = the parent's sibling) to model paths. */
function absoluteVars(rule: unknown, parentPath: string[]): unknown {
  if (Array.isArray(rule)) return rule.map((item) => absoluteVars(item, parentPath));
  if (!rule || typeof rule !== 'object') return rule;
  return Object.fromEntries(
    Object.entries(rule).map(([op, args]) => {
      if (op !== 'var') return [op, absoluteVars(args, parentPath)];
      const name = Array.isArray(args) ? args[0] : args;
      if (typeof name !== 'string' || !name.startsWith('.')) return [op, args];
      let base = [...parentPath];
      let rest = name;
      while (rest.startsWith('../')) {
        // Up from an item leaves the item and its list: the parent's sibling of a list item is next to the list.
        base = base.slice(0, base.at(-1) === '*' ? -2 : -1);
        rest = rest.slice(3);
      }
      const absolute = [...base, rest.replace(/^\.\//, '')].join('.');
      return [op, Array.isArray(args) ? [absolute, ...args.slice(1)] : absolute];
    }),
  );
}

/**
 * The model path of the object a field is in, with `*` for the item of each repeating group on the
 * way ('personen.bsn' in step data `stap1` -> stap1.personen.*): where `./x` in its rule points.
 */
function modelParentOf(schema: JsonSchema, dataKey: string, field: string): string[] {
  const segments = field.split('.');
  const parent = [dataKey];
  segments.slice(0, -1).forEach((segment, index) => {
    parent.push(segment);
    if (isRepeatingGroup(schemaAt(schema, segments.slice(0, index + 1).join('.')))) parent.push('*');
  });
  return parent;
}

/**
 * Moves the `x-visibleIf` rules of shared definitions (written relative to the definition) into the
 * step's `visibleIf`, so a composite such as an address carries its own rules wherever it is used —
 * also inside a condition's branch or a repeating group's items (relative to the item there); an
 * option filter that hides its field when nothing is allowed adds that rule there too.
 */
function hoistVisibility(schema: JsonSchema, dataKey: string, visibleIf: Record<string, JsonLogic>, prefix: string[] = [], modelPrefix: string[] = []): void {
  const visit = (node: JsonSchema) => {
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      const path = [...prefix, key];
      const rule = child['x-visibleIf'];
      const field = path.join('.');
      const add = (extra: JsonLogic) => {
        visibleIf[field] = visibleIf[field] === undefined ? extra : ({ and: [visibleIf[field], extra] } as JsonLogic);
      };
      if (rule !== undefined) {
        add(absoluteVars(rule, [dataKey, ...modelPrefix]) as JsonLogic);
        delete child['x-visibleIf'];
      }
      const filter = child['x-optionsFilter'] as OptionsFilter | undefined;
      const filterRule = filter && filterVisibility(filter);
      if (filterRule) add(filterRule);
      if (child.properties || branchesOf(child).length > 0) hoistVisibility(child, dataKey, visibleIf, path, [...modelPrefix, key]);
      else if (isRepeatingGroup(child)) hoistVisibility(child.items as JsonSchema, dataKey, visibleIf, path, [...modelPrefix, key, '*']);
    }
    branchesOf(node).forEach(visit);
  };
  visit(schema);
}

/** Resolves a written flow document; throws FlowResolveError with a Dutch message on a bad reference. */
export function resolveFlow(document: FlowDocument, context: ResolveContext): FlowDocument {
  return {
    ...document,
    steps: document.steps.map((step) => {
      const schema = {
        ...(resolveNode(step.schema, context, [], step.schema as Record<string, unknown>) as JsonSchema),
        $id: stepSchemaId(document.id, step.id),
      };
      // A step's own rules may read fields relative to the field's group too (`./x`: in a repeating group, of the same item).
      const visibleIf = Object.fromEntries(
        Object.entries(step.visibleIf ?? {}).map(([field, rule]) => [field, absoluteVars(rule, modelParentOf(schema, step.dataKey, field)) as JsonLogic]),
      );
      hoistVisibility(schema, step.dataKey, visibleIf);
      return { ...step, schema, ...(Object.keys(visibleIf).length > 0 ? { visibleIf } : {}) };
    }),
  };
}
