/**
 * Offers the flow files shipped with a release to the database when the server starts: each file
 * goes through the pipeline; one that passes becomes the flow's next version when it changed since
 * the last version that came from a file (an administrator's later version stays otherwise); one
 * that is refused is logged with every problem and leaves that flow on its last good version — the
 * other flows are not affected.
 */
import type { Storage } from '../storage';
import type { CompileResult, FlowInput } from './pipeline/compileFlow';
import { formatProblem } from './pipeline/problems';
import type { RegistryLog } from './registry';
import { fromCompiled, type ActiveFlowVersion } from './version';

export interface SeedLog extends RegistryLog {
  warn(details: object, message: string): void;
}

/** Compiles and offers every file; answers the versions it compiled (to reuse their runtime). */
export async function seedFromFiles(
  storage: Storage,
  inputs: FlowInput[],
  compile: (input: FlowInput) => CompileResult,
  log: SeedLog,
): Promise<ActiveFlowVersion[]> {
  const compiled: ActiveFlowVersion[] = [];
  for (const input of inputs) {
    const result = compile(input);
    if (!result.ok) {
      log.error(
        { file: input.file, flow: result.flowId, problems: result.problems.map(formatProblem) },
        'flowbestand geweigerd; de laatste goedgekeurde versie van deze flow blijft in gebruik',
      );
      continue;
    }
    if (result.warnings.length > 0) log.warn({ file: input.file, warnings: result.warnings.map(formatProblem) }, 'flowbestand met waarschuwingen');
    const { flow } = result;
    const published = await storage.publishFlowVersion(
      { flowId: flow.flowId, hash: flow.hash, origin: 'bestand', author: 'release', note: `Uit ${input.file}`, source: flow.source, content: flow.content },
      { onlyIfFileChanged: true },
    );
    if (published) log.info({ flow: flow.flowId, version: published.version }, 'flowbestand gepubliceerd');
    compiled.push(fromCompiled(flow, published?.version));
  }
  return compiled;
}
