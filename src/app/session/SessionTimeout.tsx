/**
 * Runs the session timeout on every portal page except the logout page (doc 2 §4): starts the
 * session, counts route changes as activity (when configured), and opens the countdown dialog
 * before the session ends. 'Doorgaan' extends the session; 'Uitloggen' and the end of the countdown
 * ('inactive') log out and go to the logout URL. Logging out removes the entered data from the tab;
 * a timeout keeps it, so the logged-out page can offer it again (docs/how-it-works.md 'Session
 * timeout and privacy'). The dialog is loaded only when it opens.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { SessionSettings } from '../../api/client';
import { TIMEOUT_QUERY } from '../routes';
import { keepalive, logout } from './sessionApi';
import { createSessionTimer, type SessionTimer } from './sessionTimer';
import { forgetEnteredData, rememberResumePath } from './storedData';

const SessionDialog = lazy(() => import('./SessionDialog').then((module) => ({ default: module.SessionDialog })));

export type SessionEnd = 'logout' | 'inactive';

/** Where the logout URL leads: a path of this portal (client-side navigation) or another site. */
export function logoutTarget(logoutUrl: string, reason: SessionEnd, origin: string): { path: string } | { href: string } {
  const url = new URL(logoutUrl, origin);
  if (url.origin !== origin) return { href: url.href };
  if (reason === 'inactive') url.searchParams.set(TIMEOUT_QUERY.name, TIMEOUT_QUERY.value);
  return { path: `${url.pathname}${url.search}` };
}

export interface SessionTimeoutProps {
  settings: SessionSettings;
  /**
   * The shell's live announcer. Handed down instead of imported: when a lazily loaded module imports
   * the announcer module itself, the bundler splits the first page's bundle into several files
   * (measured: 8 files, +2.7 KB gzip).
   */
  announce: (text: string) => void;
  /**
   * What ending the session means here, instead of the portal's (log out at the server, forget or keep
   * the entered data, go to the logout URL): the back office signs out and shows its sign-in page.
   */
  onEnd?: (reason: SessionEnd) => void;
  /** The countdown starts (the back office saves what is on screen then). */
  onWarn?: () => void;
  /**
   * Events on the page that count as activity (the back office: typing and clicks), each extending
   * the session at most once per `activityThrottleMs`.
   */
  activityEvents?: readonly string[];
  activityThrottleMs?: number;
}

export function SessionTimeout({ settings, announce, onEnd, onWarn, activityEvents, activityThrottleMs }: SessionTimeoutProps) {
  const [location, navigate] = useLocation();
  const { keepaliveUrl, popupSeconds, logoutUrl, keepaliveOnRouteChange } = settings;
  const logoutPage = new URL(logoutUrl, window.location.origin);
  const onLogoutPage = logoutPage.origin === window.location.origin && logoutPage.pathname === location;
  const [warning, setWarning] = useState<number | undefined>();
  const timer = useRef<SessionTimer | undefined>(undefined);
  const path = useRef(location);
  path.current = location;

  const end = async (reason: SessionEnd) => {
    timer.current?.stop();
    setWarning(undefined);
    if (onEnd) return onEnd(reason);
    await logout().catch(() => console.warn('Sessie: uitloggen bij de server mislukt'));
    if (reason === 'logout') await forgetEnteredData();
    else rememberResumePath(path.current);
    const target = logoutTarget(logoutUrl, reason, window.location.origin);
    if ('path' in target) navigate(target.path);
    else window.location.assign(target.href);
  };
  // The timer lives as long as the page is not the logout page and always ends through the latest `end`.
  const endRef = useRef(end);
  endRef.current = end;
  const warnRef = useRef(onWarn);
  warnRef.current = onWarn;

  useEffect(() => {
    if (onLogoutPage) return undefined;
    const current = createSessionTimer({
      popupSeconds,
      keepalive: (extend) => keepalive(keepaliveUrl, extend),
      onWarn: (expiresAt) => {
        setWarning(expiresAt);
        warnRef.current?.();
      },
      onExpire: () => void endRef.current('inactive'),
      ...(activityThrottleMs === undefined ? {} : { activityThrottleMs }),
    });
    timer.current = current;
    void current.start();
    return () => {
      current.stop();
      setWarning(undefined);
    };
  }, [onLogoutPage, popupSeconds, keepaliveUrl, activityThrottleMs]);

  useEffect(() => {
    if (keepaliveOnRouteChange) void timer.current?.activity();
  }, [location, keepaliveOnRouteChange]);

  const events = activityEvents?.join(' ') ?? '';
  useEffect(() => {
    if (!events) return undefined;
    const onActivity = () => void timer.current?.activity();
    const names = events.split(' ');
    // Captured: an element that stops an event (a dialog's Escape) still counts as activity.
    for (const name of names) window.addEventListener(name, onActivity, { capture: true, passive: true });
    return () => {
      for (const name of names) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [events]);

  if (warning === undefined) return null;
  return (
    <Suspense fallback={null}>
      <SessionDialog
        expiresAt={warning}
        announce={announce}
        onContinue={() => {
          setWarning(undefined);
          void timer.current?.continue();
        }}
        onLogout={() => void end('logout')}
      />
    </Suspense>
  );
}
