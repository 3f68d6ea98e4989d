/**
 * Publishing a compiled flow as its next version (the command `flows:publish` and, later, the back
 * office): nothing is published when the content is already the version in use.
 */
import type { FlowVersionOrigin, FlowVersionRecord, Storage } from '../storage';
import type { CompiledFlow } from './pipeline/compileFlow';

export type PublishOutcome = { published: FlowVersionRecord } | { unchanged: number };

export async function publishCompiled(
  storage: Storage,
  flow: CompiledFlow,
  meta: { origin: FlowVersionOrigin; author: string; note?: string },
): Promise<PublishOutcome> {
  // The flow's own versions without their documents: only the one in use is compared.
  const current = (await storage.listFlowVersions(flow.flowId)).find((version) => version.state === 'published');
  if (current?.hash === flow.hash) return { unchanged: current.version };
  const published = await storage.publishFlowVersion({ flowId: flow.flowId, hash: flow.hash, ...meta, source: flow.source, content: flow.content });
  return { published: published! };
}
