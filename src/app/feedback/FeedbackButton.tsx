/**
 * The floating 'Geef uw mening' button on every page (doc 2 §2). The dialog, its texts and the
 * device detection are loaded only when it is opened, so pages do not carry them. A new page closes
 * an open dialog (e.g. after a session timeout).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@utrecht/button-react';
import { useT } from '../i18n';
import './feedbackButton.css';

const FeedbackDialog = lazy(() => import('./FeedbackDialog').then((module) => ({ default: module.FeedbackDialog })));

export function FeedbackButton() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  useEffect(() => setOpen(false), [location]);

  return (
    <>
      <Button appearance="primary-action-button" className="portal-feedback-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('shell.feedback.open')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <FeedbackDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
