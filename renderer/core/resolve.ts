/**
 * Turns a flow document as written into the form the engine uses: every `$ref` to a shared field
 * definition is inlined (siblings of the `$ref` override the definition, so a flow can retitle a
 * field), `x-options` names a reference list whose entries become `enum` + `x-enumNames`, and each
 * step schema gets its `$id`. Pure; the server and `flows:check` run it.
 */
import { filterVisibility, type OptionsFilter } from './rules/optionsFilter';
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

function resolveNode(node: unknown, context: ResolveContext, trail: string[]): unknown {
  if (Array.isArray(node)) return node.map((item) => resolveNode(item, context, trail));
  if (!node || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  let result: Record<string, unknown> = {};
  if (typeof record.$ref === 'string') {
    const ref = record.$ref;
    if (trail.includes(ref)) throw new FlowResolveError(`Kringverwijzing in $ref: ${[...trail, ref].join(' -> ')}`);
    const definition = context.definitions.get(ref);
    if (!definition) throw new FlowResolveError(`Onbekende $ref: ${ref}`);
    const { $id: _id, $schema: _schema, ...body } = resolveNode(definition, context, [...trail, ref]) as JsonSchema;
    result = { ...body };
  }
  for (const [key, value] of Object.entries(record)) {
    if (key === '$ref') continue;
    result[key] = key === 'items' ? resolveNode(value, context, trail) : value;
  }
  if (result.properties && typeof result.properties === 'object') {
    result.properties = Object.fromEntries(
      Object.entries(result.properties as Record<string, unknown>).map(([key, child]) => [key, resolveNode(child, context, trail)]),
    );
  }
  if (typeof result['x-options'] === 'string') {
    const list = context.lists[result['x-options']];
    if (!list) throw new FlowResolveError(`Onbekende keuzelijst: ${result['x-options']}`);
    const entries = listEntries(list);
    result.enum = entries.map((entry) => entry.value);
    result['x-enumNames'] = entries.map((entry) => entry.label);
  }
  return result;
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
        base = base.slice(0, -1);
        rest = rest.slice(3);
      }
      const absolute = [...base, rest.replace(/^\.\//, '')].join('.');
      return [op, Array.isArray(args) ? [absolute, ...args.slice(1)] : absolute];
    }),
  );
}

/**
 * Moves the `x-visibleIf` rules of shared definitions (written relative to the definition) into the
 * step's `visibleIf`, so a composite such as an address carries its own rules wherever it is used;
 * an option filter that hides its field when nothing is allowed adds that rule there too.
 */
function hoistVisibility(schema: JsonSchema, dataKey: string, visibleIf: Record<string, JsonLogic>, prefix: string[] = []): void {
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const path = [...prefix, key];
    const rule = child['x-visibleIf'];
    const field = path.join('.');
    const add = (extra: JsonLogic) => {
      visibleIf[field] = visibleIf[field] === undefined ? extra : ({ and: [visibleIf[field], extra] } as JsonLogic);
    };
    if (rule !== undefined) {
      add(absoluteVars(rule, [dataKey, ...prefix]) as JsonLogic);
      delete child['x-visibleIf'];
    }
    const filter = child['x-optionsFilter'] as OptionsFilter | undefined;
    const filterRule = filter && filterVisibility(filter);
    if (filterRule) add(filterRule);
    if (child.properties) hoistVisibility(child, dataKey, visibleIf, path);
  }
}

/** Resolves a written flow document; throws FlowResolveError with a Dutch message on a bad reference. */
export function resolveFlow(document: FlowDocument, context: ResolveContext): FlowDocument {
  return {
    ...document,
    steps: document.steps.map((step) => {
      const schema = { ...(resolveNode(step.schema, context, []) as JsonSchema), $id: stepSchemaId(document.id, step.id) };
      const visibleIf = { ...(step.visibleIf ?? {}) };
      hoistVisibility(schema, step.dataKey, visibleIf);
      return { ...step, schema, ...(Object.keys(visibleIf).length > 0 ? { visibleIf } : {}) };
    }),
  };
}
