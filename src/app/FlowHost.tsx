/**
 * Hosts one flow under its route: loads the flow document, its validators and its reference lists
 * from the server at run time, maps the rest of the path to a variant, the intro page, a wizard step
 * or the confirmation page, and wires the generic renderer to the portal (titles, navigation,
 * calls, links by scenario).
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type JSX } from 'react';
import { Redirect, useLocation } from 'wouter';
import type { ConfirmationState } from '../../renderer/react/ConfirmationPage';
import { FlowWizard } from '../../renderer/react/FlowWizard';
import { preloadStepCode } from '../../renderer/react/onDemand';
import { storedFlowVersion } from '../../renderer/browser/flowStorage';
import { beginWork } from '../../renderer/browser/pendingWork';
import { flowTitle, type FlowDocument, type ReferenceLists } from '../../renderer/core/types';
import type { ValidatorSet } from '../../renderer/core/validate';
import { loadBaseData, loadedFlow, loadFlow, lookupPostcode, type LoadedFlow } from '../api/flows';
import { bootBaseData } from '../api/boot';
import type { Lang } from '../../renderer/core/i18n';
import { useI18n } from './i18n';
import { rememberFlowStart } from './lastFlow';
import { LoadingPage } from './pages/LoadingPage';
import { applicationNameOf, setPageTitle } from './pageTitle';
import { usePortal } from './portal';
import { announceAfterTitle, forgetAfterTitle } from './announcer';
import { setPageLanguages } from './pageLanguages';
import { Alert } from '../../widgets';

export interface FlowHostProps {
  scenario: 'uzi' | 'zovar';
  flowId: string;
  rest: string;
  onFlowName?: never;
}

const CONFIRMATION = 'bevestiging';
const SAVE = 'opslaan';

const SavePage = lazy(() => import('./saving/SavePage').then((module) => ({ default: module.SavePage })));
const CancelDialog = lazy(() => import('./saving/CancelDialog').then((module) => ({ default: module.CancelDialog })));

// Loaded when the confirmation is shown, not with the first step.
const ConfirmationPage = lazy(() => import('../../renderer/react/ConfirmationPage').then((module) => ({ default: module.ConfirmationPage })));

// The page before the first step; only some flows have one.
const IntroPage = lazy(() => import('../../renderer/react/IntroPage').then((module) => ({ default: module.IntroPage })));

const services = { lookupPostcode };

// Sending the answers and the downloads after it load when first used, and a moment after a step is
// shown (src/api/sending.ts); the first step does not wait for them.
const sending = () => import('../api/sending');

function confirmationState(): ConfirmationState | undefined {
  const state = window.history.state as { confirmation?: ConfirmationState } | null;
  return state?.confirmation;
}

/** Splits the path after the flow into the variant (when the flow has variants) and the page. */
function routeParts(flow: FlowDocument, rest: string): { variantId?: string; page: string; redirectVariant?: string } {
  const segments = rest
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => segment.toLowerCase());
  if (!flow.variants?.length) return { page: segments[0] ?? '' };
  const variant = flow.variants.find((candidate) => candidate.id === segments[0]);
  if (!variant) return { page: '', redirectVariant: (flow.variants.find((candidate) => candidate.default) ?? flow.variants[0]).id };
  return { variantId: variant.id, page: segments[1] ?? '' };
}

/** The version this tab's answers were entered against (per variant, named by the path's first segment). */
function enteredVersion(flowId: string, scenario: FlowHostProps['scenario'], rest: string): string | undefined {
  const firstSegment = rest
    .split('/')
    .find((segment) => segment !== '')
    ?.toLowerCase();
  return storedFlowVersion({ flowId, scenario, variant: firstSegment }) ?? storedFlowVersion({ flowId, scenario });
}

/** The flow and its lists when they are already here (loaded while the page started): shown at the first render. */
function alreadyHere(flowId: string, scenario: FlowHostProps['scenario'], rest: string, lang: Lang): { loaded: LoadedFlow; lists: ReferenceLists } | undefined {
  const loaded = loadedFlow(flowId, lang, enteredVersion(flowId, scenario, rest));
  const lists = loaded && (loaded.flow.baseData ? bootBaseData(loaded.flow.baseData, lang) : {});
  return loaded && lists ? { loaded, lists } : undefined;
}

export function FlowHost({ scenario, flowId, rest }: FlowHostProps): JSX.Element {
  const i18n = useI18n();
  const { config } = usePortal();
  const [, navigate] = useLocation();
  const [here] = useState(() => alreadyHere(flowId, scenario, rest, i18n.lang));
  const [loaded, setLoaded] = useState<LoadedFlow | undefined>(here?.loaded);
  const [validators, setValidators] = useState<ValidatorSet | undefined>(here?.loaded.validators);
  const [, setAllLoaded] = useState(0);
  const [lists, setLists] = useState<ReferenceLists | undefined>(here?.lists);
  const [failed, setFailed] = useState<'flow' | 'lists' | undefined>();
  const [askCancel, setAskCancel] = useState<((cancel: boolean) => void) | undefined>();
  // After 'Annuleren': the page the flow starts again on, which says so until the applicant moves on.
  const [cancelledOn, setCancelledOn] = useState<string | undefined>();
  const flowPath = `/${scenario}/${flowId}`;

  useEffect(() => {
    let current = true;
    // Until the flow and its lists are shown (in a new language after a switch), the step is not settled.
    const done = beginWork();
    const shown = loadFlow(flowId, i18n.lang, enteredVersion(flowId, scenario, rest), preloadStepCode).then(
      async (result) => {
        if (!current) return;
        if (result.flow.baseData) {
          try {
            const data = await loadBaseData(result.flow.baseData, i18n.lang);
            if (current) setLists(data);
          } catch {
            if (current) setFailed('lists');
            return;
          }
        } else setLists({});
        if (current) {
          setLoaded(result);
          setValidators(result.validators);
        }
      },
      () => current && setFailed('flow'),
    );
    void shown.finally(done);
    return () => {
      current = false;
      done();
    };
    // The version in the address is read when the flow loads; the rest of the address changes with every step.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [flowId, i18n.lang, scenario]);

  useEffect(() => {
    const timer = window.setTimeout(() => void sending().catch(() => undefined), 1000);
    return () => window.clearTimeout(timer);
  }, []);

  // The other steps' validators follow once the page is on screen. They complete the same set, so a
  // step already shown is not drawn again for them; a page that waits for them renders again when
  // they are in (WaitingForValidators).
  useEffect(() => {
    if (!loaded) return;
    let current = true;
    const timer = window.setTimeout(() => {
      loaded.allValidators().then(
        () => undefined,
        () => current && setFailed('flow'),
      );
    }, 0);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [loaded]);

  // A Dutch-only flow is shown in Dutch whatever the portal's language; the page says so.
  const languages = loaded?.flow.languages;
  const dutchOnly = languages !== undefined && !languages.includes(i18n.lang);
  const lang = dutchOnly ? 'nl' : i18n.lang;
  const t = dutchOnly ? i18n.tFor('nl') : i18n.t;
  useEffect(() => {
    setPageLanguages(languages);
    return () => setPageLanguages(undefined);
  }, [languages]);

  // The page's title: the segments the page last gave, and the portal's name in the page's language.
  // The name may change on its own (its language's texts arrive after a switch): then the title follows.
  const applicationName = applicationNameOf(config, i18n.t, scenario);
  const titleSegments = useRef<string[] | undefined>(undefined);
  useEffect(() => {
    if (titleSegments.current) setPageTitle(titleSegments.current, applicationName);
  }, [applicationName]);

  const parts = useMemo(() => (loaded ? routeParts(loaded.flow, rest) : undefined), [loaded, rest]);
  const basePath = parts?.variantId ? `${flowPath}/${parts.variantId}` : flowPath;
  useEffect(() => {
    rememberFlowStart(basePath);
  }, [basePath]);
  const page = parts?.page;
  useEffect(() => {
    setCancelledOn((shownOn) => (shownOn === undefined || shownOn === page ? shownOn : undefined));
  }, [page]);

  // A reference-data failure goes to the register's error page (doc 1 §4).
  if (failed === 'lists') return <Redirect to="/uzi/error?status=500" replace />;
  if (failed) return <Redirect to={`/${scenario}/error?status=500`} replace />;
  if (!loaded || !lists || !parts || !validators) return <LoadingPage />;
  const { flow } = loaded;
  if (parts.redirectVariant) return <Redirect to={`${flowPath}/${parts.redirectVariant}`} replace />;
  const variant = flow.variants?.find((candidate) => candidate.id === parts.variantId);
  // The content of a Dutch-only flow is marked Dutch, with a notice in the page's own language.
  const inFlowLanguage = (content: JSX.Element): JSX.Element =>
    dutchOnly ? (
      <div lang="nl">
        <Alert type="info" t={i18n.t} lang={i18n.lang}>
          <p className="utrecht-paragraph" lang={i18n.lang}>
            {i18n.t('shell.language.dutchOnly')}
          </p>
        </Alert>
        {content}
      </div>
    ) : (
      content
    );
  // The cancel confirmation is said after the title of the page the flow starts again on, not another's.
  const noticeShown = cancelledOn !== undefined && cancelledOn === parts.page;
  const onTitle = (segments: string[]) => {
    titleSegments.current = segments;
    if (!noticeShown) forgetAfterTitle();
    setPageTitle(segments, applicationName);
  };
  const firstStep = flow.steps[0].id;
  const homeUrl = config?.links[scenario].home ?? '/';
  // Visible on the page the flow starts again on; announced with that page's title.
  const cancelledNotice = noticeShown ? (
    <Alert type="info" t={t} lang={lang}>
      <p className="utrecht-paragraph">{t('wizard.cancelled')}</p>
    </Alert>
  ) : null;

  if (parts.page === '' && flow.intro) {
    return inFlowLanguage(
      <Suspense fallback={<LoadingPage />}>
        {cancelledNotice}
        <IntroPage flow={flow} scenario={scenario} t={t} lang={lang} onTitle={onTitle} onStart={() => navigate(`${basePath}/${firstStep}`)} />
      </Suspense>,
    );
  }
  if (parts.page === CONFIRMATION) {
    const state = confirmationState();
    if (!state) return <Redirect to={`${basePath}/${firstStep}`} replace />;
    const payloadOf = (confirmation: ConfirmationState) =>
      flow.confirmation.download?.payload === 'model'
        ? { ...confirmation.model, ...(variant ? { variant: variant.constants } : {}) }
        : { kenmerk: confirmation.kenmerk };
    return inFlowLanguage(
      <Suspense fallback={<LoadingPage />}>
        <ConfirmationPage
          flow={flow}
          scenario={scenario}
          state={state}
          lists={lists}
          variant={variant?.constants}
          t={t}
          lang={lang}
          homeUrl={homeUrl}
          postAddress={config?.freepostAddress}
          onTitle={onTitle}
          download={(url, confirmation) =>
            sending().then(
              (api) =>
                api.downloadConfirmation(
                  flow.confirmation.download?.payload === 'model' ? `${url}?scenario=${scenario}` : url,
                  payloadOf(confirmation),
                  lang,
                  loaded.hash,
                ),
              () => false,
            )
          }
        />
      </Suspense>,
    );
  }
  const stateKey = { flowId: flow.id, scenario, ...(variant ? { variant: variant.id } : {}), hash: loaded.hash };
  if (parts.page === SAVE) {
    const from = (window.history.state as { from?: string } | null)?.from;
    const backPath = from && known(flow).includes(from) ? `${basePath}/${from}` : `${basePath}/${firstStep}`;
    return inFlowLanguage(
      <Suspense fallback={<LoadingPage />}>
        <SavePage
          flow={flow}
          stateKey={stateKey}
          backPath={backPath}
          days={config?.saving?.days ?? 30}
          mail={config?.saving?.mail ?? false}
          flowTitle={flowTitle(flow, scenario)}
        />
      </Suspense>,
    );
  }
  if (!known(flow).includes(parts.page)) return <Redirect to={`${basePath}/${firstStep}`} replace />;
  // Any page but the first step may validate every step (review, restored drafts): wait for them all.
  if (parts.page !== firstStep && flow.steps.some((step) => !validators[step.schema.$id ?? ''])) {
    return <WaitingForValidators loaded={loaded} onReady={() => setAllLoaded((count) => count + 1)} onFailed={() => setFailed('flow')} />;
  }

  return inFlowLanguage(
    <>
      {cancelledNotice}
      <FlowWizard
        key={`${flow.id}:${scenario}:${variant?.id ?? ''}`}
        flow={flow}
        hash={loaded.hash}
        validators={validators}
        startData={loaded.startData}
        scenario={scenario}
        lang={lang}
        t={t}
        stepId={parts.page}
        basePath={basePath}
        lists={lists}
        variant={variant?.constants}
        variantId={variant?.id}
        services={services}
        navigate={(to, options) => navigate(to, options)}
        onTitle={onTitle}
        onSubmit={(model, transfer) =>
          sending().then(
            (api) => api.submitFlow(loaded, model, scenario, lang, t, transfer),
            // The code could not be loaded: as when the connection is lost while sending.
            () => ({ ok: false as const, message: { text: t('upload.network') } }),
          )
        }
        onSubmitted={(model, kenmerk) =>
          void sending().then((api) => navigate(`${basePath}/${CONFIRMATION}`, { state: { confirmation: { model: api.reduceFiles(model), kenmerk } } }))
        }
        onDownloadFile={(file) => void sending().then((api) => api.downloadStoredFile(file))}
        onSave={(stepId) => navigate(`${basePath}/${SAVE}`, { state: { from: stepId } })}
        confirmCancel={() => new Promise<boolean>((resolve) => setAskCancel(() => resolve))}
        onCancelled={() => {
          const restartOn = flow.intro ? '' : firstStep;
          setCancelledOn(restartOn);
          announceAfterTitle(t('wizard.cancelled'));
          navigate(restartOn ? `${basePath}/${restartOn}` : basePath);
        }}
      />
      {askCancel ? (
        <Suspense fallback={null}>
          <CancelDialog
            onAnswer={(cancel) => {
              setAskCancel(undefined);
              askCancel(cancel);
            }}
          />
        </Suspense>
      ) : null}
    </>,
  );
}

/** The loading page of a page that waits for every step's validators; `onReady` once they are in. */
function WaitingForValidators({ loaded, onReady, onFailed }: { loaded: LoadedFlow; onReady: () => void; onFailed: () => void }): JSX.Element {
  useEffect(() => {
    let current = true;
    loaded.allValidators().then(
      () => current && onReady(),
      () => current && onFailed(),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the callbacks are made anew on every render of the host; the wait belongs to the flow
  }, [loaded]);
  return <LoadingPage />;
}

/** The pages of a flow's wizard: its steps and its review. */
function known(flow: FlowDocument): string[] {
  return [...flow.steps.map((step) => step.id), flow.review.id];
}
