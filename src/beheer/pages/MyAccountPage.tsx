/**
 * 'Mijn account': the signed-in user's roles and, for a local account, its password
 * (ChangePasswordForm) and the verification code (TOTP): set it up by typing the key into an
 * authenticator app and confirming with a code from it; turn it off again with a code. An account
 * from the organisation's sign-in has its own rules.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '@utrecht/button-react';
import { TextField } from '../../app/saving/TextField';
import { beheerApi, roleNames, type BeheerUser } from '../api';
import { useBeheerTitle } from '../pageTitle';
import { ChangePasswordForm } from './ChangePasswordForm';

const ERROR_PREFIX = 'Fout: ';

/** The key in groups of four, as authenticator apps show and ask for it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

export interface MyAccountPageProps {
  user: BeheerUser;
  /** Something about the account changed: read the session again. */
  onChanged: () => void;
  /** The session ended (the account waits after too many wrong passwords): the sign-in page shows `notice`. */
  onSignedOut: (notice: string) => void;
}

export function MyAccountPage({ user, onChanged, onSignedOut }: MyAccountPageProps) {
  useBeheerTitle('Mijn account');
  const [setup, setSetup] = useState<{ secret: string; uri: string }>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState('');
  const input = useRef<HTMLInputElement>(null);

  const withCode = async (event: FormEvent, action: (code: string) => Promise<void>, done: string) => {
    event.preventDefault();
    setStatus('');
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) {
      setError("Het veld 'Verificatiecode' is ongeldig. Vul de zes cijfers uit uw app in.");
      input.current?.focus();
      return;
    }
    try {
      await action(code.replace(/\s+/g, ''));
      setError(undefined);
      setCode('');
      setSetup(undefined);
      setStatus(done);
      onChanged();
    } catch (refusal) {
      setError((refusal as Error).message);
      input.current?.focus();
    }
  };

  return (
    <>
      <h1 className="utrecht-heading-1">Mijn account</h1>
      <dl className="beheer-facts">
        <dt>Ingelogd als</dt>
        <dd>{user.naam}</dd>
        <dt>Rollen</dt>
        <dd>{roleNames(user.rollen)}</dd>
      </dl>
      <p className="utrecht-paragraph beheer-status" role="status">
        {status}
      </p>
      <h2 className="utrecht-heading-2">Wachtwoord wijzigen</h2>
      <ChangePasswordForm user={user} onDone={setStatus} onSignedOut={onSignedOut} />
      <h2 className="utrecht-heading-2">Verificatiecode bij het inloggen</h2>
      {!user.lokaal && <p className="utrecht-paragraph">U logt in via uw organisatie; de extra controle regelt die inlogdienst.</p>}
      {user.lokaal && user.tweedeFactor && (
        <form
          className="beheer-form beheer-narrow"
          noValidate
          onSubmit={(event) => void withCode(event, beheerApi.stopSecondFactor, 'De verificatiecode staat uit.')}
        >
          <p className="utrecht-paragraph">Bij het inloggen wordt om een verificatiecode uit uw authenticator-app gevraagd.</p>
          <TextField
            label="Verificatiecode"
            hint="Vul de zes cijfers uit uw app in om de verificatiecode uit te zetten."
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={setCode}
            error={error}
            errorPrefix={ERROR_PREFIX}
            inputRef={input}
          />
          <Button type="submit" appearance="secondary-action-button">
            Verificatiecode uitzetten
          </Button>
        </form>
      )}
      {user.lokaal && !user.tweedeFactor && !setup && (
        <>
          <p className="utrecht-paragraph">
            Met een verificatiecode uit een authenticator-app is uw account beter beschermd, ook als iemand uw wachtwoord kent.
          </p>
          <Button
            appearance="primary-action-button"
            onClick={() => void beheerApi.startSecondFactor().then(setSetup, (refusal: Error) => setError(refusal.message))}
          >
            Verificatiecode instellen
          </Button>
        </>
      )}
      {setup && (
        <form
          className="beheer-form beheer-narrow"
          noValidate
          onSubmit={(event) =>
            void withCode(event, beheerApi.confirmSecondFactor, 'De verificatiecode staat aan. Bij het inloggen wordt er voortaan om gevraagd.')
          }
        >
          <p className="utrecht-paragraph">Voeg in uw authenticator-app een account toe met deze sleutel (tijdgebaseerd, 6 cijfers):</p>
          <p className="utrecht-paragraph">
            <code className="beheer-secret">{grouped(setup.secret)}</code>
          </p>
          <TextField
            label="Verificatiecode"
            hint="Vul de zes cijfers in die uw app nu toont."
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={setCode}
            error={error}
            errorPrefix={ERROR_PREFIX}
            inputRef={input}
          />
          <Button type="submit" appearance="primary-action-button">
            Bevestigen
          </Button>
        </form>
      )}
    </>
  );
}
