/**
 * The dialog of an action in the structured editor (a new step's title, the step a field goes to):
 * the back office's modal with a form, its one box with hint and error, 'Annuleren'. The dialog is
 * drawn outside the page but React passes its events through the page's own form (the draft's),
 * so sending this form stops there.
 */
import { useId, type ReactNode, type RefObject } from 'react';
import { Button } from '@utrecht/button-react';
import { Modal } from '../../app/components/Modal';

export interface EditorDialogProps {
  title: string;
  /** The text of the button that does the action. */
  submit: string;
  onSubmit(): void;
  onCancel(): void;
  initialFocus: RefObject<HTMLElement | null>;
  children: ReactNode;
}

export function EditorDialog({ title, submit, onSubmit, onCancel, initialFocus, children }: EditorDialogProps) {
  return (
    <Modal title={title} onDismiss={onCancel} initialFocus={initialFocus}>
      <form
        className="beheer-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          onSubmit();
        }}
      >
        {children}
        <div className="beheer-actions">
          <Button type="submit" appearance="primary-action-button">
            {submit}
          </Button>
          <Button appearance="secondary-action-button" onClick={onCancel}>
            Annuleren
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The one box of a dialog: its label, a hint, the error when there is one, and the control (given the ids that describe it). */
export function DialogField({
  label,
  hint,
  error,
  control,
}: {
  label: string;
  hint?: string;
  error?: string;
  control(ids: { id: string; describedBy?: string; invalid: boolean }): ReactNode;
}) {
  const ids = { control: useId(), hint: useId(), error: useId() };
  const describedBy = [error ? ids.error : '', hint ? ids.hint : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`utrecht-form-field${error ? ' utrecht-form-field--invalid' : ''}`}>
      <label className="utrecht-form-label" htmlFor={ids.control}>
        {label}
      </label>
      {hint && (
        <div className="utrecht-form-field__description" id={ids.hint}>
          {hint}
        </div>
      )}
      {error && (
        <div className="utrecht-form-field-error-message" id={ids.error}>
          <span className="visually-hidden">Fout: </span>
          {error}
        </div>
      )}
      {control({ id: ids.control, describedBy, invalid: error !== undefined })}
    </div>
  );
}
