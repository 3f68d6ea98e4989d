/**
 * Adding, copying and removing steps in a flow document's text. A new step gets an id of the form
 * the flow definition asks (`stap<n>`, made with `newId` so it is unique among the steps and the
 * review) and a data key made from its title, unique among the steps. A copy gets new ones too; its
 * own rules, which named its fields by the original's data key, name its own fields, and its content
 * blocks get new ids. Other steps are left as written.
 */
import { newId } from '../../../renderer/core/ids';
import { fieldKeyFrom } from './documentEdits';
import type { TextRename } from './englishMoves';
import { renamePathsIn } from './modelPaths';
import { isObject, parseDocument, writeAt, type Json } from './textMoves';
import { modify, applyEdits } from 'jsonc-parser';

const FORMAT = { insertSpaces: true, tabSize: 2, eol: '\n' };

/** Keys of the model a step's data may not take: the variant constants and the rules' own names. */
const RESERVED_KEYS = ['variant'];

function stepsOf(document: Json): Json[] {
  return Array.isArray(document.steps) ? (document.steps as unknown[]).filter(isObject) : [];
}

/** A new step id `stap<n>`, one higher than any step's or the review's. */
function newStepId(document: Json): string {
  const review = isObject(document.review) && typeof document.review.id === 'string' ? [document.review.id] : [];
  const taken = new Set([...stepsOf(document).map((step) => String(step.id)), ...review]);
  const numbers = [...taken]
    .map((id) => /^stap(\d+)$/.exec(id)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
  return newId(undefined, `stap${Math.max(0, ...numbers) + 1}`, taken);
}

function newDataKey(document: Json, title: string): string {
  const taken = [...stepsOf(document).map((step) => String(step.dataKey)), ...RESERVED_KEYS];
  return fieldKeyFrom(title, taken);
}

function insertStep(text: string, index: number, step: Json): string {
  return applyEdits(text, modify(text, ['steps', index], step, { formattingOptions: FORMAT, isArrayInsertion: true }));
}

export interface StepAdded {
  text: string;
  /** The new step's position. */
  index: number;
  id: string;
  /** For a copy: the keys of the original's translations and the copy's keys for the same texts. */
  renames?: TextRename[];
}

/** Adds an empty step with `title` after the step at `after` (-1: first). */
export function addStep(text: string, after: number, title: string): StepAdded | undefined {
  const document = parseDocument(text);
  if (!document) return undefined;
  const id = newStepId(document);
  const index = Math.min(after + 1, stepsOf(document).length);
  const step = { id, title, dataKey: newDataKey(document, title), schema: { type: 'object', properties: {} } };
  return { text: insertStep(text, index, step), index, id };
}

/** New ids for the content blocks of a copied step, unique within each list; `renames` gets each block's old and new key. */
function renewBlockIds(blocks: unknown, from: string, to: string, renames: TextRename[]): unknown {
  if (!Array.isArray(blocks)) return blocks;
  const taken = new Set<string>();
  return blocks.map((block, index) => {
    if (!isObject(block)) return block;
    const words = typeof block.text === 'string' ? block.text : typeof block.title === 'string' ? block.title : undefined;
    const id = newId(words, String(block.kind ?? 'blok'), taken);
    // A block is keyed by its id, or by its place while it has none.
    renames.push([`${from}.${typeof block.id === 'string' ? block.id : index}`, `${to}.${id}`]);
    return { ...block, id };
  });
}

/** Copies the step at `index` (with its fields, rules, texts) right after it, under `title`. */
export function copyStep(text: string, index: number, title: string): StepAdded | undefined {
  const document = parseDocument(text);
  const original = document && stepsOf(document)[index];
  if (!document || !original) return undefined;
  const id = newStepId(document);
  const dataKey = newDataKey(document, title);
  const copy: Json = renamePathsIn({ ...original, id, title, dataKey }, String(original.dataKey), dataKey);
  // The same texts under the copy's keys (not its title: that is a new one).
  const from = `steps.${String(original.id)}`;
  const renames: TextRename[] = ['schema', 'uiSchema', 'messages', 'boxes', 'rules', 'visibleIf', 'derive'].map((part) => [
    `${from}.${part}`,
    `steps.${id}.${part}`,
  ]);
  for (const place of ['intro', 'outro'] as const)
    if (place in copy) copy[place] = renewBlockIds(copy[place], `${from}.${place}`, `steps.${id}.${place}`, renames);
  return { text: nameCopiedFields(insertStep(text, index + 1, copy), document, copy), index: index + 1, id, renames };
}

/** The paths within a step that an upload sends as one multipart field each (nested groups by their fields), as renderer/core/uploadFields.ts walks them. */
function sentPaths(schema: unknown, prefix = ''): string[] {
  const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
  return Object.entries(properties).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return isObject(child) && child.type === 'object' && isObject(child.properties) ? sentPaths(child, path) : [path];
  });
}

/**
 * An upload sends every field under its path within its step, so a copy's fields would go under
 * the same names as the original's: each is given its own (its data path) in `submit.names`.
 */
function nameCopiedFields(text: string, document: Json, copy: Json): string {
  if (!isObject(document.submit) || document.submit.kind !== 'upload') return text;
  let next = text;
  for (const path of sentPaths(copy.schema)) {
    const modelPath = `${String(copy.dataKey)}.${path}`;
    next = writeAt(next, ['submit', 'names', modelPath], modelPath);
  }
  return next;
}
