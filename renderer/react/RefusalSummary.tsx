/**
 * The fields the server refused, at the top of the review (GOV.UK's error summary): a heading, what
 * happened, and per field its step and message as a link to that step.
 */
import type { Lang, Translate } from '../core/i18n';
import { Alert } from '../../widgets';
import type { StandingRefusal } from './wizard/useRefusals';

export interface RefusalSummaryProps {
  refusals: StandingRefusal[];
  text?: string;
  titles: Record<string, string>;
  hrefFor: (stepId: string) => string;
  onJump: (stepId: string) => void;
  t: Translate;
  lang: Lang;
}

export function RefusalSummary({ refusals, text, titles, hrefFor, onJump, t, lang }: RefusalSummaryProps) {
  return (
    <Alert type="error" role="alert" title={t('wizard.errorSummaryTitle')} t={t} lang={lang}>
      {text ? <p className="utrecht-paragraph">{text}</p> : null}
      <ul className="utrecht-unordered-list renderer-refusals">
        {refusals.map((refusal) => (
          <li key={refusal.path} className="utrecht-unordered-list__item">
            <a
              className="utrecht-link"
              href={hrefFor(refusal.stepId)}
              onClick={(event) => {
                event.preventDefault();
                onJump(refusal.stepId);
              }}
            >
              {titles[refusal.stepId]}: {refusal.message}
            </a>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
