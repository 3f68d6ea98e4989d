/**
 * The text of a message a field can show, as the portal would word it, without data that makes it
 * appear: a stand-in error goes through the same mapping as every real one (flow override, field
 * definition, catalogue). The field's label is left out ('…'): the coverage sentence names it.
 */
import type { Translate } from '../i18n';
import { mapError, type RawError } from '../messages';
import { isRepeatingGroup, labelOf, schemaAt } from '../schemaPaths';
import { splitPath } from '../paths';
import type { StepDefinition } from '../types';
import type { CoverageField } from './fields';

/**
 * The instance path of a field in the step's data, with item 0 of each repeating group on the way
 * (and of the field itself when `inside`: for a field of its items).
 */
function instancePath(step: StepDefinition, path: string, inside = false): string {
  const segments: string[] = [];
  const named = splitPath(path);
  named.forEach((segment, index) => {
    segments.push(segment);
    const last = index === named.length - 1;
    if ((!last || inside) && isRepeatingGroup(schemaAt(step.schema, named.slice(0, index + 1).join('.')))) segments.push('0');
  });
  return segments.map((segment) => `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** The stand-in error for a message key of a field. */
function standIn(step: StepDefinition, field: CoverageField, key: string): RawError {
  const { schema } = field;
  const at = instancePath(step, field.path);
  if (key === 'required') {
    if (field.choice) return { instancePath: at, keyword: Array.isArray(schema.anyOf) ? 'anyOf' : 'oneOf', params: {} };
    if (schema.const === true) return { instancePath: at, keyword: 'const', params: { allowedValue: true } };
    if (schema.minLength === 1) return { instancePath: at, keyword: 'minLength', params: { limit: 1 } };
    if (schema.minItems === 1) return { instancePath: at, keyword: 'minItems', params: { limit: 1 } };
    const parent = field.path.includes('.') ? instancePath(step, field.path.slice(0, field.path.lastIndexOf('.')), true) : '';
    return { instancePath: parent, keyword: 'required', params: { missingProperty: splitPath(field.path).at(-1) } };
  }
  if (key === 'type') return { instancePath: at, keyword: 'type', params: { type: Array.isArray(schema.type) ? schema.type.join(',') : schema.type } };
  if (key === 'format') return { instancePath: at, keyword: 'format', params: { format: schema.format } };
  if (key === 'multipleOf') return { instancePath: at, keyword: 'multipleOf', params: { multipleOf: schema.multipleOf } };
  const limit = schema[key];
  return { instancePath: at, keyword: key, params: typeof limit === 'number' ? { limit } : {} };
}

/** Hides the label in a message (the sentence around it names the field) and any placeholder left. */
export function withoutLabel(text: string, label: string): string {
  const hidden = label ? text.split(`'${label}'`).join('…') : text;
  return hidden.replace(/\{[A-Za-z0-9_]+\}/g, '…');
}

/** The text of a keyword's message of a field, the field's label left out. */
export function keywordMessage(step: StepDefinition, field: CoverageField, key: string, t: Translate): string {
  const label = field.path === '' || field.choice ? '' : labelOf(step.schema, field.path);
  const text = mapError(step, {}, standIn(step, field, key), t);
  const choiceLabel = field.choice ? ((field.schema['x-choiceLabel'] as string | undefined) ?? t('wizard.choice')) : '';
  return withoutLabel(text, label || choiceLabel);
}
