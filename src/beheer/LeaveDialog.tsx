/**
 * Asks before leaving a page with changes that are not saved (an in-app link held by the router):
 * 'Opslaan en doorgaan', 'Niet opslaan' or 'Blijven'. Escape stays. A save that fails keeps the
 * person on the page, with the reason in the dialog.
 */
import { useRef, useState } from 'react';
import { Button } from '@utrecht/button-react';
import { Modal } from '../app/components/Modal';
import { answerLeave, discardUnsavedWork, saveUnsavedWork, unsavedWorkProblems, useLeaveRequested } from './unsavedWork';

const QUESTION_ID = 'beheer-vertrekken-vraag';

export function LeaveDialog() {
  const requested = useLeaveRequested();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string>();
  const first = useRef<HTMLButtonElement>(null);
  if (!requested) return null;

  const close = (proceed: boolean) => {
    setFailed(undefined);
    setBusy(false);
    answerLeave(proceed);
  };
  const saveAndGo = async () => {
    if (busy) return;
    setBusy(true);
    if (await saveUnsavedWork(false)) close(true);
    else {
      setBusy(false);
      setFailed(unsavedWorkProblems().join(' ') || 'Opslaan is mislukt.');
    }
  };

  return (
    <Modal title="U heeft wijzigingen die nog niet zijn opgeslagen" onDismiss={() => close(false)} initialFocus={first} describedBy={QUESTION_ID}>
      <p className="utrecht-paragraph" id={QUESTION_ID}>
        Wilt u ze opslaan voordat u deze pagina verlaat? Niet opgeslagen wijzigingen gaan verloren.
      </p>
      {failed && (
        <div className="utrecht-alert utrecht-alert--error" role="alert">
          <p className="utrecht-paragraph">{`${failed} Kies 'Blijven' om het op de pagina op te lossen, of 'Niet opslaan'.`}</p>
        </div>
      )}
      <div className="beheer-actions">
        <Button ref={first} appearance="primary-action-button" busy={busy} aria-disabled={busy || undefined} onClick={() => void saveAndGo()}>
          Opslaan en doorgaan
        </Button>
        <Button
          appearance="secondary-action-button"
          onClick={() => {
            discardUnsavedWork();
            close(true);
          }}
        >
          Niet opslaan
        </Button>
        <Button appearance="secondary-action-button" onClick={() => close(false)}>
          Blijven
        </Button>
      </div>
    </Modal>
  );
}
