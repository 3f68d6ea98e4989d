/**
 * The little markup a text of a content block (a paragraph, a list item, an alert's text) and a
 * reference-data text may hold: bold (`<strong>…</strong>`), emphasis (`<em>…</em>`) and a link
 * (`<a href="…">…</a>`, only to an address {@link isAllowedAddress} accepts). Nothing else is
 * markup: any other `<…>` is text, and a link to another address is its text without the link. The
 * texts stay strings, so a translation carries the markup with its words (a link moves with them).
 * Pure; the renderer, the printed form, the pipeline's check and the back office's editor share it.
 */
import { isAllowedAddress } from './linkAddress';

/** A piece of inline text: plain text, or bold, emphasised or linked pieces. */
export type InlinePart =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; parts: InlinePart[] }
  | { kind: 'em'; parts: InlinePart[] }
  | { kind: 'link'; href: string; parts: InlinePart[] };

const TAG = /<(\/?)(strong|em)>|<a href="([^"<>]*)">|<\/a>/g;

type Open = { kind: 'strong' | 'em' | 'link'; href?: string; parts: InlinePart[] };

/** The parts of a text with markup; a tag that is not closed is left out, its text kept. */
export function parseInline(text: string): InlinePart[] {
  const root: InlinePart[] = [];
  const stack: Open[] = [];
  const into = () => (stack.length > 0 ? stack[stack.length - 1].parts : root);
  const pushText = (value: string) => {
    if (value === '') return;
    const target = into();
    const last = target.at(-1);
    if (last?.kind === 'text') last.text += value;
    else target.push({ kind: 'text', text: value });
  };
  const close = (open: Open) => {
    const part: InlinePart =
      open.kind === 'link'
        ? { kind: 'link', href: open.href ?? '', parts: open.parts }
        : open.kind === 'strong'
          ? { kind: 'strong', parts: open.parts }
          : { kind: 'em', parts: open.parts };
    into().push(part);
  };
  // An unclosed element gives its parts to the one around it.
  const unwrap = (open: Open) => open.parts.forEach((part) => (part.kind === 'text' ? pushText(part.text) : into().push(part)));
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    pushText(text.slice(last, match.index));
    last = match.index + match[0].length;
    const [whole, closing, tag, href] = match;
    if (href !== undefined) {
      // No link within a link.
      if (stack.some((open) => open.kind === 'link')) pushText(whole);
      else stack.push({ kind: 'link', href, parts: [] });
      continue;
    }
    const kind = whole === '</a>' ? 'link' : (tag as 'strong' | 'em');
    if (!closing && whole !== '</a>') {
      stack.push({ kind, parts: [] });
      continue;
    }
    const at = stack.map((open) => open.kind).lastIndexOf(kind);
    if (at === -1) {
      pushText(whole);
      continue;
    }
    while (stack.length - 1 > at) unwrap(stack.pop()!);
    close(stack.pop()!);
  }
  pushText(text.slice(last));
  while (stack.length > 0) unwrap(stack.pop()!);
  return root;
}

/** The text of parts without markup; a link is its text followed by its address in brackets. */
function plainOf(parts: InlinePart[]): string {
  return parts
    .map((part) => {
      if (part.kind === 'text') return part.text;
      const inner = plainOf(part.parts);
      if (part.kind !== 'link' || !isAllowedAddress(part.href) || inner.trim() === part.href) return inner;
      return `${inner} (${part.href.replace(/^mailto:/i, '')})`;
    })
    .join('');
}

/** A text with markup as plain text (for paper): 'Lees <a href="https://x.nl">dit</a>' -> 'Lees dit (https://x.nl)'. */
export function plainText(text: string): string {
  return text.includes('<') ? plainOf(parseInline(text)) : text;
}

/** The addresses of the links in a text, in order (also those that are not allowed). */
export function linkAddresses(text: string): string[] {
  const found: string[] = [];
  const visit = (parts: InlinePart[]) =>
    parts.forEach((part) => {
      if (part.kind === 'link') found.push(part.href);
      if (part.kind !== 'text') visit(part.parts);
    });
  if (text.includes('<a ')) visit(parseInline(text));
  return found;
}
