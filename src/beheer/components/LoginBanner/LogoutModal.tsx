/**
 * Confirmation before logging out, in the portal's {@link Modal}: 'Uitloggen' (a link to the
 * server's logout address, or a button answering 'logout') and 'Annuleren'; Escape and the backdrop
 * also cancel.
 */
import { useId } from 'react';
import { Button } from '@utrecht/button-react';
import { Modal } from '../../../app/components/Modal';

/** The user's answer in a {@link LogoutModal}. */
export type LogoutResult = 'logout' | 'cancel';

/** Props of {@link LogoutModal}. */
export interface LogoutModalProps {
  onClose(result: LogoutResult): void;
  /** Address that logs out (a full page load); without it 'Uitloggen' closes with 'logout'. */
  logoutUrl?: string;
}

/** The 'Uitloggen' dialog asking 'Weet u zeker dat u wilt uitloggen?'. */
export function LogoutModal({ onClose, logoutUrl }: LogoutModalProps) {
  const textId = useId();
  return (
    <Modal title="Uitloggen" onDismiss={() => onClose('cancel')} describedBy={textId}>
      <p id={textId} className="utrecht-paragraph">
        Weet u zeker dat u wilt uitloggen?
      </p>
      <div className="portal-modal__actions">
        {logoutUrl ? (
          <a href={logoutUrl} className="utrecht-button-link utrecht-button-link--html-a utrecht-button-link--primary-action">
            Uitloggen
          </a>
        ) : (
          <Button appearance="primary-action-button" onClick={() => onClose('logout')}>
            Uitloggen
          </Button>
        )}
        <Button appearance="secondary-action-button" onClick={() => onClose('cancel')}>
          Annuleren
        </Button>
      </div>
    </Modal>
  );
}
