/** What the describers of a step and of its fields need to know about the step and the schema node at hand. */
import { schemaAt } from '../../../../renderer/core/schemaPaths';
import type { JsonSchema } from '../../../../renderer/core/types';
import { isIndex, type Pos } from './location';
import { get, isObj, titleOf } from './values';

/** What a step's changes need to know about the step. */
export interface StepContext {
  before: unknown;
  after: unknown;
  /** The step's title (the new one) for sentences. */
  name: string;
  pos: Pos;
}

/** A schema node within a step: the step, the data path of the node, the field it is, and how to name where its children are. */
export interface NodeContext {
  step: StepContext;
  path: string;
  field?: { name: string; label: string };
  /** "stap ‘Uw gegevens’", "groep ‘Adres’ in stap ‘Uw gegevens’": where a child field is added to. */
  container: string;
}

/** A field's label (its title, new before old), else its name. */
export function fieldLabel(step: StepContext, path: string): string {
  const find = (schema: unknown) => (isObj(schema) ? schemaAt(schema as JsonSchema, path) : undefined);
  return (
    titleOf(find(get(step.after, 'schema'))) ??
    titleOf(find(get(step.before, 'schema'))) ??
    path
      .split('.')
      .filter((segment) => !isIndex(segment))
      .at(-1) ??
    path
  );
}

/** Whether a field of the old step is gone (its display, rules and messages went with it). */
export function fieldRemoved(step: StepContext, path: string): boolean {
  const find = (schema: unknown) => (isObj(schema) ? schemaAt(schema as JsonSchema, path) : undefined);
  return find(get(step.before, 'schema')) !== undefined && find(get(step.after, 'schema')) === undefined;
}
