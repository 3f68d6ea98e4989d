/**
 * 'Wachtwoord opnieuw instellen' on 'Accounts': first asks, saying what it does to the account
 * (the old password stops, its sessions end, an older code stops; the verification code stays
 * unless turned off here), then shows the code and the link once. They are shown in read-only
 * fields, so they can be selected and copied by keyboard as well.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@utrecht/button-react';
import { Modal } from '../../app/components/Modal';
import { RESET_CODE_HOURS } from '../../shared/passwordPolicy';
import { beheerApi, type AccountRow } from '../api';
import { formatDateTime } from '../format';
import { SET_PASSWORD_PATH, setPasswordLink } from '../setPasswordLink';

export interface ResetPasswordDialogProps {
  account: AccountRow;
  /** Closed: `message` says what happened when the password was reset. */
  onClose: (message?: string) => void;
}

export function ResetPasswordDialog({ account, onClose }: ResetPasswordDialogProps) {
  const ids = { question: useId(), shown: useId(), totp: useId(), code: useId(), link: useId() };
  const [turnOffTotp, setTurnOffTotp] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<{ code: string; geldigTot: string }>();
  const cancel = useRef<HTMLButtonElement>(null);
  const shownRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (shown) shownRef.current?.focus();
  }, [shown]);

  const reset = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(undefined);
    try {
      setShown(await beheerApi.resetPassword(account.id, turnOffTotp));
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const close = () => onClose(shown ? `Het wachtwoord van ${account.email} is opnieuw ingesteld. De code is ${RESET_CODE_HOURS} uur geldig.` : undefined);

  return (
    <Modal title="Wachtwoord opnieuw instellen" onDismiss={close} describedBy={shown ? ids.shown : ids.question} initialFocus={cancel}>
      {shown ? (
        <div className="beheer-form">
          <p className="utrecht-paragraph" id={ids.shown} tabIndex={-1} ref={shownRef}>
            {`Geef deze code aan ${account.email}; hij is ${RESET_CODE_HOURS} uur geldig (tot ${formatDateTime(shown.geldigTot)}) en werkt één keer.`}
          </p>
          <div className="utrecht-form-field">
            <label className="utrecht-form-label" htmlFor={ids.code}>
              Code
            </label>
            <input id={ids.code} className="utrecht-textbox utrecht-textbox--html-input beheer-secret" value={shown.code} readOnly spellCheck={false} />
          </div>
          <div className="utrecht-form-field">
            <label className="utrecht-form-label" htmlFor={ids.link}>
              Of de link met de code erin
            </label>
            <input
              id={ids.link}
              className="utrecht-textbox utrecht-textbox--html-input"
              value={setPasswordLink(window.location.origin, shown.code)}
              readOnly
              spellCheck={false}
            />
          </div>
          <p className="utrecht-paragraph">
            {`Met de link, of met de code op ${window.location.origin}${SET_PASSWORD_PATH}, kiest deze persoon zelf een nieuw wachtwoord. U ziet de code hierna niet meer; raakt hij kwijt, stel het wachtwoord dan opnieuw in.`}
          </p>
          <div className="beheer-actions">
            <Button appearance="primary-action-button" onClick={close}>
              Sluiten
            </Button>
          </div>
        </div>
      ) : (
        <div className="beheer-form">
          <p className="utrecht-paragraph" id={ids.question}>{`Wilt u het wachtwoord van ${account.email} opnieuw instellen?`}</p>
          <ul className="utrecht-unordered-list">
            <li className="utrecht-unordered-list__item">{`U krijgt een code die u één keer ziet. Daarmee kiest deze persoon binnen ${RESET_CODE_HOURS} uur zelf een nieuw wachtwoord.`}</li>
            <li className="utrecht-unordered-list__item">Het huidige wachtwoord werkt meteen niet meer, en deze persoon wordt overal uitgelogd.</li>
            {account.herstelTot && <li className="utrecht-unordered-list__item">De code die u eerder voor dit account kreeg, werkt dan niet meer.</li>}
            {account.tweedeFactor && (
              <li className="utrecht-unordered-list__item">
                De verificatiecode uit de authenticator-app blijft nodig bij het inloggen, tenzij u die hieronder uitzet.
              </li>
            )}
          </ul>
          {account.tweedeFactor && (
            <div className="utrecht-form-field utrecht-form-field--checkbox">
              <input
                id={ids.totp}
                type="checkbox"
                className="utrecht-checkbox utrecht-checkbox--html-input"
                checked={turnOffTotp}
                onChange={(event) => setTurnOffTotp(event.target.checked)}
              />{' '}
              <label className="utrecht-form-label utrecht-form-label--checkbox" htmlFor={ids.totp}>
                Verificatiecode ook uitzetten (als deze persoon de app niet meer heeft)
              </label>
            </div>
          )}
          {problem && (
            <div className="utrecht-alert utrecht-alert--error" role="alert">
              <p className="utrecht-paragraph">{problem}</p>
            </div>
          )}
          <div className="beheer-actions">
            <Button appearance="primary-action-button" busy={busy} aria-disabled={busy || undefined} onClick={() => void reset()}>
              Ja, opnieuw instellen
            </Button>
            <Button ref={cancel} appearance="secondary-action-button" onClick={close}>
              Annuleren
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
