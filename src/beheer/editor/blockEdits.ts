/**
 * The content blocks of a page (the flow's start page, a step's introduction and closing text, the
 * review's, the confirmation page) added, changed, moved and removed in the flow document's text.
 * A new block gets an id (`newId`, from its words, unique in its list) so its translation stays with
 * it wherever it moves; a changed block keeps its id and every property the form does not show (a
 * rule for showing it). Blocks are written on one line, as the flows write them.
 *
 * A block is edited as a draft of texts (`BlockDraft`); `draftProblems` says, per box, what is wrong
 * before anything is written: a missing text, a link to an address the portal does not allow.
 */
import type { JSONPath } from 'jsonc-parser';
import { newId } from '../../../renderer/core/ids';
import { linkAddresses } from '../../../renderer/core/inlineMarkup';
import { addressProblem } from '../../../renderer/core/linkAddress';
import type { ContentBlock } from '../../../renderer/core/types';
import { blockKindName } from '../../shared/blockKinds';
import { compact, writeWhole } from './fieldEdits';
import { insertRawAt, isObject, moveItem, parseDocument, valueAt, writeAt, type Json } from './textMoves';

/** The kinds of block the editor makes and edits with a form. */
export type EditableKind = 'paragraph' | 'heading' | 'list' | 'alert' | 'link' | 'download' | 'homeLink';
export type AlertType = Extract<ContentBlock, { kind: 'alert' }>['type'];

export const BLOCK_KINDS: readonly { kind: EditableKind; label: string }[] = [
  { kind: 'alert', label: 'Melding' },
  { kind: 'link', label: 'Link' },
  { kind: 'download', label: 'Download' },
  { kind: 'heading', label: 'Kop' },
  { kind: 'list', label: 'Opsomming' },
  { kind: 'paragraph', label: 'Alinea' },
];

export const ALERT_TYPES: readonly { type: AlertType; label: string }[] = [
  { type: 'info', label: 'Informatie' },
  { type: 'warning', label: 'Waarschuwing' },
  { type: 'error', label: 'Fout' },
  { type: 'success', label: 'Gelukt' },
  { type: 'call-to-action', label: 'Actie gevraagd' },
];

/** What the form of a block holds, as typed. */
export interface BlockDraft {
  kind: EditableKind;
  text: string;
  title: string;
  type: AlertType;
  address: string;
  fileLabel: string;
  level: 2 | 3;
  numbered: boolean;
  /** One item per line. */
  items: string;
}

export type DraftProblems = Partial<Record<'text' | 'title' | 'address' | 'items', string>>;

/** The blocks at `path` (an empty list when there are none). */
export function readBlocks(text: string, path: JSONPath): Json[] {
  const list = valueAt(parseDocument(text), path);
  return Array.isArray(list) ? list.filter(isObject) : [];
}

/** Whether the form can edit a block of this kind (the others can be moved and removed). */
export function isEditableKind(kind: unknown): kind is EditableKind {
  return typeof kind === 'string' && ['paragraph', 'heading', 'list', 'alert', 'link', 'download', 'homeLink'].includes(kind);
}

/** A draft to start from: an empty one of a kind, or the texts of a block. */
export function draftOf(block: Json | EditableKind, downloadUrl = ''): BlockDraft {
  const empty: BlockDraft = { kind: 'paragraph', text: '', title: '', type: 'info', address: '', fileLabel: '', level: 2, numbered: false, items: '' };
  if (typeof block === 'string') return { ...empty, kind: block, address: block === 'download' ? downloadUrl : '', numbered: block === 'heading' };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    ...empty,
    kind: isEditableKind(block.kind) ? block.kind : 'paragraph',
    text: text(block.text),
    title: text(block.title),
    type: ALERT_TYPES.some((alert) => alert.type === block.type) ? (block.type as AlertType) : 'info',
    address: text(block.href) || text(block.url),
    fileLabel: text(block.fileLabel),
    level: block.level === 3 ? 3 : 2,
    numbered: block.numbered === true,
    items: Array.isArray(block.items) ? block.items.filter((item): item is string => typeof item === 'string').join('\n') : '',
  };
}

const itemsOf = (draft: BlockDraft) =>
  draft.items
    .split('\n')
    .map((item) => item.trim())
    .filter(Boolean);

/** What is wrong with a draft, per box (empty when it can be written). */
export function draftProblems(draft: BlockDraft): DraftProblems {
  const problems: DraftProblems = {};
  const needsText = draft.kind !== 'list';
  if (needsText && draft.text.trim() === '') problems.text = "Het veld 'Tekst' is niet ingevuld.";
  if (draft.kind === 'link' || draft.kind === 'download') {
    const problem = addressProblem(draft.address);
    if (problem) problems.address = problem;
  }
  if (draft.kind === 'list' && itemsOf(draft).length === 0) problems.items = 'Geef ten minste één punt, elk op een eigen regel.';
  // A link typed in a text's markup follows the same rule as a link block.
  const inText = (value: string) =>
    linkAddresses(value)
      .map((address) => [address, addressProblem(address)] as const)
      .find(([, problem]) => problem);
  const textLink = ['paragraph', 'alert'].includes(draft.kind) ? inText(draft.text) : undefined;
  if (!problems.text && textLink) problems.text = `De link naar '${textLink[0]}' in de tekst is niet toegestaan. ${textLink[1]}`;
  const itemLink = draft.kind === 'list' ? itemsOf(draft).map(inText).find(Boolean) : undefined;
  if (!problems.items && itemLink) problems.items = `De link naar '${itemLink[0]}' is niet toegestaan. ${itemLink[1]}`;
  return problems;
}

/** The block a draft makes; `base` (the block it changes) keeps its id and what the form does not show. */
export function blockFromDraft(draft: BlockDraft, base: Json = {}): Json {
  const keep = Object.fromEntries(Object.entries(base).filter(([key]) => key === 'id' || key === 'visibleIf'));
  const text = draft.text.trim();
  const title = draft.title.trim();
  switch (draft.kind) {
    case 'alert':
      return { ...keep, kind: 'alert', type: draft.type, ...(title ? { title } : {}), text };
    case 'link': {
      const href = draft.address.trim();
      return { ...keep, kind: 'link', text, href, ...(/^https:/i.test(href) ? { external: true } : {}) };
    }
    case 'download':
      return { ...keep, kind: 'download', text, url: draft.address.trim(), ...(draft.fileLabel.trim() ? { fileLabel: draft.fileLabel.trim() } : {}) };
    case 'heading':
      return { ...keep, kind: 'heading', text, ...(draft.level === 3 ? { level: 3 } : {}), ...(draft.numbered ? { numbered: true } : {}) };
    case 'list':
      return { ...keep, kind: 'list', items: itemsOf(draft) };
    case 'homeLink':
      return { ...keep, kind: 'homeLink', text };
    default:
      return { ...keep, kind: 'paragraph', text };
  }
}

/** The words a block's id is made from. */
const wordsOf = (block: Json) =>
  [block.title, block.text, Array.isArray(block.items) ? block.items[0] : undefined].find((value): value is string => typeof value === 'string');

/** `block` with a new id, unique among the ids of `blocks`. */
export function withNewId(block: Json, blocks: Json[]): Json {
  const taken = new Set(blocks.flatMap((other) => (typeof other.id === 'string' ? [other.id] : [])));
  const { id: _old, ...rest } = block;
  return { id: newId(wordsOf(rest), String(rest.kind ?? 'blok'), taken), ...rest };
}

/** Adds `block` (given a new id) at position `at` of the list at `path` (at the end without `at`). */
export function addBlock(text: string, path: JSONPath, block: Json, at?: number): string {
  const blocks = readBlocks(text, path);
  const index = at === undefined ? blocks.length : Math.max(0, Math.min(at, blocks.length));
  return insertRawAt(text, [...path, index], compact(withNewId(block, blocks)));
}

/** Replaces the block at `index` by `block`; the id of the block it replaces stays. */
export function updateBlock(text: string, path: JSONPath, index: number, block: Json): string {
  const old = readBlocks(text, path)[index];
  if (!old) return text;
  const next = typeof old.id === 'string' ? { id: old.id, ...Object.fromEntries(Object.entries(block).filter(([key]) => key !== 'id')) } : block;
  return writeWhole(text, [...path, index], next);
}

/** Moves the block at `from` to `to`. */
export function moveBlock(text: string, path: JSONPath, from: number, to: number): string {
  return moveItem(text, path, from, to);
}

/** Removes the block at `index`; an emptied list goes too unless the page needs one (`keepEmpty`). */
export function removeBlock(text: string, path: JSONPath, index: number, keepEmpty = false): string {
  const blocks = readBlocks(text, path);
  if (!blocks[index]) return text;
  if (blocks.length === 1 && !keepEmpty) return writeAt(text, path, undefined);
  return writeAt(text, [...path, index], undefined);
}

const shorten = (text: string) => (text.length > 70 ? `${text.slice(0, 69)}…` : text);
const quoted = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? ` ‘${shorten(value.replace(/<[^>]*>/g, ''))}’` : '');

/** What a block is, in words: 'Melding (Waarschuwing): ‘Let op’', 'Kop (genummerd): ‘Wat gebeurt er nu?’'. */
export function blockSummary(block: Json): string {
  const kind = blockKindName(block.kind);
  const details: string[] = [];
  if (block.kind === 'alert') details.push(ALERT_TYPES.find((alert) => alert.type === block.type)?.label ?? String(block.type));
  if (block.kind === 'heading' && block.numbered) details.push('genummerd');
  if (block.visibleIf !== undefined) details.push('met voorwaarde');
  const name = details.length > 0 ? `${kind} (${details.join(', ')})` : kind;
  const words =
    block.kind === 'alert'
      ? (block.title ?? block.text)
      : block.kind === 'list' && Array.isArray(block.items)
        ? block.items.join(' · ')
        : (block.text ?? block.title ?? block.list);
  return `${name}:${quoted(words)}`.replace(/:$/, '');
}
