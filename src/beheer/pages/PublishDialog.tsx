/** 'Publiceren' asks for a note (what changes, for the history) in a dialog; a refusal shows in it. */
import { useId, useRef, useState } from 'react';
import { Modal } from '../../app/components/Modal';

export interface PublishDialogProps {
  onPublish: (note: string) => Promise<void>;
  onCancel: () => void;
}

export function PublishDialog({ onPublish, onCancel }: PublishDialogProps) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ids = { note: useId(), hint: useId(), error: useId() };
  const input = useRef<HTMLTextAreaElement>(null);

  const submit = async () => {
    if (busy) return;
    if (!note.trim()) {
      setError("Het veld 'Toelichting' is niet ingevuld.");
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await onPublish(note.trim());
    } catch (refusal) {
      setError((refusal as Error).message);
      setBusy(false);
    }
  };

  return (
    <Modal title="Concept publiceren" onDismiss={onCancel} initialFocus={input}>
      <form
        className="beheer-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className={`utrecht-form-field${error ? ' utrecht-form-field--invalid' : ''}`}>
          <label className="utrecht-form-label" htmlFor={ids.note}>
            Toelichting
          </label>
          <div className="utrecht-form-field__description" id={ids.hint}>
            Wat verandert er voor aanvragers? Dit komt in de geschiedenis van de flow.
          </div>
          {error && (
            <div className="utrecht-form-field-error-message" id={ids.error}>
              <span className="visually-hidden">Fout: </span>
              {error}
            </div>
          )}
          <textarea
            ref={input}
            id={ids.note}
            className="utrecht-textarea"
            rows={3}
            maxLength={500}
            value={note}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids.error} ${ids.hint}` : ids.hint}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <div className="beheer-actions">
          <button type="submit" className="utrecht-button utrecht-button--primary-action" aria-disabled={busy || undefined}>
            Publiceren
          </button>
          <button type="button" className="utrecht-button utrecht-button--secondary-action" onClick={onCancel}>
            Annuleren
          </button>
        </div>
      </form>
    </Modal>
  );
}
