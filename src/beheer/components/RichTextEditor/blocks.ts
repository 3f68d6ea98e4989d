/**
 * Conversion between a flow's content blocks and the state of the rich-text editor (Lexical).
 *
 * Plain `heading`, `paragraph` and `list` blocks become editable Lexical nodes (HeadingNode h2/h3,
 * ParagraphNode, a bulleted ListNode with ListItemNodes). Every other block — another kind, or one
 * of these three with anything more than its text (a `visibleIf` rule, a numbered heading) — is
 * kept whole in a {@link FixedBlockNode}: a non-editable line that holds the block's JSON, so that
 * converting to the editor and back gives the same array, in the same order.
 *
 * Texts are plain: no inline markup is stored, so text formats are not read (the editor removes them).
 * The `$` functions follow Lexical's convention: call them inside `editor.update` or `editor.read`.
 *
 * The text of a paragraph or list item may hold bold and links (renderer/core/inlineMarkup.ts): bold
 * text and LinkNodes in the editor, `<strong>` and `<a href>` in the block; a heading's text is plain.
 *
 * Ids: a block's `id` (and a list item's) travels with its node, so a block that is edited, moved or
 * turned from paragraph into heading keeps its English. A new block or item gets an id from its words
 * when the blocks are read (`withBlockIds`), and keeps it once the editor is left ({@link $keepPartIds});
 * an id that a split copied to a second node stays with the first of them that has text.
 */
import { $createLinkNode, $isLinkNode, LinkNode } from '@lexical/link';
import { $createHeadingNode, $isHeadingNode, HeadingNode, type HeadingTagType } from '@lexical/rich-text';
import { $createListItemNode, $createListNode, $isListItemNode, $isListNode, ListItemNode, ListNode } from '@lexical/list';
import {
  $create,
  $createLineBreakNode,
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $getState,
  $isDecoratorNode,
  $isElementNode,
  $isLineBreakNode,
  $isParagraphNode,
  $isTextNode,
  $setState,
  createState,
  DecoratorNode,
  IS_BOLD,
  IS_ITALIC,
  type ElementNode,
  type Klass,
  type LexicalNode,
} from 'lexical';
import { parseInline, type InlinePart } from '../../../../renderer/core/inlineMarkup';
import { isAllowedAddress } from '../../../../renderer/core/linkAddress';
import { listItemText, withBlockIds } from '../../../../renderer/core/partIds';
import type { ContentBlock, ListItem } from '../../../../renderer/core/types';
import { BLOCK_KIND_NAMES } from '../../../shared/blockKinds';

/** A content block the editor shows as editable text. */
export type EditableBlock = Extract<ContentBlock, { kind: 'heading' | 'paragraph' | 'list' }>;

const HEADING_KEYS = new Set(['id', 'kind', 'text', 'level']);
const PARAGRAPH_KEYS = new Set(['id', 'kind', 'text']);
const LIST_KEYS = new Set(['id', 'kind', 'items']);
const ITEM_KEYS = new Set(['id', 'text']);

const onlyKeys = (block: object, allowed: Set<string>) => Object.keys(block).every((key) => allowed.has(key));

/** A point of a list the editor can hold: a text, or `{ id, text }`. */
const isEditableItem = (item: unknown): boolean =>
  typeof item === 'string' || (typeof item === 'object' && item !== null && onlyKeys(item, ITEM_KEYS) && typeof (item as ListItem).text === 'string');

/**
 * Whether the editor can hold `block` as editable text without losing anything: a heading of level
 * 2 or 3 (or none), a paragraph, or a non-empty list of texts, with no other properties.
 */
export function isEditableBlock(block: ContentBlock): block is EditableBlock {
  switch (block.kind) {
    case 'heading':
      return onlyKeys(block, HEADING_KEYS) && typeof block.text === 'string' && (block.level === undefined || block.level === 2 || block.level === 3);
    case 'paragraph':
      return onlyKeys(block, PARAGRAPH_KEYS) && typeof block.text === 'string';
    case 'list':
      return onlyKeys(block, LIST_KEYS) && Array.isArray(block.items) && block.items.length > 0 && block.items.every(isEditableItem);
    default:
      return false;
  }
}

const SUMMARY_LENGTH = 80;

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SUMMARY_LENGTH ? `${flat.slice(0, SUMMARY_LENGTH - 1)}…` : flat;
}

/** The words that name what a fixed block shows: its text, title or list. */
function blockSummary(block: ContentBlock): string | undefined {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
    case 'link':
    case 'download':
    case 'homeLink':
      return block.text;
    case 'alert':
      return block.title ?? block.text;
    case 'list':
      return Array.isArray(block.items) ? block.items.map((item) => (typeof item === 'string' ? item : item.text)).join(' · ') : undefined;
    case 'requiredDocuments':
      return block.title;
    case 'optionItems':
      return block.list;
    default:
      return undefined;
  }
}

/** The blocks the list of blocks beside the editor changes with a form; the others only the source view. */
const FORM_KINDS = new Set(['heading', 'paragraph', 'list', 'link', 'alert', 'download', 'homeLink']);

/** Properties that explain why a heading, paragraph or list is fixed. */
function fixedReasons(block: ContentBlock): string[] {
  const reasons: string[] = [];
  if ('numbered' in block && block.numbered) reasons.push('genummerd');
  if (block.visibleIf !== undefined) reasons.push('met voorwaarde');
  return reasons;
}

/**
 * The line the editor shows for a block it keeps whole, e.g.
 * "Vast blok: link – ‘Naar de homepage’ (wijzigen bij Blokken)".
 */
export function fixedBlockDescription(block: ContentBlock): string {
  const reasons = fixedReasons(block);
  const name = [BLOCK_KIND_NAMES[block.kind] ?? String(block.kind), ...reasons].join(', ');
  const summary = blockSummary(block);
  const shown = typeof summary === 'string' && summary.trim() !== '' ? ` – ‘${shorten(summary)}’` : '';
  return `Vast blok: ${name}${shown} (wijzigen ${FORM_KINDS.has(block.kind) ? 'bij Blokken' : 'in Broncode'})`;
}

/** The content block a {@link FixedBlockNode} holds, stored flat in the node's JSON as `block`. */
const fixedBlockState = createState('block', {
  parse: (value: unknown): ContentBlock | null =>
    value !== null && typeof value === 'object' && typeof (value as { kind?: unknown }).kind === 'string' ? (value as ContentBlock) : null,
});

/** Class names of a fixed block's element; the editor marks a selected one with the second. */
export const FIXED_BLOCK_CLASS = 'portal-rich-text__fixed';
export const FIXED_BLOCK_SELECTED_CLASS = 'portal-rich-text__fixed--selected';

/**
 * A block the editor keeps whole: not editable, shown as one line that names it
 * ({@link fixedBlockDescription}). The block's JSON travels with the node unchanged.
 */
export class FixedBlockNode extends DecoratorNode<string> {
  override $config() {
    return this.config('portal-fixed-block', {
      extends: DecoratorNode,
      stateConfigs: [{ stateConfig: fixedBlockState, flat: true }],
    });
  }

  getBlock(): ContentBlock | null {
    return $getState(this, fixedBlockState);
  }

  override createDOM(): HTMLElement {
    const element = document.createElement('div');
    element.className = FIXED_BLOCK_CLASS;
    element.setAttribute('contenteditable', 'false');
    return element;
  }

  override updateDOM(): boolean {
    return false;
  }

  override isInline(): false {
    return false;
  }

  override getTextContent(): string {
    const block = this.getBlock();
    return block ? `${fixedBlockDescription(block)}\n` : '';
  }

  /** The description as text: React renders it into the element of {@link createDOM}. */
  override decorate(): string {
    const block = this.getBlock();
    return block ? fixedBlockDescription(block) : '';
  }
}

export function $createFixedBlockNode(block: ContentBlock): FixedBlockNode {
  return $setState($create(FixedBlockNode), fixedBlockState, block);
}

export function $isFixedBlockNode(node: LexicalNode | null | undefined): node is FixedBlockNode {
  return node instanceof FixedBlockNode;
}

/** Marks a level-2 heading whose block had no `level`, so that it goes back without one. */
const levelOmittedState = createState('portalLevelOmitted', { parse: (value: unknown) => value === true });

/** The id of the block (heading, paragraph, list) or list item a node stands for. */
const partIdState = createState('portalPartId', { parse: (value: unknown) => (typeof value === 'string' ? value : null) });

/** Gives `node` the id `id` (nothing when there is none). */
function $withPartId<T extends LexicalNode>(node: T, id: string | undefined): T {
  return id === undefined ? node : $setState(node, partIdState, id);
}

/** The id of the block or item `node` stands for, if it has one. */
function $partIdOf(node: LexicalNode): string | undefined {
  return $getState(node, partIdState) ?? undefined;
}

/** Gives `to` the id of `from`: a paragraph turned into a heading is still the same block. */
export function $copyPartId(from: LexicalNode, to: LexicalNode): void {
  $withPartId(to, $partIdOf(from));
}

/** The node classes the editor must register for these conversions. */
export const EDITOR_NODES: ReadonlyArray<Klass<LexicalNode>> = [HeadingNode, ListNode, ListItemNode, LinkNode, FixedBlockNode];

/** Appends `text` to `element`, with a line break node for each '\n'; `format` is its bold/italic. */
function $appendText(element: ElementNode, text: string, format = 0): void {
  text.split('\n').forEach((line, index) => {
    if (index > 0) element.append($createLineBreakNode());
    if (line !== '') element.append($createTextNode(line).setFormat(format));
  });
}

/** Appends a text with markup: bold and emphasis as text formats, a link to an allowed address as a LinkNode. */
function $appendMarkup(element: ElementNode, parts: InlinePart[], format = 0): void {
  for (const part of parts) {
    if (part.kind === 'text') $appendText(element, part.text, format);
    else if (part.kind === 'strong') $appendMarkup(element, part.parts, format | IS_BOLD);
    else if (part.kind === 'em') $appendMarkup(element, part.parts, format | IS_ITALIC);
    else if (isAllowedAddress(part.href)) {
      const link = $createLinkNode(part.href);
      $appendMarkup(link, part.parts, format);
      element.append(link);
    } else $appendMarkup(element, part.parts, format);
  }
}

/** The Lexical nodes for `blocks`, in order. */
export function $blocksToNodes(blocks: readonly ContentBlock[]): LexicalNode[] {
  const nodes: LexicalNode[] = [];
  for (const block of blocks) {
    // Lexical merges a list into a list right before it; such a list stays whole instead.
    const afterList = $isListNode(nodes[nodes.length - 1]);
    if (!isEditableBlock(block) || (block.kind === 'list' && afterList)) {
      nodes.push($createFixedBlockNode(block));
    } else if (block.kind === 'heading') {
      const heading = $withPartId($createHeadingNode(block.level === 3 ? 'h3' : 'h2'), block.id);
      if (block.level === undefined) $setState(heading, levelOmittedState, true);
      $appendText(heading, block.text);
      nodes.push(heading);
    } else if (block.kind === 'paragraph') {
      const paragraph = $withPartId($createParagraphNode(), block.id);
      $appendMarkup(paragraph, parseInline(block.text));
      nodes.push(paragraph);
    } else {
      const list = $withPartId($createListNode('bullet'), block.id);
      for (const item of block.items) {
        const listItem = $withPartId($createListItemNode(), typeof item === 'string' ? undefined : item.id);
        $appendMarkup(listItem, parseInline(listItemText(item)));
        list.append(listItem);
      }
      nodes.push(list);
    }
  }
  return nodes;
}

/**
 * Replaces the editor's content by `blocks`. An empty array leaves one empty paragraph, the place
 * to start typing (read back, a lone empty paragraph is no block).
 */
export function $setRootBlocks(blocks: readonly ContentBlock[]): void {
  const root = $getRoot();
  root.clear();
  const nodes = $blocksToNodes(blocks);
  root.append(...(nodes.length > 0 ? nodes : [$createParagraphNode()]));
}

/** The plain text of an element's inline content; line breaks become '\n', nested lists are left out. */
function $inlineText(element: ElementNode): string {
  let text = '';
  for (const child of element.getChildren()) {
    if ($isLineBreakNode(child)) text += '\n';
    else if ($isTextNode(child)) text += child.getTextContent();
    else if ($isListNode(child)) continue;
    else if ($isElementNode(child)) text += $inlineText(child);
    else if ($isDecoratorNode(child) && child.isInline()) text += child.getTextContent();
  }
  return text;
}

/** A text node's text with its bold and italic as markup. */
function $markedText(node: LexicalNode): string {
  let text = node.getTextContent();
  if (!$isTextNode(node) || text === '') return text;
  if (node.hasFormat('italic')) text = `<em>${text}</em>`;
  if (node.hasFormat('bold')) text = `<strong>${text}</strong>`;
  return text;
}

/** The text of an element's inline content with its markup (bold, emphasis, links); line breaks become '\n'. */
function $inlineMarkup(element: ElementNode): string {
  let text = '';
  for (const child of element.getChildren()) {
    if ($isLineBreakNode(child)) text += '\n';
    else if ($isTextNode(child)) text += $markedText(child);
    else if ($isListNode(child)) continue;
    else if ($isLinkNode(child)) text += `<a href="${child.getURL()}">${$inlineMarkup(child)}</a>`;
    else if ($isElementNode(child)) text += $inlineMarkup(child);
    else if ($isDecoratorNode(child) && child.isInline()) text += child.getTextContent();
  }
  return text;
}

/** A list item with its id when it has one (one without gets an id when the blocks are read). */
type ReadItem = { id?: string; text: string };

/** The item nodes of a list that have text, in reading order; items of a nested list follow their parent item. */
function $listItemNodes(list: ListNode): ListItemNode[] {
  const items: ListItemNode[] = [];
  for (const child of list.getChildren()) {
    if (!$isListItemNode(child)) continue;
    const nested = child.getChildren().filter($isListNode);
    // A list item that only wraps a nested list has no text of its own.
    if (nested.length === 0 || child.getChildrenSize() > nested.length) items.push(child);
    for (const sublist of nested) items.push(...$listItemNodes(sublist));
  }
  return items;
}

/** The items of a list in reading order, each with its id when it has one. */
function $listItems(list: ListNode): ReadItem[] {
  return $listItemNodes(list).map((item) => {
    const id = $partIdOf(item);
    return id === undefined ? { text: $inlineMarkup(item) } : { id, text: $inlineMarkup(item) };
  });
}

function headingLevel(tag: HeadingTagType): 2 | 3 {
  return tag === 'h1' || tag === 'h2' ? 2 : 3;
}

/** The content block of one top-level node (without an id when its node has none), or undefined for a node that stands for none. */
export function $nodeToBlock(node: LexicalNode): ContentBlock | undefined {
  if ($isFixedBlockNode(node)) return node.getBlock() ?? undefined;
  const id = $partIdOf(node);
  const named = <T extends object>(block: T) => (id === undefined ? block : { id, ...block });
  if ($isHeadingNode(node)) {
    const level = headingLevel(node.getTag());
    const omitted = level === 2 && $getState(node, levelOmittedState);
    return named(omitted ? { kind: 'heading' as const, text: $inlineText(node) } : { kind: 'heading' as const, text: $inlineText(node), level });
  }
  // An item without id yet is completed by `withBlockIds` below.
  if ($isListNode(node)) return named({ kind: 'list' as const, items: $listItems(node) as ListItem[] });
  if ($isParagraphNode(node) || $isElementNode(node)) return named({ kind: 'paragraph' as const, text: $inlineMarkup(node) });
  return undefined;
}

const hasText = (value: { text?: unknown }) => typeof value.text === 'string' && value.text !== '';

/**
 * Drops an id that occurs more than once in `items` (a split may copy a node's id to the new node)
 * from all but one: the first occurrence with text keeps it (the part of a split paragraph that was
 * there first), else the first.
 */
function withoutCopiedIds<T extends { id?: string; text?: unknown }>(items: readonly T[]): T[] {
  const keeper = new Map<string, number>();
  items.forEach((item, index) => {
    if (item.id === undefined) return;
    const chosen = keeper.get(item.id);
    if (chosen === undefined || (!hasText(items[chosen]) && hasText(item))) keeper.set(item.id, index);
  });
  return items.map((item, index) => {
    if (item.id === undefined || keeper.get(item.id) === index) return item;
    const { id: _copied, ...rest } = item;
    return rest as T;
  });
}

/** The content blocks of the editor's content, in order; every block and list item has an id. */
export function $readRootBlocks(): ContentBlock[] {
  const children = $getRoot().getChildren();
  const only = children.length === 1 ? children[0] : undefined;
  if ($isParagraphNode(only) && $inlineText(only) === '') return [];
  const blocks = children.map($nodeToBlock).filter((block): block is ContentBlock => block !== undefined);
  const own = withoutCopiedIds(blocks).map((block) =>
    block.kind === 'list'
      ? { ...block, items: withoutCopiedIds(block.items.map((item) => (typeof item === 'string' ? { text: item } : item))) as ListItem[] }
      : block,
  );
  return withBlockIds(own);
}

/**
 * Writes the ids the blocks were read with into the nodes that had none, so a new block keeps its id
 * when its text changes later (called when the editor is left: by then its first words are typed).
 */
export function $keepPartIds(): void {
  const blocks = $readRootBlocks();
  const nodes = $getRoot()
    .getChildren()
    .filter((node) => $nodeToBlock(node) !== undefined);
  nodes.forEach((node, index) => {
    const block = blocks[index];
    if (!block || $isFixedBlockNode(node)) return;
    if (block.id !== undefined && $partIdOf(node) !== block.id) $withPartId(node, block.id);
    if ($isListNode(node) && block.kind === 'list') {
      $listItemNodes(node).forEach((item, itemIndex) => {
        const read = block.items[itemIndex];
        if (read && typeof read !== 'string' && $partIdOf(item) !== read.id) $withPartId(item, read.id);
      });
    }
  });
}

/** JSON with the keys of every object sorted, so equal blocks give equal strings. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** Whether two block arrays hold the same content, whatever the order of keys within a block. */
export function sameBlocks(a: readonly ContentBlock[], b: readonly ContentBlock[]): boolean {
  return a === b || stableJson(a) === stableJson(b);
}
