/**
 * NL / EN switch (doc 2 §2, default text 'Taal van website instellen'). Toggle buttons with
 * aria-pressed: switching only changes the language state, it never navigates or reloads, so the
 * current page and any entered data stay as they are. On a Dutch-only form it says that the form is
 * only available in Dutch.
 */
import { useId } from 'react';
import { Button } from '@utrecht/button-react';
import type { Lang } from '../../../renderer/core/i18n';
import { useI18n } from '../i18n';
import { usePageLanguages } from '../pageLanguages';
import '../visuallyHidden.css';

const OPTIONS: readonly { lang: Lang; code: string; name: string }[] = [
  { lang: 'nl', code: 'NL', name: 'Nederlands' },
  { lang: 'en', code: 'EN', name: 'English' },
];

export interface LanguageSwitchProps {
  /** Accessible name of the group; defaults to the translation of 'Taal van website instellen'. */
  label?: string;
}

export function LanguageSwitch({ label }: LanguageSwitchProps) {
  const { lang, setLang, t } = useI18n();
  const labelId = useId();
  const noteId = useId();
  // A Dutch-only form on the page: the switch still changes the portal's texts, and says so.
  const dutchOnly = usePageLanguages()?.includes('en') === false;
  return (
    <div className="portal-language-switch" role="group" aria-labelledby={labelId} aria-describedby={dutchOnly ? noteId : undefined}>
      <span id={labelId} className="visually-hidden">
        {label ?? t('shell.language.label')}
      </span>
      {OPTIONS.map((option) => (
        <Button
          key={option.lang}
          appearance="subtle-button"
          className="portal-language-switch__button"
          pressed={lang === option.lang}
          onClick={() => setLang(option.lang)}
        >
          {option.code}
          <span className="visually-hidden" lang={option.lang}>
            {` (${option.name})`}
          </span>
        </Button>
      ))}
      {dutchOnly ? (
        <p className="portal-language-switch__note" id={noteId}>
          {t('shell.language.dutchOnly')}
        </p>
      ) : null}
    </div>
  );
}
