/** Finding the schema, label and file rules of a field from its dotted path in a step schema. */
import type { FlowDocument, JsonSchema, StepDefinition } from './types';
import { splitPath } from './paths';

/** The sub-schema at a dotted property path, or undefined. */
export function schemaAt(schema: JsonSchema, path: string): JsonSchema | undefined {
  let node: JsonSchema | undefined = schema;
  for (const key of splitPath(path)) {
    node = node?.properties?.[key];
  }
  return node;
}

/** The label of a field: its title, else its last path segment. */
export function labelOf(schema: JsonSchema, path: string): string {
  return schemaAt(schema, path)?.title ?? splitPath(path).at(-1) ?? path;
}

/** Every leaf field path of an object schema, in property order (objects are descended into). */
export function fieldPaths(schema: JsonSchema, prefix = ''): string[] {
  const paths: string[] = [];
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child.type === 'object' && child.properties) paths.push(...fieldPaths(child, path));
    else paths.push(path);
  }
  return paths;
}

/** Every path (objects and leaves) a flow defines, as `dataKey.field` model paths. */
export function modelPaths(flow: FlowDocument): Set<string> {
  const all = new Set<string>();
  const add = (step: StepDefinition, schema: JsonSchema, prefix: string): void => {
    for (const [key, child] of Object.entries(schema.properties ?? {})) {
      const path = `${prefix}.${key}`;
      all.add(path);
      if (child.properties) add(step, child, path);
    }
  };
  for (const step of flow.steps) {
    all.add(step.dataKey);
    add(step, step.schema, step.dataKey);
  }
  return all;
}

export function findStep(flow: FlowDocument, stepId: string): StepDefinition | undefined {
  return flow.steps.find((step) => step.id === stepId);
}
