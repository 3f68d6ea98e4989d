/**
 * A field that got another name in the data is one change, not a removal and an addition: when a
 * field disappears from a step and a field with the same definition (its label aside) appears under another key in
 * the same place (same step, same neighbour before it), it was renamed. The change sentences then
 * compare the new version with the old one renamed the way the editor renames (every rule, message,
 * signer and English text that named the field), so only what else changed is told, and the rename
 * gets a sentence of its own: "Veld ‘Naam abonnee’ heeft een nieuwe naam in de gegevens:
 * ‘abonneeNaam’ → ‘naamAbonnee’."
 */
import { isDeepStrictEqual } from 'node:util';
import { englishAfter } from '../../shared/usage/english';
import { applyEdits } from '../../shared/usage/edits';
import { renameEdits } from '../../shared/usage/rename';
import type { Change } from '../../shared/beheer';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const stepsOf = (document: unknown): Json[] =>
  isObject(document) && Array.isArray(document.steps) ? document.steps.map((step) => (isObject(step) ? step : {})) : [];

/** A field renamed within its step: its key before and after (dotted in a repeating group). */
export interface FieldRename {
  /** The step's position in the new version. */
  step: number;
  /** The step's position in the old version. */
  stepBefore: number;
  from: string;
  to: string;
}

/** The properties of a step's schema and of its repeating groups' items, by (dotted) key in order. */
function fieldsOf(step: Json): [string, unknown][] {
  const schema = isObject(step.schema) ? step.schema : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  return Object.entries(properties).flatMap(([key, field]): [string, unknown][] => {
    const items = isObject(field) && isObject(field.items) && isObject(field.items.properties) ? field.items.properties : undefined;
    return [[key, field], ...(items ? Object.entries(items).map(([sub, child]): [string, unknown] => [`${key}.${sub}`, child]) : [])];
  });
}

/** A field's definition without its own words (a label changed in the same draft does not hide a rename). */
function definition(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const { title: _title, description: _description, ...rest } = schema;
  return rest;
}

const groupOf = (key: string) => (key.includes('.') ? key.split('.')[0] : '');

/** The renames from one version to the next (see the module's comment). */
export function findRenames(before: unknown, after: unknown): FieldRename[] {
  const renames: FieldRename[] = [];
  stepsOf(after).forEach((step, index) => {
    const stepBefore = stepsOf(before).findIndex((candidate) => candidate.id === step.id && candidate.dataKey === step.dataKey);
    if (stepBefore < 0) return;
    const old = fieldsOf(stepsOf(before)[stepBefore]);
    const now = fieldsOf(step);
    const oldKeys = old.map(([key]) => key);
    const nowKeys = now.map(([key]) => key);
    const previous = (keys: string[], key: string) => {
      const siblings = keys.filter((other) => groupOf(other) === groupOf(key));
      return siblings[siblings.indexOf(key) - 1] ?? null;
    };
    const taken = new Set<string>();
    for (const [from, schema] of old) {
      if (nowKeys.includes(from)) continue;
      const match = now.find(([to, candidate]) => {
        if (oldKeys.includes(to) || taken.has(to) || groupOf(to) !== groupOf(from) || !isDeepStrictEqual(definition(candidate), definition(schema)))
          return false;
        // The same place: the same field before it (renamed fields taken as renamed).
        const renamedBefore = (key: string | null) => renames.find((rename) => rename.step === index && rename.from === key)?.to ?? key;
        return renamedBefore(previous(oldKeys, from)) === previous(nowKeys, to);
      });
      if (!match) continue;
      taken.add(match[0]);
      renames.push({ step: index, stepBefore, from, to: match[0] });
    }
  });
  return renames;
}

/** The old version with the renames made the way the editor makes them: its document and its English. */
export function renamedBefore(document: unknown, english: Json, renames: readonly FieldRename[]): { document: unknown; english: Json } {
  let current = { document, english };
  for (const rename of renames) {
    if (!isObject(current.document)) break;
    const edits = renameEdits(current.document, rename.stepBefore, rename.from, rename.to.split('.').at(-1) as string);
    current = { document: applyEdits(current.document, edits), english: englishAfter(current.document, edits, current.english).english };
  }
  return current;
}

const quote = (text: string) => `‘${text.length > 80 ? `${text.slice(0, 79).trimEnd()}…` : text}’`;

/** The sentence of a rename, at the field in the new version. */
export function renameChange(after: unknown, rename: FieldRename): Change {
  const step = stepsOf(after)[rename.step] ?? {};
  const field = fieldsOf(step).find(([key]) => key === rename.to)?.[1];
  const label = (isObject(field) && typeof field.title === 'string' ? field.title : undefined) ?? rename.to.split('.').at(-1) ?? rename.to;
  const stepName = typeof step.title === 'string' ? step.title : typeof step.id === 'string' ? step.id : 'zonder titel';
  const [group, sub] = rename.to.split('.');
  const path =
    sub === undefined ? `/steps/${rename.step}/schema/properties/${group}` : `/steps/${rename.step}/schema/properties/${group}/items/properties/${sub}`;
  const last = (key: string) => key.split('.').at(-1) ?? key;
  return {
    kind: 'gewijzigd',
    where: `Stap ${rename.step + 1} ${quote(stepName)} › veld ${quote(label)}`,
    text: `Veld ${quote(label)} heeft een nieuwe naam in de gegevens: ${quote(last(rename.from))} → ${quote(last(rename.to))}.`,
    path,
  };
}

/** Where a change stands among the steps: 0 before them, the step's number, or after all steps. */
function rank(change: Change): number {
  const step = /^Stap (\d+) /.exec(change.where);
  if (step) return Number(step[1]);
  return /^(Formulier|Inleiding|Berekende tekst|Variant)/.test(change.where) || change.where === '' ? 0 : Number.MAX_SAFE_INTEGER;
}

/** The changes with each rename's sentence first among those of its step. */
export function withRenameChanges(changes: readonly Change[], after: unknown, renames: readonly FieldRename[]): Change[] {
  const result = [...changes];
  for (const rename of renames) {
    const change = renameChange(after, rename);
    const at = result.findIndex((other) => rank(other) >= rename.step + 1 && !other.text.includes('heeft een nieuwe naam in de gegevens'));
    result.splice(at < 0 ? result.length : at, 0, change);
  }
  return result;
}
