/** The server's translate functions, over the same message resources as the browser. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTranslate, isLang, type Lang, type Translate } from '../../renderer/core/i18n';

export function loadTranslations(rootDir: string): Record<Lang, Translate> {
  const load = (lang: Lang) =>
    createTranslate(JSON.parse(readFileSync(path.join(rootDir, 'renderer/core/i18n', `messages.${lang}.json`), 'utf8')));
  return { nl: load('nl'), en: load('en') };
}

/** The language of a request: `?lang=` first, then Accept-Language; Dutch by default. */
export function requestLang(query: unknown, acceptLanguage: string | undefined): Lang {
  const asked = (query as { lang?: unknown } | undefined)?.lang;
  if (isLang(asked)) return asked;
  return acceptLanguage?.trim().toLowerCase().startsWith('en') ? 'en' : 'nl';
}
