/**
 * Texts of a part of the portal that is loaded only when needed (the dialogs, the logged-out page):
 * their nl and en resource files travel in that part's own chunk, so the first page does not carry
 * them. Keys missing in English fall back to Dutch; keys the part does not have go to the portal's
 * own translate function (e.g. the shared validation messages).
 */
import { useMemo } from 'react';
import { createTranslate, type Lang, type Resources, type Translate } from '../../renderer/core/i18n';
import { useI18n } from './i18n';

export type LazyResources = Record<Lang, Resources>;

export function lazyTranslate(resources: LazyResources, lang: Lang, fallback: Translate): Translate {
  const own: Resources = { ...resources.nl, ...resources[lang] };
  const translate = createTranslate(own);
  return (key, params, text) => (Object.hasOwn(own, key) ? translate(key, params) : fallback(key, params, text));
}

/** The translate function for a lazily loaded part, in the current language. */
export function useLazyTexts(resources: LazyResources): Translate {
  const { lang, t } = useI18n();
  return useMemo(() => lazyTranslate(resources, lang, t), [resources, lang, t]);
}
