/**
 * A flow version as the server runs it: what the version stores (resolved documents and lists per
 * language, content hash) and its runtime (validators, browser modules), built when the version is
 * loaded from the database or compiled from a file.
 */
import type { FlowVersionRecord } from '../storage';
import type { CompiledFlow, FlowVersionContent } from './pipeline/compileFlow';
import { buildRuntime, type FlowRuntime } from './runtime';

export interface ActiveFlowVersion {
  flowId: string;
  hash: string;
  /** The version number in the database. */
  version: number;
  /** When it was published (set for the versions the registry serves). */
  publishedAt?: Date;
  content: FlowVersionContent;
  runtime: FlowRuntime;
}

/** Builds the runtime of a stored version (the version was checked when it was published). */
export function activate(record: FlowVersionRecord): ActiveFlowVersion {
  const content = record.content as FlowVersionContent;
  return { flowId: record.flowId, hash: record.hash, version: record.version, content, runtime: buildRuntime(content.documents.nl, record.hash) };
}

/** A freshly compiled flow as a version (before it has a number). */
export function fromCompiled(flow: CompiledFlow, version = 0): ActiveFlowVersion {
  return { flowId: flow.flowId, hash: flow.hash, version, content: flow.content, runtime: flow.runtime };
}
