/**
 * The fields of a step as coverage counts them, each with the messages it can show: every leaf field
 * (those a condition adds included; a repeating group's item fields once, without an index), a list
 * of items itself (its number of items), and a choice between groups of fields (nothing chosen).
 */
import { allProperties, branchesOf } from '../conditions/branches';
import { isRepeatingGroup } from '../schemaPaths';
import type { JsonSchema, StepDefinition } from '../types';

export interface CoverageField {
  /** The path within the step as definitions name it ('adres.postcode', 'personen.naam'). */
  path: string;
  schema: JsonSchema;
  /** Whether the field is required somewhere (always, in a branch, or when another answer asks for it). */
  required: boolean;
  /** Whether it is a choice between groups of fields (its only message: nothing chosen). */
  choice: boolean;
}

/** Keywords that give a message of their own, checked on the field's schema as written. */
const LIMITS = ['pattern', 'format', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'maxItems'] as const;

const isChoice = (schema: JsonSchema) => Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf);
const isGroup = (schema: JsonSchema) => schema.type === 'object' || schema.properties !== undefined;

/** The names an object requires: always, in one of its branches, or when another of its answers asks for them. */
function requiredNames(node: JsonSchema): Set<string> {
  const names = new Set<string>();
  const visit = (schema: JsonSchema) => {
    for (const name of schema.required ?? []) names.add(name);
    for (const keyword of ['dependencies', 'dependentRequired'] as const) {
      const map = schema[keyword];
      if (map && typeof map === 'object') for (const value of Object.values(map)) if (Array.isArray(value)) for (const name of value) names.add(String(name));
    }
    branchesOf(schema).forEach(visit);
  };
  visit(node);
  return names;
}

/** Every field of a step's schema that coverage counts, in form order. */
export function coverageFields(step: StepDefinition): CoverageField[] {
  const fields: CoverageField[] = [];
  const visit = (node: JsonSchema, prefix: string) => {
    const required = requiredNames(node);
    for (const [key, child] of Object.entries(allProperties(node))) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (isRepeatingGroup(child)) {
        fields.push({ path, schema: child, required: required.has(key), choice: false });
        visit(child.items as JsonSchema, path);
      } else if (isGroup(child)) {
        if (isChoice(child)) fields.push({ path, schema: child, required: true, choice: true });
        visit(child, path);
      } else {
        fields.push({ path, schema: child, required: required.has(key), choice: false });
      }
    }
  };
  // A choice at the top of the step: its message stands for the step ('' is the step itself).
  if (isChoice(step.schema)) fields.push({ path: '', schema: step.schema, required: true, choice: true });
  visit(step.schema, '');
  return fields;
}

/**
 * The message keys a field can show: 'required' (also a consent not given, a minimum of one), the
 * keywords of its checks ('pattern', 'maxLength', …), 'type' for a number, 'enum' for a fixed list
 * of options, 'x-optionsFilter' for options narrowed by another answer.
 */
export function messageKeysOf(field: CoverageField): string[] {
  const { schema } = field;
  if (field.choice) return ['required'];
  const keys: string[] = [];
  if (field.required || schema.const === true || schema.minLength === 1 || schema.minItems === 1) keys.push('required');
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const items = schema.items as JsonSchema | undefined;
  const options = Boolean(schema.enum || isChoice(schema) || items?.enum || (items && isChoice(items)));
  // A number typed in can be no number; a choice of numbered options cannot.
  if ((types.includes('number') || types.includes('integer')) && !options) keys.push('type');
  if (options) keys.push('enum');
  if (schema.const !== undefined && schema.const !== true) keys.push('const');
  if (typeof schema.minLength === 'number' && schema.minLength > 1) keys.push('minLength');
  if (typeof schema.minItems === 'number' && schema.minItems > 1) keys.push('minItems');
  for (const keyword of LIMITS) if (schema[keyword] !== undefined) keys.push(keyword);
  if (schema.uniqueItems === true) keys.push('uniqueItems');
  if (schema['x-optionsFilter'] !== undefined) keys.push('x-optionsFilter');
  return keys;
}

/**
 * The message key an error of a test case counts for, as `messageKeysOf` names it: 'not filled in'
 * in any of its forms is 'required', a wrong option in any form 'enum'.
 */
export function messageKeyOfError(code: string, field: CoverageField | undefined): string {
  const schema = field?.schema;
  if (code === 'dependencies' || code === 'dependentRequired') return 'required';
  if (field?.choice && (code === 'oneOf' || code === 'anyOf')) return 'required';
  if (code === 'const') return schema?.const === true ? 'required' : schema && isChoice(schema) ? 'enum' : 'const';
  if (code === 'minLength' && schema?.minLength === 1) return 'required';
  if (code === 'minItems' && schema?.minItems === 1) return 'required';
  if ((code === 'oneOf' || code === 'anyOf') && schema) return 'enum';
  return code;
}
