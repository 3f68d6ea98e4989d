/**
 * The portal shell: loads `GET /api/instellingen` and `GET /api/flows?lang=…`, then renders what
 * `resolveRoute` decides for the current location inside the layout. Switching language refetches
 * the (translated) flow index in the background; the page, its state and the URL stay as they are.
 */
import { lazy, Suspense, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { getJson, type PortalConfig, type SessionSettings } from '../api/client';
import { bootData } from '../api/boot';
import type { Lang } from '../../renderer/core/i18n';
import { announce, Announcer } from './announcer';
import { FlowErrorBoundary } from './components/FlowErrorBoundary';
import { FlowHost } from './FlowHost';
import { focusMain, MAIN_CONTENT_ID } from './focus';
import { I18nProvider, useI18n } from './i18n';
import { Layout } from './layout/Layout';
import { ErrorPage } from './pages/ErrorPage';
import { LoadingPage } from './pages/LoadingPage';
import { readLastFlowStart } from './lastFlow';
import { isPortalConfig, PortalContext, type PortalData } from './portal';
// The development home page is loaded only when it is shown, so flow pages do not carry it.
const HomePage = lazy(() => import('./pages/HomePage').then((module) => ({ default: module.HomePage })));
// Leaving for an outside address is rare: its page loads when needed.
const ExternalRedirect = lazy(() => import('./pages/ExternalRedirect').then((module) => ({ default: module.ExternalRedirect })));
const LoggedOutPage = lazy(() => import('./pages/LoggedOutPage').then((module) => ({ default: module.LoggedOutPage })));
const ResumePage = lazy(() => import('./saving/ResumePage').then((module) => ({ default: module.ResumePage })));
// The session timeout is not needed for the first paint: it starts once its chunk has loaded.
const SessionTimeout = lazy(() => import('./session/SessionTimeout').then((module) => ({ default: module.SessionTimeout })));

/**
 * True once the first page is on screen and the browser is idle: the session timer has nothing to
 * do before then (its dialog opens a minute before the session ends), so its code does not compete
 * with the first page.
 */
function useAfterFirstPage(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const idle = (callback: () => void): (() => void) => {
      if (typeof window.requestIdleCallback === 'function') {
        const handle = window.requestIdleCallback(callback, { timeout: 2000 });
        return () => window.cancelIdleCallback(handle);
      }
      const timer = window.setTimeout(callback, 200);
      return () => window.clearTimeout(timer);
    };
    let cancel = () => {};
    const start = () => {
      cancel = idle(() => setReady(true));
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      cancel();
    };
  }, []);
  return ready;
}

import { isFlowIndex, resolveRoute, scenarioFromPath, type FlowIndexEntry, type RouteResolution } from './routes';

export type LoadConfig = () => Promise<PortalConfig>;
export type LoadFlows = (lang: Lang) => Promise<FlowIndexEntry[]>;

/** The settings the page came with, when it came with them. */
function inlineConfig(): PortalConfig | undefined {
  const value = bootData()?.config;
  return isPortalConfig(value) ? value : undefined;
}

/** The flow index the page came with, when it is in `lang`. */
function inlineFlows(lang: Lang): FlowIndexEntry[] | undefined {
  const boot = bootData();
  return boot?.lang === lang && isFlowIndex(boot.flows) ? boot.flows : undefined;
}

export const loadConfigFromApi: LoadConfig = async () => {
  const inline = inlineConfig();
  if (inline) return inline;
  const value: unknown = await getJson('instellingen');
  if (!isPortalConfig(value)) throw new Error('Ongeldige portaalconfiguratie');
  return value;
};

export const loadFlowsFromApi: LoadFlows = async (lang) => {
  const inline = inlineFlows(lang);
  if (inline) return inline;
  const value: unknown = await getJson('flows', { searchParams: { lang } });
  if (!isFlowIndex(value)) throw new Error('Ongeldige lijst met formulieren');
  return value;
};

export interface AppProps {
  /** Injection points for tests; default to the API calls. */
  loadConfig?: LoadConfig;
  loadFlows?: LoadFlows;
}

export function App(props: AppProps) {
  return (
    <I18nProvider>
      <PortalRoot {...props} />
      <Announcer />
    </I18nProvider>
  );
}

type LoadState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; config: PortalConfig };

function PortalRoot({ loadConfig = loadConfigFromApi, loadFlows = loadFlowsFromApi }: AppProps) {
  const { lang } = useI18n();
  // What the page came with is there at the first render (only for the API loaders, not a test's own).
  const [configState, setConfigState] = useState<LoadState>(() => {
    const inline = loadConfig === loadConfigFromApi ? inlineConfig() : undefined;
    return inline ? { status: 'ready', config: inline } : { status: 'loading' };
  });
  const [flows, setFlows] = useState<FlowIndexEntry[] | undefined>(() => (loadFlows === loadFlowsFromApi ? inlineFlows(lang) : undefined));
  const [flowsFailed, setFlowsFailed] = useState(false);

  useEffect(() => {
    let active = true;
    loadConfig().then(
      (config) => active && setConfigState((state) => (state.status === 'ready' && state.config === config ? state : { status: 'ready', config })),
      (error: unknown) => {
        console.error('Laden van de portaalconfiguratie mislukt', error);
        if (active) setConfigState({ status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [loadConfig]);

  useEffect(() => {
    let active = true;
    loadFlows(lang).then(
      (index) => {
        if (!active) return;
        setFlows(index);
        setFlowsFailed(false);
      },
      (error: unknown) => {
        console.error('Laden van de lijst met formulieren mislukt', error);
        // After a language switch the previous (other-language) index stays usable.
        if (active) setFlowsFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [loadFlows, lang]);

  const failed = configState.status === 'failed' || (flowsFailed && flows === undefined);
  const config = configState.status === 'ready' ? configState.config : undefined;
  const data = useMemo<PortalData>(() => ({ config, flows: flows ?? [] }), [config, flows]);
  const phase: Phase = failed ? 'failed' : config && flows ? 'ready' : 'loading';

  return (
    <PortalContext.Provider value={data}>
      <PortalRoutes phase={phase} />
      <SessionTimeoutAfterFirstPage settings={config?.session} />
    </PortalContext.Provider>
  );
}

/**
 * The session timer (when the portal keeps a session), from the moment the first page is on screen
 * and the browser is idle. Its own component: that moment renders this alone, not the page beside it
 * (a step of many fields would be drawn again for nothing).
 */
function SessionTimeoutAfterFirstPage({ settings }: { settings: SessionSettings | undefined }) {
  const wanted = useAfterFirstPage();
  if (!wanted || !settings) return null;
  return (
    <Suspense fallback={null}>
      <SessionTimeout settings={settings} announce={announce} />
    </Suspense>
  );
}

type Phase = 'loading' | 'failed' | 'ready';

/**
 * After a route change focus goes to <main>, so keyboard and screen-reader users start at the new
 * content. Not on the first page of a visit (and not for redirects), and not when the new page
 * already moved focus into <main> itself (e.g. to a heading or an error summary).
 */
function useFocusOnRouteChange(path: string, kind: RouteResolution['kind'] | Phase) {
  const first = useRef(true);
  // Read during render, i.e. before the new page is committed and can move focus itself.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- read anew for each path, not for every render
  const focusedBefore = useMemo(() => (typeof document === 'undefined' ? null : document.activeElement), [path]);
  const settled = kind !== 'loading' && kind !== 'redirect' && kind !== 'external';

  useEffect(() => {
    if (!settled) return;
    if (first.current) {
      first.current = false;
      return;
    }
    const now = document.activeElement;
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (main && now && now !== document.body && now !== focusedBefore && main.contains(now)) return;
    focusMain();
    // Only a new path counts as a route change (not a language switch or a refetched index).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- focusedBefore belongs to the path, see above
  }, [path, settled]);
}

function PortalRoutes({ phase }: { phase: Phase }) {
  const [location] = useLocation();
  const search = useSearch();
  const { config, flows } = useContext(PortalContext);
  const pathScenario = scenarioFromPath(location) ?? 'uzi';

  const resolution: RouteResolution | undefined =
    phase === 'ready' && config ? resolveRoute(search ? `${location}?${search}` : location, { environment: config.environment, flows }) : undefined;
  useFocusOnRouteChange(location, resolution?.kind ?? phase);

  if (phase === 'failed') {
    return (
      <Layout scenario={pathScenario}>
        <ErrorPage status={500} />
      </Layout>
    );
  }
  if (!resolution || !config) {
    return (
      <Layout scenario={pathScenario}>
        <LoadingPage />
      </Layout>
    );
  }

  switch (resolution.kind) {
    case 'redirect':
      return (
        <Layout scenario={pathScenario}>
          <Redirect to={resolution.to} replace />
        </Layout>
      );
    case 'external':
      return (
        <Layout scenario={resolution.scenario}>
          <Suspense fallback={<LoadingPage />}>
            <ExternalRedirect url={config.externalPassRequestUrl} />
          </Suspense>
        </Layout>
      );
    case 'home':
      return (
        <Layout scenario={pathScenario}>
          <Suspense fallback={<LoadingPage />}>
            <HomePage />
          </Suspense>
        </Layout>
      );
    case 'error':
      return (
        <Layout scenario={resolution.scenario ?? pathScenario}>
          <ErrorPage status={resolution.status} />
        </Layout>
      );
    case 'loggedOut':
      return (
        <Layout scenario={scenarioFromPath(readLastFlowStart() ?? '') ?? pathScenario}>
          <Suspense fallback={<LoadingPage />}>
            <LoggedOutPage inactive={resolution.inactive} />
          </Suspense>
        </Layout>
      );
    case 'resume':
      return (
        <Layout scenario={pathScenario}>
          <Suspense fallback={<LoadingPage />}>
            <ResumePage id={resolution.id} />
          </Suspense>
        </Layout>
      );
    case 'flow': {
      const entry = flows.find((flow) => flow.id === resolution.flowId);
      return (
        <Layout scenario={resolution.scenario} flow={{ headerName: entry?.headerName ?? resolution.flowId, startUrl: resolution.startUrl }}>
          <FlowErrorBoundary key={`${resolution.scenario}/${resolution.flowId}`} resetKey={resolution.rest}>
            <FlowHost scenario={resolution.scenario} flowId={resolution.flowId} rest={resolution.rest} />
          </FlowErrorBoundary>
        </Layout>
      );
    }
  }
}
