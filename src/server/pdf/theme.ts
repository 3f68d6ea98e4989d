/**
 * Page geometry, typography and colours. All lengths in PDF points (1 pt = 1/72 inch).
 */

export const CM = 72 / 2.54;

/** A4 portrait. */
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;

export const MARGIN_LEFT = 2 * CM;
export const MARGIN_RIGHT = 2 * CM;
export const MARGIN_TOP = 2 * CM;
/** Body text ends here; the footer sits in the bottom margin. */
export const MARGIN_BOTTOM = 2.4 * CM;

export const CONTENT_LEFT = MARGIN_LEFT;
export const CONTENT_WIDTH = PAGE_WIDTH - MARGIN_LEFT - MARGIN_RIGHT;
export const CONTENT_RIGHT = CONTENT_LEFT + CONTENT_WIDTH;
export const CONTENT_TOP = MARGIN_TOP;
export const CONTENT_BOTTOM = PAGE_HEIGHT - MARGIN_BOTTOM;

/** Label column of label/value rows: 40% of the content width; values start right after. */
export const LABEL_COLUMN = 0.4 * CONTENT_WIDTH;
export const COLUMN_GAP = 12;

export const COLORS = {
  text: '#1a1a1a',
  /** Labels, meta, footer: #4d4d4d on white has a contrast ratio of 8.5:1. */
  muted: '#4d4d4d',
  /** Headings and letterhead. */
  accent: '#154273',
  /** Decorative bar of the letterhead. */
  bar: '#01689b',
  rule: '#154273',
  separator: '#d2d2d2',
  /** Writing lines and the signature box. */
  ink: '#595959',
} as const;

export interface TextStyle {
  bold: boolean;
  size: number;
  /** Distance between baselines. */
  leading: number;
  color: string;
}

export const STYLES = {
  letterhead: { bold: true, size: 15, leading: 18, color: COLORS.accent },
  title: { bold: true, size: 18, leading: 23, color: COLORS.text },
  subtitle: { bold: false, size: 11.5, leading: 16, color: COLORS.muted },
  metaLabel: { bold: false, size: 9, leading: 13, color: COLORS.muted },
  metaValue: { bold: false, size: 9, leading: 13, color: COLORS.text },
  h2: { bold: true, size: 12.5, leading: 16, color: COLORS.accent },
  h3: { bold: true, size: 10.5, leading: 14, color: COLORS.text },
  body: { bold: false, size: 10, leading: 14, color: COLORS.text },
  label: { bold: false, size: 9.5, leading: 14, color: COLORS.muted },
  value: { bold: false, size: 10, leading: 14, color: COLORS.text },
  signer: { bold: true, size: 10.5, leading: 14, color: COLORS.text },
  fieldLabel: { bold: false, size: 8.5, leading: 11, color: COLORS.muted },
  running: { bold: false, size: 8, leading: 10, color: COLORS.muted },
  footer: { bold: false, size: 8, leading: 10, color: COLORS.muted },
} satisfies Record<string, TextStyle>;

export const SPACING = {
  afterLetterhead: 26,
  afterTitle: 4,
  afterSubtitle: 6,
  beforeMeta: 8,
  afterMeta: 16,
  beforeH2: 20,
  /** Gap between the H2 text and its rule, and between the rule and the content. */
  h2Rule: 5,
  afterH2: 9,
  beforeH3: 12,
  afterH3: 4,
  afterParagraph: 8,
  afterList: 8,
  listIndent: 14,
  betweenListItems: 3,
  rowPadding: 4.5,
  metaRowPadding: 1,
  afterRows: 10,
  /** Height of the signature box (3 cm). */
  signatureBox: 3 * CM,
  /** Writing space above a signature field line. */
  writingSpace: 22,
  betweenFields: 9,
  signatureColumnGap: 28,
  /** Between the date and place fields of one signer. */
  fieldGap: 14,
  /** Between the statement under the signature heading and the first signer. */
  afterStatement: 14,
  /** Indent of the labels of rows that belong to a sub-heading (e.g. an address). */
  groupIndent: 10,
  betweenSignerRows: 18,
} as const;
