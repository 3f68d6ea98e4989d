/**
 * Where a change is, in words: a JSON pointer into a flow document named the way an administrator
 * knows the place ("Stap 2 ‘Documenten’ › veld ‘Type aanvraag’ › tekstblok 3"), and a place in
 * both versions of a document at once (`Pos`).
 */
import { schemaAt } from '../../../../renderer/core/schemaPaths';
import type { JsonSchema } from '../../../../renderer/core/types';
import type { Aligned } from './alignment';
import { quote } from './format';
import { get, has, isObj, list, text, titleOf } from './values';

/** A place in both versions: its pointer segments in the old (b) and the new (a) document. */
export interface Pos {
  a?: string[];
  b?: string[];
}

export const sub = (pos: Pos, ...keys: string[]): Pos => ({ a: pos.a && [...pos.a, ...keys], b: pos.b && [...pos.b, ...keys] });
export const onlyAfter = (pos: Pos, ...keys: string[]): Pos => ({ a: pos.a && [...pos.a, ...keys] });
export const onlyBefore = (pos: Pos, ...keys: string[]): Pos => ({ b: pos.b && [...pos.b, ...keys] });

/** The place of an item of a list in both versions, by its index in each. */
export function itemPos(pos: Pos, item: Aligned): Pos {
  return {
    a: pos.a && item.after !== undefined ? [...pos.a, String(item.after)] : undefined,
    b: pos.b && item.before !== undefined ? [...pos.b, String(item.before)] : undefined,
  };
}

export const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');
export const pointerOf = (segments: string[]): string => segments.map((segment) => `/${escapePointer(segment)}`).join('');
export const isIndex = (segment: string): boolean => /^\d+$/.test(segment);

export const stepName = (step: unknown): string => titleOf(step) ?? text(get(step, 'id')) ?? 'zonder titel';

/** The fields along a dotted field path of a step, each by its label. */
function fieldChain(schema: unknown, path: string): string[] {
  const parts: string[] = [];
  const segments = path.split('.');
  segments.forEach((segment, index) => {
    if (isIndex(segment)) return;
    const node = isObj(schema) ? schemaAt(schema as JsonSchema, segments.slice(0, index + 1).join('.')) : undefined;
    parts.push(`veld ${quote(titleOf(node) ?? segment)}`);
  });
  return parts;
}

/** The part of a step schema a pointer names, in words, and the pointer segments left over. */
function schemaPlace(schema: unknown, segments: string[], parts: string[]): string[] {
  let node = schema;
  let rest = segments;
  while (rest.length > 0) {
    const [key, next] = rest;
    if (key === 'properties' && next !== undefined && has(get(node, 'properties'), next)) {
      node = get(get(node, 'properties'), next);
      parts.push(`veld ${quote(titleOf(node) ?? next)}`);
      rest = rest.slice(2);
    } else if (key === 'items' && isObj(get(node, 'items'))) {
      node = get(node, 'items');
      rest = rest.slice(1);
    } else if ((key === 'oneOf' || key === 'anyOf' || key === 'allOf') && next !== undefined && isObj(list(get(node, key))[Number(next)])) {
      node = list(get(node, key))[Number(next)];
      parts.push(key === 'allOf' ? `deel ${Number(next) + 1}` : `keuze ${titleOf(node) ? quote(titleOf(node) as string) : Number(next) + 1}`);
      rest = rest.slice(2);
    } else if ((key === 'then' || key === 'else') && isObj(get(node, key))) {
      node = get(node, key);
      parts.push(key === 'then' ? 'dan' : 'anders');
      rest = rest.slice(1);
    } else if ((key === 'dependencies' || key === 'dependentSchemas') && next !== undefined && isObj(get(get(node, key), next))) {
      const owner = get(get(node, 'properties'), next);
      node = get(get(node, key), next);
      parts.push(`afhankelijk van ${quote(titleOf(owner) ?? next)}`);
      rest = rest.slice(2);
    } else if ((key === 'definitions' || key === '$defs') && next !== undefined && isObj(get(get(node, key), next))) {
      node = get(get(node, key), next);
      parts.push(`definitie ${quote(next)}`);
      rest = rest.slice(2);
    } else break;
  }
  return rest;
}

const BLOCK_OWNERS: Record<string, string> = { intro: 'inleiding', outro: 'slot' };

/** Where a pointer is in a flow document, in words ("Stap 2 ‘Documenten’ › veld ‘Type aanvraag’"), and what is left of it. */
export function locate(document: unknown, segments: string[]): { where: string; rest: string[] } {
  const parts: string[] = [];
  let rest = segments;
  const blockList = (owner: string): void => {
    if (rest[0] === owner) {
      if (owner !== 'blocks') parts.push(BLOCK_OWNERS[owner] ?? owner);
      rest = rest.slice(1);
      if (rest[0] !== undefined && isIndex(rest[0])) {
        parts.push(`tekstblok ${Number(rest[0]) + 1}`);
        rest = rest.slice(1);
      }
    }
  };
  const [first, second] = segments;
  if (first === 'steps' && second !== undefined && isObj(list(get(document, 'steps'))[Number(second)])) {
    const step = list(get(document, 'steps'))[Number(second)];
    parts.push(`Stap ${Number(second) + 1} ${quote(stepName(step))}`);
    rest = segments.slice(2);
    const [key, next] = rest;
    if (key === 'intro' || key === 'outro') blockList(key);
    else if (key === 'schema') rest = schemaPlace(get(step, 'schema'), rest.slice(1), parts);
    else if (key === 'uiSchema') {
      const path: string[] = [];
      rest = rest.slice(1);
      while (rest.length > 0 && !rest[0].startsWith('ui:')) {
        if (rest[0] !== 'items') path.push(rest[0]);
        rest = rest.slice(1);
      }
      if (path.length) parts.push(...fieldChain(get(step, 'schema'), path.join('.')));
    } else if ((key === 'visibleIf' || key === 'messages') && next !== undefined) {
      parts.push(...fieldChain(get(step, 'schema'), next));
      rest = rest.slice(2);
    } else if ((key === 'boxes' || key === 'rules') && next !== undefined && isObj(list(get(step, key))[Number(next)])) {
      const item = list(get(step, key))[Number(next)];
      parts.push(`${key === 'boxes' ? 'kader' : 'controleregel'} ${quote(text(get(item, 'id')) ?? String(Number(next) + 1))}`);
      rest = rest.slice(2);
    } else if (key === 'derive' && next !== undefined && isIndex(next)) {
      parts.push(`afleiding ${Number(next) + 1}`);
      rest = rest.slice(2);
    }
  } else if (first === 'intro') {
    parts.push('Inleiding');
    rest = segments.slice(1);
    blockList('blocks');
  } else if (first === 'review') {
    parts.push('Controlestap');
    rest = segments.slice(1);
    blockList(rest[0] === 'outro' ? 'outro' : 'intro');
  } else if (first === 'submit') {
    parts.push('Verzenden');
    rest = segments.slice(1);
    if (rest[0] === 'codeMessages' && rest[1] !== undefined) {
      parts.push(`foutcode ${quote(rest[1])}`);
      rest = rest.slice(2);
    }
  } else if (first === 'confirmation') {
    parts.push('Bevestigingspagina');
    rest = segments.slice(1);
    blockList('blocks');
    if (rest[0] === 'download') {
      parts.push('download');
      rest = rest.slice(1);
      if (rest[0] === 'signers' && rest[1] !== undefined && isIndex(rest[1])) {
        parts.push(`ondertekenaar ${Number(rest[1]) + 1}`);
        rest = rest.slice(2);
      }
    }
  } else if (first === 'variables' && second !== undefined) {
    parts.push(`Berekende tekst ${quote(`{${second}}`)}`);
    rest = segments.slice(2);
  } else if (first === 'variants' && second !== undefined && isIndex(second)) {
    const variant = list(get(document, 'variants'))[Number(second)];
    parts.push(`Variant ${quote(titleOf(variant) ?? text(get(variant, 'id')) ?? String(Number(second) + 1))}`);
    rest = segments.slice(2);
  } else {
    parts.push('Formulier');
  }
  return { where: parts.join(' › '), rest };
}

/** The rest of a pointer as the generic sentence shows it: keys as written, list items by number. */
export const readableRest = (rest: string[]): string[] => rest.map((segment) => (isIndex(segment) ? `nr. ${Number(segment) + 1}` : segment));
