/**
 * Renders a PdfDocumentModel into a tagged (accessible) A4 PDF.
 *
 * Layout model: the renderer wraps all text itself and lays it out on a baseline
 * grid, so the height of each unit (a row, a list item, the signature block) is
 * known before anything is drawn. Page breaks are therefore decided up front and
 * only ever fall between lines, never inside one, and never inside an open
 * marked-content sequence.
 *
 * Structure tree:
 *   Document
 *     P (letterhead: register name)
 *     H1 (title), P (subtitle)
 *     Table > TR > TH (scope Row) + TD            meta rows
 *     Sect (one per H2)
 *       H2, H3, P, L > LI > Lbl + LBody,
 *       Table > TR > TH + TD (TD > L > LI for multi-line values)
 *       Div (per signer) > H3 + P (field labels)   signature block
 *   Rules, bars, row separators, writing lines, the signature box, the running
 *   header and the footer are Artifacts.
 */
import PDFDocument from 'pdfkit';
import { FONT_ASCENT, FONT_BOLD, FONT_DESCENT, FONT_REGULAR, registerFonts, textWidth } from './fonts.js';
import { LABELS, type RendererLabels } from './labels.js';
import type { PdfBlock, PdfDocumentModel, PdfRow, PdfSigner } from './model.js';
import {
  COLORS,
  COLUMN_GAP,
  CONTENT_BOTTOM,
  CONTENT_LEFT,
  CONTENT_RIGHT,
  CONTENT_TOP,
  CONTENT_WIDTH,
  LABEL_COLUMN,
  MARGIN_BOTTOM,
  MARGIN_LEFT,
  MARGIN_RIGHT,
  MARGIN_TOP,
  PAGE_HEIGHT,
  SPACING,
  STYLES,
  type TextStyle,
} from './theme.js';
import { fillPagePlaceholders, normalizeText, wrapText } from './wrap.js';

type StructElement = PDFKit.PDFStructureElement;
type Doc = PDFKit.PDFDocument;

/** A structure element that receives marked content; `tag` is its structure type. */
interface Owner {
  el: StructElement;
  tag: string;
}

/** One line of text of one owner at a given x position. */
interface Cell {
  owner: Owner;
  text: string;
  x: number;
  style: TextStyle;
}

/** All cells sharing one baseline. */
type GridLine = Cell[];

/** The wrapped lines of one signer's role and printed name. */
interface SignerLayout {
  role: string[];
  roleLang?: string;
  name: string[];
}

interface FlowOptions {
  leading: number;
  padTop: number;
  padBottom: number;
  /** Move the whole grid to the next page when it does not fit but would fit on an empty page. */
  keepTogether: boolean;
  /** Minimum number of lines at the bottom / top of a page when the grid is split. */
  minLines: number;
  /** Called after every drawn chunk with its vertical extent (for separators etc.). */
  afterChunk?: (top: number, bottom: number, chunk: number) => void;
  /** Called before a continuation chunk is drawn on a new page. */
  beforeContinuation?: (top: number, chunk: number) => void;
}

const PAGE_CONTENT_HEIGHT = CONTENT_BOTTOM - CONTENT_TOP;
/** A block up to this height stays on one page with its heading (a 'Versturen' list, an address group). */
const KEEP_WHOLE_MAX = PAGE_CONTENT_HEIGHT / 3;

/** Offset from the top of a line box of height `leading` to the baseline of `size`-pt text. */
function baselineOffset(leading: number, size: number): number {
  return (leading - (FONT_ASCENT + FONT_DESCENT) * size) / 2 + FONT_ASCENT * size;
}

/** Text for single-line places (metadata, running header, footer). */
function oneLine(text: string): string {
  return normalizeText(text).replace(/\s+/g, ' ').trim();
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * pdfkit writes the document info (Title, Author, ...) into the XMP metadata stream
 * without XML escaping, so a title such as 'Aanvraag A & B' would make the XMP
 * malformed. Escape those values where pdfkit's XMP template puts them (as element
 * text); the Info dictionary itself keeps the plain text.
 */
function escapeXmpInfo(doc: Doc, values: string[]): void {
  const unsafe = values.filter((v) => /[&<>]/.test(v));
  if (unsafe.length === 0) return;
  const append = doc.appendXML.bind(doc);
  doc.appendXML = (xml: string, newLine?: boolean) => {
    let escaped = xml;
    for (const value of unsafe) escaped = escaped.split(`>${value}<`).join(`>${escapeXml(value)}<`);
    append(escaped, newLine);
  };
}

class Renderer {
  readonly doc: Doc;
  private readonly labels: RendererLabels;
  private readonly root: StructElement;
  /** Current container: the Document or the current H2 section. */
  private container: StructElement;
  private section: StructElement | undefined;
  private y = CONTENT_TOP;
  private lastHeadingLevel: 2 | 3 | undefined;
  /** Whether anything has been placed on the current page yet. */
  private pageHasContent = false;

  constructor(private readonly model: PdfDocumentModel) {
    this.labels = LABELS[model.lang] ?? LABELS.nl;
    const info = {
      Title: oneLine(model.metaTitle ?? model.title),
      Author: oneLine(model.registerName),
      Subject: oneLine(model.subtitle ?? model.title),
      Creator: oneLine(this.labels.creator(model.registerName)),
    };
    this.doc = new PDFDocument({
      size: 'A4',
      pdfVersion: '1.7',
      tagged: true,
      lang: this.labels.pdfLang,
      displayTitle: true,
      bufferPages: true,
      autoFirstPage: true,
      // No default font: pdfkit would otherwise build Helvetica's AFM metrics (~1 ms and a lot
      // of garbage) for every document; we select DejaVu right after registering it.
      font: '',
      margins: { top: MARGIN_TOP, bottom: MARGIN_BOTTOM, left: MARGIN_LEFT, right: MARGIN_RIGHT },
      info,
    });
    escapeXmpInfo(this.doc, Object.values(info));
    registerFonts(this.doc);
    this.doc.font(FONT_REGULAR);
    this.root = this.doc.struct('Document');
    this.doc.addStructure(this.root);
    this.container = this.root;
  }

  render(): void {
    this.letterhead();
    this.titleBlock();
    this.model.blocks.forEach((block, i) => this.block(block, this.model.blocks[i + 1], this.model.blocks[i + 2]));
    this.closeSection();
    this.root.end();
    this.footers();
  }

  // ---------------------------------------------------------------------------
  // Primitives

  private useStyle(style: TextStyle): void {
    this.doc.font(style.bold ? FONT_BOLD : FONT_REGULAR).fontSize(style.size);
  }

  private wrap(text: string, width: number, style: TextStyle): string[] {
    const font = style.bold ? FONT_BOLD : FONT_REGULAR;
    return wrapText(text, width, (s) => textWidth(this.doc, font, style.size, s));
  }

  private width(text: string, style: TextStyle): number {
    return textWidth(this.doc, style.bold ? FONT_BOLD : FONT_REGULAR, style.size, text);
  }

  private drawText(text: string, x: number, baseline: number, style: TextStyle): void {
    this.useStyle(style);
    this.doc.fillColor(style.color).text(text, x, baseline, { lineBreak: false, baseline: 'alphabetic' });
  }

  /** A structure element under `parent`; `lang` tags a text in another language than the document's. */
  private struct(tag: string, parent: StructElement, options?: Record<string, unknown>, lang?: string): Owner {
    if (lang) options = { ...options, lang };
    const el = this.doc.struct(tag, (options ?? {}) as PDFKit.Mixins.StructureElementOptions);
    parent.add(el);
    return { el, tag };
  }

  /** Draw decorative or pagination content as an Artifact (ignored by assistive technology). */
  private artifact(draw: () => void, type: 'Layout' | 'Pagination' = 'Layout', attached?: 'Top' | 'Bottom'): void {
    this.doc.markContent('Artifact', attached ? { type, attached: [attached] } : { type });
    this.doc.save();
    draw();
    this.doc.restore();
    this.doc.endMarkedContent();
  }

  private hline(x1: number, x2: number, y: number, color: string, width: number): void {
    this.artifact(() => {
      this.doc.lineWidth(width).strokeColor(color).moveTo(x1, y).lineTo(x2, y).stroke();
    });
  }

  private get remaining(): number {
    return CONTENT_BOTTOM - this.y;
  }

  private newPage(): void {
    this.doc.addPage();
    this.y = CONTENT_TOP;
    this.pageHasContent = false;
    this.runningHeader();
  }

  /** Start a new page unless `height` still fits (or we are already at the top of a page). */
  private ensure(height: number): void {
    if (height > this.remaining && this.pageHasContent) this.newPage();
  }

  /** Vertical space that disappears at the top of a page. */
  private space(amount: number): void {
    if (this.pageHasContent) this.y += amount;
  }

  /**
   * Draw lines [from, to) of a grid with its first line box at `top`. Marked content
   * is grouped per owner, in order of first appearance (= reading order).
   */
  private drawGrid(lines: GridLine[], from: number, to: number, top: number, leading: number): void {
    const groups = new Map<Owner, { cell: Cell; baseline: number }[]>();
    for (let i = from; i < to; i++) {
      const line = lines[i];
      if (line.length === 0) continue;
      const size = Math.max(...line.map((c) => c.style.size));
      const baseline = top + (i - from) * leading + baselineOffset(leading, size);
      for (const cell of line) {
        if (!cell.text) continue;
        let group = groups.get(cell.owner);
        if (!group) groups.set(cell.owner, (group = []));
        group.push({ cell, baseline });
      }
    }
    for (const [owner, cells] of groups) {
      const content = this.doc.markStructureContent(owner.tag);
      for (const { cell, baseline } of cells) this.drawText(cell.text, cell.x, baseline, cell.style);
      this.doc.endMarkedContent();
      owner.el.add(content);
    }
    this.pageHasContent = true;
  }

  /** Lay out a grid of lines, breaking pages between lines only. */
  private flow(lines: GridLine[], o: FlowOptions): void {
    const n = lines.length;
    if (n === 0) return;
    const total = o.padTop + n * o.leading + o.padBottom;
    if (total > this.remaining && this.pageHasContent) {
      const fitsEmptyPage = total <= PAGE_CONTENT_HEIGHT;
      const fitLines = Math.floor((this.remaining - o.padTop - o.padBottom) / o.leading);
      if ((o.keepTogether && fitsEmptyPage) || fitLines < Math.min(o.minLines, n)) this.newPage();
    }
    let from = 0;
    let chunk = 0;
    while (from < n) {
      const left = n - from;
      const fitLines = Math.floor((this.remaining - o.padTop - o.padBottom + 0.01) / o.leading);
      let take = Math.min(left, fitLines);
      if (take < left) {
        // Widow control: leave at least minLines for the next page.
        if (left - take < o.minLines) take = Math.max(left - o.minLines, 0);
        // Orphan control: do not start with fewer than minLines at the bottom of a page.
        if (take < o.minLines && this.pageHasContent) take = 0;
        if (take === 0 && !this.pageHasContent) take = Math.max(1, Math.min(left, fitLines));
      }
      if (take > 0) {
        if (chunk > 0) o.beforeContinuation?.(this.y + o.padTop, chunk);
        const top = this.y;
        this.drawGrid(lines, from, from + take, top + o.padTop, o.leading);
        this.y = top + o.padTop + take * o.leading + o.padBottom;
        o.afterChunk?.(top, this.y, chunk);
        from += take;
        chunk++;
      }
      if (from < n) this.newPage();
    }
  }

  private cells(owner: Owner, lines: string[], x: number, style: TextStyle): GridLine[] {
    return lines.map((text) => [{ owner, text, x, style }]);
  }

  /** Merge column grids line by line (missing lines become empty). */
  private columns(...grids: GridLine[][]): GridLine[] {
    const n = Math.max(...grids.map((g) => g.length));
    return Array.from({ length: n }, (_, i) => grids.flatMap((g) => g[i] ?? []));
  }

  // ---------------------------------------------------------------------------
  // Page furniture

  private letterhead(): void {
    const style = STYLES.letterhead;
    const barHeight = 30;
    const top = CONTENT_TOP - 8;
    this.artifact(() => {
      this.doc.rect(CONTENT_LEFT, top, 6, barHeight).fill(COLORS.bar);
    });
    const owner = this.struct('P', this.container);
    const lines = this.wrap(this.model.registerName, CONTENT_WIDTH - 16, style);
    // Centre the capitals of the first line on the bar (DejaVu cap height is 0.73 em).
    const baseline0 = top + barHeight / 2 + 0.365 * style.size;
    const content = this.doc.markStructureContent('P');
    lines.forEach((line, i) => this.drawText(line, CONTENT_LEFT + 16, baseline0 + i * style.leading, style));
    this.doc.endMarkedContent();
    owner.el.add(content);
    this.y = Math.max(top + barHeight, baseline0 + (lines.length - 1) * style.leading + FONT_DESCENT * style.size);
    this.y += SPACING.afterLetterhead;
    this.pageHasContent = true;
  }

  /** Small register name + title at the top of pages 2 and further. */
  private runningHeader(): void {
    const style = STYLES.running;
    const baseline = CONTENT_TOP - 20;
    this.artifact(
      () => {
        const name = oneLine(this.model.registerName);
        const nameWidth = this.width(name, { ...style, bold: true });
        this.drawText(name, CONTENT_LEFT, baseline, { ...style, bold: true });
        const title = this.fitLine(oneLine(this.model.title), CONTENT_WIDTH - nameWidth - 24, style);
        this.drawText(title, CONTENT_RIGHT - this.width(title, style), baseline, style);
        this.doc
          .lineWidth(0.5)
          .strokeColor(COLORS.separator)
          .moveTo(CONTENT_LEFT, baseline + 6)
          .lineTo(CONTENT_RIGHT, baseline + 6)
          .stroke();
      },
      'Pagination',
      'Top',
    );
  }

  /** Shorten a single line with an ellipsis so that it fits `width`. */
  private fitLine(text: string, width: number, style: TextStyle): string {
    if (this.width(text, style) <= width) return text;
    const chars = Array.from(text);
    let lo = 0;
    let hi = chars.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (this.width(`${chars.slice(0, mid).join('').trimEnd()}…`, style) <= width) lo = mid;
      else hi = mid - 1;
    }
    return `${chars.slice(0, lo).join('').trimEnd()}…`;
  }

  private footers(): void {
    const style = STYLES.footer;
    const { start, count } = this.doc.bufferedPageRange();
    const template = this.model.footer ?? '';
    const addPageNumber = !template.includes('{page}');
    const baseline = PAGE_HEIGHT - 1.2 * (72 / 2.54);
    for (let i = 0; i < count; i++) {
      this.doc.switchToPage(start + i);
      const page = i + 1;
      this.artifact(
        () => {
          this.doc
            .lineWidth(0.5)
            .strokeColor(COLORS.separator)
            .moveTo(CONTENT_LEFT, baseline - 12)
            .lineTo(CONTENT_RIGHT, baseline - 12)
            .stroke();
          let right = CONTENT_RIGHT;
          if (addPageNumber) {
            const number = fillPagePlaceholders(this.labels.pageOfPages, page, count);
            right -= this.width(number, style);
            this.drawText(number, right, baseline, style);
            right -= 24;
          }
          if (template) {
            const text = this.fitLine(
              // Keep the author's spacing (e.g. 'Kenmerk X  ·  pagina 1 van 2'), only flatten newlines.
              normalizeText(fillPagePlaceholders(template, page, count))
                .replace(/\n/g, ' ')
                .trim(),
              right - CONTENT_LEFT,
              style,
            );
            this.drawText(text, CONTENT_LEFT, baseline, style);
          }
        },
        'Pagination',
        'Bottom',
      );
    }
  }

  // ---------------------------------------------------------------------------
  // Title, meta

  private titleBlock(): void {
    const { title, subtitle, meta } = this.model;
    const h1 = this.struct('H1', this.container, undefined, this.model.titleLang);
    const titleLines = this.cells(h1, this.wrap(title, CONTENT_WIDTH, STYLES.title), CONTENT_LEFT, STYLES.title);
    this.flow(titleLines, { leading: STYLES.title.leading, padTop: 0, padBottom: SPACING.afterTitle, keepTogether: true, minLines: 2 });
    if (subtitle) {
      const p = this.struct('P', this.container);
      const lines = this.cells(p, this.wrap(subtitle, CONTENT_WIDTH, STYLES.subtitle), CONTENT_LEFT, STYLES.subtitle);
      this.flow(lines, { leading: STYLES.subtitle.leading, padTop: 0, padBottom: SPACING.afterSubtitle, keepTogether: true, minLines: 2 });
    }
    if (meta.length > 0) {
      this.y += SPACING.beforeMeta;
      this.table(meta, {
        labelStyle: STYLES.metaLabel,
        valueStyle: STYLES.metaValue,
        padding: SPACING.metaRowPadding,
        separators: false,
      });
      this.y += SPACING.afterMeta;
    }
  }

  // ---------------------------------------------------------------------------
  // Blocks

  private block(block: PdfBlock, next: PdfBlock | undefined, afterNext: PdfBlock | undefined): void {
    switch (block.kind) {
      case 'heading': {
        if (!block.text.trim()) return;
        const level = block.level ?? 2;
        this.lastHeadingLevel = level;
        this.heading(block.text, level, this.minStartHeight(next, afterNext), block.lang);
        break;
      }
      case 'paragraph':
        if (block.text.trim()) this.paragraph(block.text, block.lang);
        break;
      case 'list':
        if (block.items.length > 0) this.list(block.items, block.langs);
        break;
      case 'rows':
        if (block.heading?.trim()) {
          const level = this.lastHeadingLevel ? 3 : 2;
          this.heading(block.heading, level, this.minStartHeight({ ...block, heading: undefined }), block.headingLang);
        }
        this.table(block.rows, {
          labelStyle: STYLES.label,
          valueStyle: STYLES.value,
          padding: SPACING.rowPadding,
          separators: true,
          indent: block.indent ? SPACING.groupIndent : 0,
        });
        this.y += SPACING.afterRows;
        break;
      case 'signature':
        this.signature(block.heading, block.statement, block.signers);
        break;
    }
  }

  /**
   * Height the start of a block needs, so that a heading is kept with it: the whole block when it is
   * short (a 'Versturen' list, an address group) — such a block and its heading are never split —
   * else its first lines. A heading followed by another heading keeps that one and its first lines.
   */
  private minStartHeight(block: PdfBlock | undefined, after?: PdfBlock): number {
    if (!block) return 0;
    if (block.kind === 'heading') return this.headingHeight(block.text, block.level ?? 2) + this.minStartHeight(after);
    if (block.kind === 'signature') return 0; // the signature block moves to a new page on its own
    const whole = this.blockHeight(block);
    if (whole <= KEEP_WHOLE_MAX) return whole;
    switch (block.kind) {
      case 'paragraph':
        return Math.min(this.wrap(block.text, CONTENT_WIDTH, STYLES.body).length, 2) * STYLES.body.leading;
      case 'list': {
        const first = block.items[0];
        if (first === undefined) return 0;
        const lines = this.wrap(first, CONTENT_WIDTH - SPACING.listIndent, STYLES.body).length;
        return Math.min(lines, 3) * STYLES.body.leading;
      }
      case 'rows': {
        if (block.heading) return this.headingHeight(block.heading, 3) + STYLES.label.leading + 2 * SPACING.rowPadding;
        const first = block.rows[0];
        if (!first) return 0;
        const n = this.rowGrid(first, STYLES.label, STYLES.value, this.dummyRowOwners(), block.indent ? SPACING.groupIndent : 0).length;
        return Math.min(n, 4) * STYLES.value.leading + 2 * SPACING.rowPadding;
      }
    }
  }

  /** The full height of a paragraph, list or rows block (its own heading included). */
  private blockHeight(block: Extract<PdfBlock, { kind: 'paragraph' | 'list' | 'rows' }>): number {
    switch (block.kind) {
      case 'paragraph':
        return this.wrap(block.text, CONTENT_WIDTH, STYLES.body).length * STYLES.body.leading;
      case 'list':
        return block.items.reduce(
          (sum, item, index) =>
            sum + (index === 0 ? 0 : SPACING.betweenListItems) + this.wrap(item, CONTENT_WIDTH - SPACING.listIndent, STYLES.body).length * STYLES.body.leading,
          0,
        );
      case 'rows': {
        const indent = block.indent ? SPACING.groupIndent : 0;
        const rows = block.rows.reduce(
          (sum, row) =>
            sum + this.rowGrid(row, STYLES.label, STYLES.value, this.dummyRowOwners(), indent).length * STYLES.value.leading + 2 * SPACING.rowPadding,
          0,
        );
        return (block.heading ? this.headingHeight(block.heading, 3) : 0) + rows;
      }
    }
  }

  private dummyOwner: Owner | undefined;
  private dummyRowOwners(): { th: Owner; td: Owner; list: () => { lbl: Owner; body: Owner } } {
    // Measurement only: the owners are never drawn into.
    const o = (this.dummyOwner ??= { el: undefined as unknown as StructElement, tag: 'Span' });
    return { th: o, td: o, list: () => ({ lbl: o, body: o }) };
  }

  private headingHeight(text: string, level: 2 | 3): number {
    const style = level === 2 ? STYLES.h2 : STYLES.h3;
    const lines = this.wrap(text, CONTENT_WIDTH, style).length;
    const after = level === 2 ? SPACING.h2Rule * 2 + SPACING.afterH2 : SPACING.afterH3;
    return (level === 2 ? SPACING.beforeH2 : SPACING.beforeH3) + lines * style.leading + after;
  }

  private openSection(): void {
    this.closeSection();
    this.section = this.struct('Sect', this.root).el;
    this.container = this.section;
  }

  private closeSection(): void {
    if (this.section) this.section.end();
    this.section = undefined;
    this.container = this.root;
  }

  private heading(text: string, level: 2 | 3, keepWith: number, lang?: string): void {
    if (level === 2) this.openSection();
    const style = level === 2 ? STYLES.h2 : STYLES.h3;
    const owner = this.struct(level === 2 ? 'H2' : 'H3', this.container, undefined, lang);
    const lines = this.cells(owner, this.wrap(text, CONTENT_WIDTH, style), CONTENT_LEFT, style);
    const before = level === 2 ? SPACING.beforeH2 : SPACING.beforeH3;
    const after = level === 2 ? SPACING.h2Rule * 2 + SPACING.afterH2 : SPACING.afterH3;
    const height = lines.length * style.leading + after;
    this.ensure(before + height + keepWith);
    this.space(before);
    this.flow(lines, {
      leading: style.leading,
      padTop: 0,
      padBottom: 0,
      keepTogether: true,
      minLines: 2,
    });
    if (level === 2) {
      const ruleY = this.y - style.leading + baselineOffset(style.leading, style.size) + FONT_DESCENT * style.size + SPACING.h2Rule;
      this.hline(CONTENT_LEFT, CONTENT_RIGHT, ruleY, COLORS.rule, 0.75);
      this.y = ruleY + SPACING.afterH2;
    } else {
      this.y += SPACING.afterH3;
    }
  }

  private paragraph(text: string, lang?: string): void {
    const style = STYLES.body;
    const owner = this.struct('P', this.container, undefined, lang);
    const lines = this.cells(owner, this.wrap(text, CONTENT_WIDTH, style), CONTENT_LEFT, style);
    this.flow(lines, { leading: style.leading, padTop: 0, padBottom: 0, keepTogether: false, minLines: 2 });
    this.y += SPACING.afterParagraph;
  }

  private list(items: string[], langs?: (string | undefined)[]): void {
    const style = STYLES.body;
    const l = this.struct('L', this.container);
    items.forEach((item, i) => {
      const li = this.struct('LI', l.el);
      const lbl = this.struct('Lbl', li.el);
      const body = this.struct('LBody', li.el, undefined, langs?.[i]);
      const lines = this.bulletLines(item, CONTENT_LEFT, CONTENT_WIDTH, style, lbl, body);
      this.flow(lines, {
        leading: style.leading,
        padTop: i === 0 ? 0 : SPACING.betweenListItems,
        padBottom: 0,
        keepTogether: true,
        minLines: 2,
      });
      li.el.end();
    });
    l.el.end();
    this.y += SPACING.afterList;
  }

  private bulletLines(item: string, x: number, width: number, style: TextStyle, lbl: Owner, body: Owner): GridLine[] {
    const lines = this.wrap(item, width - SPACING.listIndent, style);
    return lines.map((text, i) => {
      const line: GridLine = [];
      if (i === 0) line.push({ owner: lbl, text: '•', x: x + 2, style });
      line.push({ owner: body, text, x: x + SPACING.listIndent, style });
      return line;
    });
  }

  /** Grid of one label/value row: label column 40% (less the indent), value column the rest. */
  private rowGrid(
    row: PdfRow,
    labelStyle: TextStyle,
    valueStyle: TextStyle,
    owners: { th: Owner; td: Owner; list: () => { lbl: Owner; body: Owner } },
    indent = 0,
  ): GridLine[] {
    const labelWidth = LABEL_COLUMN - COLUMN_GAP - indent;
    const valueX = CONTENT_LEFT + LABEL_COLUMN;
    const valueWidth = CONTENT_WIDTH - LABEL_COLUMN;
    const label = this.cells(owners.th, this.wrap(row.label, labelWidth, labelStyle), CONTENT_LEFT + indent, labelStyle);
    const values = Array.isArray(row.value) ? row.value.filter((v) => v.trim() !== '') : [row.value];
    let value: GridLine[];
    if (values.length > 1) {
      value = values.flatMap((item) => {
        const { lbl, body } = owners.list();
        return this.bulletLines(item, valueX, valueWidth, valueStyle, lbl, body);
      });
    } else {
      const text = values[0]?.trim() ? values[0] : this.labels.empty;
      value = this.cells(owners.td, this.wrap(text, valueWidth, valueStyle), valueX, valueStyle);
    }
    return this.columns(label, value);
  }

  private table(rows: PdfRow[], o: { labelStyle: TextStyle; valueStyle: TextStyle; padding: number; separators: boolean; indent?: number }): void {
    const indent = o.indent ?? 0;
    if (rows.length === 0) return;
    const table = this.struct('Table', this.container);
    for (const row of rows) {
      const tr = this.struct('TR', table.el);
      const th = this.struct('TH', tr.el, { scope: 'Row' }, row.labelLang);
      const td = this.struct('TD', tr.el, undefined, row.valueLang);
      let list: Owner | undefined;
      const owners = {
        th,
        td,
        list: () => {
          list ??= this.struct('L', td.el);
          const li = this.struct('LI', list.el);
          return { lbl: this.struct('Lbl', li.el), body: this.struct('LBody', li.el) };
        },
      };
      const lines = this.rowGrid(row, o.labelStyle, o.valueStyle, owners, indent);
      this.flow(lines, {
        leading: o.valueStyle.leading,
        padTop: o.padding,
        padBottom: o.padding,
        keepTogether: true,
        minLines: 2,
        // A row longer than a page continues on the next one: repeat its label there, marked
        // as continued, as an artifact (the label is already in the structure tree).
        beforeContinuation: (top) => {
          const label = oneLine(row.label);
          const text = this.fitLine(`${label} ${this.labels.continued}`, LABEL_COLUMN - COLUMN_GAP - indent, o.labelStyle);
          const baseline = top + baselineOffset(o.valueStyle.leading, o.labelStyle.size);
          this.artifact(() => this.drawText(text, CONTENT_LEFT + indent, baseline, o.labelStyle));
        },
        afterChunk: o.separators ? (_top, bottom) => this.hline(CONTENT_LEFT + indent, CONTENT_RIGHT, bottom, COLORS.separator, 0.5) : undefined,
      });
      tr.el.end();
    }
    table.el.end();
  }

  // ---------------------------------------------------------------------------
  // Signature block

  /** The wrapped role and printed name of one signer. */
  private signerLayout(signer: PdfSigner, width: number): SignerLayout {
    return {
      role: this.wrap(signer.title, width, STYLES.signer),
      roleLang: signer.titleLang,
      name: signer.name?.trim() ? this.wrap(signer.name, width, STYLES.value) : [],
    };
  }

  /**
   * Height of a row of signers side by side: role and name field (which grows with a long
   * printed name) take the height of the longest in the row, so the lines after them align.
   */
  private signerRowHeight(layouts: SignerLayout[]): number {
    const field = (space: number) => STYLES.fieldLabel.leading + space + SPACING.betweenFields;
    return (
      Math.max(...layouts.map((l) => l.role.length)) * STYLES.signer.leading +
      SPACING.afterH3 +
      field(this.nameSpace(Math.max(...layouts.map((l) => l.name.length)))) +
      field(SPACING.writingSpace) +
      STYLES.fieldLabel.leading +
      3 +
      SPACING.signatureBox
    );
  }

  /** Writing space of the name field: the usual space, or more for a printed name of several lines. */
  private nameSpace(lines: number): number {
    return Math.max(SPACING.writingSpace, lines * STYLES.value.leading + 6);
  }

  private signature(headingText: string, statement: string | undefined, signers: PdfSigner[]): void {
    const h2 = STYLES.h2;
    const headingLines = this.wrap(headingText, CONTENT_WIDTH, h2);
    const statementLines = statement?.trim() ? this.wrap(statement, CONTENT_WIDTH, STYLES.body) : [];
    const headingBlock =
      SPACING.beforeH2 +
      headingLines.length * h2.leading +
      SPACING.h2Rule * 2 +
      SPACING.afterH2 +
      (statementLines.length > 0 ? statementLines.length * STYLES.body.leading + SPACING.afterStatement : 0);
    const perRow = signers.length > 1 ? 2 : 1;
    const columnWidth = perRow === 2 ? (CONTENT_WIDTH - SPACING.signatureColumnGap) / 2 : Math.min(CONTENT_WIDTH, 280);
    const layouts = signers.map((signer) => this.signerLayout(signer, columnWidth));
    const rows: number[][] = [];
    for (let i = 0; i < signers.length; i += perRow) rows.push(signers.slice(i, i + perRow).map((_, j) => i + j));
    const roleLines = (r: number[]) => Math.max(...r.map((i) => layouts[i].role.length));
    const nameLines = (r: number[]) => Math.max(...r.map((i) => layouts[i].name.length));
    const rowHeights = rows.map((r) => this.signerRowHeight(r.map((i) => layouts[i])));
    const total = headingBlock + rowHeights.reduce((a, b) => a + b, 0) + SPACING.betweenSignerRows * Math.max(0, rows.length - 1);

    // Keep the whole block on one page; if it is longer than a page, keep the heading
    // (and statement) with the first row of signers and every row of signers together.
    if (total <= PAGE_CONTENT_HEIGHT) this.ensure(total);
    else this.ensure(headingBlock + (rowHeights[0] ?? 0));
    this.heading(headingText, 2, 0);
    if (statementLines.length > 0) {
      const p = this.struct('P', this.container);
      this.flow(this.cells(p, statementLines, CONTENT_LEFT, STYLES.body), {
        leading: STYLES.body.leading,
        padTop: 0,
        padBottom: 0,
        keepTogether: true,
        minLines: 2,
      });
      this.y += SPACING.afterStatement;
    }

    rows.forEach((r, ri) => {
      if (ri > 0) {
        this.ensure(SPACING.betweenSignerRows + rowHeights[ri]);
        this.space(SPACING.betweenSignerRows);
      }
      const top = this.y;
      r.forEach((signerIndex, col) => {
        const x = CONTENT_LEFT + col * (columnWidth + SPACING.signatureColumnGap);
        this.signer(layouts[signerIndex], roleLines(r), nameLines(r), x, top, columnWidth);
      });
      this.y = top + rowHeights[ri];
      this.pageHasContent = true;
    });
    this.y += SPACING.afterRows;
  }

  private signer(layout: SignerLayout, roleLineCount: number, nameLineCount: number, x: number, top: number, width: number): void {
    const div = this.struct('Div', this.container);
    const h3 = this.struct('H3', div.el, undefined, layout.roleLang);
    const s = STYLES.signer;
    this.drawGrid(this.cells(h3, layout.role, x, s), 0, layout.role.length, top, s.leading);
    let y = top + roleLineCount * s.leading + SPACING.afterH3;
    const fl = STYLES.fieldLabel;
    const label = (text: string, at = x) => {
      const p = this.struct('P', div.el);
      this.drawGrid([[{ owner: p, text, x: at, style: fl }]], 0, 1, y, fl.leading);
    };
    const line = (from = x, to = x + width) => this.hline(from, to, y, COLORS.ink, 0.6);
    // Name: printed on its line when known (the last line of text sits just above the rule).
    label(this.labels.name);
    y += fl.leading;
    const nameSpace = this.nameSpace(nameLineCount);
    if (layout.name.length > 0) {
      const p = this.struct('P', div.el);
      const v = STYLES.value;
      const first = y + nameSpace - 3 - layout.name.length * v.leading;
      this.drawGrid(this.cells(p, layout.name, x, v), 0, layout.name.length, first, v.leading);
    }
    y += nameSpace;
    line();
    y += SPACING.betweenFields;
    // Date and place side by side, each on half the column.
    const half = (width - SPACING.fieldGap) / 2;
    const placeX = x + half + SPACING.fieldGap;
    label(this.labels.date);
    label(this.labels.place, placeX);
    y += fl.leading + SPACING.writingSpace;
    line(x, x + half);
    line(placeX, x + width);
    y += SPACING.betweenFields;
    label(this.labels.signature);
    y += fl.leading + 3;
    const boxTop = y;
    this.artifact(() => {
      this.doc.lineWidth(0.6).strokeColor(COLORS.ink).rect(x, boxTop, width, SPACING.signatureBox).stroke();
    });
    div.el.end();
  }
}

/** Render a document model into a tagged A4 PDF. */
export function renderPdf(model: PdfDocumentModel): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    let renderer: Renderer;
    try {
      renderer = new Renderer(model);
    } catch (err) {
      reject(err);
      return;
    }
    const { doc } = renderer;
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      renderer.render();
      doc.end();
    } catch (err) {
      reject(err);
    }
  });
}
