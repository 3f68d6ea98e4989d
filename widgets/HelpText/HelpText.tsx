// Collapsible explanation next to a question: a toggle button shows the help text in place, with a
// close button inside that returns focus to the toggle (so keyboard users do not lose their place).
import { useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@utrecht/button-react';
import type { Lang, Translate } from '../../renderer/core/i18n';
import { widgetI18n } from '../shared/useT';
import './HelpText.css';

/** Props of {@link HelpText}. */
export interface HelpTextProps {
  /** The help content. */
  children: ReactNode;
  /** Text of the toggle button (default 'Toelichting'). */
  label?: string;
  /** `'nl'` for a Dutch label on an English page. */
  labelLang?: 'nl';
  initiallyOpen?: boolean;
  /** Id of the content element (default: generated). */
  id?: string;
  t?: Translate;
  lang?: Lang;
}

/** Toggle button plus help content; the content is `hidden` while closed. */
export function HelpText({ children, label, labelLang, initiallyOpen = false, id, t, lang }: HelpTextProps) {
  const { t: translate } = widgetI18n(t, lang);
  const generated = useId();
  const contentId = id ?? `help-${generated.replace(/[^\w-]/g, '')}`;
  const [open, setOpen] = useState(initiallyOpen);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <div className={`widget-help-text${open ? ' widget-help-text--open' : ''}`}>
      <Button
        ref={toggleRef}
        appearance="subtle-button"
        className="widget-help-text__toggle"
        aria-expanded={open}
        aria-controls={contentId}
        onClick={() => setOpen(!open)}
      >
        {label !== undefined && labelLang ? <span lang={labelLang}>{label}</span> : (label ?? translate('widget.help.toggle'))}
      </Button>
      <div id={contentId} className="widget-help-text__content" hidden={!open}>
        {children}
        <Button appearance="secondary-action-button" className="widget-help-text__close" onClick={close}>
          {translate('widget.help.close')}
        </Button>
      </div>
    </div>
  );
}
