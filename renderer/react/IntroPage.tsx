/** The page before the first step of a flow (e.g. 'Voorafgaand'): its content and a start button. */
import { useEffect, useRef } from 'react';
import { Button } from '@utrecht/button-react';
import { textLangOf } from '../core/dutchTexts';
import type { Lang, Translate } from '../core/i18n';
import { flowTitle, type FlowDocument, type Scenario } from '../core/types';
import { ContentBlocks } from './ContentBlocks';
import './renderer.css';

export interface IntroPageProps {
  flow: FlowDocument;
  scenario: Scenario;
  t: Translate;
  lang: Lang;
  onTitle: (segments: string[]) => void;
  onStart: () => void;
}

export function IntroPage({ flow, scenario, t, lang, onTitle, onStart }: IntroPageProps) {
  const intro = flow.intro!;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const nameOfFlow = flowTitle(flow, scenario);
  // The intro's own title only when it says more than the flow's name.
  const segments = intro.title === nameOfFlow ? [nameOfFlow] : [intro.title, nameOfFlow];
  const key = segments.join('\u0000');
  useEffect(() => {
    onTitle(segments);
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- key is the segments' text; the array itself is new every render
  return (
    <div className="renderer-intro">
      <h1 className="utrecht-heading-1" ref={headingRef} tabIndex={-1} lang={textLangOf(flow)(intro.title)}>
        {intro.title}
      </h1>
      <ContentBlocks blocks={intro.blocks} context={{ t, lang, textLang: textLangOf(flow) }} />
      <div className="renderer-buttons">
        <Button appearance="primary-action-button" lang={textLangOf(flow)(intro.startLabel)} onClick={onStart}>
          {intro.startLabel}
        </Button>
      </div>
    </div>
  );
}
