/**
 * Text normalisation and line wrapping.
 *
 * The renderer wraps text itself (instead of letting pdfkit wrap and break pages)
 * so it knows the exact height of every block before drawing it: that is what
 * makes "keep this row / this signature block together" possible.
 */

/** Width of a string in points, in the currently selected font and size. */
export type Measure = (text: string) => number;

// C0/C1 control characters except \n (tabs are turned into spaces first).
// eslint-disable-next-line no-control-regex -- control characters are what this strips from printed text
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u00AD\u200B\uFEFF]/g;

/** Normalise line endings, tabs, control characters, soft hyphens and zero-width spaces. */
export function normalizeText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(CONTROL, '');
}

/** Characters after which a word that is too long for its column may be broken. */
const SOFT_BREAK_AFTER = new Set(['-', '/', '\\', '_', '.', ',', ';', ':', '@', '=', '&', '?', '+', ')', ']']);

/**
 * Break a single word that is wider than `width` into pieces that fit, preferring
 * positions after punctuation (file names, URLs, e-mail addresses).
 */
export function breakWord(word: string, width: number, measure: Measure): string[] {
  const chars = Array.from(word);
  const widths = chars.map((c) => measure(c));
  const pieces: string[] = [];
  let start = 0;
  let used = 0;
  let lastBreak = -1; // index *after* which we may break
  for (let i = 0; i < chars.length; i++) {
    if (used + widths[i] > width && i > start) {
      const cut = lastBreak >= start && lastBreak < i ? lastBreak + 1 : i;
      pieces.push(chars.slice(start, cut).join(''));
      start = cut;
      used = 0;
      for (let j = start; j < i; j++) used += widths[j];
      lastBreak = -1;
    }
    used += widths[i];
    if (SOFT_BREAK_AFTER.has(chars[i])) lastBreak = i;
  }
  if (start < chars.length) pieces.push(chars.slice(start).join(''));
  return pieces;
}

/**
 * Greedy line wrapping. Explicit newlines are kept (an empty line stays empty),
 * runs of spaces collapse, words wider than the column are broken. Lines that end
 * at a word boundary carry one trailing space (so extracted text keeps its word breaks); callers that measure a
 * line should not care, since the lines are drawn left-aligned.
 */
export function wrapText(text: string, width: number, measure: Measure): string[] {
  const out: string[] = [];
  const space = measure(' ');
  const limit = width + 0.01;
  const paragraphs = normalizeText(text).split('\n');
  paragraphs.forEach((paragraph, p) => {
    const words = paragraph.split(/ +/).filter((w) => w.length > 0);
    if (words.length === 0) {
      out.push('');
      return;
    }
    let line = '';
    let lineWidth = 0;
    for (const word of words) {
      const w = measure(word);
      if (line && lineWidth + space + w <= limit) {
        line += ` ${word}`;
        lineWidth += space + w;
        continue;
      }
      // A line broken at a space keeps that space (invisible at the end of the line), so
      // that text extracted from the structure tree does not glue the words together.
      if (line) out.push(`${line} `);
      if (w <= limit) {
        line = word;
        lineWidth = w;
        continue;
      }
      const pieces = breakWord(word, width, measure);
      out.push(...pieces.slice(0, -1));
      line = pieces[pieces.length - 1];
      lineWidth = measure(line);
    }
    if (line) out.push(p < paragraphs.length - 1 ? `${line} ` : line);
  });
  return out;
}

/** Replace `{page}` and `{pages}` placeholders. */
export function fillPagePlaceholders(template: string, page: number, pages: number): string {
  return template.replace(/\{page\}/g, String(page)).replace(/\{pages\}/g, String(pages));
}
