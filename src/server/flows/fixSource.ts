/**
 * Writes the identities of a flow's parts into its files, as `flows:check --fix` and the back office
 * (when it saves a draft) do: the ids the pipeline would give its blocks, list items, documents and
 * signers are written into the flow's text, and English entries still under their old keys (options
 * and parts by position) move to their new keys. Both are edits of the text itself: everything
 * else in the files — formatting, order, other entries — stays exactly as written, so a file with
 * old keys migrates with one command and its diff shows only the ids and the moved keys.
 */
import { findNodeAtLocation, parseTree, type Node, type ParseError } from 'jsonc-parser';
import { partIdEdits, withPartIds } from '../../../renderer/core/partIds';
import { entryMoves, flowTexts, type FlowTextOptions, type TextAt, type TranslationFile } from '../../../renderer/core/translations';

/** A flow's texts as written: the document and its English file (when it has one). */
export interface FlowTexts {
  document: string;
  english?: string;
}

/** The texts with ids written and English moved, and how much changed. */
export interface FixedFlowTexts extends FlowTexts {
  /** Ids written into the document. */
  ids: number;
  /** English entries moved to their new key. */
  moved: number;
}

interface TextEdit {
  offset: number;
  length: number;
  content: string;
}

function tree(text: string): Node | undefined {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  return errors.length === 0 ? root : undefined;
}

function applyTextEdits(text: string, edits: TextEdit[]): string {
  return [...edits]
    .sort((a, b) => b.offset - a.offset)
    .reduce((result, edit) => result.slice(0, edit.offset) + edit.content + result.slice(edit.offset + edit.length), text);
}

/** `"id": "…"` as the first property of the object at `node`, in the object's own spacing. */
function insertId(text: string, node: Node, id: string): TextEdit {
  const property = `"id": ${JSON.stringify(id)}`;
  const first = node.children?.[0];
  if (!first) return { offset: node.offset + 1, length: 0, content: property };
  const spacing = text.slice(node.offset + 1, first.offset);
  return { offset: first.offset, length: 0, content: `${property},${spacing === '' ? ' ' : spacing}` };
}

/** The document's text with every missing id written in, and how many. */
function writeIds(text: string): { text: string; ids: number } {
  const root = tree(text);
  if (!root) return { text, ids: 0 };
  const edits: TextEdit[] = [];
  for (const { at, id, text: itemText } of partIdEdits(JSON.parse(text) as unknown)) {
    const node = findNodeAtLocation(root, at);
    if (!node) continue;
    if (itemText !== undefined)
      edits.push({
        offset: node.offset,
        length: node.length,
        content: `{ "id": ${JSON.stringify(id)}, "text": ${text.slice(node.offset, node.offset + node.length)} }`,
      });
    else edits.push(insertId(text, node, id));
  }
  return { text: applyTextEdits(text, edits), ids: edits.length };
}

/** The English file's text with the keys of `moves` renamed in place, and how many. */
function renameKeys(text: string, moves: { from: string; to: string }[]): { text: string; moved: number } {
  const root = tree(text);
  if (!root || root.type !== 'object' || moves.length === 0) return { text, moved: 0 };
  const keyNodes = new Map(
    (root.children ?? []).flatMap((property) => (property.children?.[0] ? [[property.children[0].value as string, property.children[0]] as const] : [])),
  );
  const edits = moves.flatMap(({ from, to }) => {
    const key = keyNodes.get(from);
    return key ? [{ offset: key.offset, length: key.length, content: JSON.stringify(to) }] : [];
  });
  return { text: applyTextEdits(text, edits), moved: edits.length };
}

/**
 * An English file's text with its entries moved from old keys to the keys of `texts` (the current
 * texts of a document, each with its old key), and how many moved. A text that is no JSON object
 * stays as it is.
 */
export function moveEnglishKeys(english: string, texts: TextAt[]): { text: string; moved: number } {
  if (!tree(english)) return { text: english, moved: 0 };
  const file = JSON.parse(english) as unknown;
  if (typeof file !== 'object' || file === null || Array.isArray(file)) return { text: english, moved: 0 };
  return renameKeys(english, entryMoves(texts, file as TranslationFile));
}

/**
 * Writes the missing ids of a flow's parts into its text and moves its English from old keys to
 * new ones. Texts that are no valid JSON are given back as they are (the check reports them).
 */
export function fixFlowTexts(texts: FlowTexts, options: FlowTextOptions = {}): FixedFlowTexts {
  const { text: document, ids } = writeIds(texts.document);
  if (texts.english === undefined || !tree(document)) return { ...texts, document, ids, moved: 0 };
  const { text: english, moved } = moveEnglishKeys(texts.english, flowTexts(withPartIds(JSON.parse(document) as unknown), options));
  return { document, english, ids, moved };
}
