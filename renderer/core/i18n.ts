/**
 * Translation runtime shared by browser and server: resource maps per language are merged,
 * duplicate keys are reported, and a missing key falls back to the given text or to
 * '[key is undefined]' (doc 2 §8).
 */
export type Lang = 'nl' | 'en';
export const LANGS: readonly Lang[] = ['nl', 'en'];
export const DEFAULT_LANG: Lang = 'nl';

export type TextParams = Record<string, string | number | undefined>;
/** Looks up `key` and fills `{name}` placeholders from `params`. */
export type Translate = (key: string, params?: TextParams, fallback?: string) => string;

export type Resources = Record<string, string>;

/** Merges resource maps in order; a key defined twice is reported through `warn` and the later one wins. */
export function mergeResources(maps: Resources[], warn: (message: string) => void = console.warn): Resources {
  const merged: Resources = {};
  for (const map of maps) {
    for (const [key, text] of Object.entries(map)) {
      if (Object.hasOwn(merged, key)) warn(`Dubbele vertaalsleutel: ${key}`);
      merged[key] = text;
    }
  }
  return merged;
}

/** Replaces `{name}` placeholders; unknown placeholders stay as they are. */
export function interpolate(text: string, params?: TextParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/** Builds a `Translate` function over one merged resource map. */
export function createTranslate(resources: Resources): Translate {
  return (key, params, fallback) => {
    const text = Object.hasOwn(resources, key) ? resources[key] : fallback;
    return text === undefined ? `[${key} is undefined]` : interpolate(text, params);
  };
}

export function isLang(value: unknown): value is Lang {
  return value === 'nl' || value === 'en';
}
