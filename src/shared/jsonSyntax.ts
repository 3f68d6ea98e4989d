/**
 * What is wrong with a JSON text, in words for someone who does not write JSON every day: the flow
 * pipeline (a file or a draft's source) and the back office's editors (while typing) say the same.
 * Keyed by jsonc-parser's error codes (`printParseErrorCode`).
 */
const SYNTAX_TEXT: Record<string, string> = {
  InvalidSymbol: 'er staat een teken dat hier niet kan',
  InvalidNumberFormat: 'een getal is niet goed geschreven',
  PropertyNameExpected: 'er wordt de naam van een instelling verwacht, tussen dubbele aanhalingstekens',
  ValueExpected: 'er ontbreekt een waarde',
  ColonExpected: 'er ontbreekt een dubbele punt (:) na de naam',
  CommaExpected: 'er ontbreekt een komma (,)',
  CloseBraceExpected: 'er ontbreekt een sluitaccolade (})',
  CloseBracketExpected: 'er ontbreekt een sluithaak (])',
  EndOfFileExpected: 'na het einde staat nog tekst',
  InvalidCommentToken: 'commentaar is niet toegestaan',
  UnexpectedEndOfComment: 'commentaar is niet toegestaan',
  UnexpectedEndOfString: 'een tekst is niet afgesloten met een dubbel aanhalingsteken',
  UnexpectedEndOfNumber: 'een getal is niet afgemaakt',
  InvalidUnicode: 'een unicode-code is ongeldig',
  InvalidEscapeCharacter: 'na een backslash (\\) staat een teken dat daar niet kan',
  InvalidCharacter: 'een tekst bevat een teken dat niet kan (bijvoorbeeld een regeleinde)',
};

/** A syntax error in words: 'er ontbreekt een komma (,)'. */
export function jsonSyntaxText(code: string): string {
  return Object.hasOwn(SYNTAX_TEXT, code) ? SYNTAX_TEXT[code] : 'de tekst is op deze plek niet te lezen';
}

/** Line and column (1-based) of a character offset in `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}
