/**
 * The ids of a flow's named parts: content blocks (flow intro, step intro and outro, review intro
 * and outro, confirmation), the items of a `list` block, the documents of a `requiredDocuments`
 * block and the signers of the printed form. An English text, a change sentence and the back
 * office find such a part by its id, never by its position, so inserting or moving a part leaves
 * every other part's text where it was.
 *
 * A part without an id gets one made from its own words (`ids.ts`), unique within its list and the
 * same for the same document, so the pipeline (in memory), `flows:check --fix` and the back office
 * (written into the file) all name a part alike. A `list` item written as a plain string becomes
 * `{ "id", "text" }`. Pure and framework-free.
 */
import { newId, slugOf } from './ids';

/** One id to add: at `at` (path of the part in the document), an object gets `id`; a string item becomes `{ id, text }`. */
export interface PartIdEdit {
  at: (string | number)[];
  id: string;
  /** Set when the part is a plain string list item, which becomes `{ id, text }`. */
  text?: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const stringOf = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** What a part is called when its words give no id (Dutch: ids are read in the source view). */
const FALLBACK: Record<string, string> = {
  heading: 'kop',
  paragraph: 'alinea',
  list: 'opsomming',
  link: 'link',
  alert: 'melding',
  download: 'download',
  homeLink: 'homepage',
  postAddress: 'postadres',
  optionItems: 'lijst',
  requiredDocuments: 'documenten',
};

/** An id never reads as a position (`2`): the translation keys written before ids were positions. */
export const PART_ID_PATTERN = /^(?![0-9]+$)[a-z0-9]+(-[a-z0-9]+)*$/;

/** A new id from `text`, never all digits, unique in `taken`. */
function partId(text: string | undefined, fallback: string, taken: Set<string>): string {
  const slug = text ? slugOf(text) : '';
  return newId(/^[0-9]+$/.test(slug) ? `${fallback} ${slug}` : text, fallback, taken);
}

/** The words a block is named by: its text, its title, its first item. */
function blockWords(block: Json): string | undefined {
  if (block.kind === 'alert' || block.kind === 'requiredDocuments') return stringOf(block.title) ?? stringOf(block.text);
  if (block.kind === 'list' && Array.isArray(block.items)) {
    const first: unknown = block.items[0];
    return stringOf(first) ?? (isObject(first) ? stringOf(first.text) : undefined);
  }
  if (block.kind === 'optionItems') return undefined;
  return stringOf(block.text);
}

/** Ids for the objects (or strings) of one list that have none; `words` names an item, `fallback` when it has no words. */
function listEdits(
  items: unknown,
  at: (string | number)[],
  words: (item: unknown) => string | undefined,
  fallback: (item: unknown) => string,
  strings: boolean,
): PartIdEdit[] {
  if (!Array.isArray(items)) return [];
  const taken = new Set(items.flatMap((item) => (isObject(item) && typeof item.id === 'string' ? [item.id] : [])));
  const edits: PartIdEdit[] = [];
  items.forEach((item, index) => {
    if (isObject(item) && item.id === undefined) edits.push({ at: [...at, index], id: partId(words(item), fallback(item), taken) });
    else if (strings && typeof item === 'string') edits.push({ at: [...at, index], id: partId(item, 'punt', taken), text: item });
  });
  return edits;
}

/** Ids for the blocks of one block list, and for the items inside each block. */
function blockListEdits(blocks: unknown, at: (string | number)[]): PartIdEdit[] {
  if (!Array.isArray(blocks)) return [];
  const edits = listEdits(
    blocks,
    at,
    (block) => (isObject(block) ? blockWords(block) : undefined),
    (block) => (isObject(block) && typeof block.kind === 'string' && Object.hasOwn(FALLBACK, block.kind) ? FALLBACK[block.kind] : 'blok'),
    false,
  );
  blocks.forEach((block, index) => {
    if (!isObject(block)) return;
    const itemsAt = [...at, index, 'items'];
    if (block.kind === 'list')
      edits.push(
        ...listEdits(
          block.items,
          itemsAt,
          (item) => (isObject(item) ? stringOf(item.text) : undefined),
          () => 'punt',
          true,
        ),
      );
    if (block.kind === 'requiredDocuments') {
      edits.push(
        ...listEdits(
          block.items,
          itemsAt,
          (item) => (isObject(item) ? (stringOf(item.text) ?? [item.list, item.itemsKey].filter((part) => typeof part === 'string').join(' ')) : undefined),
          () => 'document',
          false,
        ),
      );
    }
  });
  return edits;
}

/** Where the block lists of a flow document are. */
function blockLists(document: Json): { blocks: unknown; at: (string | number)[] }[] {
  const lists: { blocks: unknown; at: (string | number)[] }[] = [];
  if (isObject(document.intro)) lists.push({ blocks: document.intro.blocks, at: ['intro', 'blocks'] });
  if (Array.isArray(document.steps)) {
    document.steps.forEach((step, index) => {
      if (!isObject(step)) return;
      lists.push({ blocks: step.intro, at: ['steps', index, 'intro'] }, { blocks: step.outro, at: ['steps', index, 'outro'] });
    });
  }
  if (isObject(document.review))
    lists.push({ blocks: document.review.intro, at: ['review', 'intro'] }, { blocks: document.review.outro, at: ['review', 'outro'] });
  if (isObject(document.confirmation)) lists.push({ blocks: document.confirmation.blocks, at: ['confirmation', 'blocks'] });
  return lists;
}

/** The signers of the printed form, when the document has any. */
function signersOf(document: Json): unknown {
  return isObject(document.confirmation) && isObject(document.confirmation.download) ? document.confirmation.download.signers : undefined;
}

/** Every id a flow document (as written, any shape) lacks, in document order. */
export function partIdEdits(document: unknown): PartIdEdit[] {
  if (!isObject(document)) return [];
  return [
    ...blockLists(document).flatMap(({ blocks, at }) => blockListEdits(blocks, at)),
    ...listEdits(
      signersOf(document),
      ['confirmation', 'download', 'signers'],
      (signer) => (isObject(signer) ? stringOf(signer.title) : undefined),
      () => 'ondertekenaar',
      false,
    ),
  ];
}

/** A copy of `document` with the edits applied (each path leads to a list item). */
function applyEdits<T>(document: T, edits: PartIdEdit[]): T {
  if (edits.length === 0) return document;
  const copy = structuredClone(document) as unknown;
  for (const { at, id, text } of edits) {
    let parent: unknown = copy;
    for (const segment of at.slice(0, -1)) parent = (parent as Record<string | number, unknown>)[segment];
    const list = parent as unknown[];
    const index = at[at.length - 1] as number;
    list[index] = text !== undefined ? { id, text } : { id, ...(list[index] as Json) };
  }
  return copy as T;
}

/** `document` with an id on every named part (a copy when one was missing; the same object when none was). */
export function withPartIds<T>(document: T): T {
  return applyEdits(document, partIdEdits(document));
}

/** A list of content blocks with an id on every block and on every item of its `list` and `requiredDocuments` blocks. */
export function withBlockIds<T>(blocks: readonly T[]): T[] {
  const list = [...blocks];
  return applyEdits(list, blockListEdits(list, []));
}

/** A place in the document where an id is used twice in one list (JSON pointer of the second), with the id. */
export interface DuplicatePartId {
  pointer: string;
  id: string;
}

/** The ids written twice within one list of parts: a text could then not be told apart from another. */
export function duplicatePartIds(document: unknown): DuplicatePartId[] {
  if (!isObject(document)) return [];
  const found: DuplicatePartId[] = [];
  const check = (items: unknown, at: (string | number)[]) => {
    if (!Array.isArray(items)) return;
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (!isObject(item) || typeof item.id !== 'string') return;
      if (seen.has(item.id)) found.push({ pointer: `/${[...at, index, 'id'].join('/')}`, id: item.id });
      seen.add(item.id);
    });
  };
  for (const { blocks, at } of blockLists(document)) {
    check(blocks, at);
    if (Array.isArray(blocks)) blocks.forEach((block, index) => isObject(block) && check(block.items, [...at, index, 'items']));
  }
  check(signersOf(document), ['confirmation', 'download', 'signers']);
  return found;
}

/** Whether `key` is the key of a list of parts whose items had no id before ids were added (their old keys were positions). */
export function isPartListKey(key: string | undefined, parent: unknown): boolean {
  if (key === 'blocks' || key === 'intro' || key === 'outro' || key === 'signers') return true;
  return key === 'items' && isObject(parent) && (parent.kind === 'list' || parent.kind === 'requiredDocuments');
}

/** The text of a `list` block's item: an item with an id, or a plain string (a version stored before items had ids). */
export function listItemText(item: unknown): string {
  if (typeof item === 'string') return item;
  return isObject(item) && typeof item.text === 'string' ? item.text : '';
}
