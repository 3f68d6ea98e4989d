/**
 * A draft as the back office sees it: run through the same pipeline as every published version,
 * with its findings (each with its JSON pointer, so the editor can show it next to the field) and,
 * when it compiles, its fixtures run against its own validators on the server.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { JsonSchema } from '../../../renderer/core/types';
import { fixFlowTexts } from '../flows/fixSource';
import { loadDefinitions } from '../flows/load';
import type { Translate } from '../../../renderer/core/i18n';
import type { CompiledFlow, FlowCompiler, FlowVersionSource } from '../flows/pipeline/compileFlow';
import { fromCompiled, type ActiveFlowVersion } from '../flows/version';
import type { FlowRegistry } from '../flows/registry';
import { ApiError, CODES } from '../errors';
import { NO_CASE_INPUTS, runFixtures, type CaseInputs } from './fixtureRuns';
import type { BeheerStore } from '../storage';
import type { Finding, FixtureRun } from '../../shared/beheer';

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

const definitionsOf = new Map<string, Map<string, JsonSchema>>();

/**
 * A draft's texts as the back office stores them: the ids the pipeline gives the flow's blocks, list
 * items, documents and signers written into the document, and English still under an old key
 * (options and parts by position) moved to its new key — so what an administrator saves names every
 * part as the pipeline does, and a draft started from a version stored before parts had ids migrates
 * at once. Everything else stays as written; a text that is no JSON stays as it is.
 */
export function withPartIdsWritten(source: FlowVersionSource, rootDir: string): FlowVersionSource {
  let definitions = definitionsOf.get(rootDir);
  if (!definitions) definitionsOf.set(rootDir, (definitions = loadDefinitions(path.join(rootDir, 'schemas'))));
  const known = definitions;
  const fixed = fixFlowTexts(source, { resolveRef: (ref) => known.get(ref) });
  return { document: fixed.document, ...(fixed.english !== undefined ? { english: fixed.english } : {}) };
}

const COMPILED_DRAFTS = 20;
const compiledDrafts = new Map<string, ReturnType<FlowCompiler>>();

/** Compiles a draft's source; the last few results are kept (a draft is read far more often than saved). */
function compileDraft(compile: FlowCompiler, flowId: string, source: FlowVersionSource): ReturnType<FlowCompiler> {
  const key = createHash('sha256')
    .update(JSON.stringify([flowId, source.document, source.english ?? null]))
    .digest('hex');
  const known = compiledDrafts.get(key);
  if (known) return known;
  const result = compile({
    file: DOCUMENT_FILE(flowId),
    text: source.document,
    ...(source.english !== undefined ? { english: { file: ENGLISH_FILE(flowId), text: source.english } } : {}),
    expectedId: flowId,
  });
  compiledDrafts.set(key, result);
  if (compiledDrafts.size > COMPILED_DRAFTS) compiledDrafts.delete(compiledDrafts.keys().next().value as string);
  return result;
}

/** The draft's findings and, when it compiles, its cases run (`cases`: the back office's cases and the adjustments that apply, see fixtureOwners.ts). */
export function checkDraft(
  compile: FlowCompiler,
  flowId: string,
  source: FlowVersionSource,
  rootDir: string,
  t: Translate,
  cases: CaseInputs = NO_CASE_INPUTS,
): DraftCheck {
  const result = compileDraft(compile, flowId, source);
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
  return { findings, compiled: result.flow, fixtures: runFixtures(fromCompiled(result.flow), rootDir, t, cases) };
}

/**
 * The version a flow's draft stands for (the preview, the test cases): the draft when there is one
 * (it must compile), else the published version (or a 404 when `draftOnly`).
 */
export async function draftVersion(
  registry: FlowRegistry,
  store: BeheerStore,
  compile: FlowCompiler,
  flowId: string,
  draftOnly = false,
): Promise<{ version: ActiveFlowVersion; concept: boolean }> {
  const notFound = (detail: string) => new ApiError(404, detail, [{ code: CODES.notFound, extraInfo: [] }]);
  const published = registry.all().find((active) => active.flowId === flowId);
  if (!published) throw notFound('Deze flow bestaat niet.');
  const draft = await store.getDraft(flowId);
  if (!draft) {
    if (draftOnly) throw notFound('Deze flow heeft geen concept.');
    return { version: published, concept: false };
  }
  const result = compileDraft(compile, flowId, sourceOf(draft.source));
  if (!result.ok) throw new ApiError(409, 'Het concept bevat fouten. Los die eerst op.', [{ code: CODES.draftFindings, extraInfo: [] }]);
  return { version: fromCompiled(result.flow), concept: true };
}
