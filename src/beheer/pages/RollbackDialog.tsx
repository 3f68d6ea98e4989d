/**
 * 'Terugzetten naar versie N' asks first: what applicants get then (the change sentences from the
 * version in use to version N), a note for the history (required), and what happens — at once, or
 * with four eyes as a draft 'Terugzetten naar versie N' that a second person approves; an open
 * draft is named, with what happens to it.
 */
import { useEffect, useState } from 'react';
import { beheerApi, type DraftAnswer, type RollbackAnswer, type VersionRow } from '../api';
import type { Change } from '../../shared/beheer';
import { formatDateTime } from '../format';
import { ChangesList } from './ChangesList';
import { ConfirmDialog } from './ConfirmDialog';

export interface RollbackDialogProps {
  flowId: string;
  target: VersionRow;
  current: VersionRow;
  fourEyes: boolean;
  /** The open draft (read when the dialog opened, after saving what was on screen), or null. */
  draft: DraftAnswer['draft'];
  onDone: (answer: RollbackAnswer) => void;
  onCancel: () => void;
}

function whatHappens(fourEyes: boolean, draft: DraftAnswer['draft'], version: number): string {
  const open = draft ? `het concept van ${draft.createdBy} (laatst bewerkt op ${formatDateTime(draft.updatedAt)} door ${draft.updatedBy})` : undefined;
  if (!fourEyes) {
    return open
      ? `Aanvragers krijgen versie ${version} binnen enkele seconden. Er is ook ${open}; dat blijft zoals het is. Wordt het later gepubliceerd, dan vervangt het deze terugzetting.`
      : `Aanvragers krijgen versie ${version} binnen enkele seconden, als nieuwe versie. Ook dit is terug te draaien.`;
  }
  const asDraft = `Het vier-ogenprincipe staat aan: terugzetten maakt een concept 'Terugzetten naar versie ${version}'. Een tweede persoon keurt het goed; daarna wordt het gepubliceerd met 'Publiceren'.`;
  return open
    ? `${asDraft} Er is al ${open}: dat krijgt de inhoud van versie ${version}. Wat erin stond, blijft terug te vinden onder 'Eerdere versies van dit concept'.`
    : asDraft;
}

export function RollbackDialog({ flowId, target, current, fourEyes, draft, onDone, onCancel }: RollbackDialogProps) {
  const [changes, setChanges] = useState<Change[] | { problem: string }>();
  useEffect(() => {
    let live = true;
    beheerApi.diff(flowId, String(current.version), String(target.version)).then(
      (answer) => live && setChanges(answer.changes),
      (error: Error) => live && setChanges({ problem: error.message }),
    );
    return () => {
      live = false;
    };
  }, [flowId, current.version, target.version]);

  return (
    <ConfirmDialog
      title={`Terugzetten naar versie ${target.version}`}
      confirmLabel="Terugzetten"
      question={whatHappens(fourEyes, draft, target.version)}
      note={{ label: 'Toelichting', hint: 'Waarom zet u terug? Dit komt in de geschiedenis van de flow.' }}
      onCancel={onCancel}
      onConfirm={async (note) => onDone(await beheerApi.rollBack(flowId, target.version, note, draft?.updatedAt))}
    >
      {changes === undefined && (
        <p className="utrecht-paragraph" role="status">
          Bezig met laden van de wijzigingen
        </p>
      )}
      {changes && 'problem' in changes && <p className="utrecht-paragraph">{`De wijzigingen kunnen niet worden getoond: ${changes.problem}`}</p>}
      {Array.isArray(changes) && (
        <>
          <p className="utrecht-paragraph">{`Wat er voor aanvragers verandert, van versie ${current.version} (nu in gebruik) naar versie ${target.version} (gepubliceerd op ${formatDateTime(target.publishedAt)}):`}</p>
          <ChangesList label={`Wijzigingen bij terugzetten naar versie ${target.version}`} changes={changes} />
        </>
      )}
    </ConfirmDialog>
  );
}
