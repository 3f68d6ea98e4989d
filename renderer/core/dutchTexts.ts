/**
 * Which texts of an English page are Dutch. The pipeline lists in the English document the texts it
 * serves in Dutch (`dutchTexts`: no English, or English written for an older Dutch text); the page
 * marks each of them `lang="nl"`, so a screen reader reads it as Dutch rather than as English with a
 * Dutch accent. A text is looked up as the flow writes it, before its `{placeholders}` are filled.
 */
import type { FlowDocument } from './types';

/** `'nl'` for a text the page shows in Dutch, else undefined (spread it into a `lang` attribute). */
export type TextLang = (text: string | undefined) => 'nl' | undefined;

/** No text is Dutch: a Dutch page, or an English one with every text translated. */
export const NO_DUTCH_TEXTS: TextLang = () => undefined;

const known = new WeakMap<readonly string[], TextLang>();

/** The `lang` of each text of `flow` (built once per document). */
export function textLangOf(flow: Pick<FlowDocument, 'dutchTexts'> | undefined): TextLang {
  const dutch = flow?.dutchTexts;
  if (!dutch || dutch.length === 0) return NO_DUTCH_TEXTS;
  let textLang = known.get(dutch);
  if (!textLang) {
    const set = new Set(dutch);
    textLang = (text) => (text !== undefined && set.has(text) ? 'nl' : undefined);
    known.set(dutch, textLang);
  }
  return textLang;
}
