/**
 * Where a finding is, in an administrator's words: the field by its label and the step by its
 * title ("bij 'Soort wijziging' (stap 'Wijziging')"), a block of a page, a signer of the printed
 * form — read from the JSON pointer the checks work with. Every finding becomes a sentence with it
 * (`asSentence`); the pointer itself is kept for the source view only.
 */
import { splitPath } from '../../../../renderer/core/paths';
import { schemaAt } from '../../../../renderer/core/schemaPaths';
import type { JsonSchema } from '../../../../renderer/core/types';
import { settingName } from './settings';

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Segments of a step schema that lead to a sub-schema without naming a field. */
const STRUCTURE = new Set(['then', 'else', 'if', 'allOf', 'oneOf', 'anyOf', 'not', 'dependencies', 'dependentSchemas', 'definitions', '$defs']);

export interface Place {
  /** The field's path in its step ('adres.postcode'), when the finding is about a field. */
  field?: string;
  /** 'bij 'Soort wijziging' (stap 'Wijziging')', 'in blok 2 van de bevestigingspagina', … */
  where?: string;
  /** The Dutch name of the setting the pointer ends in, when it has one. */
  setting?: string;
}

const unescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');
const stepName = (step: Json | undefined, index: number) => (typeof step?.title === 'string' && step.title ? `stap ‘${step.title}’` : `stap ${index + 1}`);

/** The label of the field at `path` in the step's schema: the resolved document's title first (a field taken from a shared definition has its title there). */
function fieldLabel(documents: readonly unknown[], stepIndex: number, path: string): string {
  for (const document of documents) {
    const step = isRecord(document) && Array.isArray(document.steps) ? (document.steps[stepIndex] as Json | undefined) : undefined;
    const schema = step && isRecord(step.schema) ? (step.schema as JsonSchema) : undefined;
    const node = schema ? schemaAt(schema, path) : undefined;
    if (node && typeof node.title === 'string' && node.title) return node.title;
  }
  return splitPath(path).at(-1) ?? path;
}

/** Walks a pointer below a step schema: the field it names (through properties, items and branches) and the rest. */
function fieldOfSchemaPointer(segments: string[]): { path: string[]; rest: string[] } {
  const path: string[] = [];
  let index = 0;
  while (index < segments.length) {
    const segment = segments[index];
    if (segment === 'properties' && index + 1 < segments.length) {
      path.push(segments[index + 1]);
      index += 2;
    } else if (segment === 'items' && path.length > 0 && segments[index + 1] === 'properties') {
      index += 1;
    } else if (STRUCTURE.has(segment)) {
      // A branch or a list of them: `allOf/0`, `dependencies/<field>`, `definitions/<name>`.
      index += ['allOf', 'oneOf', 'anyOf', 'dependencies', 'dependentSchemas', 'definitions', '$defs'].includes(segment) ? 2 : 1;
    } else break;
  }
  return { path, rest: segments.slice(index) };
}

/** Walks a pointer below a step's uiSchema: the field it names and the rest (from the first `ui:` key). */
function fieldOfUiPointer(segments: string[]): { path: string[]; rest: string[] } {
  const index = segments.findIndex((segment) => segment.startsWith('ui:'));
  const keys = index === -1 ? segments : segments.slice(0, index);
  return { path: keys.filter((segment) => segment !== 'items'), rest: index === -1 ? [] : segments.slice(index) };
}

function blockPlace(blocks: unknown, index: string | undefined, page: string): string {
  const number = Number(index);
  if (index === undefined || !Number.isInteger(number)) return page;
  const block = Array.isArray(blocks) ? (blocks[number] as Json | undefined) : undefined;
  const text = typeof block?.text === 'string' ? block.text : typeof block?.title === 'string' ? block.title : undefined;
  const plain = text?.replace(/<[^>]*>/g, '');
  const named = plain ? ` (‘${plain.slice(0, 40)}${plain.length > 40 ? '…' : ''}’)` : '';
  return `in blok ${number + 1}${named} ${page}`;
}

const child = (node: unknown, key: string): unknown => (isRecord(node) ? node[key] : undefined);

/**
 * Where the value at `pointer` is, for an administrator. `documents` are the document as written and,
 * when the pipeline got that far, as resolved (labels of fields from shared definitions).
 */
export function placeOf(pointer: string | undefined, documents: readonly unknown[]): Place {
  if (!pointer) return {};
  const segments = pointer.split('/').slice(1).map(unescape);
  const written = documents.find(isRecord) ?? {};
  const last = segments.at(-1);
  const setting = last !== undefined && !/^\d+$/.test(last) ? settingName(last) : undefined;
  const [head, second, third] = segments;
  if (head === 'steps' && second !== undefined) {
    const stepIndex = Number(second);
    const steps = Array.isArray(written.steps) ? (written.steps as Json[]) : [];
    const step = stepName(steps[stepIndex], stepIndex);
    const field = (path: string[], rest: string[]): Place => {
      const name = path.join('.');
      if (!name) return { where: `in ${step}`, setting: rest.length > 0 ? (settingName(rest[0]) ?? setting) : setting };
      return {
        field: name,
        where: `bij ‘${fieldLabel([...documents].reverse(), stepIndex, name)}’ (${step})`,
        setting: rest.length > 0 ? (settingName(rest.at(-1)!) ?? settingName(rest[0])) : undefined,
      };
    };
    if (third === 'schema') {
      const { path, rest } = fieldOfSchemaPointer(segments.slice(3));
      return field(path, rest);
    }
    if (third === 'uiSchema') {
      const { path, rest } = fieldOfUiPointer(segments.slice(3));
      return field(path, rest);
    }
    if ((third === 'visibleIf' || third === 'messages') && segments[3] !== undefined) {
      const place = field(splitPath(segments[3]), []);
      return { ...place, setting: third === 'visibleIf' ? 'Wanneer tonen' : 'Meldingen' };
    }
    if (third === 'intro' || third === 'outro') return { where: blockPlace(child(steps[stepIndex], third), segments[3], `van ${step}`), setting };
    return { where: `in ${step}`, setting: third !== undefined ? (settingName(third) ?? setting) : setting };
  }
  if (head === 'confirmation' && second === 'blocks')
    return { where: blockPlace(child(written.confirmation, 'blocks'), third, 'van de bevestigingspagina'), setting };
  if (head === 'confirmation' && second === 'download' && third === 'signers') {
    const download =
      isRecord(written.confirmation) && isRecord((written.confirmation as Json).download) ? ((written.confirmation as Json).download as Json) : {};
    const signer = Array.isArray(download.signers) ? (download.signers[Number(segments[3])] as Json | undefined) : undefined;
    return {
      where: typeof signer?.title === 'string' ? `bij ondertekenaar ‘${signer.title}’ van het formulier` : 'bij de ondertekenaars van het formulier',
      setting,
    };
  }
  if (head === 'confirmation') return { where: 'op de bevestigingspagina', setting };
  if (head === 'intro' && second === 'blocks') return { where: blockPlace(child(written.intro, 'blocks'), third, 'van de startpagina'), setting };
  if (head === 'intro') return { where: 'op de startpagina', setting };
  if (head === 'review' && (second === 'intro' || second === 'outro'))
    return { where: blockPlace(child(written.review, second), third, 'van de controlepagina'), setting };
  if (head === 'review') return { where: 'op de controlepagina', setting };
  if (head === 'variables' && second !== undefined) return { where: `bij variabele ‘${second}’`, setting: 'Variabelen' };
  if (head === 'submit') return { where: 'bij het versturen', setting };
  return { setting };
}

const capitalize = (text: string) => (text ? text[0].toUpperCase() + text.slice(1) : text);

/**
 * A finding as a sentence. A message may say where the place goes (`{plaats}`: "Minimale lengte
 * (50) is groter dan Maximale lengte (10) {plaats}."); one that does not gets it in front ("Bij
 * 'Naam' (stap 'Gegevens'): …"). The sentence starts with a capital and ends with a full stop.
 */
export function asSentence(message: string, place: Place): string {
  let sentence: string;
  if (message.includes('{plaats}'))
    sentence = message
      .replace('{plaats}', place.where ?? '')
      .replace(/\s+([.,;:])/g, '$1')
      .replace(/\s{2,}/g, ' ')
      .trim();
  else sentence = place.where ? `${capitalize(place.where)}: ${message}` : message;
  sentence = capitalize(sentence.trim());
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}
