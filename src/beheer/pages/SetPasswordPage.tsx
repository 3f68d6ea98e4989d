/**
 * /beheer/wachtwoord-instellen, opened without signing in: the holder of a reset code sets a new
 * password with it, then signs in as usual. The link a beheerder hands over carries the code after
 * '#' (setPasswordLink.ts); the page takes it into the field and removes it from the address. The
 * code can also be typed in.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@utrecht/button-react';
import { TextField } from '../../app/saving/TextField';
import { RESET_CODE_HOURS } from '../../shared/passwordPolicy';
import { beheerApi, BeheerError } from '../api';
import { useBeheerTitle } from '../pageTitle';
import { useFieldErrors, type FieldErrors } from '../useFieldErrors';
import { EMPTY_NEW_PASSWORD, newPasswordErrors, NewPasswordFields, type NewPassword } from './NewPasswordFields';

const ERROR_PREFIX = 'Fout: ';
const FIELDS = ['code', 'nieuw', 'herhaling'] as const;
type Field = (typeof FIELDS)[number];

function codeFromAddress(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('code') ?? '';
}

export function SetPasswordPage() {
  useBeheerTitle('Nieuw wachtwoord instellen');
  const [code, setCode] = useState(codeFromAddress);
  const [next, setNext] = useState<NewPassword>(EMPTY_NEW_PASSWORD);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const { errors, refs, show } = useFieldErrors(FIELDS);
  const doneRef = useRef<HTMLDivElement>(null);
  const problemRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setProblem(undefined);
    const found: FieldErrors<Field> = newPasswordErrors(next);
    if (!code.trim()) found.code = "Het veld 'Code' is niet ingevuld.";
    if (show(found)) return;
    setBusy(true);
    try {
      await beheerApi.setPasswordWithCode(code.trim(), next.nieuw);
      setDone(true);
    } catch (error) {
      const refused = error instanceof BeheerError ? error : new BeheerError(0, (error as Error).message, []);
      if (!show({ code: refused.fields.code, nieuw: refused.fields.wachtwoord })) setProblem(refused.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="beheer-login">
      <h1 className="utrecht-heading-1">Nieuw wachtwoord instellen</h1>
      {done ? (
        <>
          <div className="utrecht-alert utrecht-alert--ok" role="status" tabIndex={-1} ref={doneRef}>
            <p className="utrecht-paragraph">Uw wachtwoord is ingesteld. Log in met uw e-mailadres en het nieuwe wachtwoord.</p>
          </div>
          <p className="utrecht-paragraph">
            <a className="utrecht-link" href="/beheer">
              Naar inloggen
            </a>
          </p>
        </>
      ) : (
        <>
          <p className="utrecht-paragraph">
            {`Heeft een beheerder uw wachtwoord opnieuw ingesteld? Dan heeft u een code gekregen. Daarmee stelt u hier een nieuw wachtwoord in. De code werkt één keer en is ${RESET_CODE_HOURS} uur geldig.`}
          </p>
          {problem && (
            <div className="utrecht-alert utrecht-alert--error" role="alert" tabIndex={-1} ref={problemRef}>
              <p className="utrecht-paragraph">{problem}</p>
            </div>
          )}
          <form className="beheer-form" noValidate onSubmit={(event) => void submit(event)}>
            <TextField
              label="Code"
              hint="De code van uw beheerder, bijvoorbeeld ABCD-EFGH-JKMN-PQRS. Kwam u hier via de link, dan is hij al ingevuld."
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="characters"
              value={code}
              onChange={setCode}
              error={errors.code}
              errorPrefix={ERROR_PREFIX}
              inputRef={refs.code}
            />
            <NewPasswordFields value={next} onChange={setNext} errors={errors} errorPrefix={ERROR_PREFIX} inputRefs={refs} />
            <Button type="submit" appearance="primary-action-button" busy={busy} aria-disabled={busy || undefined}>
              Wachtwoord instellen
            </Button>
          </form>
        </>
      )}
    </div>
  );
}
