/**
 * Checks a flow document against its meta-schema (`schemas/flow.schema.json`) and says every
 * problem at once in Dutch, each with its JSON pointer and, for an unknown or missing property,
 * that property's name — never only the first.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { escapePointer } from '../../../../renderer/core/rules/types';

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

const list = (values: unknown): string => (Array.isArray(values) ? values : [values]).map((value) => JSON.stringify(value)).join(', ');

function messageOf(error: ErrorObject): SchemaProblem | undefined {
  const { keyword, params, instancePath } = error;
  switch (keyword) {
    case 'additionalProperties':
      return { pointer: `${instancePath}/${escapePointer(String(params.additionalProperty))}`, message: `onbekende eigenschap '${params.additionalProperty}'` };
    case 'required':
      return { pointer: instancePath, message: `de eigenschap '${params.missingProperty}' ontbreekt` };
    case 'type':
      return { pointer: instancePath, message: `moet van het type ${list(params.type)} zijn` };
    case 'enum':
      return { pointer: instancePath, message: `moet een van deze waarden zijn: ${list(params.allowedValues)}` };
    case 'const':
      return { pointer: instancePath, message: `moet ${JSON.stringify(params.allowedValue)} zijn` };
    case 'pattern':
      return { pointer: instancePath, message: `heeft niet de vorm ${String(params.pattern)}` };
    case 'minLength':
      return { pointer: instancePath, message: params.limit === 1 ? 'mag niet leeg zijn' : `moet ten minste ${params.limit} tekens hebben` };
    case 'minItems':
      return { pointer: instancePath, message: `moet ten minste ${params.limit} element(en) hebben` };
    case 'uniqueItems':
      return { pointer: instancePath, message: `bevat dubbele elementen (${params.j} en ${params.i})` };
    case 'minimum':
    case 'exclusiveMinimum':
      return { pointer: instancePath, message: `moet ${keyword === 'minimum' ? 'ten minste' : 'groter zijn dan'} ${params.limit} zijn` };
    case 'format':
      return { pointer: instancePath, message: `is geen geldige ${params.format}` };
    // A failed `if` or combination only repeats what its branches already said.
    case 'if':
    case 'anyOf':
    case 'oneOf':
    case 'not':
      return keyword === 'not' ? { pointer: instancePath, message: 'deze combinatie van eigenschappen is niet toegestaan' } : undefined;
    default:
      return { pointer: instancePath, message: `voldoet niet aan '${keyword}'` };
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
  if (problems.length === 0 && errors.length > 0) problems.push({ pointer: errors[0].instancePath, message: 'voldoet aan geen van de toegestane vormen' });
  return problems;
}

/** Checks a shared field definition (schemas/velden) against the meta-schema's field rules. */
export function definitionChecker(metaSchema: object): (definition: unknown) => SchemaProblem[] {
  const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
  ajv.addSchema(metaSchema);
  const validate = ajv.compile({ $ref: `${(metaSchema as { $id: string }).$id}#/definitions/field` });
  return (definition) => (validate(definition) ? [] : explain(validate.errors ?? []));
}
