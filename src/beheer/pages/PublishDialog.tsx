/** 'Publiceren' asks for a note (what changes, for the history) in a dialog; a refusal shows in it. */
import { ConfirmDialog } from './ConfirmDialog';

export interface PublishDialogProps {
  /** The note to start from (a rollback's own note). */
  initialNote?: string;
  onPublish: (note: string) => Promise<void>;
  onCancel: () => void;
}

export function PublishDialog({ initialNote, onPublish, onCancel }: PublishDialogProps) {
  return (
    <ConfirmDialog
      title="Concept publiceren"
      confirmLabel="Publiceren"
      question="Het concept wordt de versie die aanvragers krijgen, binnen enkele seconden."
      note={{
        label: 'Toelichting',
        hint: 'Wat verandert er voor aanvragers? Dit komt in de geschiedenis van de flow.',
        ...(initialNote ? { initial: initialNote } : {}),
      }}
      focus="note"
      onConfirm={onPublish}
      onCancel={onCancel}
    />
  );
}
