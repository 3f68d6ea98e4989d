/**
 * A flow document's text (as the back office's editor writes it) through the real pipeline, and a
 * step of the compiled version validated with its own validators: what an applicant would be told.
 */
import { createPipeline, type CompiledFlow } from '../../src/server/flows/pipeline/compileFlow';
import { loadPipelineSources } from '../../src/server/flows/sources';
import { fixtureOutcome } from '../../src/server/flows/fixtures';
import { formatProblem } from '../../src/server/flows/pipeline/problems';
import type { FlowModel } from '../../renderer/core/types';
import { t } from '../unit/support';

let compiler: ReturnType<typeof createPipeline> | undefined;

/** Compiles `text` as the flow file `file`; fails with every problem when the pipeline refuses it. */
export function compileText(text: string, file = 'flows/proef.flow.json'): CompiledFlow {
  compiler ??= createPipeline(loadPipelineSources(process.cwd()));
  const result = compiler({ file, text });
  if (!result.ok) throw new Error(`geweigerd:\n${result.problems.map(formatProblem).join('\n')}`);
  const errors = result.warnings.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) throw new Error(`fouten:\n${errors.map(formatProblem).join('\n')}`);
  return result.flow;
}

/** The problems of `text` (an empty list when the pipeline accepts it). */
export function problemsOfText(text: string, file = 'flows/proef.flow.json'): string[] {
  compiler ??= createPipeline(loadPipelineSources(process.cwd()));
  const result = compiler({ file, text });
  return result.ok ? [] : result.problems.map((problem) => `${problem.pointer ?? ''}: ${problem.message}`);
}

/** The messages of one step (model path -> message) for `data`, with the compiled flow's own validators. */
export function stepMessages(flow: CompiledFlow, step: string, data: FlowModel): Record<string, string> {
  const document = flow.content.documents.nl;
  return fixtureOutcome(document, { step, data }, flow.runtime.validators, t, flow.content.lists.nl);
}
