/**
 * Signing in to the back office (labels 'E-mailadres', 'Wachtwoord' and 'Verificatiecode', button
 * 'Inloggen'). The code field is always there and filled in only by those who turned the second
 * factor on: the server answers a missing code as it answers a wrong password, so it cannot ask
 * for one. An empty required field gets the portal's own message; a refusal the server's, in an
 * alert that receives focus. With OpenID Connect configured, the organisation's sign-in comes first.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@utrecht/button-react';
import { TextField } from '../../app/saving/TextField';
import { beheerApi, BeheerError, type SessionAnswer } from '../api';
import { useBeheerTitle } from '../pageTitle';

/** What the organisation's sign-in sends back on failure (`/beheer?fout=…`). */
const OIDC_FAILURES: Record<string, string> = {
  'geen-rol': 'Uw account heeft geen rol in het beheer. Vraag een beheerder om toegang.',
  'inloggen-mislukt': 'Inloggen via uw organisatie is niet gelukt. Probeer het opnieuw.',
};

/** The failure the address reports (the page then cleans the address, so a reload does not repeat it). */
function failureFromAddress(): string | undefined {
  const code = new URLSearchParams(window.location.search).get('fout');
  return code ? (OIDC_FAILURES[code] ?? OIDC_FAILURES['inloggen-mislukt']) : undefined;
}

const REQUIRED = (label: string) => `Het veld '${label}' is niet ingevuld.`;
const ERROR_PREFIX = 'Fout: ';

export interface LoginPageProps {
  notice?: string;
  onSignedIn: (session: SessionAnswer) => void;
}

export function LoginPage({ notice, onSignedIn }: LoginPageProps) {
  useBeheerTitle('Inloggen');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | undefined>(failureFromAddress);
  const [busy, setBusy] = useState(false);
  const [oidc, setOidc] = useState(false);
  const refusalRef = useRef<HTMLDivElement>(null);
  const inputs = { email: useRef<HTMLInputElement>(null), wachtwoord: useRef<HTMLInputElement>(null), code: useRef<HTMLInputElement>(null) };

  useEffect(() => {
    if (window.location.search.includes('fout=')) window.history.replaceState(window.history.state, '', window.location.pathname);
    beheerApi.signInOptions().then(
      (options) => setOidc(options.oidc),
      () => undefined,
    );
  }, []);
  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const errors: Record<string, string> = {};
    if (!email.trim()) errors.email = REQUIRED('E-mailadres');
    if (!password) errors.wachtwoord = REQUIRED('Wachtwoord');
    setFieldErrors(errors);
    setRefusal(undefined);
    const first = (['email', 'wachtwoord', 'code'] as const).find((name) => errors[name]);
    if (first) {
      inputs[first].current?.focus();
      return;
    }
    setBusy(true);
    try {
      onSignedIn(await beheerApi.signIn(email.trim(), password, code.trim() || undefined));
    } catch (error) {
      const refused = error instanceof BeheerError ? error : new BeheerError(0, (error as Error).message, []);
      setRefusal(refused.message);
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="beheer-login">
      <h1 className="utrecht-heading-1">Inloggen</h1>
      {notice && (
        <p className="utrecht-paragraph" role="status">
          {notice}
        </p>
      )}
      {oidc && (
        <>
          <p className="utrecht-paragraph">
            <a className="utrecht-button-link utrecht-button-link--primary-action beheer-oidc" href="/api/beheer/oidc/start">
              Inloggen via uw organisatie
            </a>
          </p>
          <h2 className="utrecht-heading-2">Of met een beheeraccount</h2>
        </>
      )}
      {refusal && (
        <div className="utrecht-alert utrecht-alert--error" role="alert" tabIndex={-1} ref={refusalRef}>
          <p className="utrecht-paragraph">{refusal}</p>
        </div>
      )}
      <form className="beheer-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="E-mailadres"
          type="email"
          autoComplete="username"
          spellCheck={false}
          value={email}
          onChange={setEmail}
          error={fieldErrors.email}
          errorPrefix={ERROR_PREFIX}
          inputRef={inputs.email}
        />
        <TextField
          label="Wachtwoord"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={fieldErrors.wachtwoord}
          errorPrefix={ERROR_PREFIX}
          inputRef={inputs.wachtwoord}
        />
        <TextField
          label="Verificatiecode"
          hint="Alleen als u de verificatiecode heeft aangezet: de zes cijfers die uw authenticator-app nu toont."
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={setCode}
          error={fieldErrors.code}
          errorPrefix={ERROR_PREFIX}
          inputRef={inputs.code}
        />
        <Button type="submit" appearance="primary-action-button" busy={busy} aria-disabled={busy || undefined}>
          Inloggen
        </Button>
      </form>
    </div>
  );
}
