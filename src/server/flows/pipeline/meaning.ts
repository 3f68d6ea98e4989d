/**
 * The check of meaning: beyond the shape the meta-schema checks, every field of every step (in every
 * branch of its conditions) can be filled in by someone. A text's lengths leave room and its pattern
 * accepts a text within them; a number's bounds, whole-number rule and multiple leave a number; a
 * list can hold as many choices as it asks; each choice, default and fixed value passes its own
 * field; and a field says what kind of answer it takes (a type, or choices of one kind to infer it
 * from), in a format the portal knows. Each refusal names the setting and the field in the
 * administrator's words.
 */
import { constantOf, isConstantList, isObjectChoice, schemaType, valueType } from '../../../../renderer/core/defaultWidget';
import { describesObject } from '../../../../renderer/core/conditions/branches';
import { formatChecks } from '../../../../renderer/core/formats';
import type { DesignProblem } from '../../../../renderer/core/rules';
import type { FlowDocument, JsonSchema } from '../../../../renderer/core/types';
import { fieldOccurrences, type FieldOccurrence } from './fieldOccurrences';
import { patternVerdict } from './patternSample';
import { quoted, settingName, typeName } from './settings';
import { whyNotFits } from './valueFits';

/** Lengths a value of a portal format always has (a date is dd-mm-jjjj or jjjj-mm-dd). */
const FORMAT_LENGTHS: Record<string, [number, number]> = {
  date: [10, 10],
  datum: [10, 10],
  'datum-verleden': [10, 10],
  bsn: [8, 9],
  postcode: [6, 7],
  kvknummer: [8, 8],
  bignummer: [10, 11],
  abonneenummer: [5, 8],
  vestigingsnummer: [12, 12],
  agbcode: [7, 8],
};

/** A problem, or with `warning` one that does not refuse the flow (the check could not tell). */
type Finding = DesignProblem & { warning?: boolean };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The options of a field with fixed choices (its enum, or a list of constants), else undefined. */
export function optionValues(schema: JsonSchema): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const list = schema[keyword];
    if (isConstantList(list)) return list.map((option) => constantOf(option)!.value);
  }
  return undefined;
}

function declaredTypes(schema: JsonSchema): string[] {
  return schema.type === undefined ? [] : Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
}

/**
 * What kind of answer a field that is not a group takes: refused when it has none, or choices of
 * mixed kinds. A field of type null takes none and asks nothing (a text between the fields); choices
 * that are all objects are a choice like any other (the object chosen is stored).
 */
function typeProblems(schema: JsonSchema, pointer: string): DesignProblem[] {
  const options = optionValues(schema);
  const declared = declaredTypes(schema);
  if (declared.length > 0 && declared.every((type) => type === 'null')) return [];
  const problems: DesignProblem[] = [];
  if (options) {
    const objects = options.filter((value) => valueType(value) === undefined);
    if (objects.length > 0 && (objects.length < options.length || objects.some(Array.isArray)))
      problems.push({
        pointer: `${pointer}/enum`,
        message: `Keuzes {plaats} moeten teksten, getallen of ja/nee zijn, of alle keuzes groepen van gegevens; ${plural(objects.length, 'keuze is', 'keuzes zijn')} een groep of lijst (${objects.map((value) => JSON.stringify(value)).join(', ')})`,
      });
    const otherType = declared.find((type) => type !== 'object' && type !== 'null');
    if (objects.length > 0 && objects.length === options.length && otherType)
      problems.push({
        pointer: `${pointer}/type`,
        message: `Keuzes {plaats} zijn groepen van gegevens, terwijl het soort antwoord ${typeName(otherType)} is; laat type weg of maak het ‘object’`,
      });
    if (declared.length === 0 && objects.length === 0 && schemaType(schema) === undefined && options.some((value) => value !== null)) {
      const kinds = [...new Set(options.filter((value) => value !== null).map((value) => typeName(valueType(value)!)))];
      problems.push({
        pointer: `${pointer}/enum`,
        message: `Keuzes {plaats} zijn niet van één soort (${kinds.join(', ')}); geef het soort antwoord op (type) of maak de keuzes van één soort`,
      });
    }
    if (declared.length > 0) {
      for (const value of options) {
        const kind = valueType(value);
        if (kind !== undefined && !declared.some((type) => type === kind || (type === 'number' && kind === 'integer'))) {
          problems.push({
            pointer: `${pointer}/enum`,
            message: `De keuze ${quoted(value)} {plaats} is geen ${typeName(declared.find((type) => type !== 'null') ?? declared[0])}, terwijl het soort antwoord dat wel is`,
          });
        }
      }
    }
    return problems;
  }
  if (schemaType(schema) === undefined && !schema['x-files'] && !('const' in schema) && !describesObject(schema)) {
    problems.push({ pointer, message: 'Het soort antwoord (type) {plaats} ontbreekt; kies tekst, getal, geheel getal of ja/nee, of geef vaste keuzes' });
  }
  return problems;
}

/** A text's lengths, its format's lengths and its pattern leave some text to type. */
function textProblems(schema: JsonSchema, pointer: string, tried: readonly unknown[]): Finding[] {
  const min = num(schema.minLength) ?? 0;
  const max = num(schema.maxLength) ?? Infinity;
  if (min > max)
    return [
      { pointer: `${pointer}/minLength`, message: `Minimale lengte (${min}) is groter dan Maximale lengte (${max}) {plaats}; niemand kan dit veld invullen` },
    ];
  const formatLengths = typeof schema.format === 'string' ? FORMAT_LENGTHS[schema.format] : undefined;
  if (formatLengths && (formatLengths[0] > max || formatLengths[1] < min)) {
    const size = formatLengths[0] === formatLengths[1] ? `${formatLengths[0]} tekens` : `${formatLengths[0]} tot ${formatLengths[1]} tekens`;
    return [
      {
        pointer: `${pointer}/${formatLengths[0] > max ? 'maxLength' : 'minLength'}`,
        message: `${formatLengths[0] > max ? `Maximale lengte (${max})` : `Minimale lengte (${min})`} {plaats} past niet bij Soort tekst ‘${schema.format}’: zo’n waarde heeft ${size}`,
      },
    ];
  }
  if (typeof schema.pattern !== 'string') return [];
  let verdict;
  try {
    verdict = patternVerdict(schema.pattern, min, max, tried);
  } catch {
    return [
      {
        pointer: `${pointer}/pattern`,
        message: 'Patroon {plaats} is geen geldige reguliere expressie voor de portal (die leest patronen als Unicode); controleer tekens als \\- en \\/',
      },
    ];
  }
  if (verdict.fillable === 'unknown') {
    return [
      {
        pointer: `${pointer}/pattern`,
        warning: true,
        message:
          'Patroon {plaats} kon niet worden nagegaan: de controle kan er zelf geen passende tekst bij maken. Voeg een testgeval toe met een geldige waarde voor dit veld',
      },
    ];
  }
  if (verdict.fillable === false) {
    const size =
      verdict.shortest === undefined
        ? 'geen enkele tekst'
        : verdict.longest === undefined
          ? `teksten vanaf ${verdict.shortest} tekens`
          : verdict.shortest === verdict.longest
            ? `alleen teksten van ${verdict.shortest} tekens`
            : `alleen teksten van ${verdict.shortest} tot ${verdict.longest} tekens`;
    const limits = [min > 0 ? `Minimale lengte (${min})` : '', max < Infinity ? `Maximale lengte (${max})` : ''].filter(Boolean).join(' en ');
    return [
      { pointer: `${pointer}/pattern`, message: `Patroon {plaats} past ${size}${limits ? `, en dat botst met ${limits}` : ''}; niemand kan dit veld invullen` },
    ];
  }
  return [];
}

/** A number's bounds, whole-number rule and multiple leave some number to type. */
function numberProblems(schema: JsonSchema, pointer: string): DesignProblem[] {
  const integer = declaredTypes(schema).includes('integer') && !declaredTypes(schema).includes('number');
  const bounds: { value: number; exclusive: boolean; keyword: string }[] = [];
  const add = (keyword: string, exclusive: boolean) => {
    const value = num(schema[keyword]);
    if (value !== undefined) bounds.push({ value, exclusive, keyword });
  };
  add('minimum', false);
  add('exclusiveMinimum', true);
  const lows = bounds.splice(0);
  add('maximum', false);
  add('exclusiveMaximum', true);
  const highs = bounds;
  const strictest = (list: typeof bounds, pick: (a: number, b: number) => boolean) =>
    list.reduce<(typeof bounds)[number] | undefined>(
      (best, bound) => (!best || pick(bound.value, best.value) || (bound.value === best.value && bound.exclusive) ? bound : best),
      undefined,
    );
  const low = strictest(lows, (a, b) => a > b);
  const high = strictest(highs, (a, b) => a < b);
  const name = (bound: (typeof bounds)[number]) => `${settingName(bound.keyword)} (${quoted(bound.value)})`;
  if (low && high && (low.value > high.value || (low.value === high.value && (low.exclusive || high.exclusive)))) {
    return [
      { pointer: `${pointer}/${low.keyword}`, message: `${name(low)} {plaats} laat met ${name(high)} geen enkel getal over; niemand kan dit veld invullen` },
    ];
  }
  const step = num(schema.multipleOf);
  const unit = step ?? (integer ? 1 : undefined);
  if (unit === undefined || (!low && !high)) return [];
  // The first multiple at or above the lower bound must not pass the upper bound (a whole number: also a multiple of 1).
  const candidates: number[] = [];
  const start = low ? Math.ceil(low.value / unit - 1e-9) : Math.floor(high!.value / unit + 1e-9) - 2;
  for (let k = start; candidates.length < 3 && k < start + 1000; k += 1) {
    const value = k * unit;
    if (low && (value < low.value - 1e-9 || (low.exclusive && Math.abs(value - low.value) < 1e-9))) continue;
    if (high && (value > high.value + 1e-9 || (high.exclusive && Math.abs(value - high.value) < 1e-9))) break;
    if (integer && Math.abs(Math.round(value) - value) > 1e-9) continue;
    candidates.push(value);
  }
  if (candidates.length > 0) return [];
  const what = step !== undefined ? `veelvoud van ${quoted(step)}${integer ? ' dat een geheel getal is' : ''}` : 'geheel getal';
  const range = [low ? name(low) : '', high ? name(high) : ''].filter(Boolean).join(' en ');
  return [
    {
      pointer: `${pointer}/${step !== undefined ? 'multipleOf' : (low?.keyword ?? high!.keyword)}`,
      message: `Er is geen ${what} binnen ${range} {plaats}; niemand kan dit veld invullen`,
    },
  ];
}

/** A list asks for no more choices than it offers, and its lengths leave room. */
function listProblems(schema: JsonSchema, pointer: string): DesignProblem[] {
  const min = num(schema.minItems) ?? 0;
  const max = num(schema.maxItems) ?? Infinity;
  if (min > max)
    return [
      { pointer: `${pointer}/minItems`, message: `Minimaal aantal (${min}) is groter dan Maximaal aantal (${max}) {plaats}; niemand kan dit veld invullen` },
    ];
  const items = isRecord(schema.items) ? (schema.items as JsonSchema) : undefined;
  const options = items ? optionValues(items) : undefined;
  if (options && schema.uniqueItems === true && min > options.length) {
    return [
      {
        pointer: `${pointer}/minItems`,
        message: `Minimaal aantal (${min}) {plaats} is groter dan het aantal keuzes (${options.length}); niemand kan dit veld invullen`,
      },
    ];
  }
  return [];
}

/** Each choice, the default and the fixed value pass the field's own settings. */
function valueProblems(schema: JsonSchema, pointer: string): DesignProblem[] {
  const problems: DesignProblem[] = [];
  const options = optionValues(schema);
  if (options && options.every((value) => valueType(value) !== undefined)) {
    const refused = options.map((value) => ({ value, reason: whyNotFits(value, schema, ['enum', 'const']) })).filter((entry) => entry.reason !== undefined);
    if (refused.length > 0 && refused.length === options.length) {
      problems.push({
        pointer: `${pointer}/enum`,
        message: `Geen enkele keuze {plaats} voldoet aan de andere instellingen van het veld (${quoted(refused[0].value)}: ${refused[0].reason}); niemand kan dit veld invullen`,
      });
    } else {
      for (const { value, reason } of refused)
        problems.push({
          pointer: `${pointer}/enum`,
          message: `De keuze ${quoted(value)} {plaats} voldoet niet aan de andere instellingen van het veld (${reason}); wie haar kiest, kan niet verder`,
        });
    }
  }
  if ('default' in schema && schema.default !== undefined) {
    const reason = whyNotFits(schema.default, schema);
    if (reason)
      problems.push({ pointer: `${pointer}/default`, message: `Standaardwaarde ${quoted(schema.default)} {plaats} past niet bij het veld: ${reason}` });
  }
  if ('const' in schema) {
    const reason = whyNotFits(schema.const, schema, ['const']);
    if (reason)
      problems.push({
        pointer: `${pointer}/const`,
        message: `Vaste waarde ${quoted(schema.const)} {plaats} past niet bij het veld: ${reason}; niemand kan dit veld invullen`,
      });
  }
  return problems;
}

/**
 * A format the portal has no check for: said by name, in Dutch, before the validation is built (ajv
 * would refuse it in English). File contents in the data (`data-url`) get the field that does take files.
 */
function formatProblems(schema: JsonSchema, pointer: string): DesignProblem[] {
  const format = schema.format;
  if (typeof format !== 'string' || Object.hasOwn(formatChecks, format)) return [];
  if (format === 'data-url')
    return [
      {
        pointer: `${pointer}/format`,
        message:
          'Bestandsinhoud in de gegevens (format ‘data-url’) {plaats} wordt niet ondersteund: een bestand gaat met een bestandsveld mee (x-files, de weergave FileUpload), niet als tekst in de gegevens',
      },
    ];
  return [
    {
      pointer: `${pointer}/format`,
      message: `Het formaat ‘${format}’ {plaats} kent het portaal niet; bekende formaten: ${Object.keys(formatChecks).sort().join(', ')}`,
    },
  ];
}

function occurrenceProblems(occurrence: FieldOccurrence, tried: (path: string) => readonly unknown[]): Finding[] {
  const { schema, pointer } = occurrence;
  const group = schema.properties !== undefined || (schemaType(schema) === 'object' && !isObjectChoice(schema));
  if (group) return [];
  const unknownFormat = formatProblems(schema, pointer);
  if (unknownFormat.length > 0) return unknownFormat;
  const problems: Finding[] = typeProblems(schema, pointer);
  if (problems.length > 0) return problems;
  const type = schemaType(schema);
  if (type === 'array') problems.push(...listProblems(schema, pointer));
  if (type === 'string') problems.push(...textProblems(schema, pointer, tried(occurrence.path)));
  if (type === 'number' || type === 'integer') problems.push(...numberProblems(schema, pointer));
  if (problems.length === 0) problems.push(...valueProblems(schema, pointer));
  return problems;
}

/**
 * Every field of every step that nobody could fill in, and every fixed value that its field refuses.
 * `tried(stepIndex, path)` gives values meant as valid for a field (the flow's test cases): one
 * that fits proves a pattern fillable where the check could not make a sample itself.
 */
export function meaningFindings(
  flow: FlowDocument,
  tried: (stepIndex: number, path: string) => readonly unknown[] = () => [],
): { problems: DesignProblem[]; warnings: DesignProblem[] } {
  const found = flow.steps.flatMap((step, index) =>
    fieldOccurrences(step.schema, index).flatMap((occurrence) => occurrenceProblems(occurrence, (path) => tried(index, path))),
  );
  const plain = ({ pointer, message }: Finding): DesignProblem => ({ pointer, message });
  return { problems: found.filter((finding) => !finding.warning).map(plain), warnings: found.filter((finding) => finding.warning).map(plain) };
}
