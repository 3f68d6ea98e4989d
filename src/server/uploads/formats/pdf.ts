/**
 * Whether a file parses as a PDF as a reader finds it — from its end: `%PDF-1.x` (or 2.0) at the
 * start; at the end `startxref`, its offset and `%%EOF`, with only whitespace after; the offset
 * pointing at a cross-reference table whose `trailer` dictionary (with /Root) is followed directly
 * by that `startxref`, or at a cross-reference stream object (/Type /XRef, /Root, a direct /Length)
 * that ends directly before it. So nothing can trail the document — an archive, a page, a script —
 * and nothing can sit between its last cross-reference section and its end.
 */
import { FileBytes, Malformed } from './fileBytes';

/** PDF white-space characters (ISO 32000 §7.2.3). */
const WS = '[\\0\\t\\n\\f\\r ]';
const HEADER = /^%PDF-(?:1\.[0-7]|2\.0)[\r\n]/;
const TAIL = new RegExp(`startxref${WS}+(\\d{1,12})${WS}+%%EOF${WS}*$`);
/** Bytes read around the end and at the cross-reference section; a trailer larger than this is refused. */
const TAIL_BYTES = 2048;
const SECTION_BYTES = 64 * 1024;

function latin1(bytes: Buffer): string {
  return bytes.toString('latin1');
}

function isWhitespace(char: string | undefined): boolean {
  return char !== undefined && '\0\t\n\f\r '.includes(char);
}

/** Where the dictionary opening at `from` ('<<') ends (just after its '>>'), skipping strings; -1 when it does not. */
function dictionaryEnd(text: string, from: number): number {
  let depth = 0;
  for (let index = from; index < text.length; index++) {
    const char = text[index];
    if (char === '(') {
      // A literal string: balanced parentheses, backslash escapes.
      let nesting = 1;
      for (index++; index < text.length && nesting > 0; index++) {
        if (text[index] === '\\') index++;
        else if (text[index] === '(') nesting++;
        else if (text[index] === ')') nesting--;
      }
      index--;
    } else if (char === '<' && text[index + 1] === '<') {
      depth++;
      index++;
    } else if (char === '>' && text[index + 1] === '>') {
      depth--;
      index++;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}

/** The position of the first `needle` from `from` up to `before`, read in pieces; -1 when absent. */
async function find(bytes: FileBytes, needle: string, from: number, before: number): Promise<number> {
  const overlap = needle.length - 1;
  for (let at = from; at < before; at += SECTION_BYTES - overlap) {
    const piece = latin1(await bytes.at(at, Math.min(SECTION_BYTES, before - at)));
    const found = piece.indexOf(needle);
    if (found >= 0) return at + found;
    if (at + piece.length >= before) break;
  }
  return -1;
}

/** A cross-reference table at `offset`: its `trailer` dictionary must hold /Root and end right before `startxref`. */
async function checkTable(bytes: FileBytes, offset: number, startxrefAt: number): Promise<void> {
  const trailerAt = await find(bytes, 'trailer', offset, startxrefAt);
  if (trailerAt < 0 || startxrefAt - trailerAt > SECTION_BYTES) throw new Malformed('no trailer');
  const text = latin1(await bytes.at(trailerAt, startxrefAt - trailerAt));
  let open = 'trailer'.length;
  while (isWhitespace(text[open])) open++;
  if (!text.startsWith('<<', open)) throw new Malformed('trailer without dictionary');
  const end = dictionaryEnd(text, open);
  if (end < 0 || !/\/Root\b/.test(text.slice(open, end))) throw new Malformed('trailer without /Root');
  if (!/^[\0\t\n\f\r ]*$/.test(text.slice(end))) throw new Malformed('bytes between trailer and startxref');
}

/** A cross-reference stream object at `offset`: /Type /XRef, /Root, and its end right before `startxref`. */
async function checkStream(bytes: FileBytes, offset: number, startxrefAt: number, head: string): Promise<void> {
  const opening = new RegExp(`^\\d+${WS}+\\d+${WS}+obj${WS}*`).exec(head);
  if (!opening) throw new Malformed('no object at startxref');
  const dictEnd = dictionaryEnd(head, opening[0].length);
  if (dictEnd < 0) throw new Malformed('cross-reference stream dictionary too long');
  const dictionary = head.slice(opening[0].length, dictEnd);
  if (!/\/Type\s*\/XRef\b/.test(dictionary) || !/\/Root\b/.test(dictionary)) throw new Malformed('not a cross-reference stream');
  const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)\b/.exec(dictionary);
  if (!length) throw new Malformed('cross-reference stream without a direct /Length');
  const keyword = new RegExp(`^${WS}*stream(?:\\r\\n|\\n)`).exec(head.slice(dictEnd));
  if (!keyword) throw new Malformed('no stream keyword');
  const dataEnd = offset + dictEnd + keyword[0].length + Number(length[1]);
  if (dataEnd > startxrefAt) throw new Malformed('stream runs past startxref');
  const rest = latin1(await bytes.at(dataEnd, startxrefAt - dataEnd));
  if (!new RegExp(`^${WS}*endstream${WS}+endobj${WS}*$`).test(rest)) throw new Malformed('bytes between the cross-reference stream and startxref');
}

export async function checkPdf(bytes: FileBytes): Promise<void> {
  if (!HEADER.test(latin1(await bytes.at(0, Math.min(16, bytes.size))))) throw new Malformed('no PDF header');
  const tailStart = Math.max(0, bytes.size - TAIL_BYTES);
  const tail = latin1(await bytes.at(tailStart, bytes.size - tailStart));
  const match = TAIL.exec(tail);
  if (!match) throw new Malformed('no startxref and %%EOF at the end');
  // The last startxref (a regexp finds the first that reaches the end; a later one cannot).
  const startxrefAt = tailStart + match.index;
  const offset = Number(match[1]);
  if (offset < 9 || offset >= startxrefAt) throw new Malformed('startxref outside the file');
  const head = latin1(await bytes.at(offset, Math.min(SECTION_BYTES, startxrefAt - offset)));
  if (/^xref[\0\t\n\f\r ]/.test(head)) return checkTable(bytes, offset, startxrefAt);
  return checkStream(bytes, offset, startxrefAt, head);
}
