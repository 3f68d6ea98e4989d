/**
 * `/verder/<id>`: the resume link of a saved application. Asks for the code; on success the answers
 * and files are back in this tab and the applicant lands on the step where they stopped. A link
 * that is unknown, expired, used, blocked after wrong codes or damaged says so plainly, and a wrong
 * code says how many tries are left.
 */
import { useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@utrecht/button-react';
import { resumeApplication, type ResumeOutcome } from '../../api/saving';
import { useLazyTexts, type LazyResources } from '../lazyTexts';
import { usePageTitle } from '../pageTitle';
import en from './i18n/saving.en.json';
import nl from './i18n/saving.nl.json';
import { TextField } from './TextField';
import './saving.css';

const texts: LazyResources = { nl, en };

type Failure = Exclude<ResumeOutcome, { ok: true }>;

const FINAL: Record<string, string> = {
  'USAVE-01': 'saving.resume.unknown',
  'USAVE-02': 'saving.resume.expired',
  'USAVE-03': 'saving.resume.used',
  'USAVE-05': 'saving.resume.blocked',
  'USAVE-06': 'saving.resume.damaged',
};

export function ResumePage({ id }: { id: string }) {
  const t = useLazyTexts(texts);
  const [, navigate] = useLocation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<'required' | Failure | undefined>();
  const input = useRef<HTMLInputElement>(null);
  usePageTitle([t('saving.resume.title')]);

  const submit = async () => {
    if (!code.trim()) {
      setProblem('required');
      input.current?.focus();
      return;
    }
    setBusy(true);
    const outcome = await resumeApplication(id, code);
    setBusy(false);
    if (outcome.ok) {
      navigate(outcome.path, { replace: true });
      return;
    }
    setProblem(outcome);
    if (outcome.code === 'USAVE-04') input.current?.focus();
  };

  const final = problem && problem !== 'required' && FINAL[problem.code];
  if (final) {
    return (
      <div className="portal-saving">
        <h1 className="utrecht-heading-1">{t('saving.resume.title')}</h1>
        <p className="utrecht-paragraph portal-saving__failed" role="alert">
          {t(final)}
        </p>
        <p className="utrecht-paragraph">
          <Link className="utrecht-link" href="/">
            {t('saving.resume.home')}
          </Link>
        </p>
      </div>
    );
  }

  const fieldError =
    problem === 'required'
      ? t('saving.resume.code.required')
      : problem?.code === 'USAVE-04'
        ? problem.attemptsLeft === 1
          ? t('saving.resume.wrongCodeLast')
          : t('saving.resume.wrongCode', { left: problem.attemptsLeft ?? 0 })
        : undefined;
  return (
    <div className="portal-saving">
      <h1 className="utrecht-heading-1">{t('saving.resume.title')}</h1>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label={t('saving.resume.code.label')}
          hint={t('saving.resume.intro')}
          error={fieldError}
          errorPrefix={t('saving.errorPrefix')}
          inputRef={input}
          className="portal-saving__code"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          aria-required="true"
          value={code}
          onChange={setCode}
        />
        {problem && problem !== 'required' && problem.code === 'error' ? (
          <p className="utrecht-paragraph portal-saving__failed" role="alert">
            {t('saving.resume.error')}
          </p>
        ) : null}
        <div className="portal-saving__actions">
          <Button type="submit" appearance="primary-action-button" busy={busy} disabled={busy}>
            {t('saving.resume.submit')}
          </Button>
          {busy ? <span role="status">{t('saving.resume.busy')}</span> : null}
        </div>
      </form>
    </div>
  );
}
