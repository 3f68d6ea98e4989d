/**
 * Whether a fixed value of a flow — a default, a const, one of the choices, a value a rule sets —
 * passes its own field's settings, said as the reason it does not ("langer dan Maximale lengte
 * (10)"). The keywords a field of the engine can carry, with ajv's meaning (lengths in characters,
 * patterns as Unicode regular expressions searched anywhere, multiples with ajv's precision) and the
 * portal's own formats: a value the check accepts here is one the validators accept too.
 */
import { schemaType, valueType } from '../../../../renderer/core/defaultWidget';
import { formats } from '../../../../renderer/core/formats';
import type { JsonSchema } from '../../../../renderer/core/types';
import { quoted, settingName, typeName } from './settings';

const length = (text: string) => [...text].length;

/** ajv's `multipleOfPrecision: 9` (see ajv.ts): 12,34 is a multiple of 0,01. */
function isMultiple(value: number, of: number): boolean {
  const ratio = value / of;
  return Math.abs(Math.round(ratio) - ratio) < 1e-9;
}

function typeFits(value: unknown, schema: JsonSchema): boolean {
  const declared = schema.type === undefined ? [] : Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  if (declared.length === 0) return true;
  const kind = Array.isArray(value) ? 'array' : (valueType(value) ?? 'object');
  return declared.some((type) => type === kind || (type === 'number' && kind === 'integer'));
}

/** Why `value` does not pass `schema`'s own settings (`except` left out), or undefined when it does. */
export function whyNotFits(value: unknown, schema: JsonSchema, except: readonly string[] = []): string | undefined {
  const use = (keyword: string) => !except.includes(keyword) && schema[keyword] !== undefined;
  const named = (keyword: string) => `${settingName(keyword) ?? keyword} (${quoted(schema[keyword])})`;
  if (use('type') && !typeFits(value, schema)) return `het is geen ${typeName(schemaType(schema) ?? String(schema.type))}`;
  if (use('enum') && !(schema.enum as unknown[]).some((option) => option === value)) return 'het is geen van de keuzes';
  if (use('const') && schema.const !== value) return `het is niet de vaste waarde ${quoted(schema.const)}`;
  if (typeof value === 'string') {
    if (use('minLength') && length(value) < (schema.minLength as number)) return `het is korter dan ${named('minLength')}`;
    if (use('maxLength') && length(value) > (schema.maxLength as number)) return `het is langer dan ${named('maxLength')}`;
    if (use('pattern')) {
      try {
        if (!new RegExp(schema.pattern as string, 'u').test(value)) return `het heeft niet de vorm van het Patroon`;
      } catch {
        return undefined;
      }
    }
    const check = use('format') && Object.hasOwn(formats, schema.format as string) ? formats[schema.format as string] : undefined;
    if (check && !check(value)) return `het is geen geldige waarde voor ${named('format')}`;
  }
  if (typeof value === 'number') {
    if (use('minimum') && value < (schema.minimum as number)) return `het is kleiner dan ${named('minimum')}`;
    if (use('maximum') && value > (schema.maximum as number)) return `het is groter dan ${named('maximum')}`;
    if (use('exclusiveMinimum') && value <= (schema.exclusiveMinimum as number)) return `het is niet groter dan ${named('exclusiveMinimum')}`;
    if (use('exclusiveMaximum') && value >= (schema.exclusiveMaximum as number)) return `het is niet kleiner dan ${named('exclusiveMaximum')}`;
    if (use('multipleOf') && !isMultiple(value, schema.multipleOf as number)) return `het is geen veelvoud van ${quoted(schema.multipleOf)}`;
  }
  if (Array.isArray(value)) {
    if (use('minItems') && value.length < (schema.minItems as number)) return `het heeft minder onderdelen dan ${named('minItems')}`;
    if (use('maxItems') && value.length > (schema.maxItems as number)) return `het heeft meer onderdelen dan ${named('maxItems')}`;
    if (use('uniqueItems') && schema.uniqueItems === true && new Set(value.map((item) => JSON.stringify(item))).size < value.length)
      return 'een keuze staat er twee keer in';
    const items = schema.items;
    if (items && typeof items === 'object' && !Array.isArray(items)) {
      for (const item of value) {
        const reason = whyNotFits(item, items as JsonSchema);
        if (reason) return `${quoted(item)}: ${reason}`;
      }
    }
  }
  return undefined;
}
