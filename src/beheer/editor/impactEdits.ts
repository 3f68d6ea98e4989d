/**
 * The edits of a removal or a rename (src/shared/usage) written into the texts the editor holds: the
 * flow document by `jsonc-parser`'s edits, so what they do not touch stays exactly as written, and
 * the English texts, which follow the document's texts to their new keys (or go with them).
 */
import { applyEdits as applyTextEdits, findNodeAtLocation, modify, parse, parseTree, type JSONPath, type ParseError } from 'jsonc-parser';
import { englishFollowingTexts, englishTextAfter } from '../../shared/usage/english';
import { orderEdits } from '../../shared/usage/edits';
import { renameEdits } from '../../shared/usage/rename';
import type { Edit, Usage } from '../../shared/usage/types';

type Json = Record<string, unknown>;

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

function parsed(text: string): Json | undefined {
  const errors: ParseError[] = [];
  const value = parse(text, errors) as unknown;
  return errors.length === 0 && typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

const isEmpty = (node: ReturnType<typeof findNodeAtLocation>) =>
  node !== undefined && (node.type === 'object' || node.type === 'array') && (node.children?.length ?? 0) === 0;

/** Writes one edit into the text; an edit whose place is not there (any more) changes nothing. */
function writeEdit(text: string, edit: Edit): string {
  const tree = parseTree(text);
  const node = tree && findNodeAtLocation(tree, edit.path as JSONPath);
  if (edit.op === 'set') return applyTextEdits(text, modify(text, edit.path as JSONPath, edit.value, FORMAT));
  if (!node) return text;
  if (edit.op === 'rename') {
    const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
    if (!key) return text;
    return `${text.slice(0, key.offset)}${JSON.stringify(edit.to)}${text.slice(key.offset + key.length)}`;
  }
  const next = applyTextEdits(text, modify(text, edit.path as JSONPath, undefined, FORMAT));
  if (!edit.prune || edit.path.length < 2) return next;
  const parentPath = edit.path.slice(0, -1) as JSONPath;
  const after = parseTree(next);
  return isEmpty(after && findNodeAtLocation(after, parentPath)) ? applyTextEdits(next, modify(next, parentPath, undefined, FORMAT)) : next;
}

/** The document's text with the edits applied (in the order that keeps every path right). */
export function editText(text: string, edits: readonly Edit[]): string {
  return orderEdits(edits).reduce(writeEdit, text);
}

/** Both texts after `edits`: the document, and its English with every entry on its text's new key. */
export function editTexts(texts: { document: string; english: string }, edits: readonly Edit[]): { document: string; english: string } {
  const document = parsed(texts.document);
  if (!document) return texts;
  return { document: editText(texts.document, edits), english: englishTextAfter(document, edits, texts.english) };
}

/**
 * Both texts after a change of the document made as text (`change`, e.g. the choices editor
 * writing a list without one choice): the English follows its Dutch texts.
 */
export function changeTexts(texts: { document: string; english: string }, change: (document: string) => string): { document: string; english: string } {
  const document = change(texts.document);
  const [before, after] = [parsed(texts.document), parsed(document)];
  const english = texts.english.trim() === '' ? undefined : parsed(texts.english);
  if (!before || !after || !english) return { document, english: texts.english };
  const outcome = englishFollowingTexts(before, after, english);
  return { document, english: outcome.removed === 0 && outcome.moved === 0 ? texts.english : `${JSON.stringify(outcome.english, null, 2)}\n` };
}

/** The edits a removal makes: the target's own and those of the uses chosen to go along. */
export function chosenEdits(usage: Usage, chosen: ReadonlySet<string>): Edit[] {
  return [...usage.edits, ...usage.uses.filter((use) => chosen.has(use.id)).flatMap((use) => use.edits)];
}

/** Both texts with the field renamed everywhere (see src/shared/usage/rename.ts). */
export function renameInTexts(texts: { document: string; english: string }, step: number, key: string, to: string): { document: string; english: string } {
  const document = parsed(texts.document);
  return document ? editTexts(texts, renameEdits(document, step, key, to)) : texts;
}
