/**
 * Checks a flow document against its meta-schema (`schemas/flow.schema.json`) and says every
 * problem at once in Dutch, each with its JSON pointer and, for an unknown or missing property,
 * that property's name — never only the first.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { escapePointer } from '../../../../renderer/core/rules/types';
import { quoted, settingName, typeName } from './settings';

export interface SchemaProblem {
  pointer: string;
  message: string;
}

/** Compiles the meta-schema once; the returned function checks a document. */
export function metaSchemaChecker(metaSchema: object): (document: unknown) => SchemaProblem[] {
  // The meta-schema's own formats (links as URI references, patterns as regular expressions) need ajv-formats.
  const validate: ValidateFunction = addFormats(new Ajv({ allErrors: true, strict: false })).compile(metaSchema);
  return (document) => (validate(document) ? [] : explain(validate.errors ?? []));
}

const list = (values: unknown): string => (Array.isArray(values) ? values : [values]).map(quoted).join(', ');

/** 'een getal', 'een tekst of een getal': the types a value must have, in words. */
const types = (values: unknown): string =>
  (Array.isArray(values) ? values : [values]).map((type) => (String(type) === 'boolean' ? typeName('boolean') : `een ${typeName(String(type))}`)).join(' of ');

/** What the value at `pointer` is called: its setting's name, else 'De waarde'. */
function subjectOf(pointer: string): string {
  const keys = pointer
    .split('/')
    .slice(1)
    .filter((segment) => !/^\d+$/.test(segment));
  const name = keys.length > 0 ? settingName(keys.at(-1)!.replace(/~1/g, '/').replace(/~0/g, '~')) : undefined;
  return name ?? 'De waarde';
}

/**
 * A sentence per problem, with `{plaats}` where the pipeline puts the field and step (place.ts) and
 * the setting by the name the back office gives it: "Maximale lengte {plaats} mag niet kleiner
 * zijn dan 0."
 */
function messageOf(error: ErrorObject): SchemaProblem | undefined {
  const { keyword, params, instancePath } = error;
  const subject = subjectOf(instancePath);
  switch (keyword) {
    case 'additionalProperties':
      return {
        pointer: `${instancePath}/${escapePointer(String(params.additionalProperty))}`,
        message: `De instelling ‘${params.additionalProperty}’ bestaat niet {plaats}`,
      };
    case 'required': {
      const missing = String(params.missingProperty);
      return { pointer: instancePath, message: `${settingName(missing) ?? `De instelling ‘${missing}’`} ontbreekt {plaats}` };
    }
    case 'type':
      return { pointer: instancePath, message: `${subject} {plaats} moet ${types(params.type)} zijn` };
    case 'enum':
      return { pointer: instancePath, message: `${subject} {plaats} moet een van deze waarden zijn: ${list(params.allowedValues)}` };
    case 'const':
      return { pointer: instancePath, message: `${subject} {plaats} moet ${quoted(params.allowedValue)} zijn` };
    case 'pattern':
      return { pointer: instancePath, message: `${subject} {plaats} heeft niet de juiste vorm (${String(params.pattern)})` };
    case 'minLength':
      return {
        pointer: instancePath,
        message: params.limit === 1 ? `${subject} {plaats} mag niet leeg zijn` : `${subject} {plaats} moet ten minste ${params.limit} tekens hebben`,
      };
    case 'minItems':
      return {
        pointer: instancePath,
        message: `${subject} {plaats} moet ten minste ${params.limit} ${params.limit === 1 ? 'onderdeel' : 'onderdelen'} hebben`,
      };
    case 'uniqueItems':
      return {
        pointer: instancePath,
        message: `${subject} {plaats} bevat een waarde twee keer (onderdeel ${Number(params.j) + 1} en ${Number(params.i) + 1})`,
      };
    case 'minimum':
      return { pointer: instancePath, message: `${subject} {plaats} mag niet kleiner zijn dan ${quoted(params.limit)}` };
    case 'exclusiveMinimum':
      return { pointer: instancePath, message: `${subject} {plaats} moet groter zijn dan ${quoted(params.limit)}` };
    case 'format':
      return {
        pointer: instancePath,
        message:
          params.format === 'regex'
            ? `${subject} {plaats} is geen geldig patroon (reguliere expressie)`
            : `${subject} {plaats} is geen geldig${params.format === 'uri-reference' || params.format === 'uri' ? ' adres' : `e ${params.format}`}`,
      };
    // A failed `if` or combination only repeats what its branches already said.
    case 'if':
    case 'anyOf':
    case 'oneOf':
    case 'not':
      return keyword === 'not' ? { pointer: instancePath, message: 'Deze combinatie van instellingen is niet toegestaan {plaats}' } : undefined;
    default:
      return { pointer: instancePath, message: `${subject} {plaats} voldoet niet aan de regel ‘${keyword}’` };
  }
}

function explain(errors: ErrorObject[]): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const problem = messageOf(error);
    if (!problem) continue;
    const key = `${problem.pointer}\u0000${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  // A failed anyOf/oneOf with no other error here still has to say something.
  if (problems.length === 0 && errors.length > 0)
    problems.push({ pointer: errors[0].instancePath, message: `${subjectOf(errors[0].instancePath)} {plaats} heeft geen van de toegestane vormen` });
  return problems;
}

/** Checks a shared field definition (schemas/velden) against the meta-schema's field rules. */
export function definitionChecker(metaSchema: object): (definition: unknown) => SchemaProblem[] {
  const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
  ajv.addSchema(metaSchema);
  const validate = ajv.compile({ $ref: `${(metaSchema as { $id: string }).$id}#/definitions/field` });
  return (definition) => (validate(definition) ? [] : explain(validate.errors ?? []));
}
