/**
 * How the portal's translation files become one map of texts per language: resource files from
 * renderer/core/i18n, widgets/i18n and src/i18n, grouped by language from the file name
 * ('messages.nl.json', 'nl.json', ...), flattened to dotted keys and merged in order; duplicate keys
 * are reported by `mergeResources` (doc 2 §4 'Translations'). The build does this once
 * (scripts/portalTexts.ts), so the browser gets each language's map as it is.
 */
import { isLang, mergeResources, type Lang, type Resources } from '../../renderer/core/i18n';

export type ResourceModules = Record<string, unknown>;

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
