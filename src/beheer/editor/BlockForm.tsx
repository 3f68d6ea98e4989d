/**
 * The form of one content block (blockEdits.ts): per kind the boxes it has — an alert's kind, title
 * and text; a link's text and address; a download's text, address and file label; a heading's
 * text, level and numbering; a list's points, one per line; a paragraph's text. Every problem is
 * shown at its box when the form is sent, and the first box with a problem takes the focus.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@utrecht/button-react';
import { ALERT_TYPES, draftProblems, type AlertType, type BlockDraft, type DraftProblems } from './blockEdits';
import { ADDRESS_HINT } from '../../../renderer/core/linkAddress';

export interface BlockFormProps {
  /** What the form is for, e.g. 'Melding wijzigen'. */
  title: string;
  initial: BlockDraft;
  submit: string;
  onSubmit(draft: BlockDraft): void;
  onCancel(): void;
}

const TEXTBOX = 'utrecht-textbox utrecht-textbox--html-input';

export function BlockForm({ title, initial, submit, onSubmit, onCancel }: BlockFormProps) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<DraftProblems>({});
  const root = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    root.current?.querySelector<HTMLElement>('input, textarea, select')?.focus();
  }, []);
  const set = (part: Partial<BlockDraft>) => setDraft((current) => ({ ...current, ...part }));

  const field = (
    name: keyof DraftProblems | 'fileLabel',
    label: string,
    control: (describedBy: string | undefined, invalid: boolean) => ReactNode,
    hint?: string,
  ) => {
    const problem = name === 'fileLabel' ? undefined : problems[name];
    const describedBy = [problem ? `${id}-${name}-fout` : '', hint ? `${id}-${name}-uitleg` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className={`utrecht-form-field${problem ? ' utrecht-form-field--invalid' : ''}`}>
        <label className="utrecht-form-label" htmlFor={`${id}-${name}`}>
          {label}
        </label>
        {hint && (
          <div className="utrecht-form-field__description" id={`${id}-${name}-uitleg`}>
            {hint}
          </div>
        )}
        {problem && (
          <div className="utrecht-form-field-error-message" id={`${id}-${name}-fout`}>
            <span className="visually-hidden">Fout: </span>
            {problem}
          </div>
        )}
        {control(describedBy, problem !== undefined)}
      </div>
    );
  };
  const textbox =
    (name: 'text' | 'title' | 'address' | 'fileLabel', value: string, multiline = false) =>
    (describedBy: string | undefined, invalid: boolean) =>
      multiline ? (
        <textarea
          id={`${id}-${name}`}
          className="utrecht-textarea"
          rows={3}
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => set({ [name]: event.target.value })}
        />
      ) : (
        <input
          id={`${id}-${name}`}
          className={TEXTBOX}
          value={value}
          spellCheck={name === 'address' ? false : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => set({ [name]: event.target.value })}
        />
      );

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the fieldset only hears the keys its own controls let through
    <fieldset
      className="utrecht-form-fieldset beheer-block-form"
      ref={root}
      onKeyDown={(event) => {
        // Escape leaves the form as 'Annuleren' does.
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <legend className="utrecht-form-fieldset__legend utrecht-form-label">{title}</legend>
      {draft.kind === 'alert' && (
        <div className="utrecht-form-field">
          <label className="utrecht-form-label" htmlFor={`${id}-type`}>
            Soort melding
          </label>
          <select
            id={`${id}-type`}
            className="utrecht-select utrecht-select--html-select"
            value={draft.type}
            onChange={(event) => set({ type: event.target.value as AlertType })}
          >
            {ALERT_TYPES.map((alert) => (
              <option key={alert.type} value={alert.type}>
                {alert.label}
              </option>
            ))}
          </select>
        </div>
      )}
      {draft.kind === 'alert' && field('title', 'Titel (niet verplicht)', textbox('title', draft.title))}
      {draft.kind === 'list'
        ? field('items', 'Punten, elk op een eigen regel', (describedBy, invalid) => (
            <textarea
              id={`${id}-items`}
              className="utrecht-textarea"
              rows={4}
              value={draft.items}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              onChange={(event) => set({ items: event.target.value })}
            />
          ))
        : field(
            'text',
            draft.kind === 'download' ? 'Tekst op de knop' : 'Tekst',
            textbox('text', draft.text, draft.kind === 'paragraph' || draft.kind === 'alert'),
          )}
      {(draft.kind === 'link' || draft.kind === 'download') && field('address', 'Adres', textbox('address', draft.address), ADDRESS_HINT)}
      {draft.kind === 'download' && field('fileLabel', 'Omschrijving van het bestand (niet verplicht)', textbox('fileLabel', draft.fileLabel))}
      {draft.kind === 'heading' && (
        <>
          <div className="utrecht-form-field">
            <label className="utrecht-form-label" htmlFor={`${id}-level`}>
              Niveau
            </label>
            <select
              id={`${id}-level`}
              className="utrecht-select utrecht-select--html-select"
              value={draft.level}
              onChange={(event) => set({ level: event.target.value === '3' ? 3 : 2 })}
            >
              <option value={2}>Kop 2</option>
              <option value={3}>Kop 3 (onder een kop 2)</option>
            </select>
          </div>
          <div className="utrecht-form-field utrecht-form-field--checkbox">
            <input
              id={`${id}-numbered`}
              type="checkbox"
              className="utrecht-checkbox utrecht-checkbox--html-input"
              checked={draft.numbered}
              onChange={(event) => set({ numbered: event.target.checked })}
            />{' '}
            <label className="utrecht-form-label utrecht-form-label--checkbox" htmlFor={`${id}-numbered`}>
              Genummerd (1., 2., … in de volgorde waarin de genummerde koppen staan)
            </label>
          </div>
        </>
      )}
      <div className="beheer-actions">
        <Button
          appearance="primary-action-button"
          onClick={() => {
            const found = draftProblems(draft);
            setProblems(found);
            const first = (['title', 'text', 'items', 'address'] as const).find((name) => found[name]);
            if (first) {
              document.getElementById(`${id}-${first}`)?.focus();
              return;
            }
            onSubmit(draft);
          }}
        >
          {submit}
        </Button>
        <Button appearance="secondary-action-button" onClick={onCancel}>
          Annuleren
        </Button>
      </div>
    </fieldset>
  );
}
