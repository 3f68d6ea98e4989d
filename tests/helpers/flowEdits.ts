/**
 * Broken or changed copies of flow files for the compile pipeline's tests: a flow input with its
 * document edited, and the problems of a compile that must refuse.
 */
import type { CompileResult, FlowInput } from '../../src/server/flows/pipeline/compileFlow';
import type { Problem } from '../../src/server/flows/pipeline/problems';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- free edits of a parsed document

/** The input with its document changed (written back with two-space indentation). */
export function edited(input: FlowInput, change: (document: Json) => void): FlowInput {
  const document = JSON.parse(input.text) as Json;
  change(document);
  return { ...input, text: `${JSON.stringify(document, null, 2)}\n` };
}

/** The problems of a compile that refused; fails when it did not. */
export function problemsOf(result: CompileResult): Problem[] {
  if (result.ok) throw new Error('verwacht: geweigerd');
  return result.problems;
}
