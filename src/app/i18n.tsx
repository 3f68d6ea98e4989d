/**
 * Language state and translations of the portal. The texts of each language are merged from the
 * translation files at build time (src/app/i18nResources.ts, scripts/portalTexts.ts). Dutch is
 * bundled; the English texts are fetched when English is first chosen, so the Dutch pages do not
 * carry them.
 *
 * The chosen language lives in a cookie (`LANG_COOKIE`): the server makes the page in it (the page's
 * `lang`, the inlined data) and says so in the boot data, so the first render reads no storage. A
 * choice from before the cookie, kept in `localStorage`, is taken over once the page is on screen.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import dutchTexts from 'virtual:portal-texts/nl';
import { bootData } from '../api/boot';
import { trackWork } from '../../renderer/browser/pendingWork';
import { createTranslate, DEFAULT_LANG, isLang, LANG_COOKIE, LANGS, type Lang, type Resources, type Translate } from '../../renderer/core/i18n';

/** Where the language switch kept the choice before it was a cookie: read once, then removed. */
export const LANG_STORAGE_KEY = 'portal.lang';
const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The Dutch texts, merged at build time (scripts/portalTexts.ts); English is empty until loaded. */
export function bundledResources(): Record<Lang, Resources> {
  return { nl: dutchTexts, en: {} };
}

let checkTexts: Promise<unknown> | undefined;
/**
 * Adds the Dutch texts of the check's messages to the bundled ones: the applicant's build loads them
 * with the check's code (scripts/portalTexts.ts), elsewhere the module is empty.
 */
export function loadCheckTexts(): Promise<unknown> {
  checkTexts ??= import('virtual:portal-texts/nl-checks').then((module) => Object.assign(dutchTexts, module.default));
  checkTexts.catch(() => {
    checkTexts = undefined;
  });
  return checkTexts;
}

let english: Promise<Resources> | undefined;
/** Fetches the English texts (once), a chunk of their own. */
export function loadEnglishResources(): Promise<Resources> {
  english ??= import('virtual:portal-texts/en').then((module) => module.default);
  english.catch(() => {
    english = undefined;
  });
  return english;
}

/** A translate function for `lang`; keys missing in English fall back to the Dutch text. */
export function translatorFor(lang: Lang, resources: Record<Lang, Resources>): Translate {
  const primary = createTranslate(resources[lang]);
  if (lang === DEFAULT_LANG) return primary;
  const fallback = createTranslate(resources[DEFAULT_LANG]);
  return (key, params, text) => (key in resources[lang] ? primary(key, params, text) : fallback(key, params, text));
}

/** A choice kept by an older version of the page, removed once read. */
function takeStoredLang(): Lang | undefined {
  try {
    const stored = localStorage.getItem(LANG_STORAGE_KEY);
    if (stored !== null) localStorage.removeItem(LANG_STORAGE_KEY);
    return isLang(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

function rememberLang(lang: Lang): void {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${LANG_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

export interface I18nValue {
  lang: Lang;
  setLang: (lang: Lang) => void;
  t: Translate;
  /** The translate function of another language (a Dutch-only form on an English page). */
  tFor: (lang: Lang) => Translate;
}

const I18nContext = createContext<I18nValue | undefined>(undefined);

export interface I18nProviderProps {
  children: ReactNode;
  /** Overrides the stored language (tests). */
  initialLang?: Lang;
  /** Overrides the bundled resources (tests). */
  resources?: Record<Lang, Resources>;
}

export function I18nProvider({ children, initialLang, resources }: I18nProviderProps) {
  const [lang, setLangState] = useState<Lang>(() => initialLang ?? bootData()?.lang ?? DEFAULT_LANG);
  const [maps, setMaps] = useState<Record<Lang, Resources>>(() => resources ?? bundledResources());
  const t = useMemo(() => translatorFor(lang, maps), [lang, maps]);
  const needsEnglish = lang === 'en' && Object.keys(maps.en).length === 0;

  useEffect(() => {
    if (!needsEnglish) return;
    // The page is not settled until its English texts are there (renderer/browser/pendingWork).
    trackWork(loadEnglishResources()).then(
      (en) => setMaps((current) => ({ ...current, en })),
      (error: unknown) => console.error('Laden van de Engelse teksten mislukt', error),
    );
  }, [needsEnglish]);

  const setLang = useCallback((next: Lang) => {
    if (!LANGS.includes(next)) return;
    setLangState(next);
    rememberLang(next);
  }, []);

  // A choice made before the language lived in a cookie: taken over after the first render, so that
  // render reads no storage. Not when the page was made in a chosen language or the caller set one.
  useEffect(() => {
    if (initialLang || bootData()?.langChosen) return;
    const stored = takeStoredLang();
    if (stored) setLang(stored);
  }, [initialLang, setLang]);

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  const tFor = useCallback((other: Lang) => (other === lang ? t : translatorFor(other, maps)), [lang, t, maps]);
  const value = useMemo(() => ({ lang, setLang, t, tFor }), [lang, setLang, t, tFor]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n() wordt gebruikt buiten <I18nProvider>');
  return value;
}

export function useT(): Translate {
  return useI18n().t;
}
