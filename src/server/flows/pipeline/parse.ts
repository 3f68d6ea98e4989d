/**
 * Reads a definition's JSON text strictly (no comments, no trailing commas) and remembers where
 * every value stands, so later stages can report a JSON pointer as file, line and column. A broken
 * file gets every syntax error with its line and column, never a stack trace.
 */
import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Problem } from './problems';
import { jsonSyntaxText } from '../../../shared/jsonSyntax';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../../shared/jsonDepth';

/** A parsed JSON file that can say where a JSON pointer stands in its text. */
export class JsonSource {
  private readonly lineStarts: number[] = [0];

  constructor(
    readonly file: string,
    readonly text: string,
    readonly value: unknown,
    private readonly tree: Node | undefined,
  ) {
    for (let index = 0; index < text.length; index += 1) if (text[index] === '\n') this.lineStarts.push(index + 1);
  }

  /** 1-based line and column of a character offset. */
  position(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (this.lineStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low] + 1 };
  }

  /**
   * Line and column of the value at `pointer` (of its property name when it is a property); of the
   * nearest enclosing value that exists when the pointer names something the file does not hold
   * (a field that comes from a shared definition, or a missing property).
   */
  locate(pointer: string): { line: number; column: number } | undefined {
    if (!this.tree) return undefined;
    const segments =
      pointer === ''
        ? []
        : pointer
            .split('/')
            .slice(1)
            .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
    for (let length = segments.length; length >= 0; length -= 1) {
      const path = segments.slice(0, length).map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
      const node = findNodeAtLocation(this.tree, path);
      if (node) return this.position(node.parent?.type === 'property' ? node.parent.offset : node.offset);
    }
    return undefined;
  }

  /** A problem at `pointer` with its line and column. */
  problemAt(pointer: string, message: string, severity: Problem['severity'] = 'error'): Problem {
    return { severity, file: this.file, pointer, ...this.locate(pointer), message };
  }
}

/** Parses `text`; answers the source, or every syntax error with line and column. */
export function parseJson(file: string, text: string): { source: JsonSource } | { problems: Problem[] } {
  // Before the parser and every later stage, which walk the document recursively.
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    return {
      problems: [{ severity: 'error', file, message: `De tekst is dieper genest dan ${MAX_JSON_DEPTH} niveaus; een flow heeft er nooit zoveel nodig.` }],
    };
  }
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length > 0 || !tree) {
    const locator = new JsonSource(file, text, undefined, undefined);
    const found = errors.length > 0 ? errors : [{ error: 0, offset: 0, length: 0 }];
    return {
      problems: found.slice(0, 10).map((error) => ({
        severity: 'error' as const,
        file,
        ...locator.position(error.offset),
        message: `De tekst is geen geldige JSON: ${errors.length > 0 ? jsonSyntaxText(printParseErrorCode(error.error)) : 'hij is leeg'} (regel ${locator.position(error.offset).line}, kolom ${locator.position(error.offset).column}).`,
      })),
    };
  }
  return { source: new JsonSource(file, text, JSON.parse(text) as unknown, tree) };
}
