/**
 * Maps ajv errors to the portal's messages with a fixed fallback chain (as JSON Forms does):
 * flow-level override -> field-definition `x-messages` -> keyword/format catalogue (doc 2 §5) ->
 * the generic 'ongeldig' message. Never ajv's English.
 */
import { interpolate, withParams, type TextParams, type Translate } from './i18n';
import { formatFailureReason } from './formats';
import { getAt } from './paths';
import { fieldIn, isItemList, isValueList, schemaAt } from './schemaPaths';
import type { JsonSchema, StepDefinition } from './types';

/** The part of an ajv ErrorObject the mapper reads (kept structural so the browser needs no ajv). */
export interface RawError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  /** Where in the schema the failed keyword is (`#/oneOf/1/required`), for errors of conditions. */
  schemaPath?: string;
}

/** Keywords whose error names the field that is missing rather than the object that lacks it. */
const MISSING_FIELD = new Set(['required', 'dependencies', 'dependentRequired']);

const INDEX = /^\d+$/;

/** One JSON pointer segment unescaped (`~1` is '/', `~0` is '~'). */
const unescapeSegment = (segment: string): string => (segment.includes('~') ? segment.replace(/~1/g, '/').replace(/~0/g, '~') : segment);

/** The field an instance path leads to: its dotted path, and whether an index of a list ended it. */
interface InstanceField {
  path: string;
  /** Whether the path has no segment at all (the object validated itself). */
  root: boolean;
  cut: boolean;
  /** The path of each missing field of this object asked about, made once. */
  missing: Map<string, string>;
}

const NO_SCHEMA: JsonSchema = {};
const instanceFields = new WeakMap<JsonSchema, Map<string, InstanceField>>();

/** Where an instance path leads in `schema`'s data, worked out once per schema and path (a step is validated over and over). */
function instanceField(instancePath: string, schema: JsonSchema | undefined): InstanceField {
  const key = schema ?? NO_SCHEMA;
  let known = instanceFields.get(key);
  if (!known) instanceFields.set(key, (known = new Map()));
  let found = known.get(instancePath);
  if (found) return found;
  const segments: string[] = [];
  // The pointer starts with '/': its first piece is empty.
  const instance = instancePath === '' ? [] : instancePath.split('/');
  let cut = false;
  for (let index = 1; index < instance.length; index += 1) {
    const segment = unescapeSegment(instance[index]);
    if (INDEX.test(segment) && !(schema && isItemList(schemaAt(schema, segments.join('.'))))) {
      cut = true;
      break;
    }
    segments.push(segment);
  }
  found = { path: segments.join('.'), root: segments.length === 0, cut, missing: new Map() };
  // Bounded: the items of a repeating group each have their own paths.
  if (known.size >= 1000) known.clear();
  known.set(instancePath, found);
  return found;
}

/** `field` with one more segment. */
const below = (field: InstanceField, segment: string) => (field.root ? segment : `${field.path}.${segment}`);

/**
 * Dotted field path of an error in `schema`'s data. The index of a repeating group's item, or of a
 * list of values, stays in the path ('personen.1.bsn', 'telefoonnummers.1'); any other list is one
 * field, so its indexes end the path (a file list, a multiple choice). A missing field is named itself, and an unmet case of a dependency
 * (`dependencies.<field>.oneOf`) is an error of that field.
 */
export function errorField(error: RawError, schema?: JsonSchema): string {
  const field = instanceField(error.instancePath, schema);
  if (field.cut) return field.path;
  const missing = error.params.missingProperty;
  if (MISSING_FIELD.has(error.keyword) && typeof missing === 'string') {
    let path = field.missing.get(missing);
    if (path === undefined) field.missing.set(missing, (path = below(field, missing)));
    return path;
  }
  const dependency = error.keyword === 'oneOf' ? /\/dependencies\/([^/]+)\/oneOf$/.exec(decodeURIComponent(error.schemaPath ?? '')) : null;
  return dependency ? below(field, unescapeSegment(dependency[1])) : field.path;
}

/** What a list holds, for the wording of its limits: files, choices (a multi-select), values or items. */
function itemsKind(schema: JsonSchema | undefined): 'files' | 'choices' | 'values' | 'items' {
  if (schema?.['x-files']) return 'files';
  if (isValueList(schema)) return 'values';
  const items = schema?.items as JsonSchema | undefined;
  return items?.enum || items?.oneOf || items?.anyOf ? 'choices' : 'items';
}

/** The limit of a keyword as the message names it (ajv calls it `limit`, or after the keyword). */
function limitOf(error: RawError): number | undefined {
  const value = error.params.limit ?? error.params.multipleOf;
  return typeof value === 'number' ? value : undefined;
}

/** Candidate message keys, most specific first. */
function messageKeys(error: RawError, fieldSchema: JsonSchema | undefined, value: unknown, listValue: boolean): string[] {
  const { keyword, params } = error;
  if (keyword === 'format') {
    const format = String(params.format);
    const reason = formatFailureReason(format, value);
    return [...(reason ? [`format.${format}.${reason}`] : []), `format.${format}`, 'format'];
  }
  if (keyword === 'const' && fieldSchema?.const === true) return ['required'];
  // A field another answer asks for (`dependencies` / `dependentRequired`) is not filled in, like a required one.
  if ((keyword === 'dependencies' || keyword === 'dependentRequired') && typeof params.missingProperty === 'string') return ['required'];
  if (keyword === 'minItems' && params.limit === 1) return ['minItems', 'required'];
  if (keyword === 'minLength' && params.limit === 1) return ['minLength', 'required'];
  if (keyword === 'minItems' || keyword === 'maxItems') return [`${keyword}.${itemsKind(fieldSchema)}`, keyword];
  // A value of a list of values that was added and left empty is not filled in.
  if (keyword === 'type' && listValue && (value === undefined || value === null)) return ['required'];
  if (keyword === 'type') return [`type.${String(params.type).split(',')[0]}`];
  if (keyword === 'uniqueItems' && isValueList(fieldSchema)) return ['uniqueItems.values', 'uniqueItems'];
  return [keyword];
}

/** A number as the language writes it (the decimal comma in Dutch), for limits in messages. */
export function formatNumber(value: number, t: Translate): string {
  return String(value).replace('.', t('format.decimalSeparator', undefined, '.'));
}

/**
 * The message of one error for a field of `step` (the step as in effect for the data, see
 * conditions/effective.ts); `vars` fill `{name}` placeholders of flow texts. An error of a group of
 * fields (the step itself, or one of its groups) that names no field is worded for the group, with
 * the step's or the group's title as its label.
 */
export function mapError(step: StepDefinition, stepData: unknown, error: RawError, t: Translate, vars: TextParams = {}): string {
  const field = errorField(error, step.schema);
  const found = fieldIn(step.schema, field);
  const fieldSchema = field === '' ? step.schema : found.schema;
  const value = getAt(stepData, field);
  const group = field === '' || (fieldSchema?.type === 'object' && fieldSchema.properties !== undefined);
  // No option of a choice between groups of fields is taken: the choice itself is not filled in.
  const choice = group && (error.keyword === 'oneOf' || error.keyword === 'anyOf');
  const title = choice ? ((fieldSchema?.['x-choiceLabel'] as string | undefined) ?? t('wizard.choice')) : field === '' ? step.title : found.label;
  const label = interpolate(title, vars);
  const limit = limitOf(error);
  const params = withParams(vars, { label, limit: limit === undefined ? undefined : formatNumber(limit, t) });
  const listValue = /\.\d+$/.test(field) && isValueList(schemaAt(step.schema, field.slice(0, field.lastIndexOf('.'))));
  const keys = choice ? ['required'] : group ? [error.keyword, 'group'] : messageKeys(error, fieldSchema, value, listValue);
  const { named } = found;
  for (const key of keys) {
    const override = step.messages?.[named]?.[key] ?? fieldSchema?.['x-messages']?.[key];
    if (override) return interpolate(override, params);
  }
  for (const key of keys) {
    // A minimum of one is 'not filled in' (the keyword's own message is for larger limits).
    if (limit === 1 && (key === 'minLength' || key.startsWith('minItems'))) continue;
    const text = t(`validation.${key}`, params, '');
    if (text) return text;
  }
  return t('validation.invalid', params);
}

/**
 * The message of the choice between groups of fields on the object at `path` ('' for the step):
 * `required` (no option in effect) or `choiceEmpty` (the option chosen has no answer of its own).
 * The flow may word either for the object (`messages`, `x-messages`).
 */
export function choiceMessage(
  step: StepDefinition,
  path: string,
  key: 'required' | 'choiceEmpty',
  t: Translate,
  vars: TextParams = {},
  extra: TextParams = {},
): string {
  const schema = path === '' ? step.schema : fieldIn(step.schema, path).schema;
  const named = path === '' ? '' : fieldIn(step.schema, path).named;
  const label = interpolate((schema?.['x-choiceLabel'] as string | undefined) ?? t('wizard.choice'), vars);
  const params = withParams(vars, { label, ...extra });
  const override = step.messages?.[named]?.[key] ?? schema?.['x-messages']?.[key];
  return override ? interpolate(override, params) : t(`validation.${key}`, params);
}
