/** The error page (doc 1 §2, doc 2 §8): title, description, back link (not for 404), 'Foutcode: {status}'. */
import { useMemo } from 'react';
import { Link } from 'wouter';
import { useT } from '../i18n';
import { readLastFlowStart } from '../lastFlow';
import { usePageTitle } from '../pageTitle';

export interface ErrorTextKeys {
  title: string;
  description: string;
}

/** Translation keys of the title and description for an HTTP status; anything unknown reads as 500. */
export function errorTextKeys(status: number): ErrorTextKeys {
  if (status === 401 || status === 403) {
    return { title: 'shell.error.noAccess.title', description: 'shell.error.noAccess.description' };
  }
  if (status === 404) {
    return { title: 'shell.error.notFound.title', description: 'shell.error.notFound.description' };
  }
  return { title: 'shell.error.general.title', description: 'shell.error.general.description' };
}

export interface ErrorPageProps {
  status: number;
}

export function ErrorPage({ status }: ErrorPageProps) {
  const t = useT();
  const keys = errorTextKeys(status);
  const title = t(keys.title);
  usePageTitle([title]);
  const backHref = useMemo(() => (status === 404 ? undefined : readLastFlowStart()), [status]);

  return (
    <>
      <h1 className="utrecht-heading-1">{title}</h1>
      <p className="utrecht-paragraph">{t(keys.description)}</p>
      {backHref && (
        <p className="utrecht-paragraph">
          <Link href={backHref} className="utrecht-link">
            {t('shell.error.backToForm')}
          </Link>
        </p>
      )}
      <p className="utrecht-paragraph portal-error__code">{t('shell.error.code', { status })}</p>
    </>
  );
}
