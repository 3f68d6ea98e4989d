/**
 * A question before an action that cannot simply be taken back (publishing, deleting a draft, going
 * back to an earlier save, rolling a flow back): what it affects in the dialog's body, the action
 * and 'Annuleren'. Focus starts on 'Annuleren', the safe answer (or on the note); Escape cancels and
 * focus returns to the button that opened it. With `note`, a note is asked for (required). A
 * refusal shows in the dialog, which stays open.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@utrecht/button-react';
import { Modal } from '../../app/components/Modal';

export interface ConfirmDialogProps {
  title: string;
  confirmLabel: string;
  /** The question in one sentence (the dialog's description). */
  question: string;
  /** What the action affects, in detail. */
  children?: ReactNode;
  /** A required note, e.g. 'Toelichting' for the history; `initial` fills it in beforehand. */
  note?: { label: string; hint: string; initial?: string };
  /** Where focus starts: 'Annuleren' (the safe answer, default) or the note (when the note is the point). */
  focus?: 'cancel' | 'note';
  /** Does the action; a thrown error's message is shown in the dialog. */
  onConfirm: (note: string) => Promise<void>;
  onCancel: () => void;
}

export function ConfirmDialog({ title, confirmLabel, question, children, note, focus = 'cancel', onConfirm, onCancel }: ConfirmDialogProps) {
  const [text, setText] = useState(note?.initial ?? '');
  const [noteError, setNoteError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ids = { question: useId(), note: useId(), hint: useId(), error: useId() };
  const cancel = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);

  const confirm = async () => {
    if (busy) return;
    if (note && !text.trim()) {
      setNoteError(`Het veld '${note.label}' is niet ingevuld.`);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setRefusal(undefined);
    try {
      await onConfirm(text.trim());
    } catch (error) {
      setRefusal((error as Error).message);
      setBusy(false);
      // The refusal is read out (role=alert); focus stays where the person was.
    }
  };

  return (
    <Modal title={title} onDismiss={onCancel} initialFocus={focus === 'note' && note ? input : cancel} describedBy={ids.question}>
      <form
        className="beheer-form beheer-confirm"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <p className="utrecht-paragraph" id={ids.question}>
          {question}
        </p>
        {children && <div className="beheer-confirm__body">{children}</div>}
        {refusal && (
          <div className="utrecht-alert utrecht-alert--error" role="alert">
            <p className="utrecht-paragraph">{refusal}</p>
          </div>
        )}
        {note && (
          <div className={`utrecht-form-field${noteError ? ' utrecht-form-field--invalid' : ''}`}>
            <label className="utrecht-form-label" htmlFor={ids.note}>
              {note.label}
            </label>
            <div className="utrecht-form-field__description" id={ids.hint}>
              {note.hint}
            </div>
            {noteError && (
              <div className="utrecht-form-field-error-message" id={ids.error}>
                <span className="visually-hidden">Fout: </span>
                {noteError}
              </div>
            )}
            <textarea
              ref={input}
              id={ids.note}
              className="utrecht-textarea"
              rows={3}
              maxLength={500}
              value={text}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={noteError ? `${ids.error} ${ids.hint}` : ids.hint}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
        )}
        <div className="beheer-actions">
          <Button type="submit" appearance="primary-action-button" busy={busy} aria-disabled={busy || undefined}>
            {confirmLabel}
          </Button>
          <Button ref={cancel} appearance="secondary-action-button" onClick={onCancel}>
            Annuleren
          </Button>
        </div>
      </form>
    </Modal>
  );
}
