/**
 * The fields the server refused, at the top of the review (the error summary): what happened, and
 * per field its step and message as a link to that step.
 */
import type { Lang, Translate } from '../core/i18n';
import { ErrorSummary } from './ErrorSummary';
import type { StandingRefusal } from './wizard/useRefusals';

export interface RefusalSummaryProps {
  refusals: StandingRefusal[];
  title?: string;
  text?: string;
  titles: Record<string, string>;
  hrefFor: (stepId: string) => string;
  onJump: (stepId: string) => void;
  t: Translate;
  lang: Lang;
}

export function RefusalSummary({ refusals, title, text, titles, hrefFor, onJump, t, lang }: RefusalSummaryProps) {
  const items = refusals.map((refusal) => ({
    key: refusal.path,
    href: hrefFor(refusal.stepId),
    text: `${titles[refusal.stepId]}: ${refusal.message}`,
    onActivate: () => onJump(refusal.stepId),
  }));
  return <ErrorSummary items={items} title={title} text={text} t={t} lang={lang} focusKey={text} />;
}
