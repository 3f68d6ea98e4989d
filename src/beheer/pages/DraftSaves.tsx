/**
 * 'Eerdere versies van dit concept': every save of the draft, newest first (who, when, what it
 * changed), read when the list is opened and again after each save while it is open. 'Terugzetten
 * naar dit moment' asks first and makes that content the draft's next save, so it can be undone
 * the same way.
 */
import { useEffect, useState } from 'react';
import { Button } from '@utrecht/button-react';
import { beheerApi, type DraftAnswer, type DraftSaveKind, type DraftSaveRow } from '../api';
import { formatDateTime } from '../format';
import { ConfirmDialog } from './ConfirmDialog';
import { timeOfDay } from './useAutosave';

const KINDS: Record<DraftSaveKind, string> = {
  gestart: 'Concept gestart',
  automatisch: 'Automatisch opgeslagen',
  opgeslagen: 'Opgeslagen',
  geimporteerd: 'Bestand geïmporteerd',
  hersteld: 'Teruggezet naar een eerder moment',
  teruggezet: 'Terugzetten naar een eerdere versie',
};

/** '24-11-2026 14:03', or '24-11-2026 14:03–14:05' for automatic saves joined into one. */
export function momentOf(save: DraftSaveRow): string {
  const end = formatDateTime(save.savedAt);
  return save.firstSavedAt === save.savedAt || formatDateTime(save.firstSavedAt) === end
    ? end
    : `${formatDateTime(save.firstSavedAt)}–${timeOfDay(save.savedAt)}`;
}

export interface DraftSavesProps {
  flowId: string;
  /** The draft's last save: the list is read again when it changes. */
  updatedAt: string;
  canEdit: boolean;
  /** Before going back: what is on screen is saved first (so it stays in the list too); false when that failed. */
  beforeRestore: () => Promise<boolean>;
  /** The latest `updatedAt` once what was on screen is saved. */
  currentUpdatedAt: () => string;
  onRestored: (answer: DraftAnswer, moment: string) => void;
}

export function DraftSaves({ flowId, updatedAt, canEdit, beforeRestore, currentUpdatedAt, onRestored }: DraftSavesProps) {
  const [open, setOpen] = useState(false);
  const [saves, setSaves] = useState<DraftSaveRow[] | { problem: string }>();
  const [asking, setAsking] = useState<DraftSaveRow>();

  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    beheerApi.draftSaves(flowId).then(
      (answer) => live && setSaves(answer.saves),
      (error: Error) => live && setSaves({ problem: error.message }),
    );
    return () => {
      live = false;
    };
  }, [flowId, updatedAt, open]);

  return (
    <details className="beheer-rule beheer-saves" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="beheer-rule__summary">Eerdere versies van dit concept</summary>
      <p className="utrecht-paragraph">
        Elke keer dat het concept is opgeslagen, ook automatisch. Automatisch opslaan kort na elkaar staat samen op één regel; de laatste 50 blijven bewaard.
      </p>
      {saves === undefined && <p className="utrecht-paragraph">Bezig met laden</p>}
      {saves && 'problem' in saves && <p className="utrecht-paragraph">{saves.problem}</p>}
      {Array.isArray(saves) && (
        <ol className="utrecht-ordered-list beheer-saves__list" aria-label="Eerdere versies van dit concept, nieuwste eerst">
          {saves.map((save, index) => (
            <li key={save.id} className="utrecht-ordered-list__item">
              <strong>{momentOf(save)}</strong>
              {` — ${KINDS[save.kind]} door ${save.savedBy}`}
              {index === 0 && ' (zoals het concept nu is)'}
              {save.summary && <span className="beheer-muted">{save.summary}</span>}
              {canEdit && index > 0 && (
                <Button appearance="subtle-button" onClick={() => setAsking(save)}>
                  Terugzetten naar dit moment<span className="visually-hidden">{`: ${momentOf(save)}`}</span>
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
      {asking && (
        <ConfirmDialog
          title="Terugzetten naar een eerder moment"
          confirmLabel="Terugzetten"
          question={`Het concept krijgt weer de inhoud van ${momentOf(asking)} (${KINDS[asking.kind].toLowerCase()} door ${asking.savedBy}). Wat er nu in staat, blijft in deze lijst staan, zodat u ook dit ongedaan kunt maken.`}
          onCancel={() => setAsking(undefined)}
          onConfirm={async () => {
            if (!(await beforeRestore())) throw new Error('Wat op het scherm staat, kon niet worden opgeslagen. Er is niets teruggezet.');
            const answer = await beheerApi.restoreDraftSave(flowId, asking.id, currentUpdatedAt());
            const moment = momentOf(asking);
            setAsking(undefined);
            onRestored(answer, moment);
          }}
        />
      )}
    </details>
  );
}
