/**
 * The country list of the address blocks (doc 2 §7 `referencedata/landen`): ISO 3166 alpha-2 code
 * and short name, Dutch (default) or English, sorted by the language's collation with the
 * Netherlands first. Built once per language.
 */
import countries from 'i18n-iso-countries';

export type LandenLang = 'nl' | 'en';

export interface Land {
  code: string;
  omschrijving: string;
}

/**
 * Where the English short names ('alias') are poor — an abbreviation ('UK', 'UAE'), 'The
 * Netherlands', 'Korea, Republic of', or 'Congo' for two countries — the official name is better.
 */
const ENGLISH_OFFICIAL = new Set(['NL', 'GB', 'AE', 'KR', 'CD', 'CG', 'AX']);

const lists = new Map<LandenLang, readonly Land[]>();

export function landen(lang: LandenLang = 'nl'): readonly Land[] {
  let list = lists.get(lang);
  if (!list) {
    list = build(lang);
    lists.set(lang, list);
  }
  return list;
}

function build(lang: LandenLang): readonly Land[] {
  const short = countries.getNames(lang, { select: 'alias' });
  const official = countries.getNames(lang, { select: 'official' });
  const collator = new Intl.Collator(lang);
  const all = Object.keys(official).map((code) => ({
    code,
    omschrijving: lang === 'en' && ENGLISH_OFFICIAL.has(code) ? official[code] : (short[code] ?? official[code]),
  }));
  const nederland = all.find((land) => land.code === 'NL');
  const rest = all.filter((land) => land.code !== 'NL').sort((a, b) => collator.compare(a.omschrijving, b.omschrijving));
  return Object.freeze((nederland ? [nederland, ...rest] : rest).map((land) => Object.freeze(land)));
}
