// @vitest-environment jsdom
import { CompletionContext, snippetKeymap, startCompletion, type CompletionResult, type CompletionSource } from '@codemirror/autocomplete';
import { forceLinting, forEachDiagnostic, openLintPanel, type Diagnostic } from '@codemirror/lint';
import { EditorSelection, Text } from '@codemirror/state';
import { keymap, type EditorView } from '@codemirror/view';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import flowSchema from '../../../schemas/flow.schema.json';
import { expectNoAxeViolations } from '../../../tests/helpers/axe';
import DefaultExport, { JsonEditor, type JsonEditorProps } from './JsonEditor';
import { FINDING_SOURCE, documentChange, placeFinding } from './jsonEditorSetup';

afterEach(cleanup);

const LABEL = 'Broncode (JSON)';
const DOCUMENT = '{\n  "id": "proef",\n  "title": "Proef"\n}\n';
const SCHEMA_SOURCE = flowSchema.title;

function renderEditor(props: Partial<JsonEditorProps> = {}) {
  let view: EditorView | null = null;
  const onChange = vi.fn();
  const element = (extra: Partial<JsonEditorProps>) => (
    <JsonEditor id="broncode" label={LABEL} value={DOCUMENT} onChange={onChange} onView={(current) => (view = current)} {...props} {...extra} />
  );
  const result = render(element({}));
  if (!view) throw new Error('De editor is niet aangemaakt.');
  return { ...result, onChange, view: view as EditorView, rerenderWith: (extra: Partial<JsonEditorProps>) => result.rerender(element(extra)) };
}

interface Found {
  from: number;
  to: number;
  message: string;
  severity: Diagnostic['severity'];
  source?: string;
}

/** Runs the linters now (instead of after their delay) and collects what they found. */
async function diagnostics(view: EditorView): Promise<Found[]> {
  await act(async () => {
    forceLinting(view);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const found: Found[] = [];
  forEachDiagnostic(view.state, (diagnostic, from, to) =>
    found.push({ from, to, message: diagnostic.message, severity: diagnostic.severity, source: diagnostic.source }),
  );
  return found;
}

describe('JsonEditor', () => {
  it('shows the value in a textbox named by the visible label and described by the hints', () => {
    const { view } = renderEditor({ describedBy: 'hint-elders' });
    const textbox = screen.getByRole('textbox', { name: LABEL });
    expect(textbox).toBe(view.contentDOM);
    expect(textbox.id).toBe('broncode');
    expect(textbox.getAttribute('aria-multiline')).toBe('true');
    expect(textbox.textContent).toContain('"title": "Proef"');
    expect(view.state.doc.toString()).toBe(DOCUMENT);
    expect(screen.getByText(LABEL).tagName).toBe('LABEL');
    expect(textbox.getAttribute('aria-describedby')).toBe('hint-elders broncode-uitleg');
    expect(document.getElementById('broncode-uitleg')?.textContent).toContain('Met Tab verlaat u het invoerveld');
  });

  it('is exported by name and as default (for React.lazy)', () => {
    expect(DefaultExport).toBe(JsonEditor);
  });

  it('reports typing with the whole new text', () => {
    const { view, onChange } = renderEditor();
    act(() => view.dispatch({ changes: { from: DOCUMENT.indexOf('Proef"'), insert: 'Mijn ' }, userEvent: 'input.type' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenLastCalledWith(DOCUMENT.replace('Proef"', 'Mijn Proef"'));
  });

  it('takes a new value from outside without reporting it back, and keeps the cursor', () => {
    const { view, onChange, rerenderWith } = renderEditor();
    const cursor = DOCUMENT.indexOf('proef') + 2;
    act(() => view.dispatch({ selection: EditorSelection.cursor(cursor) }));

    // The same text (another string, e.g. after the parent stored what was typed): nothing happens.
    rerenderWith({ value: `${DOCUMENT}`.slice(0) });
    expect(view.state.selection.main.head).toBe(cursor);

    // A change after the cursor leaves it where it is; one before it moves it along.
    const later = DOCUMENT.replace('"Proef"', '"Proef van de velden"');
    rerenderWith({ value: later });
    expect(view.state.doc.toString()).toBe(later);
    expect(view.state.selection.main.head).toBe(cursor);
    rerenderWith({ value: later.replace('"id"', '"$schema": "x",\n  "id"') });
    expect(view.state.selection.main.head).toBe(cursor + '"$schema": "x",\n  '.length);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('can be read-only: still a focusable textbox, but the text does not change', () => {
    const { view, rerenderWith } = renderEditor();
    rerenderWith({ readOnly: true });
    const textbox = screen.getByRole('textbox', { name: LABEL });
    expect(textbox.getAttribute('aria-readonly')).toBe('true');
    expect(textbox.getAttribute('contenteditable')).toBe('true');
    expect(view.state.readOnly).toBe(true);
    rerenderWith({ readOnly: false });
    expect(textbox.hasAttribute('aria-readonly')).toBe(false);
    expect(view.state.readOnly).toBe(false);
  });

  it('leaves Tab to the browser, so keyboard users can move on', () => {
    const { view } = renderEditor();
    const bindings = [...view.state.facet(keymap).flat(), ...view.state.facet(snippetKeymap)];
    expect(bindings.filter((binding) => binding.key === 'Tab')).toEqual([]);
    const tab = new KeyboardEvent('keydown', { key: 'Tab', code: 'Tab', keyCode: 9, bubbles: true, cancelable: true });
    act(() => {
      view.contentDOM.dispatchEvent(tab);
    });
    expect(tab.defaultPrevented).toBe(false);
    expect(view.state.doc.toString()).toBe(DOCUMENT);
  });

  it("shows the server's findings as diagnostics, at line and column or at the start", async () => {
    const { view, rerenderWith } = renderEditor({
      findings: [
        { line: 3, column: 12, message: 'Titel is te kort.', severity: 'warning' },
        { line: 2, column: null, message: 'Het id bestaat al.', severity: 'error' },
        { line: null, column: null, message: 'De flow heeft geen stappen.', severity: 'error' },
      ],
    });
    const title = DOCUMENT.indexOf('"Proef"');
    const idLine = view.state.doc.line(2);
    expect(await diagnostics(view)).toEqual([
      { from: 0, to: 0, message: 'De flow heeft geen stappen.', severity: 'error', source: FINDING_SOURCE },
      { from: idLine.from + 2, to: idLine.to, message: 'Het id bestaat al.', severity: 'error', source: FINDING_SOURCE },
      { from: title, to: title + '"Proef"'.length, message: 'Titel is te kort.', severity: 'warning', source: FINDING_SOURCE },
    ]);

    // Findings move along with what is typed before them.
    act(() => view.dispatch({ changes: { from: 1, insert: '\n' } }));
    expect((await diagnostics(view)).find((found) => found.message === 'Titel is te kort.')).toMatchObject({
      from: title + 1,
      to: title + 1 + '"Proef"'.length,
    });

    // New findings replace the old ones.
    rerenderWith({ findings: [{ line: 1, column: 1, message: 'Alleen deze.', severity: 'error' }] });
    expect((await diagnostics(view)).map((found) => found.message)).toEqual(['Alleen deze.']);
    rerenderWith({ findings: [] });
    expect(await diagnostics(view)).toEqual([]);
  });

  it('validates against the flow schema: an unknown property is a diagnostic at its key', async () => {
    const value = '{"titel": 1}';
    const { view } = renderEditor({ value, schema: flowSchema });
    const found = await diagnostics(view);
    expect(found).toContainEqual({ from: 1, to: 8, message: 'Additional property `titel` is not allowed', severity: 'error', source: SCHEMA_SOURCE });
    // The properties the schema requires are reported at the start.
    expect(found.filter((diagnostic) => diagnostic.from === 0 && /required property `steps`/.test(diagnostic.message))).toHaveLength(1);
  });

  it('completes property names from the flow schema', async () => {
    const value = '{\n  ""\n}';
    const { view } = renderEditor({ value, schema: flowSchema });
    const position = value.indexOf('""') + 1;
    const sources = view.state.languageDataAt<CompletionSource>('autocomplete', position);
    expect(sources.length).toBeGreaterThan(0);
    const results = await Promise.all(sources.map((source) => source(new CompletionContext(view.state, position, true))));
    const labels = results.flatMap((result) => (result as CompletionResult | null)?.options.map((option) => option.label) ?? []);
    expect(labels).toEqual(expect.arrayContaining(['id', 'title', 'steps', 'submit', 'confirmation']));
  });

  it('reports JSON syntax errors without a schema, and starts validating when a schema arrives', async () => {
    const { view, rerenderWith } = renderEditor({ value: '{"id": }' });
    const syntax = await diagnostics(view);
    expect(syntax).toHaveLength(1);
    expect(syntax[0].severity).toBe('error');

    act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: '{"titel": 1}' } }));
    expect(await diagnostics(view)).toEqual([]);
    rerenderWith({ value: '{"titel": 1}', schema: flowSchema });
    expect((await diagnostics(view)).map((found) => found.message)).toContain('Additional property `titel` is not allowed');
  });

  it("puts the CSP nonce on CodeMirror's style element", () => {
    renderEditor({ cspNonce: 'nonce-voor-de-test' });
    // A document has a head, so style-mod writes a <style> element there (see jsonEditorSetup.ts).
    const style = document.head.querySelector('style[nonce="nonce-voor-de-test"]');
    expect(style?.textContent).toContain('.cm-gutters');
  });

  it('has no accessibility violations (axe), also with diagnostics', async () => {
    const { container, view } = renderEditor({
      value: '{"titel": 1}',
      schema: flowSchema,
      findings: [{ line: 1, column: 2, message: 'Onbekende eigenschap.', severity: 'warning' }],
      describedBy: 'elders',
    });
    const hint = document.createElement('p');
    hint.id = 'elders';
    hint.textContent = 'De flowdefinitie als JSON.';
    container.prepend(hint);
    expect((await diagnostics(view)).length).toBeGreaterThan(1);
    await expectNoAxeViolations(container);

    // The list of diagnostics (Ctrl+Shift+M) and the list of suggestions (Ctrl+Space).
    act(() => {
      openLintPanel(view);
    });
    expect(screen.getByRole('listbox', { name: 'Meldingen' })).toBeTruthy();
    act(() => {
      view.dispatch({ selection: EditorSelection.cursor(2) });
      startCompletion(view);
    });
    expect(await screen.findByRole('listbox', { name: 'Suggesties' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });
});

describe('placing findings and replacing text', () => {
  const doc = Text.of(['{', '  "id": "proef",', '  "n": 12', '}']);

  it('places a finding on the token at line and column, on the line without indent, or at 0', () => {
    const at = (line: number | null, column: number | null) => {
      const { from, to } = placeFinding(doc, { line, column });
      return doc.sliceString(from, to);
    };
    expect(at(2, 3)).toBe('"id"');
    expect(at(2, 9)).toBe('"proef"');
    expect(at(3, 8)).toBe('12');
    expect(at(2, 7)).toBe(':');
    expect(at(2, null)).toBe('"id": "proef",');
    expect(placeFinding(doc, { line: null, column: null })).toEqual({ from: 0, to: 0 });
    expect(placeFinding(doc, { line: 99, column: 1 })).toEqual({ from: 0, to: 0 });
    expect(placeFinding(doc, { line: 2, column: 99 })).toEqual({ from: doc.line(2).to, to: doc.line(2).to });
  });

  it('changes only the part that differs, and nothing for an equal text (line breaks normalised)', () => {
    expect(documentChange(doc, doc.toString())).toBeNull();
    expect(documentChange(doc, doc.toString().replace(/\n/g, '\r\n'))).toBeNull();
    // "proef" -> "proeven": only the "f" is replaced.
    const f = doc.toString().indexOf('proef') + 'proe'.length;
    expect(documentChange(doc, doc.toString().replace('proef', 'proeven'))).toEqual({ from: f, to: f + 1, insert: 'ven' });
  });
});
