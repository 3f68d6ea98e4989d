/**
 * Accounts (role 'beheerder'): who can sign in with which roles, and a form to add an account.
 * The new account's password is handed over outside the portal; its holder can change it and turn
 * on the verification code under 'Mijn account'. A forgotten password is reset per account.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@utrecht/button-react';
import { Badge } from '../components/Badge';
import { TextField } from '../../app/saving/TextField';
import { MIN_PASSWORD_LENGTH, passwordProblem } from '../../shared/passwordPolicy';
import { beheerApi, roleNames, type AccountRow, type BeheerUser, type Role } from '../api';
import { formatDateTime } from '../format';
import { useBeheerTitle } from '../pageTitle';
import { AccountActions } from './AccountActions';
import { RoleCheckboxes } from './RoleCheckboxes';
import { TableHead } from './TableHead';
import { PageMessages } from './PageMessages';

const ERROR_PREFIX = 'Fout: ';

export function AccountsPage({ user }: { user: BeheerUser }) {
  useBeheerTitle('Accounts');
  const [accounts, setAccounts] = useState<AccountRow[]>();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [roles, setRoles] = useState<Role[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string>();
  const refs = { email: useRef<HTMLInputElement>(null), wachtwoord: useRef<HTMLInputElement>(null), rollen: useRef<HTMLInputElement>(null) };
  const rolesError = useId();

  const load = () =>
    beheerApi.accounts().then(
      (answer) => setAccounts(answer.accounts),
      (error: Error) => setProblem(error.message),
    );
  useEffect(() => void load(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!email.trim()) found.email = "Het veld 'E-mailadres' is niet ingevuld.";
    const weak = passwordProblem(password);
    if (!password) found.wachtwoord = "Het veld 'Wachtwoord' is niet ingevuld.";
    else if (weak) found.wachtwoord = weak;
    if (roles.length === 0) found.rollen = "Het veld 'Rollen' is niet ingevuld.";
    setErrors(found);
    setStatus('');
    setProblem(undefined);
    const first = (['email', 'wachtwoord', 'rollen'] as const).find((name) => found[name]);
    if (first) return refs[first].current?.focus();
    try {
      const created = await beheerApi.createAccount(email.trim(), password, roles);
      setEmail('');
      setPassword('');
      setRoles([]);
      setStatus(`Het account ${created.email} is aangemaakt.`);
      await load();
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  return (
    <>
      <h1 className="utrecht-heading-1">Accounts</h1>
      <PageMessages status={status} problem={problem} />
      {accounts && (
        <div className="beheer-table-scroll">
          <table className="utrecht-table beheer-table">
            <TableHead caption="Accounts van het beheer" columns={['E-mailadres', 'Rollen', 'Verificatiecode', 'Laatst ingelogd', 'Acties']} />
            <tbody className="utrecht-table__body">
              {accounts.map((account) => (
                <tr key={account.id} className="utrecht-table__row">
                  <th scope="row" className="utrecht-table__header-cell beheer-table__title">
                    {account.email}
                  </th>
                  <td className="utrecht-table__cell">{roleNames(account.rollen)}</td>
                  <td className="utrecht-table__cell">{account.tweedeFactor ? <Badge variant="succes">Aan</Badge> : <Badge variant="neutraal">Uit</Badge>}</td>
                  <td className="utrecht-table__cell">{formatDateTime(account.laatsteLogin)}</td>
                  <td className="utrecht-table__cell">
                    <AccountActions
                      key={account.rollen.join(' ')}
                      account={account}
                      own={account.email === user.naam}
                      onDone={(message) => {
                        setProblem(undefined);
                        setStatus(message);
                        void load();
                      }}
                      onProblem={(message) => {
                        setStatus('');
                        setProblem(message);
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2 className="utrecht-heading-2">Account toevoegen</h2>
      <form className="beheer-form beheer-narrow" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="E-mailadres"
          type="email"
          autoComplete="off"
          value={email}
          onChange={setEmail}
          error={errors.email}
          errorPrefix={ERROR_PREFIX}
          inputRef={refs.email}
        />
        <TextField
          label="Wachtwoord"
          hint={`Minimaal ${MIN_PASSWORD_LENGTH} tekens. Geef het wachtwoord buiten het portaal door.`}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={errors.wachtwoord}
          errorPrefix={ERROR_PREFIX}
          inputRef={refs.wachtwoord}
        />
        <fieldset
          className={`utrecht-form-fieldset${errors.rollen ? ' utrecht-form-field--invalid' : ''}`}
          aria-describedby={errors.rollen ? rolesError : undefined}
        >
          <legend className="utrecht-form-fieldset__legend utrecht-form-label">Rollen</legend>
          {errors.rollen && (
            <div className="utrecht-form-field-error-message" id={rolesError}>
              <span className="visually-hidden">{ERROR_PREFIX}</span>
              {errors.rollen}
            </div>
          )}
          <RoleCheckboxes idPrefix="rol" roles={roles} onChange={setRoles} withHints firstRef={refs.rollen} />
        </fieldset>
        <Button type="submit" appearance="primary-action-button">
          Account toevoegen
        </Button>
      </form>
    </>
  );
}
