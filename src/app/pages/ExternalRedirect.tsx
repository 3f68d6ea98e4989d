import { useEffect } from 'react';
import { useT } from '../i18n';

export interface ExternalRedirectProps {
  url: string;
}

/**
 * /uzi/aanvraag-servercertificaat/**: leaves the portal at once with `location.replace`, so the
 * portal URL does not stay in the history. A link is shown in case the redirect is blocked.
 */
export function ExternalRedirect({ url }: ExternalRedirectProps) {
  const t = useT();
  useEffect(() => {
    window.location.replace(url);
  }, [url]);
  return (
    <>
      <p className="utrecht-paragraph" role="status">
        {t('shell.external.redirecting')}
      </p>
      <p className="utrecht-paragraph">
        <a className="utrecht-link" href={url}>
          {t('shell.external.link')}
        </a>
      </p>
    </>
  );
}
