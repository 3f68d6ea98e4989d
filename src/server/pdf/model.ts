/**
 * Document model for the server-side PDF renderer.
 *
 * The model is deliberately generic: it describes *what* is on the page
 * (headings, paragraphs, label/value rows, a signature block) and leaves the
 * layout, typography and accessibility tagging to `renderPdf`.
 */

/**
 * The language of a text that differs from the document's (BCP 47, e.g. 'nl-NL'): an English form
 * prints a flow text that has no current English in Dutch, and tags it so (a /Lang entry on its
 * structure element).
 */
export type PdfLang = string | undefined;

/** A label/value pair. A `string[]` value is rendered as several lines (e.g. a file list). */
export interface PdfRow {
  label: string;
  value: string | string[];
  labelLang?: PdfLang;
  valueLang?: PdfLang;
}

export type PdfBlock =
  /** Section heading. Level 2 (default) starts a new section and gets a thin rule. */
  | { kind: 'heading'; text: string; level?: 2 | 3; lang?: PdfLang }
  | { kind: 'paragraph'; text: string; lang?: PdfLang }
  /** Bulleted list; `langs` gives the language of an item where it differs. */
  | { kind: 'list'; items: string[]; langs?: PdfLang[] }
  /**
   * Label/value pairs in two aligned columns (tagged as a table with row headers).
   * The optional heading is rendered one level below the most recent heading block
   * (H3), or as a section heading (H2) when no heading block precedes it. `indent`
   * shifts the labels (not the values) to show that the rows belong to that heading
   * (e.g. the fields of an address inside a section).
   */
  | { kind: 'rows'; heading?: string; headingLang?: PdfLang; indent?: boolean; rows: PdfRow[] }
  /**
   * Signature block, always kept together on one page when it fits (a row of signers
   * is never split). An optional statement sits under the heading. Per signer: the
   * role, a name line (printed when known), date and place lines and a ~3 cm box.
   */
  | { kind: 'signature'; heading: string; statement?: string; signers: PdfSigner[] };

/** One person who signs: a role (e.g. 'Wettelijk vertegenwoordiger') and the name when known. */
export interface PdfSigner {
  title: string;
  titleLang?: PdfLang;
  name?: string;
}

export interface PdfDocumentModel {
  lang: 'nl' | 'en';
  /** Printed as the letterhead, e.g. 'UZI-register' or 'ZOVAR'. Also the PDF Author. */
  registerName: string;
  /** Document title (H1) and, unless `metaTitle` is given, the PDF metadata Title. */
  title: string;
  titleLang?: PdfLang;
  /** PDF metadata Title (shown in the viewer's title bar and read out first) when it differs from the H1. */
  metaTitle?: string;
  subtitle?: string;
  /** Shown under the title, e.g. Datum aanmaak, Kenmerk. */
  meta: PdfRow[];
  blocks: PdfBlock[];
  /**
   * Footer text on every page; `{page}` and `{pages}` are replaced. When it does not
   * contain `{page}`, a page number ("pagina 1 van 2") is added at the right.
   */
  footer?: string;
}
