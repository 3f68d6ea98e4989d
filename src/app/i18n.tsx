/**
 * Language state and translations of the portal. Resource files come from renderer/core/i18n,
 * widgets/i18n and src/i18n, grouped by language from the file name ('messages.nl.json', 'nl.json',
 * ...) and merged per language; duplicate keys are reported by `mergeResources` (doc 2 §4
 * 'Translations'). Dutch is bundled; the English files are fetched when English is first chosen,
 * so the Dutch pages do not carry them.
 *
 * The chosen language lives in a cookie (`LANG_COOKIE`): the server makes the page in it (the page's
 * `lang`, the inlined data) and says so in the boot data, so the first render reads no storage. A
 * choice from before the cookie, kept in `localStorage`, is taken over once the page is on screen.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { bootData } from '../api/boot';
import {
  createTranslate,
  DEFAULT_LANG,
  isLang,
  LANG_COOKIE,
  LANGS,
  mergeResources,
  type Lang,
  type Resources,
  type Translate,
} from '../../renderer/core/i18n';

/** Where the language switch kept the choice before it was a cookie: read once, then removed. */
export const LANG_STORAGE_KEY = 'portal.lang';
const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

type ResourceModules = Record<string, unknown>;

const DUTCH_MODULES: ResourceModules[] = [
  import.meta.glob('/renderer/core/i18n/*.nl.json', { eager: true, import: 'default' }),
  import.meta.glob('/widgets/i18n/nl.json', { eager: true, import: 'default' }),
  import.meta.glob('/src/i18n/*.nl.json', { eager: true, import: 'default' }),
];

const ENGLISH_LOADERS: Record<string, () => Promise<unknown>>[] = [
  import.meta.glob('/renderer/core/i18n/*.en.json', { import: 'default' }),
  import.meta.glob('/widgets/i18n/en.json', { import: 'default' }),
  import.meta.glob('/src/i18n/*.en.json', { import: 'default' }),
];

/** 'nl' / 'en' from a resource file path, or undefined when the name has no language suffix. */
export function langFromFileName(path: string): Lang | undefined {
  const name = path.split('/').pop() ?? '';
  const match = /(?:^|\.)(nl|en)\.json$/i.exec(name);
  const lang = match?.[1]?.toLowerCase();
  return isLang(lang) ? lang : undefined;
}

/** Flattens a (possibly nested) JSON object into dotted keys with string values. */
function flatten(value: unknown, prefix = '', out: Resources = {}): Resources {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const [key, item] of Object.entries(value)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof item === 'string') out[full] = item;
    else flatten(item, full, out);
  }
  return out;
}

/** Groups resource modules (path -> JSON) by language and merges them, in the given order. */
export function buildResources(groups: readonly ResourceModules[]): Record<Lang, Resources> {
  const perLang: Record<Lang, Resources[]> = { nl: [], en: [] };
  for (const modules of groups) {
    for (const path of Object.keys(modules).sort()) {
      const lang = langFromFileName(path);
      if (lang) perLang[lang].push(flatten(modules[path]));
    }
  }
  return { nl: mergeResources(perLang.nl), en: mergeResources(perLang.en) };
}

let bundled: Record<Lang, Resources> | undefined;
/** The Dutch resources bundled with the application (computed once); English is empty until loaded. */
export function bundledResources(): Record<Lang, Resources> {
  bundled ??= buildResources(DUTCH_MODULES);
  return bundled;
}

let english: Promise<Resources> | undefined;
/** Fetches and merges the English resource files (once). */
export function loadEnglishResources(): Promise<Resources> {
  english ??= Promise.all(
    ENGLISH_LOADERS.map(async (loaders) =>
      Object.fromEntries(await Promise.all(Object.entries(loaders).map(async ([path, load]) => [path, await load()]))),
    ),
  ).then((groups) => buildResources(groups).en);
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
    loadEnglishResources().then(
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
