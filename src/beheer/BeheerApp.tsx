/**
 * The back office at /beheer: asks the server who is signed in, shows the sign-in page when nobody
 * is (whatever the address, so a bookmarked page opens after signing in), and the pages otherwise.
 * One page is for anyone: where the holder of a reset code sets a new password. Dutch only: the
 * administrators are the register's own staff. Typing and clicks keep the session alive; what is not
 * saved is saved when the session dialog opens and before signing out, and leaving a page with it (a
 * link, a reload, closing the tab) asks first.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Route, Router, Switch } from 'wouter';
import { announce, Announcer } from '../app/announcer';
import { I18nProvider } from '../app/i18n';
import { SessionTimeout, type SessionEnd } from '../app/session/SessionTimeout';
import { beheerApi, BeheerError, type SessionAnswer } from './api';
import { BeheerLayout } from './BeheerLayout';
import { LeaveDialog } from './LeaveDialog';
import { guardNavigation, saveUnsavedWork, warnBeforeUnload } from './unsavedWork';
import { LoginPage } from './pages/LoginPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { OverviewPage } from './pages/OverviewPage';
import { SET_PASSWORD_PATH } from './setPasswordLink';
import './beheer.css';

// The first page (sign-in, the overview) loads alone; every other page when it is opened — the flow
// page carries the editors, the preview the applicants' renderer and widgets.
const PreviewPage = lazy(() => import('./pages/PreviewPage'));
const FlowPage = lazy(() => import('./pages/FlowPage').then((module) => ({ default: module.FlowPage })));
const AccountsPage = lazy(() => import('./pages/AccountsPage').then((module) => ({ default: module.AccountsPage })));
const FeedbackPage = lazy(() => import('./pages/FeedbackPage').then((module) => ({ default: module.FeedbackPage })));
const MyAccountPage = lazy(() => import('./pages/MyAccountPage').then((module) => ({ default: module.MyAccountPage })));
const SetPasswordPage = lazy(() => import('./pages/SetPasswordPage').then((module) => ({ default: module.SetPasswordPage })));
const loading = (
  <p className="utrecht-paragraph" role="status">
    Bezig met laden
  </p>
);

/** Typing and clicks count as activity; they extend the session at most this often. */
const ACTIVITY_EVENTS = ['keydown', 'pointerdown'] as const;
const ACTIVITY_THROTTLE_MS = 15_000;

type State =
  | { kind: 'loading' }
  | { kind: 'signedOut'; notice?: string }
  | { kind: 'signedIn'; session: SessionAnswer }
  | { kind: 'failed'; message: string }
  /** A page anyone may open: no session is asked for. */
  | { kind: 'open' };

export function BeheerApp() {
  const [state, setState] = useState<State>(() => (window.location.pathname === SET_PASSWORD_PATH ? { kind: 'open' } : { kind: 'loading' }));

  const load = useCallback(async () => {
    try {
      setState({ kind: 'signedIn', session: await beheerApi.session() });
    } catch (error) {
      if (error instanceof BeheerError && error.status === 401) setState({ kind: 'signedOut' });
      else setState({ kind: 'failed', message: (error as Error).message });
    }
  }, []);
  const open = state.kind === 'open';
  useEffect(() => {
    if (!open) void load();
  }, [load, open]);
  useEffect(() => {
    window.addEventListener('beforeunload', warnBeforeUnload);
    return () => window.removeEventListener('beforeunload', warnBeforeUnload);
  }, []);

  const signOut = async (reason: SessionEnd = 'logout') => {
    // Edits on screen are saved while the session still opens the server.
    await saveUnsavedWork(true);
    await beheerApi.signOut().catch(() => undefined);
    setState({
      kind: 'signedOut',
      notice: reason === 'inactive' ? 'U bent uitgelogd omdat u een tijd niet actief was. Log opnieuw in om verder te gaan.' : 'U bent uitgelogd.',
    });
  };

  return (
    <I18nProvider initialLang="nl">
      <Router base="/beheer" aroundNav={guardNavigation}>
        <Announcer />
        {state.kind === 'signedIn' && (
          <SessionTimeout
            settings={{
              keepaliveUrl: '/api/beheer/keepalive',
              popupSeconds: state.session.sessie.popup ?? 60,
              logoutUrl: '/beheer',
              keepaliveOnRouteChange: true,
            }}
            announce={announce}
            onEnd={(reason) => void signOut(reason)}
            onWarn={() => void saveUnsavedWork(true)}
            activityEvents={ACTIVITY_EVENTS}
            activityThrottleMs={ACTIVITY_THROTTLE_MS}
          />
        )}
        <LeaveDialog />
        <BeheerLayout user={state.kind === 'signedIn' ? state.session.gebruiker : undefined} onSignOut={() => void signOut()}>
          {state.kind === 'loading' && loading}
          {state.kind === 'open' && (
            <Suspense fallback={loading}>
              <SetPasswordPage />
            </Suspense>
          )}
          {state.kind === 'failed' && (
            <div className="utrecht-alert utrecht-alert--error" role="alert">
              <p className="utrecht-paragraph">{state.message}</p>
            </div>
          )}
          {state.kind === 'signedOut' && <LoginPage notice={state.notice} onSignedIn={(session) => setState({ kind: 'signedIn', session })} />}
          {state.kind === 'signedIn' && (
            <Suspense fallback={loading}>
              <Switch>
                <Route path="/">
                  <OverviewPage />
                </Route>
                <Route path="/accounts">
                  {state.session.gebruiker.rollen.includes('beheerder') ? <AccountsPage user={state.session.gebruiker} /> : <NotFoundPage />}
                </Route>
                <Route path="/feedback">
                  <FeedbackPage user={state.session.gebruiker} />
                </Route>
                <Route path="/account">
                  <MyAccountPage
                    user={state.session.gebruiker}
                    onChanged={() => void load()}
                    onSignedOut={(notice) => setState({ kind: 'signedOut', notice })}
                  />
                </Route>
                <Route path="/flows/:flowId/voorbeeld/:step?">
                  {(params) => <PreviewPage flowId={params.flowId} step={params.step ?? ''} user={state.session.gebruiker} />}
                </Route>
                <Route path="/flows/:flowId">
                  {(params) => <FlowPage flowId={params.flowId} user={state.session.gebruiker} fourEyes={state.session.vierOgen === true} />}
                </Route>
                <Route>
                  <NotFoundPage />
                </Route>
              </Switch>
            </Suspense>
          )}
        </BeheerLayout>
      </Router>
    </I18nProvider>
  );
}
