/**
 * Maps ajv errors to the portal's messages with a fixed fallback chain (as JSON Forms does):
 * flow-level override -> field-definition `x-messages` -> keyword/format catalogue (doc 2 §5) ->
 * the generic 'ongeldig' message. Never ajv's English.
 */
import { interpolate, type TextParams, type Translate } from './i18n';
import { formatFailureReason } from './formats';
import { getAt } from './paths';
import { labelOf, schemaAt } from './schemaPaths';
import type { JsonSchema, StepDefinition } from './types';

/** The part of an ajv ErrorObject the mapper reads (kept structural so the browser needs no ajv). */
export interface RawError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** Dotted field path of an error: array indexes end the path (a file list is one field). */
export function errorField(error: RawError): string {
  const segments: string[] = [];
  for (const segment of error.instancePath.split('/').slice(1)) {
    if (/^\d+$/.test(segment)) break;
    segments.push(segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  const atRoot = segments.length === error.instancePath.split('/').slice(1).length;
  if (error.keyword === 'required' && atRoot && typeof error.params.missingProperty === 'string') {
    segments.push(error.params.missingProperty);
  }
  return segments.join('.');
}

/** What a list holds, for the wording of its limits: files, choices (a multi-select) or items. */
function itemsKind(schema: JsonSchema | undefined): 'files' | 'choices' | 'items' {
  if (schema?.['x-files']) return 'files';
  const items = schema?.items as JsonSchema | undefined;
  return items?.enum || items?.oneOf || items?.anyOf ? 'choices' : 'items';
}

/** The limit of a keyword as the message names it (ajv calls it `limit`, or after the keyword). */
function limitOf(error: RawError): number | undefined {
  const value = error.params.limit ?? error.params.multipleOf;
  return typeof value === 'number' ? value : undefined;
}

/** Candidate message keys, most specific first. */
function messageKeys(error: RawError, fieldSchema: JsonSchema | undefined, value: unknown): string[] {
  const { keyword, params } = error;
  if (keyword === 'format') {
    const format = String(params.format);
    const reason = formatFailureReason(format, value);
    return [...(reason ? [`format.${format}.${reason}`] : []), `format.${format}`, 'format'];
  }
  if (keyword === 'const' && fieldSchema?.const === true) return ['required'];
  if (keyword === 'minItems' && params.limit === 1) return ['minItems', 'required'];
  if (keyword === 'minLength' && params.limit === 1) return ['minLength', 'required'];
  if (keyword === 'minItems' || keyword === 'maxItems') return [`${keyword}.${itemsKind(fieldSchema)}`, keyword];
  if (keyword === 'type') return [`type.${String(params.type).split(',')[0]}`];
  return [keyword];
}

/** The message of one error for a field of `step`; `vars` fill `{name}` placeholders of flow texts. */
export function mapError(step: StepDefinition, stepData: unknown, error: RawError, t: Translate, vars: TextParams = {}): string {
  const field = errorField(error);
  const fieldSchema = schemaAt(step.schema, field);
  const value = getAt(stepData, field);
  const label = interpolate(labelOf(step.schema, field), vars);
  const params = { ...vars, label, limit: limitOf(error) };
  const keys = messageKeys(error, fieldSchema, value);
  for (const key of keys) {
    const override = step.messages?.[field]?.[key] ?? fieldSchema?.['x-messages']?.[key];
    if (override) return interpolateLabel(override, params);
  }
  for (const key of keys) {
    // A minimum of one is 'not filled in' (the keyword's own message is for larger limits).
    if (params.limit === 1 && (key === 'minLength' || key.startsWith('minItems'))) continue;
    const text = t(`validation.${key}`, params, '');
    if (text) return text;
  }
  return t('validation.invalid', params);
}

function interpolateLabel(text: string, params: Record<string, string | number | undefined>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
}
