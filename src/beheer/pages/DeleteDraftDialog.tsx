/**
 * 'Concept verwijderen' asks first, with what goes: whose draft, last edited when and by whom, what
 * it changes against the version applicants get (the change sentences), and changes not yet saved.
 * The server deletes only the draft as shown here (someone saving in between stops it).
 */
import { useEffect, useState } from 'react';
import { beheerApi, type DraftAnswer } from '../api';
import type { Change } from '../../shared/beheer';
import { formatDateTime } from '../format';
import { ChangesList } from './ChangesList';
import { ConfirmDialog } from './ConfirmDialog';

export interface DeleteDraftDialogProps {
  flowId: string;
  draft: NonNullable<DraftAnswer['draft']>;
  /** Changes on screen that are not saved (they go too). */
  unsaved: boolean;
  onDeleted: () => void;
  onCancel: () => void;
}

export function DeleteDraftDialog({ flowId, draft, unsaved, onDeleted, onCancel }: DeleteDraftDialogProps) {
  const [changes, setChanges] = useState<{ from: string; list: Change[] } | { problem: string }>();
  useEffect(() => {
    let current = true;
    beheerApi.diff(flowId, '', 'concept').then(
      (answer) => current && setChanges({ from: answer.from.label.toLowerCase(), list: answer.changes }),
      (error: Error) => current && setChanges({ problem: error.message }),
    );
    return () => {
      current = false;
    };
  }, [flowId]);

  const whose = draft.baseVersion ? `Het concept van ${draft.createdBy}, gestart vanaf versie ${draft.baseVersion}` : `Het concept van ${draft.createdBy}`;
  return (
    <ConfirmDialog
      title="Concept verwijderen"
      confirmLabel="Concept verwijderen"
      question={`${whose}, laatst bewerkt op ${formatDateTime(draft.updatedAt)} door ${draft.updatedBy}, wordt verwijderd met zijn eerdere versies. Aanvragers merken niets.`}
      onCancel={onCancel}
      onConfirm={async () => {
        await beheerApi.deleteDraft(flowId, draft.updatedAt);
        onDeleted();
      }}
    >
      {unsaved && <p className="utrecht-paragraph">Ook de wijzigingen die nog niet zijn opgeslagen gaan verloren.</p>}
      {changes === undefined && (
        <p className="utrecht-paragraph" role="status">
          Bezig met laden van de wijzigingen
        </p>
      )}
      {changes && 'problem' in changes && <p className="utrecht-paragraph">{`De wijzigingen kunnen niet worden getoond: ${changes.problem}`}</p>}
      {changes && 'list' in changes && (
        <>
          <p className="utrecht-paragraph">{`Wat verloren gaat, vergeleken met ${changes.from}:`}</p>
          <ChangesList label="Wijzigingen die verloren gaan" changes={changes.list} />
        </>
      )}
    </ConfirmDialog>
  );
}
