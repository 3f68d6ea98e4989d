/**
 * A draft as the back office sees it: run through the same pipeline as every published version,
 * with its findings (each with its JSON pointer, so the editor can show it next to the field) and,
 * when it compiles, its fixtures run against its own validators on the server.
 */
import type { Translate } from '../../../renderer/core/i18n';
import type { CompiledFlow, FlowCompiler, FlowVersionSource } from '../flows/pipeline/compileFlow';
import type { Problem } from '../flows/pipeline/problems';
import { fromCompiled } from '../flows/version';
import { runFixtures, type FixtureRun } from './fixtureRuns';
import type { Finding } from '../../shared/beheer';


export interface DraftCheck {
  findings: Finding[];
  /** Set when the draft compiles (no errors). */
  compiled?: CompiledFlow;
  fixtures: FixtureRun[];
}

const DOCUMENT_FILE = (flowId: string) => `concept/${flowId}.flow.json`;
const ENGLISH_FILE = (flowId: string) => `concept/${flowId}.en.json`;

/** Reads a version's or a draft's stored source (the document and its English, as written). */
export function sourceOf(value: unknown): FlowVersionSource {
  const source = value as Partial<FlowVersionSource> | undefined;
  if (typeof source?.document !== 'string') throw new Error('bron zonder document');
  return { document: source.document, ...(typeof source.english === 'string' ? { english: source.english } : {}) };
}

export function checkDraft(compile: FlowCompiler, flowId: string, source: FlowVersionSource, rootDir: string, t: Translate): DraftCheck {
  const result = compile({
    file: DOCUMENT_FILE(flowId),
    text: source.document,
    ...(source.english !== undefined ? { english: { file: ENGLISH_FILE(flowId), text: source.english } } : {}),
    expectedId: flowId,
  });
  const problems = result.ok ? result.warnings : result.problems;
  const findings = problems.map((problem) => ({
    severity: problem.severity,
    pointer: problem.pointer ?? null,
    message: problem.message,
    line: problem.line ?? null,
    column: problem.column ?? null,
    text: problem.file === ENGLISH_FILE(flowId) ? ('english' as const) : ('document' as const),
  }));
  if (!result.ok) return { findings, fixtures: [] };
  return { findings, compiled: result.flow, fixtures: runFixtures(fromCompiled(result.flow), rootDir, t) };
}
