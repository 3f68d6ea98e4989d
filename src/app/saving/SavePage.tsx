/**
 * 'Opslaan en later verder' (doc 2 §4, the wizard's stop-and-save): explains what happens, asks for
 * an e-mail address when the server can mail (optional), saves, and then shows the resume link and
 * the code once, with how long they work. The answers stay in this tab as well, so the applicant can
 * also just go on.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@utrecht/button-react';
import type { FlowStateKey } from '../../../renderer/browser/flowStorage';
import type { FlowDocument } from '../../../renderer/core/types';
import { saveApplication, type SaveResult } from '../../api/saving';
import { EMAIL_PATTERN } from '../../shared/savedApplication';
import { useI18n } from '../i18n';
import { useLazyTexts, type LazyResources } from '../lazyTexts';
import { usePageTitle } from '../pageTitle';
import en from './i18n/saving.en.json';
import nl from './i18n/saving.nl.json';
import { TextField } from './TextField';
import './saving.css';

const texts: LazyResources = { nl, en };

export interface SavePageProps {
  flow: FlowDocument;
  stateKey: FlowStateKey;
  /** The step the applicant came from (a portal path). */
  backPath: string;
  days: number;
  mail: boolean;
  flowTitle: string;
}

function dateOf(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Amsterdam' }).format(
    new Date(iso),
  );
}

export function SavePage({ flow, stateKey, backPath, days, mail, flowTitle }: SavePageProps) {
  const { lang } = useI18n();
  const t = useLazyTexts(texts);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [saved, setSaved] = useState<SaveResult | undefined>();
  const savedHeading = useRef<HTMLHeadingElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  usePageTitle([t(saved ? 'saving.saved.title' : 'saving.save.title'), flowTitle]);

  useEffect(() => {
    if (saved) savedHeading.current?.focus();
  }, [saved]);

  const submit = async () => {
    const typed = email.trim();
    if (typed && !EMAIL_PATTERN.test(typed)) {
      setEmailError(true);
      emailInput.current?.focus();
      return;
    }
    setEmailError(false);
    setBusy(true);
    setFailed(false);
    const result = await saveApplication(flow, stateKey, backPath, typed || undefined);
    setBusy(false);
    if (result === 'error') setFailed(true);
    else setSaved(result);
  };

  if (saved) {
    const link = `${window.location.origin}${saved.path}`;
    return (
      <div className="portal-saving">
        <h1 className="utrecht-heading-1" ref={savedHeading} tabIndex={-1}>
          {t('saving.saved.title')}
        </h1>
        <dl className="portal-saving__result">
          <dt>{t('saving.saved.link')}</dt>
          <dd>
            <a className="utrecht-link" href={saved.path}>
              {link}
            </a>
          </dd>
          <dt>{t('saving.saved.code')}</dt>
          <dd>
            <strong className="portal-saving__code" data-testid="resume-code">
              {saved.code}
            </strong>
          </dd>
          <dt>{t('saving.saved.until')}</dt>
          <dd>{dateOf(saved.expiresAt, lang)}</dd>
        </dl>
        <p className="utrecht-paragraph">{t('saving.saved.keep')}</p>
        {email.trim() ? <p className="utrecht-paragraph">{t(saved.mailed ? 'saving.saved.mailed' : 'saving.saved.mailFailed')}</p> : null}
        <p className="utrecht-paragraph">{t('saving.saved.sharedComputer')}</p>
        <p className="utrecht-paragraph">
          <Link className="utrecht-link" href={backPath}>
            {t('saving.saved.continue')}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="portal-saving">
      <h1 className="utrecht-heading-1">{t('saving.save.title')}</h1>
      <p className="utrecht-paragraph">{t('saving.save.intro', { days })}</p>
      <p className="utrecht-paragraph">{t('saving.save.howto')}</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {mail ? (
          <TextField
            label={t('saving.save.email.label')}
            hint={t('saving.save.email.hint')}
            error={emailError ? t('saving.save.email.invalid') : undefined}
            errorPrefix={t('saving.errorPrefix')}
            inputRef={emailInput}
            type="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
          />
        ) : null}
        {failed ? (
          <p className="utrecht-paragraph portal-saving__failed" role="alert">
            {t('saving.save.failed')}
          </p>
        ) : null}
        <div className="portal-saving__actions">
          <Button type="submit" appearance="primary-action-button" busy={busy} disabled={busy}>
            {t('saving.save.submit')}
          </Button>
          <Link className="utrecht-link" href={backPath}>
            {t('saving.save.back')}
          </Link>
          {busy ? <span role="status">{t('saving.save.busy')}</span> : null}
        </div>
      </form>
    </div>
  );
}
