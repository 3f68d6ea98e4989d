/**
 * The countdown dialog of the session timeout (doc 2 §4): static (only its buttons answer it, so
 * an Escape meant for something else cannot log anyone out), focus on 'Doorgaan', and the seconds
 * left announced through the live announcer when it opens and every 10 seconds after.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@utrecht/button-react';
import type { Translate } from '../../../renderer/core/i18n';
import { Modal } from '../components/Modal';
import { useLazyTexts, type LazyResources } from '../lazyTexts';
import en from './i18n/session.en.json';
import nl from './i18n/session.nl.json';

const texts: LazyResources = { nl, en };

/** Announce every this many seconds. */
export const ANNOUNCE_EVERY_SECONDS = 10;

/** Whole seconds until `expiresAt`, rounded up (the dialog shows 1 until the very end), never below 0. */
export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

/** Whether `seconds` must be announced, given the last announced value (undefined: none yet). */
export function shouldAnnounce(seconds: number, lastAnnounced: number | undefined): boolean {
  if (seconds <= 0 || seconds === lastAnnounced) return false;
  return lastAnnounced === undefined || seconds % ANNOUNCE_EVERY_SECONDS === 0;
}

function plural(t: Translate, key: string, seconds: number): string {
  return t(seconds === 1 ? `${key}.one` : key, { seconds });
}

function useSecondsLeft(expiresAt: number): number {
  const [seconds, setSeconds] = useState(() => secondsLeft(expiresAt, Date.now()));
  useEffect(() => {
    const tick = () => setSeconds(secondsLeft(expiresAt, Date.now()));
    tick();
    // A quarter second keeps the display within a moment of the real time, also after a delay.
    const interval = setInterval(tick, 250);
    return () => clearInterval(interval);
  }, [expiresAt]);
  return seconds;
}

export interface SessionDialogProps {
  /** The live announcer (see SessionTimeoutProps.announce). */
  announce: (text: string) => void;
  /** End of the session, ms since the epoch. */
  expiresAt: number;
  onContinue: () => void;
  onLogout: () => void;
}

export function SessionDialog({ expiresAt, onContinue, onLogout, announce }: SessionDialogProps) {
  const t = useLazyTexts(texts);
  const seconds = useSecondsLeft(expiresAt);
  const textId = useId();
  const continueButton = useRef<HTMLButtonElement>(null);
  const lastAnnounced = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!shouldAnnounce(seconds, lastAnnounced.current)) return;
    lastAnnounced.current = seconds;
    announce(plural(t, 'session.countdown', seconds));
  }, [seconds, t, announce]);

  return (
    <Modal title={t('session.dialog.title')} role="alertdialog" isStatic describedBy={textId} initialFocus={continueButton}>
      <p id={textId} className="utrecht-paragraph" data-testid="session-countdown">
        {plural(t, 'session.dialog.text', seconds)}
      </p>
      <p className="utrecht-paragraph">{t('session.dialog.question')}</p>
      <div className="portal-modal__actions">
        <Button ref={continueButton} appearance="primary-action-button" onClick={onContinue}>
          {t('session.dialog.continue')}
        </Button>
        <Button appearance="secondary-action-button" onClick={onLogout}>
          {t('session.dialog.logout')}
        </Button>
      </div>
    </Modal>
  );
}
