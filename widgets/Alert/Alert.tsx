// Message box in the NL Design System alert style (info, warning, error, success, and
// call-to-action: something the reader is asked to do), for page and widget messages. The type is also given as hidden text, so it is not conveyed by colour and icon only.
import type { ReactNode } from 'react';
import type { Lang, Translate } from '../../renderer/core/i18n';
import { widgetI18n } from '../shared/useT';
import '../shared/shared.css';
import './Alert.css';

/** Kind of message; 'success' uses utrecht's 'ok' styling, 'call-to-action' the info styling with its own accent. */
export type AlertType = 'info' | 'warning' | 'error' | 'success' | 'call-to-action';

/** Props of {@link Alert}. */
export interface AlertProps {
  type: AlertType;
  /** Optional heading above the content. */
  title?: string;
  /** `'nl'` for a Dutch title on an English page (the flow's text without English). */
  titleLang?: 'nl';
  /** Heading level of the title (default 2). */
  headingLevel?: 2 | 3 | 4;
  /** 'alert' (assertive) or 'status' (polite) for messages that appear while the page is in use; none for static ones. */
  role?: 'alert' | 'status';
  id?: string;
  children?: ReactNode;
  /** Translate function for the hidden type prefix (default: Dutch). */
  t?: Translate;
  lang?: Lang;
}

const CSS_TYPE: Record<AlertType, string> = { info: 'info', warning: 'warning', error: 'error', success: 'ok', 'call-to-action': 'info' };

/** Renders an alert box with optional title; children are the message. */
export function Alert({ type, title, titleLang, headingLevel = 2, role, id, children, t, lang }: AlertProps) {
  const i18n = widgetI18n(t, lang);
  const Heading = `h${headingLevel}` as const;
  const prefix = <span className="widget-visually-hidden">{i18n.t(`widget.alert.prefix.${type}`)} </span>;
  return (
    <div id={id} role={role} className={`utrecht-alert utrecht-alert--${CSS_TYPE[type]} widget-alert widget-alert--${type}`}>
      <div className="utrecht-alert__icon widget-alert__icon" aria-hidden="true" />
      <div className="utrecht-alert__content">
        <div className="utrecht-alert__message">
          {title ? (
            <Heading className={`utrecht-heading-${headingLevel} widget-alert__title`}>
              {prefix}
              {titleLang ? <span lang={titleLang}>{title}</span> : title}
            </Heading>
          ) : (
            prefix
          )}
          {children}
        </div>
      </div>
    </div>
  );
}
