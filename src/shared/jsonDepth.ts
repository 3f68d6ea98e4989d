/**
 * How deeply JSON text nests, found by one pass over its characters without parsing it. Checked
 * before any parser or walk sees the text: a few kilobytes of `[[[[…` would otherwise drive the
 * recursive parts of the code (parsers, checks, comparisons) through thousands of levels, block the
 * event loop for seconds and end in a stack overflow. No real request or flow document nests
 * deeper than a dozen levels.
 */

/** The deepest nesting accepted in a request body or a flow document. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `text`, read as JSON, opens more than `limit` arrays and objects inside each other.
 * Brackets inside strings do not count; text that is not JSON is left to the parser.
 */
export function nestsDeeperThan(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}
