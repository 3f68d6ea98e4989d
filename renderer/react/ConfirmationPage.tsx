/**
 * The confirmation page of a flow ('Bevestiging van uw aanvraag'): the flow's content blocks with the
 * kenmerk filled in, and the download of the confirmation document with a loader and the spec's
 * error box. Without a model (opened directly) the page sends the user to the start of the flow.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '@utrecht/button-react';
import './renderer.css';
import type { Lang, Translate } from '../core/i18n';
import { textLangOf } from '../core/dutchTexts';
import { withEnvironment } from '../core/environment';
import { flowTitle, VARIANT_KEY, type FlowDocument, type FlowModel, type ReferenceLists, type Scenario } from '../core/types';
import { Alert } from '../../widgets';
import { ContentBlocks } from './ContentBlocks';
import { Spinner } from './Spinner';

export interface ConfirmationState {
  model: FlowModel;
  kenmerk?: string;
}

export interface ConfirmationPageProps {
  flow: FlowDocument;
  scenario: Scenario;
  state: ConfirmationState;
  t: Translate;
  lang: Lang;
  homeUrl: string;
  /** The register's postal address for sending the signed form. */
  postAddress?: string[];
  /** Reference lists and variant constants, for blocks shown by rule (e.g. required documents). */
  lists?: ReferenceLists;
  variant?: Record<string, unknown>;
  onTitle: (segments: string[]) => void;
  /** Downloads the confirmation document; resolves false on failure. */
  download: (url: string, state: ConfirmationState) => Promise<boolean>;
}

export function ConfirmationPage({ flow, scenario, state, t, lang, homeUrl, postAddress, lists, variant, onTitle, download }: ConfirmationPageProps) {
  const env = withEnvironment(flow, { ...state.model, ...(variant ? { [VARIANT_KEY]: variant } : {}) }, lists);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const title = flow.confirmation.title;

  const confirmationTitle = t('wizard.confirmationTitle');
  const nameOfFlow = flowTitle(flow, scenario);
  useEffect(() => {
    onTitle([confirmationTitle, nameOfFlow]);
  }, [confirmationTitle, nameOfFlow]); // eslint-disable-line react-hooks/exhaustive-deps -- onTitle is the host's, new every render; the title is what counts
  useEffect(() => {
    window.scrollTo(0, 0);
    headingRef.current?.focus();
  }, [lang]);

  const startDownload = async (url: string) => {
    setLoading(true);
    setFailed(false);
    const ok = await download(url, state).catch(() => false);
    setLoading(false);
    setFailed(!ok);
  };

  const heading = scenario === 'zovar' && flow.scenarioTitles?.zovar && title === flow.title ? flow.scenarioTitles.zovar : title;
  const textLang = textLangOf(flow);
  return (
    <div className="renderer-confirmation">
      <h1 className="utrecht-heading-1" ref={headingRef} tabIndex={-1} lang={textLang(heading)}>
        {heading}
      </h1>
      <ContentBlocks
        blocks={flow.confirmation.blocks}
        params={{ kenmerk: state.kenmerk }}
        context={{ t, lang, textLang }}
        env={env}
        homeUrl={homeUrl}
        postAddress={postAddress}
        renderDownload={(block) => (
          <div className="renderer-download">
            <Button
              appearance="primary-action-button"
              lang={textLang(block.text)}
              onClick={() => void startDownload(block.url)}
              busy={loading}
              disabled={loading}
            >
              {block.text}
            </Button>
            {loading ? <Spinner text={t('wizard.downloadBusy')} /> : null}
            {failed && flow.confirmation.download ? (
              <Alert type="error" role="alert" t={t} lang={lang}>
                <span className="visually-hidden">{flow.confirmation.download.errorSrText}: </span>
                <p className="utrecht-paragraph" lang={textLang(flow.confirmation.download.errorMessage)}>
                  {flow.confirmation.download.errorMessage}
                </p>
              </Alert>
            ) : null}
          </div>
        )}
      />
    </div>
  );
}
