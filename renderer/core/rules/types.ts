/**
 * The shape of a rule kind. Each kind of rule a flow document can state (visibility, option filter,
 * address check, reset, derived value, cross-field rule, box, file check) lives in one module with
 * everything it means: its browser behaviour (exported functions the wizard calls), its server
 * enforcement (`validate` runs in browser and server alike; `enforce` runs on the server for every
 * route that accepts the flow's data) and its design-time check (run by the flow pipeline before a
 * version can be published).
 */
import type { Environment } from '../environment';
import type { Lang, TextParams, Translate } from '../i18n';
import { branchesOf, hasConditions } from '../conditions/branches';
import { isRepeatingGroup, schemaAt } from '../schemaPaths';
import type { FieldError, FlowDocument, JsonSchema, StepDefinition } from '../types';

/** A problem of a flow definition, at a JSON pointer into the flow document. */
export interface DesignProblem {
  pointer: string;
  message: string;
}

/** What a design-time check may ask about the flow being checked. */
export interface CheckContext {
  /** The flow, resolved (`$ref`s inlined, option lists filled in). */
  flow: FlowDocument;
  /** Every model path the flow defines (`dataKey` and `dataKey.field...`). */
  fields: Set<string>;
  /** The reference lists the flow may name (its own and the shared ones), by name. */
  lists: Record<string, unknown>;
  /** Names of the content checks the server can run on a file (`x-files.check`). */
  fileChecks: readonly string[];
  /** Problems for every json-logic `var` in `rule` that names nothing this flow has. */
  vars(pointer: string, rule: unknown): DesignProblem[];
}

/** What a server-side enforcement needs beyond the model. */
export interface RuleServices {
  lang: Lang;
  t: Translate;
  /** The national address register's answer for a Dutch address. */
  checkAddress(address: { postcode: string; huisnummer: string; straatnaam: string; woonplaats: string }): Promise<'ok' | 'mismatch' | 'unknown'>;
}

/** A field the server refuses, by model path. */
export interface Finding {
  path: string;
  message: string;
}

export interface RuleKind {
  /** The flow keyword(s) of the kind, for messages and docs/flow-author.md. */
  name: string;
  check(context: CheckContext): DesignProblem[];
  /** Field errors of one step, the same in the browser and on the server (model without hidden data). */
  validate?(step: StepDefinition, model: Environment, t: Translate, vars: TextParams): FieldError[];
  /** Server-only enforcement (it may ask other services), on every route that accepts the flow's data. */
  enforce?(flow: FlowDocument, model: Environment, services: RuleServices): Promise<Finding[]>;
}

/** JSON pointer of a field's schema inside step `stepIndex` ('a.b' -> /steps/0/schema/properties/a/properties/b). */
export function fieldPointer(stepIndex: number, path: string): string {
  return `/steps/${stepIndex}/schema${path
    .split('.')
    .map((key) => `/properties/${escapePointer(key)}`)
    .join('')}`;
}

/** Whether a field path passes through a repeating group (names a field of its items). */
export function inRepeatingGroup(step: StepDefinition, field: string): boolean {
  const segments = field.split('.');
  return segments.slice(0, -1).some((_, index) => isRepeatingGroup(schemaAt(step.schema, segments.slice(0, index + 1).join('.'))));
}

/**
 * A problem when `field` is no field of the step (`where` says which part of the definition names
 * it). A field of a repeating group's items is refused too unless `items` says the part works per
 * item (visibility and messages do; the other rule kinds read one value per field).
 */
export function unknownField(step: StepDefinition, field: string, pointer: string, where: string, options: { items?: boolean } = {}): DesignProblem[] {
  if (schemaAt(step.schema, field) === undefined) return [{ pointer, message: `het veld ‘${field}’ in ${where} bestaat niet` }];
  if (!options.items && inRepeatingGroup(step, field))
    return [
      { pointer, message: `‘${field}’ is een veld van een herhalende groep, en ${where} werkt niet per item (gebruik visibleIf met ./veld, of meldingen)` },
    ];
  return [];
}

/** Escapes one JSON pointer segment. */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Every field of a schema with its dotted path, depth first in property order, fields a condition
 * adds included (a rule on such a field applies when its data is there). The items of a repeating
 * group are not visited: the rule kinds that use this read one value per field.
 */
export function eachField(schema: JsonSchema, visit: (path: string, child: JsonSchema) => void): void {
  for (const field of fieldsOf(schema)) visit(field.path, field.schema);
}

const fieldLists = new WeakMap<JsonSchema, readonly { path: string; schema: JsonSchema }[]>();

/** The fields eachField visits, found once per schema (every rule kind asks for them). */
function fieldsOf(schema: JsonSchema): readonly { path: string; schema: JsonSchema }[] {
  let fields = fieldLists.get(schema);
  if (!fields) {
    const found: { path: string; schema: JsonSchema }[] = [];
    collectFields(schema, '', found);
    fieldLists.set(schema, (fields = found));
  }
  return fields;
}

function collectFields(schema: JsonSchema, prefix: string, found: { path: string; schema: JsonSchema }[]): void {
  const seen = new Set<string>();
  const walk = (node: JsonSchema) => {
    const properties = node.properties ?? {};
    for (const key in properties) {
      const child = properties[key];
      const path = prefix ? `${prefix}.${key}` : key;
      if (seen.has(path)) continue;
      seen.add(path);
      found.push({ path, schema: child });
      // A field with no properties of its own and no conditions has nothing below it.
      if (child.properties || hasConditions(child)) collectFields(child, path, found);
    }
    branchesOf(node).forEach(walk);
  };
  walk(schema);
}
