/**
 * A new password typed twice ('Nieuw wachtwoord', 'Herhaal nieuw wachtwoord'), as 'Mijn account' and
 * the page for a reset code ask it, with the portal's own checks before anything is sent: the same
 * policy the server holds (src/shared/passwordPolicy.ts) and the two typed alike.
 */
import type { RefObject } from 'react';
import { TextField } from '../../app/saving/TextField';
import { MIN_PASSWORD_LENGTH, passwordProblem } from '../../shared/passwordPolicy';

export interface NewPassword {
  nieuw: string;
  herhaling: string;
}

export type NewPasswordErrors = Partial<Record<keyof NewPassword, string>>;

export const EMPTY_NEW_PASSWORD: NewPassword = { nieuw: '', herhaling: '' };

/** What is wrong with the two fields, per field; empty when they can be sent. */
export function newPasswordErrors({ nieuw, herhaling }: NewPassword): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!nieuw) errors.nieuw = "Het veld 'Nieuw wachtwoord' is niet ingevuld.";
  else {
    const problem = passwordProblem(nieuw);
    if (problem) errors.nieuw = problem;
  }
  if (!herhaling) errors.herhaling = "Het veld 'Herhaal nieuw wachtwoord' is niet ingevuld.";
  else if (!errors.nieuw && herhaling !== nieuw) errors.herhaling = 'De twee wachtwoorden zijn niet gelijk. Typ het nieuwe wachtwoord twee keer hetzelfde.';
  return errors;
}

export interface NewPasswordFieldsProps {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  errors: NewPasswordErrors;
  errorPrefix: string;
  inputRefs: Record<keyof NewPassword, RefObject<HTMLInputElement | null>>;
}

export function NewPasswordFields({ value, onChange, errors, errorPrefix, inputRefs }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label="Nieuw wachtwoord"
        hint={`Minimaal ${MIN_PASSWORD_LENGTH} tekens. Een zin van een paar woorden is sterk en goed te onthouden.`}
        type="password"
        autoComplete="new-password"
        value={value.nieuw}
        onChange={(nieuw) => onChange({ ...value, nieuw })}
        error={errors.nieuw}
        errorPrefix={errorPrefix}
        inputRef={inputRefs.nieuw}
      />
      <TextField
        label="Herhaal nieuw wachtwoord"
        type="password"
        autoComplete="new-password"
        value={value.herhaling}
        onChange={(herhaling) => onChange({ ...value, herhaling })}
        error={errors.herhaling}
        errorPrefix={errorPrefix}
        inputRef={inputRefs.herhaling}
      />
    </>
  );
}
