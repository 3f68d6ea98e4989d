/**
 * The generic wizard: interprets a flow document at run time. Next validates the step (core code,
 * the same as the server) and only then stores the data and advances; Previous and jumps do not
 * validate; a jump to a disabled or hidden step is refused and the URL returns to the current step.
 * Everything entered is kept in sessionStorage. The last step submits through `onSubmit`. Its root
 * says when the step is settled (`data-settled`, ./wizard/useSettled.ts).
 */
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@utrecht/button-react';
import './renderer.css';
import { applyDerived, releaseDerived } from '../core/rules/derive';
import { withEnvironment, withoutEnvironment, type Environment } from '../core/environment';
import { clearFlowState, type StoredFlowState } from '../browser/flowStorage';
import { interpolate, type Lang, type Translate } from '../core/i18n';
import { resetDependents } from '../core/rules/resetOn';
import type { SubmitMessage, SubmitOutcome } from '../core/submit';
import type { UploadProgress } from '../browser/uploadProgress';
import type { FileRef, FlowDocument, FlowModel, ReferenceLists, Scenario } from '../core/types';
import { flowTitle, VARIANT_KEY } from '../core/types';
import type { ValidatorSet } from '../core/validate';
import { applicableModel, withoutStaleChoices } from '../core/rules/conditions';
import { modelPathOf } from '../core/paths';
import { isLastStep, jumpTo, next, previous, stepNumber, type WizardState } from '../core/wizard';
import { Alert, createChangeQueue } from '../../widgets';
import { lazyComponent, WorkPending } from '../../widgets/shared/lazyComponent';
import { ContentBlocks, preloadContentBlocks } from './onDemand';
import { textLangOf } from '../core/dutchTexts';
import { fieldId } from './formContext';
import { Spinner } from './Spinner';
import { StepForm } from './StepForm';
import { initialStepData } from '../core/formDefaults';
import { useDelayedFlag } from './useDelayedFlag';
import { WizardProgress } from './WizardProgress';
import { useFlowPersistence } from './wizard/useFlowPersistence';
import { useRefusals } from './wizard/useRefusals';
import { useStepContext } from './wizard/useStepContext';
import { useSettled } from './wizard/useSettled';
import { useStepInEffect } from './wizard/useStepInEffect';
import { loadValidation, useStepValidation } from './wizard/useStepValidation';

// What a step shows only after the applicant acts — the review step, the summary of messages after a
// failed Volgende, the server's refusals and the sending panel — is not part of the first download;
// it is fetched a moment after the wizard is shown, so it is there when needed and nothing moves
// while it loads. What Volgende or Versturen shows, they wait for before they show it, so it is
// drawn (and takes focus) at once, never later while the applicant is already typing.
const loadReviewStep = () => import('./ReviewStep');
const ReviewStep = lazy(() => loadReviewStep().then((module) => ({ default: module.ReviewStep })));
const ErrorSummary = lazyComponent(() => import('./ErrorSummary').then((module) => module.ErrorSummary));
const RefusalSummary = lazyComponent(() => import('./RefusalSummary').then((module) => module.RefusalSummary));
const UploadPanel = lazyComponent(() => import('./UploadPanel').then((module) => module.UploadPanel));
const loadLater = () => Promise.all([loadReviewStep(), ErrorSummary.preload(), RefusalSummary.preload(), UploadPanel.preload(), preloadContentBlocks()]);

export interface FlowWizardProps {
  flow: FlowDocument;
  /** Content hash of the flow version shown; the entered data is kept against it. */
  hash: string;
  validators: ValidatorSet;
  /** The data each step starts with (by step id), when the flow came with it; otherwise worked out here. */
  startData?: Record<string, Record<string, unknown>>;
  scenario: Scenario;
  lang: Lang;
  t: Translate;
  /** Step id from the URL. */
  stepId: string;
  basePath: string;
  navigate: (to: string, options?: { replace?: boolean; state?: unknown }) => void;
  onTitle: (segments: string[]) => void;
  /** Sends the answers; an upload reports its progress through `transfer` and stops when its signal aborts. */
  onSubmit: (model: FlowModel, transfer: { onUpload: (progress: UploadProgress) => void; signal: AbortSignal }) => Promise<SubmitOutcome>;
  /** Called after a successful submit, with the model to hand to the confirmation page. */
  onSubmitted: (model: FlowModel, kenmerk: string | undefined) => void;
  onDownloadFile?: (file: FileRef) => void;
  /** The flow's reference lists (by name), for rules, option filters and content. */
  lists?: ReferenceLists;
  /** Constants of the chosen variant (e.g. artikel34), merged into the model as `variant`. */
  variant?: Record<string, unknown>;
  /** The chosen variant's route segment: each variant keeps its own answers and progress. */
  variantId?: string;
  /** Services widgets may call (e.g. the postcode lookup). */
  services?: Record<string, unknown>;
  /** 'Opslaan en later verder': called with the current step once everything typed is kept in the tab. */
  onSave?: (stepId: string) => void;
  /** 'Annuleren': asks the applicant to confirm; on yes the wizard forgets everything and calls `onCancelled`. */
  confirmCancel?: () => Promise<boolean>;
  onCancelled?: () => void;
}

function stepIds(flow: FlowDocument): string[] {
  return [...flow.steps.map((step) => step.id), flow.review.id];
}

/**
 * Resolves once the browser has run the tasks queued before it: React draws an update made outside
 * an event (a file stored, a lookup answered) in a task of its own, which then comes first.
 * (A message, not a timer: a page whose clock is held still still gets it.)
 */
function afterPendingRenders(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

export function FlowWizard(props: FlowWizardProps) {
  const { flow, hash, validators, scenario, lang, t, stepId, basePath, navigate, onTitle, lists, variant, variantId, services } = props;
  // Typed text reaches the step's data a frame after it is shown; everything below that reads the
  // data (next, previous, a jump, leaving the page) hands over what still waits first.
  const changes = useMemo(() => createChangeQueue(), []);
  const stateKey = useMemo(() => ({ flowId: flow.id, scenario, variant: variantId, hash }), [flow.id, scenario, variantId, hash]);
  const { stored, wizard, persist, saveDraft, saveChoice, discard } = useFlowPersistence(stateKey, stepIds(flow), changes);
  const [busy, setBusy] = useState(false);
  const [submitError, setSubmitError] = useState<SubmitMessage | undefined>();
  const [upload, setUpload] = useState<UploadProgress | undefined>();
  // Rises with every failed Volgende: the error summary takes focus each time.
  const [failedNext, setFailedNext] = useState(0);
  const transfer = useRef<AbortController | undefined>(undefined);
  const submitRef = useRef<HTMLButtonElement>(null);
  const spinner = useDelayedFlag(busy, 300);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const hrefFor = useCallback((id: string) => `${basePath}/${id}`, [basePath]);

  useEffect(() => {
    const timer = setTimeout(() => void loadLater().catch(() => undefined), 1000);
    return () => clearTimeout(timer);
  }, []);

  // The URL is the source of navigation: follow it when allowed, otherwise return to the current step.
  useEffect(() => {
    if (stepId === wizard.current) return;
    const result = jumpTo(wizard, stepId);
    if (result.ok) persist(stored, result.state);
    else navigate(hrefFor(wizard.current), { replace: true });
  }, [stepId]); // eslint-disable-line react-hooks/exhaustive-deps -- only a change of the address is navigation; the wizard's own moves write the address

  const step = flow.steps.find((candidate) => candidate.id === wizard.current);
  const isReview = wizard.current === flow.review.id;
  const number = stepNumber(wizard, wizard.current);

  // Start data holds the step's defaults already: the form finds nothing to add and reports no change.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- made anew only until the step's data is stored; then it is the stored object
  const draft = step ? (stored.drafts[step.dataKey] ?? stored.model[step.dataKey] ?? props.startData?.[step.id] ?? initialStepData(step, validators)) : {};
  // The model as rules see it: approved steps, this step's draft, derived values, variant
  // constants, reference lists and variables.
  const working: Environment = useMemo(
    () =>
      withEnvironment(
        flow,
        applyDerived(flow, { ...stored.model, ...(variant ? { [VARIANT_KEY]: variant } : {}), ...(step ? { [step.dataKey]: draft } : {}) }),
        lists,
      ),
    [flow, stored, step, draft, lists, variant],
  );
  const title = interpolate(step?.title ?? flow.review.title, working.$vars ?? {});
  const stepChoices = step ? stored.choices?.[step.dataKey] : undefined;
  const inEffect = useStepInEffect(flow, step, working, validators, stepChoices);
  const validation = useStepValidation(flow, step, working, validators, t, stepChoices);
  const refusals = useRefusals(flow, working);
  const idPrefix = step?.dataKey ?? 'review';
  // A field the server refused shows the server's message until it changes (or the browser finds its own).
  const refusedHere = step ? refusals.forStep(step.dataKey) : undefined;
  const shownErrors = useMemo(
    () => (refusedHere && Object.keys(refusedHere).length > 0 ? { ...refusedHere, ...validation.shownErrors } : validation.shownErrors),
    [JSON.stringify(refusedHere), validation.shownErrors], // eslint-disable-line react-hooks/exhaustive-deps -- the refusals compared by content; the object is new every render
  );
  const context = useStepContext({
    step: inEffect.step,
    choices: inEffect.choices,
    onChoose: (path, index) => step && saveChoice(step.dataKey, path, index),
    working,
    shownErrors,
    t,
    lang,
    textLang: textLangOf(flow),
    idPrefix,
    services,
  });

  // After a step change focus moves to the new heading; on the first page of a visit it stays at
  // the top so the skip link comes first. A new step starts without messages; a language switch keeps
  // the step's messages and summary on screen (they are worked out again in the new language).
  const shownStep = useRef<string | undefined>(undefined);
  useEffect(() => {
    validation.reset();
    if (shownStep.current !== undefined && shownStep.current !== wizard.current) headingRef.current?.focus();
    shownStep.current = wizard.current;
  }, [wizard.current]); // eslint-disable-line react-hooks/exhaustive-deps -- resets and moves focus on a change of step only
  // The server's answer and the sending panel speak the language they were made in: they go on a switch.
  useEffect(() => {
    setSubmitError(undefined);
    setUpload(undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- wizard.current is the step id in the wizard's state, not a ref
  }, [wizard.current, lang]);

  // The title follows the step and the language (the flow arrives in the new language a moment after the switch).
  const pageTitle = `${t('wizard.step', { n: number })}: ${title}`;
  const nameOfFlow = flowTitle(flow, scenario);
  useEffect(() => {
    onTitle([pageTitle, nameOfFlow]);
  }, [pageTitle, nameOfFlow]); // eslint-disable-line react-hooks/exhaustive-deps -- onTitle is the host's, new every render; the title is what counts

  // Settled (wizard/useSettled.ts): the step in the URL is drawn, no action is under way and the check of its answers is loaded.
  const unsettle = useSettled(rootRef, stepId === wizard.current && !busy && validation.loaded, wizard.current);

  const changeDraft = (changed: Record<string, unknown>) => {
    if (!step) return;
    const reset = withoutStaleChoices(step, resetDependents(step, draft, changed), validators, stepChoices);
    saveDraft(step.dataKey, releaseDerived(step, working, { ...working, [step.dataKey]: reset }, reset));
  };

  const blur = (id: string) =>
    validation.touch(
      id.startsWith(`${idPrefix}_`)
        ? id
            .slice(idPrefix.length + 1)
            .split('_')
            .join('.')
        : id,
    );

  const goTo = (nextWizard: WizardState, state: StoredFlowState) => {
    persist(state, nextWizard);
    navigate(hrefFor(nextWizard.current));
  };

  const focusField = (field: string) => {
    requestAnimationFrame(() => {
      const id = fieldId(idPrefix, field);
      const controls = 'input:not([type=hidden]),select,textarea,button';
      const element = document.getElementById(id);
      const target =
        (element?.matches(controls) ? element : element?.querySelector<HTMLElement>(controls)) ??
        document.querySelector<HTMLElement>(`[data-field="${field}"] :is(${controls})`) ??
        // A message about the step as a whole (no field of its own): its first field.
        (field === '' ? document.querySelector<HTMLElement>(`.renderer-step :is(${controls})`) : null);
      target?.focus();
    });
  };

  const approveStep = async () => {
    if (!step) return;
    try {
      await Promise.all([validation.ready(), ErrorSummary.preload()]);
    } catch {
      setSubmitError({ text: t('wizard.unavailable') });
      return;
    }
    const current = validation.submit();
    if (current.length > 0) {
      setFailedNext((count) => count + 1);
      return;
    }
    const model = withoutEnvironment(applicableModel(flow, working, validators, stored.choices));
    delete model[VARIANT_KEY];
    const drafts = { ...stored.drafts };
    delete drafts[step.dataKey];
    goTo(next(wizard), { ...stored, model, drafts });
  };

  const submitFlow = async () => {
    setSubmitError(undefined);
    let validateFlow: Awaited<ReturnType<typeof loadValidation>>['validateFlow'];
    try {
      [{ validateFlow }] = await Promise.all([loadValidation(), RefusalSummary.preload(), UploadPanel.preload()]);
    } catch {
      setSubmitError({ text: t('wizard.unavailable') });
      return;
    }
    // The review sends nothing while any step is not right (answers of another version, say).
    const invalid = validateFlow(flow, working, validators, t, stored.choices).flatMap((result) =>
      result.errors.map((error) => ({ path: modelPathOf(result.dataKey, error.field), message: error.message })),
    );
    if (invalid.length > 0) {
      refusals.remember(invalid, working);
      setSubmitError({ text: t('wizard.incomplete'), refusals: invalid });
      return;
    }
    const model = withoutEnvironment(applicableModel(flow, working, validators, stored.choices));
    const controller = new AbortController();
    transfer.current = controller;
    setUpload(undefined);
    const outcome = await props.onSubmit(model, { onUpload: setUpload, signal: controller.signal });
    transfer.current = undefined;
    if (!outcome.ok) {
      if (controller.signal.aborted) submitRef.current?.focus();
      refusals.remember(outcome.message.refusals ?? [], working);
      setSubmitError(outcome.message);
      return;
    }
    clearFlowState(stateKey);
    props.onSubmitted(model, outcome.kenmerk);
  };

  // What Volgende does, with the data of the render it belongs to.
  const proceed = () => (isReview && isLastStep(wizard) ? submitFlow() : isReview ? goTo(next(wizard), stored) : approveStep());
  const onNext = async () => {
    if (busy) return;
    setBusy(true);
    try {
      // A change still on its way when Volgende was pressed (a file stored a moment before, on a
      // slow device) is drawn first, so the check reads the data the applicant sees.
      await afterPendingRenders();
      await actions.current.proceed();
    } finally {
      setBusy(false);
    }
  };

  const onPrevious = () => goTo(previous(wizard), stored);
  const onJump = (id: string) => {
    const result = jumpTo(wizard, id);
    if (result.ok) goTo(result.state, stored);
  };

  const onSave = () => props.onSave?.(wizard.current);
  const onCancel = async () => {
    if (!(await props.confirmCancel?.())) return;
    transfer.current?.abort();
    // The browser's copies of chosen files go too (their code is loaded only now).
    const forget = Promise.all([import('../core/rules/fileCheck'), import('../browser/fileStore')]).then(([check, store]) =>
      store.clearFiles(check.fileRefsIn(flow, stored).map((entry) => entry.ref.id)),
    );
    discard();
    await forget.catch(() => undefined);
    props.onCancelled?.();
  };

  // The handlers of the latest render, for use right after waiting text was handed over.
  const actions = useRef({ onNext, proceed, onPrevious, onJump, onSave, onCancel });
  useLayoutEffect(() => {
    actions.current = { onNext, proceed, onPrevious, onJump, onSave, onCancel };
  });
  // Every action takes the settled mark away first, until the wizard is ready again.
  const latestActions = () => {
    unsettle();
    changes.flush();
    return actions.current;
  };

  const titles = Object.fromEntries([...flow.steps.map((candidate) => [candidate.id, candidate.title]), [flow.review.id, flow.review.title]]);
  const first = wizard.steps.find((s) => s.state !== 'hidden')?.id === wizard.current;

  return (
    <div className="renderer-wizard" ref={rootRef}>
      <WizardProgress wizard={wizard} titles={titles} hrefFor={hrefFor} onJump={(id) => latestActions().onJump(id)} t={t} />
      <h1 className="utrecht-heading-1 renderer-step-title" ref={headingRef} tabIndex={-1}>
        <span className="renderer-step-number">{t('wizard.step', { n: number })}: </span>
        {textLangOf(flow)(step?.title ?? flow.review.title) ? <span lang="nl">{title}</span> : title}
      </h1>
      <form
        className="renderer-step"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void latestActions().onNext();
        }}
      >
        {/* Mounted from the failed Volgende on, also while no message shows: a message that comes back at a
            blur brings the list back without taking focus from the field the applicant moved to. */}
        {step && validation.submitted ? (
          <ErrorSummary
            items={Object.entries(shownErrors).map(([field, message]) => ({
              key: field,
              href: `#${fieldId(idPrefix, field)}`,
              text: message,
              onActivate: () => focusField(field),
            }))}
            t={t}
            lang={lang}
            focusKey={failedNext}
          />
        ) : null}
        {step ? (
          <>
            <ContentBlocks blocks={step.intro} context={context} env={working} lists={lists} />
            <p className="utrecht-paragraph renderer-required-legend">{t('wizard.requiredLegend')}</p>
            <StepForm
              step={inEffect.step ?? step}
              validators={validators}
              data={(working[step.dataKey] as Record<string, unknown> | undefined) ?? draft}
              context={context}
              changes={changes}
              onChange={changeDraft}
              onBlur={blur}
            />
            <ContentBlocks blocks={step.outro} context={context} env={working} lists={lists} />
          </>
        ) : (
          <>
            <ContentBlocks blocks={flow.review.intro} context={context} env={working} lists={lists} />
            <Suspense
              fallback={
                <p className="utrecht-paragraph" role="status">
                  {t('wizard.loading')}
                  <WorkPending />
                </p>
              }
            >
              <ReviewStep
                flow={flow}
                model={working}
                validators={validators}
                choices={stored.choices}
                t={t}
                lang={lang}
                hrefFor={hrefFor}
                onChangeStep={onJump}
                onDownloadFile={props.onDownloadFile}
              />
            </Suspense>
            <ContentBlocks blocks={flow.review.outro} context={context} env={working} lists={lists} />
          </>
        )}
        {isReview && refusals.standing.length > 0 ? (
          <RefusalSummary
            refusals={refusals.standing}
            title={submitError?.heading}
            text={submitError?.text}
            titles={titles}
            hrefFor={hrefFor}
            onJump={(id) => latestActions().onJump(id)}
            t={t}
            lang={lang}
          />
        ) : submitError && !submitError.refusals?.length ? (
          <Alert
            type={submitError.kind === 'cancelled' ? 'info' : 'error'}
            role={submitError.kind === 'cancelled' ? 'status' : 'alert'}
            title={submitError.heading}
            t={t}
            lang={lang}
          >
            <p className="utrecht-paragraph">{submitError.text}</p>
          </Alert>
        ) : null}
        {isReview && upload ? (
          <UploadPanel progress={upload} t={t} lang={lang} onCancel={upload.phase === 'sending' ? () => transfer.current?.abort() : undefined} />
        ) : null}
        <div className="renderer-buttons">
          {!first ? (
            <Button appearance="secondary-action-button" onClick={() => latestActions().onPrevious()} disabled={busy}>
              {t('wizard.previous')}
            </Button>
          ) : null}
          {props.confirmCancel ? (
            <Button appearance="subtle-button" onClick={() => void latestActions().onCancel()} disabled={busy}>
              {t('wizard.cancel')}
            </Button>
          ) : null}
          {props.onSave ? (
            <Button appearance="secondary-action-button" onClick={() => latestActions().onSave()} disabled={busy}>
              {t('wizard.save')}
            </Button>
          ) : null}
          <Button type="submit" ref={submitRef} appearance="primary-action-button" busy={busy}>
            {isReview ? flow.review.submitLabel : t('wizard.next')}
          </Button>
          {spinner ? <Spinner text={t('wizard.busy')} /> : null}
        </div>
      </form>
    </div>
  );
}
