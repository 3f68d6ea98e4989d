/**
 * What a beheerder does to one account: give it other roles (its holder signs in again), reset its
 * password (a code shown once, ResetPasswordDialog) or remove it, after a confirmation. The server
 * refuses these for the beheerder's own account where they would lock everyone out of the accounts;
 * the own password is changed under 'Mijn account' instead.
 */
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@utrecht/button-react';
import { beheerApi, type AccountRow, type Role } from '../api';
import { formatDateTime } from '../format';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { RoleCheckboxes } from './RoleCheckboxes';

export interface AccountActionsProps {
  account: AccountRow;
  /** The account of the beheerder looking at it. */
  own: boolean;
  /** After a change: the page says what happened (or what went wrong) and reads the accounts again. */
  onDone: (message: string) => void;
  onProblem: (message: string) => void;
}

export function AccountActions({ account, own, onDone, onProblem }: AccountActionsProps) {
  const id = useId();
  const [roles, setRoles] = useState<Role[]>(account.rollen);
  const [asking, setAsking] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [error, setError] = useState<string>();

  const run = async (action: () => Promise<void>, message: string) => {
    try {
      await action();
      onDone(message);
    } catch (failure) {
      onProblem((failure as Error).message);
    }
  };

  const saveRoles = () => {
    if (roles.length === 0) {
      setError("Het veld 'Rollen' is niet ingevuld.");
      return;
    }
    setError(undefined);
    void run(() => beheerApi.setRoles(account.id, roles), `De rollen van ${account.email} zijn gewijzigd. Deze persoon logt opnieuw in.`);
  };

  return (
    <div className="beheer-account-actions">
      <details className="beheer-rule">
        <summary className="beheer-rule__summary">
          Rollen wijzigen<span className="visually-hidden">{` van ${account.email}`}</span>
        </summary>
        <fieldset className="utrecht-form-fieldset" aria-describedby={error ? `${id}-fout` : undefined}>
          <legend className="utrecht-form-fieldset__legend utrecht-form-label">{`Rollen van ${account.email}`}</legend>
          {error && (
            <p className="utrecht-form-field-error-message" id={`${id}-fout`}>
              {error}
            </p>
          )}
          <RoleCheckboxes idPrefix={id} roles={roles} onChange={setRoles} />
        </fieldset>
        <Button appearance="secondary-action-button" onClick={saveRoles}>
          Rollen opslaan<span className="visually-hidden">{` van ${account.email}`}</span>
        </Button>
      </details>
      {own ? (
        <Link href="/account" className="utrecht-link">
          Eigen wachtwoord wijzigen onder Mijn account
        </Link>
      ) : (
        <Button appearance="secondary-action-button" onClick={() => setResetting(true)}>
          Wachtwoord opnieuw instellen<span className="visually-hidden">{` van ${account.email}`}</span>
        </Button>
      )}
      {account.herstelTot && (
        <p className="utrecht-paragraph beheer-muted">{`Code voor een nieuw wachtwoord open tot ${formatDateTime(account.herstelTot)}`}</p>
      )}
      {resetting && (
        <ResetPasswordDialog
          account={account}
          onClose={(message) => {
            setResetting(false);
            if (message) onDone(message);
          }}
        />
      )}
      {asking ? (
        <div role="group" aria-label={`Account ${account.email} verwijderen`} className="beheer-actions">
          <p className="utrecht-paragraph">{`Weet u zeker dat u het account ${account.email} wilt verwijderen?`}</p>
          <Button
            appearance="primary-action-button"
            onClick={() => void run(() => beheerApi.deleteAccount(account.id), `Het account ${account.email} is verwijderd.`)}
          >
            Ja, verwijderen
          </Button>
          <Button appearance="secondary-action-button" onClick={() => setAsking(false)}>
            Nee, bewaren
          </Button>
        </div>
      ) : (
        <Button appearance="subtle-button" onClick={() => setAsking(true)}>
          Verwijderen<span className="visually-hidden">{` ${account.email}`}</span>
        </Button>
      )}
    </div>
  );
}
