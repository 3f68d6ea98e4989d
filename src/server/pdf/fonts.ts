import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Embedded fonts: DejaVu Sans (regular + bold) from the `dejavu-fonts-ttf` package.
 * DejaVu covers Latin Extended (Łukasz Żółć, Zoë, Ñuñez, …), so names print and
 * extract correctly (pdfkit writes a ToUnicode map for embedded fonts).
 *
 * Loading cost: the TTF files are read once per process. In addition we parse
 * them once with fontkit (pdfkit's own font engine; pdfkit accepts an already
 * parsed fontkit font in `registerFont`). Re-parsing a raw buffer per document
 * costs ~40 ms, the parsed font is shared by all documents (pdfkit creates its
 * own subset per document, so sharing is safe).
 */

export const FONT_REGULAR = 'DejaVuSans';
export const FONT_BOLD = 'DejaVuSans-Bold';
export type FontName = typeof FONT_REGULAR | typeof FONT_BOLD;

/** Vertical metrics of DejaVu Sans (hhea ascent 1901, descent -483, 2048 units/em). */
export const FONT_ASCENT = 1901 / 2048;
export const FONT_DESCENT = 483 / 2048;

/** What pdfkit's `registerFont` accepts: a raw TTF buffer or a parsed fontkit font. */
type FontSource = Buffer | FontkitFont;

export interface LoadedFonts {
  regular: FontSource;
  bold: FontSource;
}

let cached: LoadedFonts | undefined;

const require = createRequire(import.meta.url);

/** Directory with the DejaVu TTF files. */
export function dejavuDir(): string {
  return join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

interface FontkitFont {
  layout(...args: unknown[]): unknown;
  characterSet?: number[];
  glyphForCodePoint?(codePoint: number): unknown;
}

interface Fontkit {
  create(buffer: Uint8Array, postscriptName?: string): FontkitFont;
}

/** fontkit as pdfkit itself resolves it (it is pdfkit's dependency, not ours). */
function loadFontkit(): Fontkit | undefined {
  try {
    const fromPdfkit = createRequire(require.resolve('pdfkit'));
    const fk = fromPdfkit('fontkit') as Partial<Fontkit>;
    return typeof fk.create === 'function' ? (fk as Fontkit) : undefined;
  } catch {
    return undefined;
  }
}

function parse(fontkit: Fontkit | undefined, buffer: Buffer): FontSource {
  if (!fontkit) return buffer;
  try {
    const font = fontkit.create(buffer);
    if (typeof font?.layout !== 'function') return buffer;
    primeGlyphs(font);
    return withSharedLayoutCache(font);
  } catch {
    return buffer;
  }
}

/**
 * Create fontkit's glyph objects for every mapped character up front (~30 ms once).
 *
 * fontkit caches glyph objects per font, together with the code points they were
 * first created for, and pdfkit builds the ToUnicode map from those code points.
 * When the parsed font is shared between documents, a glyph can first be created
 * *without* code points: subsetting a composite glyph such as 'ć' pulls in its
 * component 'c' by glyph id. A later document that prints a plain 'c' would then
 * get a glyph without Unicode mapping and the letter would vanish from the text
 * layer (copy/paste, search, screen readers). Creating all glyphs through the cmap
 * first gives each of them its code point.
 */
function primeGlyphs(font: FontkitFont): void {
  const codePoints = font.characterSet;
  if (!Array.isArray(codePoints) || typeof font.glyphForCodePoint !== 'function') return;
  for (const codePoint of codePoints) {
    // Skip presentation forms (ligatures such as U+FB01 'ﬁ', Arabic contextual forms):
    // those glyphs are produced by shaping and must keep the code points they were shaped
    // from, so that 'definitief' extracts as 'fi', not as the ligature character.
    if ((codePoint >= 0xfb00 && codePoint <= 0xfdff) || (codePoint >= 0xfe70 && codePoint <= 0xfeff)) continue;
    font.glyphForCodePoint(codePoint);
  }
}

const LAYOUT_CACHE_LIMIT = 10_000;

/** A copy of a fontkit GlyphRun that shares the (immutable) glyphs but has its own positions. */
function cloneRun(run: unknown): unknown {
  if (!run || typeof run !== 'object' || !Array.isArray((run as { positions?: unknown }).positions)) return run;
  const source = run as { positions: object[]; glyphs?: unknown };
  const copy = Object.assign(Object.create(Object.getPrototypeOf(source)) as object, source) as {
    positions: object[];
    glyphs?: unknown;
  };
  copy.positions = source.positions.map((p) => Object.assign(Object.create(Object.getPrototypeOf(p)) as object, p));
  if (Array.isArray(source.glyphs)) copy.glyphs = source.glyphs.slice();
  return copy;
}

/**
 * Shaping a word with fontkit (GSUB/GPOS lookups) is the most expensive part of
 * rendering; pdfkit caches it only per document. This proxy memoises
 * `layout(text)` for all documents. pdfkit scales the positions of a run in
 * place, so every call gets a copy with fresh positions; the cached run stays
 * untouched. Calls with explicit features, script or direction are not cached.
 */
function withSharedLayoutCache(font: FontkitFont): FontkitFont {
  const cache = new Map<string, unknown>();
  const layout = (text: unknown, ...rest: unknown[]): unknown => {
    if (typeof text !== 'string' || rest.some((arg) => arg !== undefined)) return font.layout(text, ...rest);
    let run = cache.get(text);
    if (run === undefined) {
      run = font.layout(text);
      if (cache.size >= LAYOUT_CACHE_LIMIT) cache.clear();
      cache.set(text, run);
    }
    return cloneRun(run);
  };
  return new Proxy(font, {
    get: (target, prop) => (prop === 'layout' ? layout : Reflect.get(target, prop, target)),
  });
}

/** Fonts, read and parsed on first use and cached for the lifetime of the process. */
export function loadFonts(): LoadedFonts {
  if (!cached) {
    const dir = dejavuDir();
    const fontkit = loadFontkit();
    cached = {
      regular: parse(fontkit, readFileSync(join(dir, 'DejaVuSans.ttf'))),
      bold: parse(fontkit, readFileSync(join(dir, 'DejaVuSans-Bold.ttf'))),
    };
  }
  return cached;
}

/** Register the embedded fonts on a document under FONT_REGULAR / FONT_BOLD. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  const fonts = loadFonts();
  // pdfkit (since 0.20) accepts parsed fontkit fonts; @types/pdfkit only lists buffers/paths.
  doc.registerFont(FONT_REGULAR, fonts.regular as PDFKit.Mixins.PDFFontSource);
  doc.registerFont(FONT_BOLD, fonts.bold as PDFKit.Mixins.PDFFontSource);
}

/**
 * Advance widths of words per 1 pt of font size, shared by all documents: wrapping
 * measures every word, and without this cache each document would shape every word
 * again with fontkit. Bounded, since the words come from user input.
 */
const WIDTH_CACHE_LIMIT = 50_000;
const widthCache: Record<FontName, Map<string, number>> = {
  [FONT_REGULAR]: new Map(),
  [FONT_BOLD]: new Map(),
};

/**
 * Width of `text` in points. On a cache miss the text is measured with pdfkit as
 * `text + ' '` minus a space: pdfkit lays out and caches text per word *including*
 * its trailing space, which is exactly how the word is drawn later, so the miss
 * costs no extra shaping.
 */
export function textWidth(doc: PDFKit.PDFDocument, font: FontName, size: number, text: string): number {
  const cache = widthCache[font];
  let perPoint = cache.get(text);
  if (perPoint === undefined) {
    doc.font(font).fontSize(1000);
    perPoint = (doc.widthOfString(`${text} `) - doc.widthOfString(' ')) / 1000;
    if (cache.size >= WIDTH_CACHE_LIMIT) cache.clear();
    cache.set(text, perPoint);
  }
  return perPoint * size;
}

/**
 * Load and parse the fonts now (~60 ms) instead of during the first render, e.g. at
 * server start-up. Optional: renderPdf loads them on first use.
 */
export function preloadPdfFonts(): void {
  loadFonts();
}
