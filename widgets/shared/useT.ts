// Gives widgets and components a translate function. Widgets get it from rjsf's formContext
// ({ t, lang }, set by the renderer); without one (unit tests, stand-alone use) a Dutch-only
// translate over the widget resources is used. Only the Dutch texts are the widgets' own fallback:
// the English ones reach the page with the app's translate when English is chosen, so a Dutch page
// never carries them.
import { NO_DUTCH_TEXTS, type TextLang } from '../../renderer/core/dutchTexts';
import { createTranslate, isLang, type Lang, type TextParams, type Translate } from '../../renderer/core/i18n';
import dutch from '../i18n/nl.json';

/** What a widget needs for its texts. */
export interface WidgetI18n {
  /** Translates a `widget.*` key; the widget's own resources are the fallback text. */
  t: Translate;
  /** Translates a text that may be a translation key (labels from the flow); unknown keys return the text itself. */
  tx: (text: string | undefined) => string;
  lang: Lang;
}

/** The `{ t, lang }` object the renderer passes as rjsf `formContext`. */
export interface WidgetFormContext {
  t: Translate;
  lang: Lang;
  /** Which texts of the flow an English page shows in Dutch (`lang="nl"`). */
  textLang?: TextLang;
}

const dutchTranslate = createTranslate(dutch);

function isFormContext(value: unknown): value is WidgetFormContext {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<WidgetFormContext>;
  return typeof candidate.t === 'function' && isLang(candidate.lang);
}

/** Builds a `WidgetI18n` from an optional translate function and language (default: Dutch only). */
function buildWidgetI18n(t: Translate | undefined, lang: Lang): WidgetI18n {
  const base = t ?? dutchTranslate;
  const translate: Translate = (key: string, params?: TextParams, fallback?: string) => base(key, params, fallback ?? (dutch as Record<string, string>)[key]);
  const tx = (text: string | undefined): string => (text ? base(text, undefined, text) : '');
  return { t: translate, tx, lang: t ? lang : 'nl' };
}

const dutchOnly = buildWidgetI18n(undefined, 'nl');
const built = new WeakMap<Translate, Partial<Record<Lang, WidgetI18n>>>();

/**
 * The `WidgetI18n` of a translate function and language (default: Dutch only), built once for them:
 * every field of a step asks for it on every render.
 */
export function widgetI18n(t?: Translate, lang: Lang = 'nl'): WidgetI18n {
  if (!t) return dutchOnly;
  let byLang = built.get(t);
  if (!byLang) built.set(t, (byLang = {}));
  return (byLang[lang] ??= buildWidgetI18n(t, lang));
}

/**
 * Reads the translate function from rjsf's `registry.formContext`. Not a React hook in the
 * strict sense (it uses no state), so it is safe to call anywhere in a widget.
 */
export function useT(registry?: { formContext?: unknown }): WidgetI18n {
  const context = registry?.formContext;
  return isFormContext(context) ? widgetI18n(context.t, context.lang) : widgetI18n();
}

/**
 * The `lang` of a text of the flow (a label, an option) as rjsf's `registry.formContext` says it:
 * `'nl'` for a Dutch text on an English page, else undefined.
 */
export function useTextLang(registry?: { formContext?: unknown }): TextLang {
  const context = registry?.formContext;
  return isFormContext(context) && typeof context.textLang === 'function' ? context.textLang : NO_DUTCH_TEXTS;
}
