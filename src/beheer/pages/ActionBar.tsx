/**
 * The draft's actions in a bar that stays in view at the bottom of the window while the draft is
 * (beheer.css, `position: sticky`; the page keeps focused fields clear of it with scroll-padding):
 * whether everything is saved, 'Nu opslaan', 'Voorbeeld bekijken', 'Goedkeuren', 'Publiceren' and
 * the way to the versions. When 'Publiceren' cannot be used yet, the bar says why next to it rather
 * than leaving the button out; after a conflicting save it offers the two ways on.
 */
import { useId, type MouseEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '@utrecht/button-react';
import { formatDateTime } from '../format';
import { timeOfDay, type SaveState } from './useAutosave';

export interface ActionBarProps {
  flowId: string;
  state: SaveState;
  canEdit: boolean;
  /** 'Goedkeuren' is shown (four eyes, a publicist who did not write the draft). */
  approvable: boolean;
  /** 'Publiceren' is shown (the role publicist). */
  canPublish: boolean;
  /** Why publishing cannot be done yet, each a phrase ('2 fouten in het concept'); empty: it can. */
  blockers: string[];
  onPreview: (event: MouseEvent<HTMLAnchorElement>) => void;
  onApprove: () => void;
  onPublish: () => void;
  /** A blocked button was pressed: the reasons are said again. */
  onBlocked: (reasons: string) => void;
  onSaveOver: () => void;
  onReload: () => void;
}

const isToday = (iso: string) => new Date(iso).toDateString() === new Date().toDateString();

/** The save state in words, as the bar shows it. */
export function saveStateText(state: SaveState): string {
  switch (state.kind) {
    case 'saved':
      if (!state.at) return 'Opgeslagen';
      if (!isToday(state.at)) return `Opgeslagen op ${formatDateTime(state.at)}`;
      return `${state.automatic ? 'Automatisch opgeslagen' : 'Opgeslagen'} om ${timeOfDay(state.at)}`;
    case 'dirty':
      return 'Niet opgeslagen wijzigingen';
    case 'saving':
      return 'Bezig met opslaan…';
    case 'failed':
      return `Opslaan mislukt: ${state.message} Uw wijzigingen staan nog op het scherm.`;
    case 'conflict':
      return state.message;
  }
}

/** 'a', 'a en b', 'a, b en c'. */
export function listInWords(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} en ${parts.at(-1)}`;
}

export function ActionBar(props: ActionBarProps) {
  const { flowId, state, canEdit, approvable, canPublish, blockers } = props;
  const whyId = useId();
  const unsaved = state.kind !== 'saved';
  const why = blockers.length > 0 ? `Publiceren kan nog niet: ${listInWords(blockers)}.` : undefined;
  const approveWhy = unsaved ? 'Goedkeuren kan pas als alles is opgeslagen.' : undefined;
  return (
    <div className="beheer-actionbar" role="region" aria-label="Acties voor het concept">
      <p className={`utrecht-paragraph beheer-actionbar__state beheer-actionbar__state--${state.kind}`}>{saveStateText(state)}</p>
      {state.kind === 'conflict' && (
        <div className="beheer-actions beheer-actionbar__conflict">
          <Button appearance="secondary-action-button" onClick={props.onSaveOver}>
            {state.updatedAt ? 'Mijn versie toch opslaan' : 'Opslaan als nieuw concept'}
          </Button>
          <Button appearance="secondary-action-button" onClick={props.onReload}>
            {state.updatedAt ? 'Nieuwste versie laden' : 'Opnieuw laden'}
          </Button>
          <p className="utrecht-paragraph beheer-actionbar__why">
            {state.updatedAt
              ? `Slaat u uw versie toch op, dan blijft de versie van ${state.updatedBy ?? 'de ander'} terug te vinden onder 'Eerdere versies van dit concept'. Laadt u de nieuwste versie, dan gaan uw wijzigingen verloren.`
              : 'Slaat u uw versie op, dan wordt het weer een concept. Laadt u opnieuw, dan gaan uw wijzigingen verloren.'}
          </p>
        </div>
      )}
      <div className="beheer-actions">
        {canEdit && (
          <Button type="submit" appearance="primary-action-button">
            Nu opslaan
          </Button>
        )}
        <Link className="utrecht-link beheer-action-link" href={`/flows/${flowId}/voorbeeld`} onClick={props.onPreview}>
          Voorbeeld bekijken
        </Link>
        {approvable && (
          <Button
            appearance="secondary-action-button"
            aria-disabled={approveWhy ? true : undefined}
            onClick={() => (approveWhy ? props.onBlocked(approveWhy) : props.onApprove())}
          >
            Goedkeuren
          </Button>
        )}
        {canPublish && (
          <Button
            appearance="primary-action-button"
            aria-disabled={why ? true : undefined}
            aria-describedby={why ? whyId : undefined}
            onClick={() => (why ? props.onBlocked(why) : props.onPublish())}
          >
            Publiceren
          </Button>
        )}
        <a className="utrecht-link beheer-action-link" href="#versies">
          Versies
        </a>
      </div>
      {canPublish && why && (
        <p className="utrecht-paragraph beheer-actionbar__why" id={whyId}>
          {why}
        </p>
      )}
      {!canPublish && <p className="utrecht-paragraph beheer-actionbar__why">Publiceren doet iemand met de rol publicist.</p>}
    </div>
  );
}
