/**
 * CodeMirror 6 extensions of the back office's JSON view (JsonEditor.tsx): line numbers, history,
 * bracket matching, folding, the JSON language, JSON-Schema validation, completion and hover
 * (codemirror-json-schema) when a schema is given, and the server's findings as diagnostics.
 *
 * Keyboard: Tab is deliberately not bound (no `indentWithTab`, and the snippet keymap that binds
 * Tab to "next snippet field" is replaced), so Tab and Shift+Tab always move focus out of the
 * editor; nobody needs CodeMirror's Escape-then-Tab escape hatch. Indenting is done with
 * Ctrl+] / Ctrl+[ (Cmd on a Mac) from the default keymap, and Enter indents the new line.
 *
 * Content-Security-Policy (style-src 'self' only, inline styles not allowed): CodeMirror puts its styles in
 * the page at run time through style-mod (node_modules/style-mod/src/style-mod.js, `StyleSet`).
 * style-mod only uses a constructable stylesheet (`adoptedStyleSheets`, which CSP does not
 * govern) when the editor's root has no `head`, that is when the editor lives in a shadow root.
 * In an ordinary document, which is what the back office is, it always creates a `<style>`
 * element and puts it first in `document.head` — in Chromium too. A strict style-src blocks
 * that element's rules unless it carries a nonce the policy allows, and then every CodeMirror
 * style (layout, gutters, tooltips, the colours below, the focus ring) is missing. style-mod sets
 * the nonce from `EditorView.cspNonce` on that element (also later, on an element it created
 * before), hence the `cspNonce` option. Styles CodeMirror sets on elements go through the CSSOM
 * (`element.style`), which CSP allows; only the `<style>` element needs the nonce.
 */
import { autocompletion, clearSnippet, snippetKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { bracketMatching, defaultHighlightStyle, foldGutter, foldKeymap, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { linter, lintKeymap, type Diagnostic } from '@codemirror/lint';
import {
  Annotation,
  Compartment,
  EditorState,
  StateEffect,
  StateField,
  Transaction,
  type ChangeSpec,
  type Extension,
  type Text,
  type TransactionSpec,
} from '@codemirror/state';
import { EditorView, keymap, lineNumbers, type ViewUpdate } from '@codemirror/view';
import { disableErrorLogging } from 'best-effort-json-parser';
import { jsonSchema } from 'codemirror-json-schema';

// codemirror-json-schema reads half-typed JSON with best-effort-json-parser, which writes a
// console.error for every incomplete text it sees (on every lint run and completion while typing).
disableErrorLogging();

/** A finding of the server's check: line and column count from 1; without a line it concerns the whole text. */
export interface JsonEditorFinding {
  line: number | null;
  column: number | null;
  message: string;
  severity: 'error' | 'warning';
}

/** What the content element (the textbox) is named and described by, and whether it may be edited. */
export interface JsonEditorAccess {
  id: string;
  labelledBy: string;
  describedBy?: string;
  readOnly: boolean;
}

export interface JsonEditorOptions {
  schema?: object;
  access: JsonEditorAccess;
  cspNonce?: string;
  /** Called with the whole text after every change that did not come from `replaceDocument`. */
  onDocumentChange: (text: string) => void;
}

/** A finding placed in the text; its range moves along with edits until new findings arrive. */
interface PlacedFinding {
  from: number;
  to: number;
  message: string;
  severity: 'error' | 'warning';
}

/** Shown in a diagnostic's tooltip and the lint panel, next to the schema title on the schema's own diagnostics. */
export const FINDING_SOURCE = 'Controle bij opslaan';

/** Marks changes made because the `value` prop changed, so they are not reported back as typing. */
const externalChange = Annotation.define<boolean>();

const setFindings = StateEffect.define<readonly PlacedFinding[]>();

const findingsField = StateField.define<readonly PlacedFinding[]>({
  create: () => [],
  update(findings, transaction) {
    for (const effect of transaction.effects) if (effect.is(setFindings)) return effect.value;
    if (!transaction.docChanged || findings.length === 0) return findings;
    return findings.map((finding) => {
      const from = transaction.changes.mapPos(finding.from, 1);
      return { ...finding, from, to: Math.max(from, transaction.changes.mapPos(finding.to, -1)) };
    });
  },
});

/** The end of the JSON token that starts at `offset` in `text` (a string, a word or number, or one character). */
function tokenEnd(text: string, offset: number): number {
  if (offset >= text.length) return offset;
  if (text[offset] === '"') {
    for (let index = offset + 1; index < text.length; index++) {
      if (text[index] === '\\') index++;
      else if (text[index] === '"') return index + 1;
    }
    return text.length;
  }
  const word = /^[\w.+-]+/.exec(text.slice(offset));
  return offset + (word ? word[0].length : 1);
}

/**
 * Where a finding goes in the text: at line and column the token starting there; with a line only
 * that line without its indentation; without a line, or with one the text does not have (any
 * more), position 0.
 */
export function placeFinding(doc: Text, finding: Pick<JsonEditorFinding, 'line' | 'column'>): { from: number; to: number } {
  if (finding.line === null || !Number.isInteger(finding.line) || finding.line < 1 || finding.line > doc.lines) return { from: 0, to: 0 };
  const line = doc.line(finding.line);
  if (finding.column === null || !Number.isInteger(finding.column)) {
    const indent = /^\s*/.exec(line.text)![0].length;
    return { from: line.from + indent, to: line.to };
  }
  const offset = Math.min(Math.max(finding.column - 1, 0), line.length);
  return { from: line.from + offset, to: line.from + tokenEnd(line.text, offset) };
}

/** The transaction that shows these findings (against the current text). */
export function findingsUpdate(state: EditorState, findings: readonly JsonEditorFinding[]): TransactionSpec {
  const placed = findings.map((finding) => ({ ...placeFinding(state.doc, finding), message: finding.message, severity: finding.severity }));
  return { effects: setFindings.of(placed) };
}

const findingsLinter = linter(
  (view): Diagnostic[] =>
    view.state
      .field(findingsField)
      .map((finding) => ({ from: finding.from, to: finding.to, severity: finding.severity, message: finding.message, source: FINDING_SOURCE })),
  { needsRefresh: (update: ViewUpdate) => update.startState.field(findingsField) !== update.state.field(findingsField) },
);

/** Line breaks as CodeMirror keeps them (it turns \r\n and \r into \n). */
const normalise = (text: string) => text.replace(/\r\n?/g, '\n');

/**
 * The change that turns the current text into `text`, limited to the part that differs, so a
 * cursor before or after it stays where it is; null when the text is the same.
 */
export function documentChange(doc: Text, text: string): ChangeSpec | null {
  const current = doc.toString();
  const next = normalise(text);
  if (current === next) return null;
  let start = 0;
  const shortest = Math.min(current.length, next.length);
  while (start < shortest && current.charCodeAt(start) === next.charCodeAt(start)) start++;
  let currentEnd = current.length;
  let nextEnd = next.length;
  while (currentEnd > start && nextEnd > start && current.charCodeAt(currentEnd - 1) === next.charCodeAt(nextEnd - 1)) {
    currentEnd--;
    nextEnd--;
  }
  return { from: start, to: currentEnd, insert: next.slice(start, nextEnd) };
}

/**
 * The transaction that puts a text from outside (the `value` prop) in the editor: not reported
 * back as a change and not undoable here; null when the editor already holds that text.
 */
export function replaceDocument(state: EditorState, text: string): TransactionSpec | null {
  const changes = documentChange(state.doc, text);
  return changes === null ? null : { changes, annotations: [externalChange.of(true), Transaction.addToHistory.of(false)] };
}

const schemaSlot = new Compartment();
const accessSlot = new Compartment();
const nonceSlot = new Compartment();

/** JSON with the syntax check, plus validation, completion and hover against the schema when there is one. */
function language(schema: object | undefined): Extension {
  return schema ? jsonSchema(schema as Parameters<typeof jsonSchema>[0]) : [json(), linter(jsonParseLinter())];
}

function access({ id, labelledBy, describedBy, readOnly }: JsonEditorAccess): Extension {
  // Read-only keeps the content focusable and selectable (no `EditorView.editable.of(false)`,
  // which would take it out of the tab order); it only refuses changes.
  const attributes: Record<string, string> = { id, 'aria-labelledby': labelledBy };
  if (describedBy) attributes['aria-describedby'] = describedBy;
  if (readOnly) attributes['aria-readonly'] = 'true';
  return [EditorView.contentAttributes.of(attributes), EditorState.readOnly.of(readOnly)];
}

const nonce = (value: string | undefined): Extension => (value ? EditorView.cspNonce.of(value) : []);

/** The transaction that applies changed options to a running editor (null when nothing changed). */
export function reconfigure(previous: Omit<JsonEditorOptions, 'onDocumentChange'>, next: Omit<JsonEditorOptions, 'onDocumentChange'>): TransactionSpec | null {
  const effects: StateEffect<unknown>[] = [];
  if (previous.schema !== next.schema) effects.push(schemaSlot.reconfigure(language(next.schema)));
  const [before, after] = [previous.access, next.access];
  if (before.id !== after.id || before.labelledBy !== after.labelledBy || before.describedBy !== after.describedBy || before.readOnly !== after.readOnly) {
    effects.push(accessSlot.reconfigure(access(after)));
  }
  if (previous.cspNonce !== next.cspNonce) effects.push(nonceSlot.reconfigure(nonce(next.cspNonce)));
  return effects.length > 0 ? { effects } : null;
}

/** Dutch texts for what CodeMirror shows or announces itself. */
const dutch = EditorState.phrases.of({
  Diagnostics: 'Meldingen',
  'No diagnostics': 'Geen meldingen',
  close: 'sluiten',
  Completions: 'Suggesties',
  'Fold line': 'Regel inklappen',
  'Unfold line': 'Regel uitklappen',
  'Folded lines': 'Regels ingeklapt',
  'Unfolded lines': 'Regels uitgeklapt',
  'folded code': 'ingeklapte code',
  unfold: 'uitklappen',
  'Control character': 'Stuurteken',
  'Selection deleted': 'Selectie verwijderd',
});

/** The wavy underline of @codemirror/lint, in another colour. */
const underline = (colour: string) =>
  `url('data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" width="6" height="3">${encodeURIComponent(`<path d="m0 2.5 l2 -1.5 l1 0 l2 1.5 l1 0" stroke="${colour}" fill="none" stroke-width=".7"/>`)}</svg>')`;

/** Amber for warnings: 5.5:1 on white (the default "orange" has 2:1, too little for WCAG 1.4.11). */
const WARNING = '#a65200';

/**
 * Look of the editor on the portal's theme. Contrast on the default light theme, checked against
 * WCAG 2.1 AA: syntax colours #a11, #164, #219 on white 7.5, 7.0 and 13.1:1; tooltip text
 * inherits #1a1a1a on #f5f5f5 (16:1); the error underline #f11 has 3.9:1. Changed here: gutter
 * text #595959 on #f5f5f5 (6.4:1, default 4.8:1), warnings (see WARNING), the selected completion
 * while the list is inactive (white on #666, 5.7:1; default #777 has 4.48:1), the folded-code
 * placeholder (#595959 on #eee, 6.0:1; default 3.1:1) and the completion icons (no more opacity).
 */
const portalTheme = EditorView.theme({
  '&': {
    backgroundColor: '#ffffff',
    color: 'var(--portal-color-text, #1a1a1a)',
    border: '1px solid var(--utrecht-form-control-border-color, #595959)',
    fontSize: '0.875rem',
    // No height of its own: the page scrolls (a scrolling box would be a second scroll region that
    // axe cannot see is reachable by keyboard through the text inside it). CodeMirror still draws
    // only the lines in view.
  },
  // The portal's focus style (theme.css): dark outline plus a yellow ring, instead of CodeMirror's 1px dotted line.
  '&.cm-focused': {
    outline: '3px solid var(--portal-color-focus-ring, #1a1a1a)',
    outlineOffset: '2px',
    boxShadow: '0 0 0 6px var(--portal-color-focus, #ffdd00)',
  },
  '.cm-scroller': { fontFamily: "ui-monospace, 'DejaVu Sans Mono', monospace", lineHeight: '1.4', overflow: 'auto' },
  '.cm-content, .cm-gutter': { minBlockSize: '12rem' },
  '.cm-gutters': { color: '#595959', backgroundColor: '#f5f5f5' },
  '.cm-diagnostic-warning': { borderLeft: `5px solid ${WARNING}` },
  '.cm-lintRange-warning': { backgroundImage: underline(WARNING) },
  '.cm-lintPoint-warning:after': { borderBottomColor: WARNING },
  '.cm-tooltip-autocomplete-disabled ul li[aria-selected]': { background: '#666' },
  '.cm-completionIcon': { opacity: '1' },
  '.cm-foldPlaceholder': { color: '#595959' },
});

/** All extensions of the JSON view. */
export function jsonEditorExtensions({ schema, access: accessOptions, cspNonce, onDocumentChange }: JsonEditorOptions): Extension {
  return [
    lineNumbers(),
    foldGutter(),
    history(),
    indentOnInput(),
    bracketMatching(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    autocompletion(),
    // Replaces the default snippet keymap (Tab / Shift+Tab between the fields of an inserted snippet).
    snippetKeymap.of([{ key: 'Escape', run: clearSnippet }]),
    keymap.of([...defaultKeymap, ...historyKeymap, ...foldKeymap, ...lintKeymap]),
    EditorView.lineWrapping,
    schemaSlot.of(language(schema)),
    findingsField,
    findingsLinter,
    accessSlot.of(access(accessOptions)),
    nonceSlot.of(nonce(cspNonce)),
    dutch,
    portalTheme,
    EditorView.updateListener.of((update) => {
      if (update.transactions.some((transaction) => transaction.docChanged && !transaction.annotation(externalChange)))
        onDocumentChange(update.state.doc.toString());
    }),
  ];
}
