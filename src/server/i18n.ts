/** The server's translate functions, over the same message resources as the browser. */
import { createTranslate, isLang, type Lang, type Translate } from '../../renderer/core/i18n';
import en from '../../renderer/core/i18n/messages.en.json' with { type: 'json' };
import nl from '../../renderer/core/i18n/messages.nl.json' with { type: 'json' };

export function loadTranslations(): Record<Lang, Translate> {
  return { nl: createTranslate(nl), en: createTranslate(en) };
}

/** The language of a request: `?lang=` first, then Accept-Language; Dutch by default. */
export function requestLang(query: unknown, acceptLanguage: string | undefined): Lang {
  const asked = (query as { lang?: unknown } | undefined)?.lang;
  if (isLang(asked)) return asked;
  return acceptLanguage?.trim().toLowerCase().startsWith('en') ? 'en' : 'nl';
}
