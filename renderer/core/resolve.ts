/**
 * Turns a flow document as written into the form the engine uses: every `$ref` to a shared field
 * definition is inlined (siblings of the `$ref` override the definition, so a flow can retitle a
 * field), `x-options` names a reference list whose entries become `enum` + `x-enumNames`, and each
 * step schema gets its `$id`. Pure; the server and `flows:check` run it.
 */
import type { FlowDocument, JsonSchema } from './types';
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

/** Resolves a written flow document; throws FlowResolveError with a Dutch message on a bad reference. */
export function resolveFlow(document: FlowDocument, context: ResolveContext): FlowDocument {
  return {
    ...document,
    steps: document.steps.map((step) => ({
      ...step,
      schema: { ...(resolveNode(step.schema, context, []) as JsonSchema), $id: stepSchemaId(document.id, step.id) },
    })),
  };
}
