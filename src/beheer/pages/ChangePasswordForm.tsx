/**
 * 'Wachtwoord wijzigen' under 'Mijn account': the current password and the new one twice. The
 * server asks the current one again and counts a wrong one as a failed sign-in; after too many the
 * account waits and this session ends too, so the page goes to the sign-in page with the reason.
 * Success ends the account's other sessions, and the page says so. Someone who signs in through the
 * organisation has no password here, and is told where it is kept instead.
 */
import { useState, type FormEvent } from 'react';
import { Button } from '@utrecht/button-react';
import { TextField } from '../../app/saving/TextField';
import { SAME_PASSWORD } from '../../shared/passwordPolicy';
import { beheerApi, BeheerError, type BeheerUser } from '../api';
import { useFieldErrors, type FieldErrors } from '../useFieldErrors';
import { EMPTY_NEW_PASSWORD, newPasswordErrors, NewPasswordFields, type NewPassword } from './NewPasswordFields';

const ERROR_PREFIX = 'Fout: ';
export const CHANGED = 'Uw wachtwoord is gewijzigd. Was u ook op een andere computer of in een andere browser ingelogd, dan bent u daar nu uitgelogd.';

const FIELDS = ['huidig', 'nieuw', 'herhaling'] as const;
type Field = (typeof FIELDS)[number];

export interface ChangePasswordFormProps {
  user: BeheerUser;
  /** The page's status line says what happened. */
  onDone: (message: string) => void;
  /** The account now waits and this session ended: the sign-in page shows `notice`. */
  onSignedOut: (notice: string) => void;
}

export function ChangePasswordForm({ user, onDone, onSignedOut }: ChangePasswordFormProps) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState<NewPassword>(EMPTY_NEW_PASSWORD);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { errors, refs, show } = useFieldErrors(FIELDS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setProblem(undefined);
    onDone('');
    const found: FieldErrors<Field> = newPasswordErrors(next);
    if (!current) found.huidig = "Het veld 'Huidig wachtwoord' is niet ingevuld.";
    else if (!found.nieuw && next.nieuw === current) found.nieuw = SAME_PASSWORD;
    if (show(found)) return;
    setBusy(true);
    try {
      await beheerApi.changePassword(current, next.nieuw);
      setCurrent('');
      setNext(EMPTY_NEW_PASSWORD);
      onDone(CHANGED);
    } catch (error) {
      const refused = error instanceof BeheerError ? error : new BeheerError(0, (error as Error).message, []);
      if (refused.codes.includes('UBEH-04')) return onSignedOut(refused.message);
      if (refused.fields.huidig) setCurrent('');
      if (!show({ huidig: refused.fields.huidig, nieuw: refused.fields.nieuw })) setProblem(refused.message);
    } finally {
      setBusy(false);
    }
  };

  if (!user.lokaal) {
    return <p className="utrecht-paragraph">U logt in via uw organisatie. Uw wachtwoord wijzigt u bij die inlogdienst; het beheer kent het niet.</p>;
  }
  return (
    <form className="beheer-form beheer-narrow" noValidate onSubmit={(event) => void submit(event)}>
      {problem && (
        <div className="utrecht-alert utrecht-alert--error" role="alert">
          <p className="utrecht-paragraph">{problem}</p>
        </div>
      )}
      {/* The account's address for password managers, which file the new password under it. */}
      <input type="email" name="username" autoComplete="username" value={user.naam} readOnly hidden />
      <TextField
        label="Huidig wachtwoord"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
        error={errors.huidig}
        errorPrefix={ERROR_PREFIX}
        inputRef={refs.huidig}
      />
      <NewPasswordFields value={next} onChange={setNext} errors={errors} errorPrefix={ERROR_PREFIX} inputRefs={refs} />
      <p className="utrecht-paragraph">Waar u nog met dit account bent ingelogd op een andere computer of in een andere browser, wordt u uitgelogd.</p>
      <Button type="submit" appearance="primary-action-button" busy={busy} aria-disabled={busy || undefined}>
        Wachtwoord wijzigen
      </Button>
    </form>
  );
}
