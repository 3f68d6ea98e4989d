/** Where a computed text (`variables`) is shown: the texts that hold its `{name}`, for the words of a use. */
import { mapTextsAt } from '../../../renderer/core/textPaths';
import { quote, type Json } from './document';

/** " (gebruikt in ‘Inschrijfnummer {registerAfkorting}-register’ en 2 andere teksten)", or '' when no text shows it. */
export function placeholderUses(document: Json, name: string): string {
  const texts: string[] = [];
  mapTextsAt(document, (_path, text) => {
    if (text.includes(`{${name}}`)) texts.push(text);
    return text;
  });
  if (texts.length === 0) return '';
  const more = texts.length - 1;
  return ` (gebruikt in ${quote(texts[0])}${more > 0 ? ` en ${more} ${more === 1 ? 'andere tekst' : 'andere teksten'}` : ''})`;
}
