/**
 * The error summary (GOV.UK pattern) at the top of a step after a failed Volgende, and at the top
 * of the review for the fields the server refused: a heading, an optional text, and one link per
 * problem that takes the applicant to it. It takes focus when it appears and on every new
 * `focusKey`, so keyboard and screen reader users start at the list of what to correct; without
 * items it shows nothing (and stays, so a list that comes back does not take focus again).
 */
import { useEffect, useRef } from 'react';
import type { Lang, Translate } from '../core/i18n';
import { Alert } from '../../widgets';

export interface ErrorSummaryItem {
  key: string;
  href: string;
  text: string;
  onActivate: () => void;
}

export interface ErrorSummaryProps {
  items: ErrorSummaryItem[];
  /** Heading instead of 'Er is iets niet goed ingevuld' (e.g. the flow's heading for a refused file). */
  title?: string;
  text?: string;
  t: Translate;
  lang: Lang;
  /** Changes when the summary should take focus again (e.g. every failed Volgende). */
  focusKey?: unknown;
}

export function ErrorSummary({ items, title, text, t, lang, focusKey }: ErrorSummaryProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, [focusKey]);
  if (items.length === 0) return null;
  return (
    <div className="renderer-error-summary" ref={box} tabIndex={-1}>
      <Alert type="error" role="alert" title={title ?? t('wizard.errorSummaryTitle')} t={t} lang={lang}>
        {text ? <p className="utrecht-paragraph">{text}</p> : null}
        <ul className="utrecht-unordered-list renderer-refusals">
          {items.map((item) => (
            <li key={item.key} className="utrecht-unordered-list__item">
              <a
                className="utrecht-link"
                href={item.href}
                onClick={(event) => {
                  event.preventDefault();
                  item.onActivate();
                }}
              >
                {item.text}
              </a>
            </li>
          ))}
        </ul>
      </Alert>
    </div>
  );
}
