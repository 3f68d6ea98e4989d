/**
 * The default logout URL (`/uitgelogd`): says why the applicant was logged out and, after a timeout,
 * offers the data still kept in this tab again — continue where they were, or clear it now
 * (docs/how-it-works.md 'Session timeout and privacy'). After logging out on purpose the data is
 * removed here too, once the form has closed (so a last save of the form cannot bring it back).
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@utrecht/button-react';
import { useLazyTexts, type LazyResources } from '../lazyTexts';
import { readLastFlowStart } from '../lastFlow';
import { usePageTitle } from '../pageTitle';
import en from '../session/i18n/session.en.json';
import nl from '../session/i18n/session.nl.json';
import { forgetEnteredData, hasEnteredData, readResumePath } from '../session/storedData';
import './loggedOut.css';

const texts: LazyResources = { nl, en };

export function LoggedOutPage({ inactive }: { inactive: boolean }) {
  const t = useLazyTexts(texts);
  const title = t('session.loggedOut.title');
  usePageTitle([title]);
  const [kept, setKept] = useState(() => inactive && hasEnteredData());
  const [cleared, setCleared] = useState(false);
  const clearedMessage = useRef<HTMLParagraphElement>(null);
  const resumePath = readResumePath() ?? readLastFlowStart();
  const startPath = readLastFlowStart();

  useEffect(() => {
    if (!inactive) void forgetEnteredData();
  }, [inactive]);

  useEffect(() => {
    if (cleared) clearedMessage.current?.focus();
  }, [cleared]);

  const clear = async () => {
    await forgetEnteredData();
    setKept(false);
    setCleared(true);
  };

  return (
    <>
      <h1 className="utrecht-heading-1">{title}</h1>
      <p className="utrecht-paragraph">{t(inactive ? 'session.loggedOut.inactive' : 'session.loggedOut.logout')}</p>
      {kept && resumePath ? (
        <section aria-labelledby="portal-kept-data-heading">
          <h2 id="portal-kept-data-heading" className="utrecht-heading-2">
            {t('session.loggedOut.kept.title')}
          </h2>
          <p className="utrecht-paragraph">{t('session.loggedOut.kept.text')}</p>
          <p className="utrecht-paragraph">{t('session.loggedOut.kept.shared')}</p>
          <div className="portal-logged-out__actions">
            <Link href={resumePath} className="utrecht-button-link utrecht-button-link--primary-action">
              {t('session.loggedOut.resume')}
            </Link>
            <Button appearance="secondary-action-button" onClick={() => void clear()}>
              {t('session.loggedOut.clear')}
            </Button>
          </div>
        </section>
      ) : (
        <>
          {cleared ? (
            <p ref={clearedMessage} tabIndex={-1} role="status" className="utrecht-paragraph">
              {t('session.loggedOut.cleared')}
            </p>
          ) : null}
          {startPath ? (
            <p className="utrecht-paragraph">
              <Link href={startPath} className="utrecht-link">
                {t('session.loggedOut.restart')}
              </Link>
            </p>
          ) : null}
        </>
      )}
    </>
  );
}
