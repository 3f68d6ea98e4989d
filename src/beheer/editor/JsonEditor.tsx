/**
 * The JSON view of a flow document: a CodeMirror 6 editor with line numbers, folding, JSON-Schema
 * validation and completion (when `schema` is given) and the server's findings as diagnostics.
 * Meant to be loaded on demand (`React.lazy(() => import('./editor/JsonEditor'))`): CodeMirror and
 * codemirror-json-schema are a large download the rest of the back office does not need.
 *
 * Controlled: `value` is the text; typing reports the whole new text through `onChange`. A new
 * `value` from outside (e.g. after the structured view changed the document) replaces only the
 * part that differs, so the cursor stays put; an equal `value` changes nothing.
 *
 * CSP: CodeMirror's styles need `cspNonce` under the portal's strict style-src; see
 * jsonEditorSetup.ts for what style-mod does.
 */
import { EditorView } from '@codemirror/view';
import { EditorState } from '@codemirror/state';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { findingsUpdate, jsonEditorExtensions, reconfigure, replaceDocument, type JsonEditorFinding, type JsonEditorOptions } from './jsonEditorSetup';

export type { JsonEditorFinding } from './jsonEditorSetup';

export interface JsonEditorProps {
  /** Id of the textbox (CodeMirror's content element); the label and hint get ids derived from it. */
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** JSON Schema for validation, completion and hover; keep the object stable between renders. */
  schema?: object;
  findings?: readonly JsonEditorFinding[];
  /** Ids of further descriptions (e.g. a hint above the editor), space-separated. */
  describedBy?: string;
  /** The text can be read, selected and copied but not changed. */
  readOnly?: boolean;
  /** Nonce the Content-Security-Policy allows for `<style>` elements (CodeMirror's styles). */
  cspNonce?: string;
  /** Receives the editor view after mounting and null on unmounting (for tests and integrations). */
  onView?: (view: EditorView | null) => void;
}

type Options = Omit<JsonEditorOptions, 'onDocumentChange'>;

export function JsonEditor({ id, label, value, onChange, schema, findings, describedBy, readOnly = false, cspNonce, onView }: JsonEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const labelId = `${id}-label`;
  const hintId = `${id}-uitleg`;
  const options: Options = { schema, cspNonce, access: { id, labelledBy: labelId, describedBy: [describedBy, hintId].filter(Boolean).join(' '), readOnly } };

  // The latest props for the editor's callbacks and for the first mount, without remounting it.
  const latest = useRef({ options, value, onChange, onView });
  useLayoutEffect(() => {
    latest.current = { options, value, onChange, onView };
  });
  /** The options the running editor was last configured with. */
  const applied = useRef<Options>(options);

  useEffect(() => {
    const { options: initial, value: text, onView: report } = latest.current;
    const view = new EditorView({
      parent: hostRef.current!,
      state: EditorState.create({
        doc: text,
        extensions: jsonEditorExtensions({ ...initial, onDocumentChange: (next) => latest.current.onChange(next) }),
      }),
    });
    viewRef.current = view;
    applied.current = initial;
    report?.(view);
    return () => {
      latest.current.onView?.(null);
      viewRef.current = null;
      view.destroy();
    };
  }, []);

  useEffect(() => {
    const view = viewRef.current;
    const replace = view && replaceDocument(view.state, value);
    if (view && replace) view.dispatch(replace);
  }, [value]);

  const accessKey = JSON.stringify(options.access);
  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const next = latest.current.options;
    const update = reconfigure(applied.current, next);
    applied.current = next;
    if (update) view.dispatch(update);
  }, [schema, cspNonce, accessKey]);

  // Declared after the value effect, so findings that come with a new text are placed in that text.
  const findingsKey = JSON.stringify(findings ?? []);
  useEffect(() => {
    const view = viewRef.current;
    if (view) view.dispatch(findingsUpdate(view.state, JSON.parse(findingsKey) as JsonEditorFinding[]));
  }, [findingsKey]);

  return (
    <div className="utrecht-form-field beheer-json-editor">
      {/* No htmlFor: the textbox is a contenteditable element, named through aria-labelledby. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- as a label's click does; the editor itself is reached by Tab */}
      <label className="utrecht-form-label" id={labelId} onClick={() => viewRef.current?.focus()}>
        {label}
      </label>
      <div className="utrecht-form-field-description" id={hintId}>
        Met Tab verlaat u het invoerveld. Suggesties: Ctrl+Spatie. Inspringen: Ctrl+] en Ctrl+[ (Mac: Cmd+] en Cmd+[). Volgende melding: F8. Alle meldingen:
        Ctrl+Shift+M (Mac: Cmd+Shift+M).
      </div>
      <div ref={hostRef} />
    </div>
  );
}

export default JsonEditor;
