/**
 * The preview of a flow's draft: the real renderer and widgets, step by step, in Dutch or English,
 * with the validators the server compiled from the draft (the browser evaluates no code). Nothing is
 * sent; what is typed can be kept as a test case with the outcome it gives now.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@utrecht/button-react';
import { FlowWizard } from '../../../renderer/react/FlowWizard';
import { loadFlowState } from '../../../renderer/browser/flowStorage';
import type { Lang, Translate } from '../../../renderer/core/i18n';
import type { FlowDocument, ReferenceLists, Scenario } from '../../../renderer/core/types';
import type { ValidatorSet } from '../../../renderer/core/validate';
import { loadValidators } from '../../../renderer/core/validatorModule';
import { loadBaseData, lookupPostcode } from '../../api/flows';
import { bundledResources, loadEnglishResources, translatorFor, useI18n } from '../../app/i18n';
import { Breadcrumb } from '../components/Breadcrumb';
import { TextField } from '../../app/saving/TextField';
import { beheerApi, type BeheerUser, type PreviewAnswer } from '../api';
import { useBeheerTitle } from '../pageTitle';
import '../../../renderer/react/renderer.css';
import { PageMessages } from './PageMessages';

export interface PreviewPageProps {
  flowId: string;
  /** The step from the address; empty for the first. */
  step: string;
  user: BeheerUser;
}

interface Loaded {
  answer: PreviewAnswer;
  validators: ValidatorSet;
  lists: ReferenceLists;
}

const services = { lookupPostcode };
/** The preview keeps what is typed apart from an applicant's answers in the same browser. */
const PREVIEW_STATE = 'beheer-voorbeeld';

export function PreviewPage({ flowId, step, user }: PreviewPageProps) {
  const i18n = useI18n();
  const [, navigate] = useLocation();
  const [lang, setLang] = useState<Lang>('nl');
  const [loaded, setLoaded] = useState<Loaded>();
  // The back office itself is Dutch; the portal's English texts are fetched when the preview needs them.
  const [englishT, setEnglishT] = useState<Translate>();
  const [problem, setProblem] = useState<string>();
  const [notice, setNotice] = useState('');
  const [description, setDescription] = useState('');
  const [stepOnly, setStepOnly] = useState(true);
  const [descriptionError, setDescriptionError] = useState<string>();
  const ids = { lang: useId(), stepOnly: useId() };
  const basePath = `/flows/${flowId}/voorbeeld`;
  useBeheerTitle(loaded ? `Voorbeeld: ${loaded.answer.flow.title}` : 'Voorbeeld');

  useEffect(() => {
    let current = true;
    setLoaded(undefined);
    (async () => {
      const answer = await beheerApi.preview(flowId, lang);
      const sets = await Promise.all(Object.values(answer.validators).map((url) => loadValidators(url)));
      const lists = answer.flow.baseData ? await loadBaseData(answer.flow.baseData, lang) : {};
      if (lang === 'en' && !englishT) {
        const en = await loadEnglishResources();
        if (current) setEnglishT(() => translatorFor('en', { ...bundledResources(), en }));
      }
      if (current) setLoaded({ answer, validators: Object.assign({}, ...sets) as ValidatorSet, lists });
    })().catch((error: Error) => current && setProblem(error.message));
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the English texts are loaded once by this effect itself; their arrival must not load the flow again
  }, [flowId, lang]);

  const flow: FlowDocument | undefined = loaded?.answer.flow;
  const languages = flow?.languages ?? ['nl', 'en'];
  const scenario: Scenario = flow?.scenarios[0] ?? 'uzi';
  const variant = flow?.variants?.find((candidate) => candidate.default) ?? flow?.variants?.[0];
  const stateKey = useMemo(
    () => (loaded ? { flowId, scenario, variant: variant ? `${PREVIEW_STATE}-${variant.id}` : PREVIEW_STATE, hash: loaded.answer.hash } : undefined),
    [loaded, flowId, scenario, variant],
  );
  const known = flow ? [...flow.steps.map((candidate) => candidate.id), flow.review.id] : [];
  const stepId = known.includes(step) ? step : (flow?.steps[0].id ?? '');
  const canEdit = user.rollen.includes('redacteur');

  const saveCase = async () => {
    if (!flow || !stateKey) return;
    if (!description.trim()) {
      setDescriptionError("Het veld 'Omschrijving' is niet ingevuld.");
      return;
    }
    setDescriptionError(undefined);
    setProblem(undefined);
    const state = loadFlowState(stateKey);
    const data = { ...state.model, ...state.drafts };
    const onStep = stepOnly && flow.steps.some((candidate) => candidate.id === stepId) ? stepId : undefined;
    try {
      const saved = await beheerApi.addFixture(flowId, { description: description.trim(), data, ...(onStep ? { step: onStep } : {}) });
      setDescription('');
      setNotice(
        `Testgeval '${saved.run.description}' opgeslagen. Het verwacht voortaan de uitkomst van nu: ${saved.run.problems.length === 0 ? 'die klopt' : 'controleer die'} op de pagina van de flow.`,
      );
    } catch (error) {
      setNotice('');
      setProblem((error as Error).message);
    }
  };

  return (
    <>
      <Breadcrumb
        rootLabel="Flows"
        rootUrl="/"
        items={[
          { label: flow?.title ?? flowId, url: `/flows/${flowId}` },
          { label: 'Voorbeeld', url: basePath },
        ]}
      />
      <h1 className="utrecht-heading-1">{flow ? `Voorbeeld: ${flow.title}` : 'Voorbeeld'}</h1>
      <div className="utrecht-alert utrecht-alert--info beheer-preview-notice">
        <p className="utrecht-paragraph">
          {loaded?.answer.concept === false
            ? 'Deze flow heeft geen concept: u ziet de gepubliceerde versie. '
            : 'U ziet het concept zoals aanvragers het na publiceren zouden zien, met de controles van de server. '}
          Er wordt niets verzonden.
        </p>
      </div>
      <PageMessages status={notice} problem={problem} />
      <div className="utrecht-form-field beheer-inline-field">
        <label className="utrecht-form-label" htmlFor={ids.lang}>
          Taal van het voorbeeld
        </label>
        <select id={ids.lang} className="utrecht-select utrecht-select--html-select" value={lang} onChange={(event) => setLang(event.target.value as Lang)}>
          <option value="nl">Nederlands</option>
          {languages.includes('en') && <option value="en">Engels</option>}
        </select>
      </div>
      {loaded && flow && stateKey && (
        <div className="beheer-preview" lang={lang}>
          <FlowWizard
            key={`${loaded.answer.hash}:${lang}`}
            flow={flow}
            hash={loaded.answer.hash}
            validators={loaded.validators}
            scenario={scenario}
            lang={lang}
            t={lang === 'en' && englishT ? englishT : i18n.tFor(lang)}
            stepId={stepId}
            basePath={basePath}
            lists={loaded.lists}
            variant={variant?.constants}
            variantId={stateKey.variant}
            services={services}
            navigate={(to, options) => navigate(to, options)}
            onTitle={() => undefined}
            onSubmit={async () => ({ ok: false, message: { text: 'Dit is een voorbeeld: er is niets verzonden.' } })}
            onSubmitted={() => undefined}
          />
        </div>
      )}
      {loaded && canEdit && (
        <section aria-labelledby="als-testgeval" className="beheer-section">
          <h2 className="utrecht-heading-2" id="als-testgeval">
            Bewaren als testgeval
          </h2>
          <p className="utrecht-paragraph">
            Wat u hierboven heeft ingevuld wordt een testgeval, met de uitkomst van nu (geldig, of welke meldingen bij welke velden) als verwachting. Voortaan
            wordt elk concept ermee getest voordat het gepubliceerd kan worden.
          </p>
          <form
            className="beheer-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void saveCase();
            }}
          >
            <TextField label="Omschrijving" value={description} onChange={setDescription} error={descriptionError} errorPrefix="Fout: " maxLength={200} />
            <div className="utrecht-form-field utrecht-form-field--checkbox">
              <input
                id={ids.stepOnly}
                type="checkbox"
                className="utrecht-checkbox utrecht-checkbox--html-input"
                checked={stepOnly}
                onChange={(event) => setStepOnly(event.target.checked)}
              />
              <label className="utrecht-form-label utrecht-form-label--checkbox" htmlFor={ids.stepOnly}>
                Alleen deze stap controleren
              </label>
            </div>
            <Button type="submit" appearance="secondary-action-button">
              Opslaan als testgeval
            </Button>
          </form>
        </section>
      )}
    </>
  );
}

export default PreviewPage;
