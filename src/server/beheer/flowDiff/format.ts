/** How values appear in a sentence: quoted and cut short, yes/no, bytes, the part of a long text that changed. */
import { nameOf } from './values';

export const capital = (sentence: string): string => sentence.charAt(0).toUpperCase() + sentence.slice(1);

const MAX = 80;

/** A text cut at about 80 characters with '…'. */
function clip(value: string, max = MAX): string {
  return value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value;
}

export const quote = (value: string): string => `‘${clip(value)}’`;

/** A value as a sentence shows it: texts quoted, numbers as they are, yes/no, lists of texts joined. */
export function show(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'ja' : 'nee';
  if (value === null || value === undefined) return 'leeg';
  if (Array.isArray(value) && value.every((item) => ['string', 'number', 'boolean'].includes(typeof item))) return quote(value.map(String).join(', '));
  return clip(JSON.stringify(value));
}

/** A value as the generic sentence shows it: short JSON (a text quoted). */
export function shortJson(value: unknown): string {
  return typeof value === 'string' ? quote(value) : clip(JSON.stringify(value) ?? 'null');
}

/**
 * Two versions of a text as a sentence shows them: whole when short, else the part that differs
 * with some words around it ('…' where something is left out).
 */
export function textPair(before: string, after: string): [string, string] {
  if (before.length <= MAX && after.length <= MAX) return [quote(before), quote(after)];
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end += 1;
  const context = 24;
  const space = before.lastIndexOf(' ', Math.max(0, start - context));
  const from = start - context <= 0 || space < 0 ? 0 : space + 1;
  const cut = (value: string): string => {
    const tail = value.length - end + context;
    const next = value.indexOf(' ', tail);
    const to = tail >= value.length || next < 0 ? value.length : next;
    const piece = `${from > 0 ? '…' : ''}${value.slice(from, to)}${to < value.length ? '…' : ''}`;
    return `‘${clip(piece, MAX + 2)}’`;
  };
  return [cut(before), cut(after)];
}

/** A number of bytes as people read it. */
export function bytes(value: unknown): string {
  if (typeof value !== 'number') return show(value);
  const mb = 1024 * 1024;
  if (value >= mb) return `${String(Math.round((value / mb) * 10) / 10).replace('.', ',')} MB`;
  if (value >= 1024) return `${String(Math.round((value / 1024) * 10) / 10).replace('.', ',')} kB`;
  return `${value} bytes`;
}

/** Shows a value through a table of names (a text not in the table as it is; anything else as `show` does). */
export const named =
  (names: Readonly<Record<string, string>>) =>
  (value: unknown): string =>
    typeof value === 'string'
      ? quote(nameOf(names, value) ?? value)
      : Array.isArray(value) && value.every((item) => typeof item === 'string')
        ? quote(value.map((item: string) => nameOf(names, item) ?? item).join(', '))
        : show(value);
