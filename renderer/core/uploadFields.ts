/**
 * What an upload flow sends and how the server reads it back, derived from the step schemas alone:
 * every field of every step is one multipart field (nested objects as `adres.postcode`), every file
 * field (`x-files`) a file field, the scenario number goes under `submit.scenarioField`. `names`
 * may give a field another name (the spec's names), nothing more — so a field added to a step is
 * sent and stored without a second list to keep. The flow pipeline refuses names that collide.
 *
 * Values: a text, number or yes/no as its text ('' when empty, as the spec's calls expect); a list
 * of plain values as one multipart field per item; anything else (a list of groups) as JSON.
 */
import { schemaType } from './defaultWidget';
import { getAt } from './paths';
import { fieldPointer, type DesignProblem } from './rules/types';
import { SCENARIO_NUMBER, type FlowDocument, type FlowModel, type JsonSchema, type Scenario, type UploadSubmit } from './types';

export type UploadEncoding = 'text' | 'repeated' | 'json' | 'files';

/** One multipart field of an upload. */
export interface UploadPart {
  name: string;
  /** `dataKey.field.sub` */
  modelPath: string;
  encoding: UploadEncoding;
  schema: JsonSchema;
  /** Where the field is defined, for design-time problems. */
  pointer: string;
}

const PLAIN = new Set(['string', 'number', 'integer', 'boolean']);

function encodingOf(schema: JsonSchema): UploadEncoding {
  if (schema['x-files']) return 'files';
  const type = schemaType(schema);
  if (type === undefined || PLAIN.has(type)) return 'text';
  if (type === 'array') return PLAIN.has(schemaType(schema.items ?? {}) ?? '') ? 'repeated' : 'json';
  return 'json';
}

/** Every multipart field of an upload flow, in step and form order. */
export function uploadParts(flow: FlowDocument, submit: UploadSubmit): UploadPart[] {
  const parts: UploadPart[] = [];
  flow.steps.forEach((step, stepIndex) => {
    const visit = (schema: JsonSchema, prefix: string) => {
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        const path = prefix ? `${prefix}.${key}` : key;
        if (schemaType(child) === 'object' && child.properties) {
          visit(child, path);
          continue;
        }
        const modelPath = `${step.dataKey}.${path}`;
        parts.push({ name: submit.names?.[modelPath] ?? path, modelPath, encoding: encodingOf(child), schema: child, pointer: fieldPointer(stepIndex, path) });
      }
    };
    visit(step.schema, '');
  });
  return parts;
}

/** Design-time problems: a renamed field that does not exist, two fields under one name. */
export function uploadProblems(flow: FlowDocument, submit: UploadSubmit): DesignProblem[] {
  const parts = uploadParts(flow, submit);
  const problems: DesignProblem[] = [];
  const paths = new Set(parts.map((part) => part.modelPath));
  for (const path of Object.keys(submit.names ?? {})) {
    if (!paths.has(path)) problems.push({ pointer: `/submit/names/${path}`, message: `het veld ‘${path}’ wordt hernoemd, maar dat veld bestaat niet` });
  }
  const seen = new Map<string, string>(submit.scenarioField ? [[submit.scenarioField, 'submit.scenarioField']] : []);
  for (const part of parts) {
    const other = seen.get(part.name);
    if (other)
      problems.push({
        pointer: part.pointer,
        message: `het veld '${part.modelPath}' wordt verstuurd als '${part.name}', net als ${other}; geef een van beide een andere naam in submit.names`,
      });
    else seen.set(part.name, `'${part.modelPath}'`);
  }
  return problems;
}

/** The value fields of the request (files are added by the caller), browser side. */
export function uploadEntries(flow: FlowDocument, submit: UploadSubmit, model: FlowModel, scenario: Scenario): [string, string][] {
  const entries: [string, string][] = [];
  for (const part of uploadParts(flow, submit)) {
    const value = getAt(model, part.modelPath);
    if (part.encoding === 'files') continue;
    if (part.encoding === 'repeated') {
      if (Array.isArray(value)) for (const item of value) entries.push([part.name, item === undefined || item === null ? '' : String(item)]);
    } else if (part.encoding === 'json') {
      if (value !== undefined && value !== null) entries.push([part.name, JSON.stringify(value)]);
    } else entries.push([part.name, value === undefined || value === null ? '' : String(value)]);
  }
  if (submit.scenarioField) entries.push([submit.scenarioField, String(SCENARIO_NUMBER[scenario])]);
  return entries;
}

/** A text as the field's type wants it; text that is not one stays text so validation reports it. */
export function fromText(text: string, schema: JsonSchema): unknown {
  if (text === '') return undefined;
  const type = schemaType(schema);
  if (type === 'integer' || type === 'number') return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}
