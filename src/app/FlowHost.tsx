/**
 * Hosts one flow under its route: loads the flow document and validators from the server at run
 * time, maps the rest of the path to a wizard step or the confirmation page, and wires the generic
 * renderer to the portal (titles, navigation, calls, links by scenario).
 */
import { lazy, Suspense, useEffect, useState, type JSX } from 'react';
import { Redirect, useLocation } from 'wouter';
import type { ConfirmationState } from '../../renderer/react/ConfirmationPage';
import { FlowWizard } from '../../renderer/react/FlowWizard';
import { reduceFiles } from '../../renderer/react/submit';
import { downloadConfirmation, downloadStoredFile, loadFlow, submitUpload, type LoadedFlow } from '../api/flows';
import { useI18n } from './i18n';
import { rememberFlowStart } from './lastFlow';
import { LoadingPage } from './pages/LoadingPage';
import { setPageTitle } from './pageTitle';
import { usePortal } from './portal';

export interface FlowHostProps {
  scenario: 'uzi' | 'zovar';
  flowId: string;
  rest: string;
  onFlowName?: never;
}

const CONFIRMATION = 'bevestiging';

// Loaded when the confirmation is shown, not with the first step.
const ConfirmationPage = lazy(() =>
  import('../../renderer/react/ConfirmationPage').then((module) => ({ default: module.ConfirmationPage })),
);

function confirmationState(): ConfirmationState | undefined {
  const state = window.history.state as { confirmation?: ConfirmationState } | null;
  return state?.confirmation;
}

export function FlowHost({ scenario, flowId, rest }: FlowHostProps): JSX.Element {
  const { lang, t } = useI18n();
  const { config } = usePortal();
  const [, navigate] = useLocation();
  const [loaded, setLoaded] = useState<LoadedFlow | undefined>();
  const [failed, setFailed] = useState(false);
  const basePath = `/${scenario}/${flowId}`;

  useEffect(() => {
    rememberFlowStart(basePath);
    let current = true;
    loadFlow(flowId, lang).then(
      (result) => current && setLoaded(result),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [flowId, lang, basePath]);

  if (failed) return <Redirect to={`/${scenario}/error?status=500`} replace />;
  if (!loaded) return <LoadingPage />;
  const { flow, validators } = loaded;
  const applicationName = config?.applicationName ?? t('shell.app.name');
  const onTitle = (segments: string[]) => setPageTitle(segments, applicationName);
  const firstStep = flow.steps[0].id;
  const segment = rest.split('/')[0].toLowerCase();

  if (segment === CONFIRMATION) {
    const state = confirmationState();
    if (!state) return <Redirect to={`${basePath}/${firstStep}`} replace />;
    return (
      <Suspense fallback={<LoadingPage />}>
      <ConfirmationPage
        flow={flow}
        scenario={scenario}
        state={state}
        t={t}
        lang={lang}
        homeUrl={config?.links[scenario].home ?? '/'}
        onTitle={onTitle}
        download={(url, confirmation) => downloadConfirmation(url, { kenmerk: confirmation.kenmerk }, lang)}
      />
      </Suspense>
    );
  }
  const known = [...flow.steps.map((step) => step.id), flow.review.id];
  if (!known.includes(segment)) return <Redirect to={`${basePath}/${firstStep}`} replace />;

  return (
    <FlowWizard
      key={`${flow.id}:${scenario}`}
      flow={flow}
      validators={validators}
      scenario={scenario}
      lang={lang}
      t={t}
      stepId={segment}
      basePath={basePath}
      navigate={(to, options) => navigate(to, options)}
      onTitle={onTitle}
      onSubmit={(model) =>
        flow.submit.kind === 'upload' ? submitUpload(flow.submit, model, scenario, lang) : Promise.resolve({ ok: true })
      }
      onSubmitted={(model, kenmerk) =>
        navigate(`${basePath}/${CONFIRMATION}`, { state: { confirmation: { model: reduceFiles(model), kenmerk } } })
      }
      onDownloadFile={(file) => void downloadStoredFile(file)}
    />
  );
}
