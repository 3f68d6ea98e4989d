/**
 * Translation runtime shared by browser and server: resource maps per language are merged,
 * duplicate keys are reported, and a missing key falls back to the given text or to
 * '[key is undefined]' (doc 2 §8).
 */
export type Lang = 'nl' | 'en';
export const LANGS: readonly Lang[] = ['nl', 'en'];
export const DEFAULT_LANG: Lang = 'nl';
/**
 * The cookie the language switch sets, so the server makes the page in that language (its `lang`
 * and everything inlined in it) and the page needs no storage read to know it.
 */
export const LANG_COOKIE = 'portal_taal';

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

/** A character of `\w` (ASCII letter, digit or underscore), by its code. */
const isWordCharacter = (code: number) => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;

/**
 * Replaces `{name}` placeholders (`/\{(\w+)\}/g`); unknown placeholders stay as they are. Scanned
 * by hand: a replace with a callback costs about half a microsecond per message, and every
 * validation message passes here.
 */
export function interpolate(text: string, params?: TextParams): string {
  if (!params) return text;
  let open = text.indexOf('{');
  if (open === -1) return text;
  let result = '';
  let copied = 0;
  while (open !== -1) {
    let end = open + 1;
    while (end < text.length && isWordCharacter(text.charCodeAt(end))) end += 1;
    if (end === open + 1 || text[end] !== '}') {
      open = text.indexOf('{', open + 1);
      continue;
    }
    const value = params[text.slice(open + 1, end)];
    if (value !== undefined) {
      result += text.slice(copied, open) + String(value);
      copied = end + 1;
    }
    open = text.indexOf('{', end + 1);
  }
  return copied === 0 ? text : result + text.slice(copied);
}

/**
 * `params` with `more` added, for a message's own parameters next to the flow's variables. Built with
 * Object.assign, not as `{ ...params, label }`: Node 20's V8 gives an object that is spread and then
 * given a key the source lacks a hidden class of its own every time, about a microsecond per message.
 */
export function withParams(params: TextParams | undefined, more: TextParams): TextParams {
  return Object.assign({}, params, more);
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
