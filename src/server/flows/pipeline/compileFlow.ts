/**
 * The one pipeline every flow definition goes through before an applicant can get it — used by
 * `npm run flows:check`, by the server when it starts, and by publishing:
 *
 *   parse (file, line, column) → meta-schema (every problem, with its JSON pointer) → references
 *   (`$ref`s, option lists, json-logic vars, field references, every rule kind's own check, the
 *   JSON Schema constructs the engine can show, what an upload sends) → widgets and their
 *   `ui:options` → resolve (Dutch and English; each field's widget settled) → validators (with
 *   those of the questions conditions ask) → content hash.
 *
 * It answers a compiled flow (what a version stores, plus its runtime) or the problems that refuse
 * it. Translation gaps are warnings: a Dutch correction must not wait for its English.
 */
import type { Lang } from '../../../../renderer/core/i18n';
import { FlowResolveError, resolveFlow, type OptionList } from '../../../../renderer/core/resolve';
import { checkRules, type DesignProblem } from '../../../../renderer/core/rules';
import { escapePointer } from '../../../../renderer/core/rules/types';
import type { FlowDocument, FlowModel, JsonSchema, ReferenceLists } from '../../../../renderer/core/types';
import { uploadProblems } from '../../../../renderer/core/uploadFields';
import { withPartIds } from '../../../../renderer/core/partIds';
import { settleWidgets } from '../../../../renderer/core/widgetNames';
import type { WidgetCatalogue } from '../../../../renderer/core/widgetCatalogue';
import { buildRuntime, type FlowRuntime } from '../runtime';
import { addressProblems } from './addresses';
import { contentHash } from './hash';
import { meaningFindings } from './meaning';
import { renderProblems } from './renderProof';
import { ruleOperandProblems } from './ruleOperands';
import { asSentence, placeOf } from './place';
import { metaSchemaChecker } from './metaSchema';
import { parseJson, type JsonSource } from './parse';
import { errorsOf, type Problem } from './problems';
import { constructFindings } from './constructs';
import { checkContext, referenceProblems } from './references';
import { partIdProblems } from './partIdProblems';
import { widgetChecker } from './widgets';

/**
 * The pointers of `ui:widget` hints that settling left as something other than a widget of the
 * catalogue: the browser would fail on them, so the flow is refused instead.
 */
function unsettledWidgets(flow: FlowDocument, catalogue: WidgetCatalogue): string[] {
  const names = new Set(catalogue.widgets.map((widget) => widget.name));
  const found: string[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'ui:widget' && typeof value === 'string' && !names.has(value)) found.push(pointer);
      else if (!key.startsWith('ui:')) walk(value, `${pointer}/${escapePointer(key)}`);
    }
  };
  flow.steps.forEach((step, index) => walk(step.uiSchema, `/steps/${index}/uiSchema`));
  return found;
}

/** The values `models` hold for a field of a step ('personen.naam': of every item). */
function valuesAt(models: readonly FlowModel[], dataKey: string, path: string): unknown[] {
  let values: unknown[] = models.map((model) => model[dataKey]);
  for (const key of path.split('.')) {
    values = values
      .flatMap((value) => (Array.isArray(value) ? value : [value]))
      .map((value) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined));
  }
  return values.filter((value) => value !== undefined);
}

/** The problems without repeats (the same finding in both languages is said once). */
function uniqueProblems(problems: DesignProblem[]): DesignProblem[] {
  const seen = new Set<string>();
  return problems.filter(
    (problem) => !seen.has(`${problem.pointer}\u0000${problem.message}`) && Boolean(seen.add(`${problem.pointer}\u0000${problem.message}`)),
  );
}

/** What a version stores of what it compiled to: enough to serve, validate and print it again. */
export interface FlowVersionContent {
  flowId: string;
  /** The resolved document per language. */
  documents: Record<Lang, FlowDocument>;
  /** The flow's reference lists per language (empty when it has none). */
  lists: Record<Lang, ReferenceLists>;
}

/** The texts a version was made from, as written (kept to show, compare and publish again). */
export interface FlowVersionSource {
  document: string;
  english?: string;
}

export interface CompiledFlow {
  flowId: string;
  hash: string;
  content: FlowVersionContent;
  source: FlowVersionSource;
  runtime: FlowRuntime;
}

export type CompileResult = { ok: true; flow: CompiledFlow; warnings: Problem[] } | { ok: false; flowId?: string; problems: Problem[] };

/** The English of a flow: the resolved document and lists, and what is missing or out of date. */
export interface EnglishResult {
  document: FlowDocument;
  lists: ReferenceLists;
  warnings: Problem[];
}

/** Everything a flow may refer to, shared by all flows of a release. */
export interface PipelineSources {
  metaSchema: object;
  definitions: Map<string, JsonSchema>;
  baseData: Record<string, Record<string, OptionList>>;
  /** Lists every flow may name (the countries), per language. */
  sharedLists: Record<Lang, Record<string, OptionList>>;
  widgets: WidgetCatalogue;
  /** Names of the content checks the server can run on a file. */
  fileChecks: readonly string[];
  /**
   * Data meant for a flow (its test cases'), when there is any: a pattern the check cannot judge by
   * itself is shown fillable by a value from it that fits.
   */
  samples?(flowId: string): readonly FlowModel[];
  /** Resolves the English version of a (meta-schema-valid) written document. */
  english(written: FlowDocument, input: FlowInput): EnglishResult;
}

export interface FlowInput {
  /** File name as shown in problems, e.g. `flows/aanleveren-documenten.flow.json`. */
  file: string;
  text: string;
  /** The flow's English file, when it has one. */
  english?: { file: string; text: string };
  /** The id the document must have (from its file name), when known. */
  expectedId?: string;
}

/** The pipeline as built by {@link createPipeline}: one definition in, a compiled flow or its problems out. */
export type FlowCompiler = (input: FlowInput) => CompileResult;

/** Builds the pipeline for one set of sources; compiling the meta-schema and widget checks happens once. */
export function createPipeline(sources: PipelineSources): FlowCompiler {
  const checkMeta = metaSchemaChecker(sources.metaSchema);
  const checkWidgets = widgetChecker(sources.widgets);
  return (input) => compileFlow(input, sources, checkMeta, checkWidgets);
}

/** `$ref`s and option lists of the written step schemas that name nothing (with where they are). */
function unresolvable(written: FlowDocument, sources: PipelineSources, lists: Record<string, unknown>, source: JsonSource): Problem[] {
  const problems: Problem[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${pointer}/${index}`));
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      // A local reference (`#/definitions/x`) is resolved within its step; the resolver names a missing one.
      if (typeof record.$ref === 'string' && !record.$ref.startsWith('#') && !sources.definitions.has(record.$ref))
        problems.push(source.problemAt(`${pointer}/$ref`, `het soort veld ‘${record.$ref}’ bestaat niet in de gedeelde velddefinities`));
      if (typeof record['x-options'] === 'string' && !Object.hasOwn(lists, record['x-options']))
        problems.push(source.problemAt(`${pointer}/x-options`, `de keuzelijst ‘${record['x-options']}’ bestaat niet`));
      for (const [key, value] of Object.entries(record)) walk(value, `${pointer}/${escapePointer(key)}`);
    }
  };
  written.steps.forEach((step, index) => walk(step.schema, `/steps/${index}/schema`));
  return problems;
}

function compileFlow(
  input: FlowInput,
  sources: PipelineSources,
  checkMeta: ReturnType<typeof metaSchemaChecker>,
  checkWidgets: ReturnType<typeof widgetChecker>,
): CompileResult {
  const parsed = parseJson(input.file, input.text);
  if ('problems' in parsed) return { ok: false, problems: parsed.problems };
  const { source } = parsed;
  // Every named part (block, list item, document, signer) has its id before anything reads the
  // document, so its English, its changes and the page name it alike (`partIds.ts`).
  const written = withPartIds(source.value as FlowDocument);
  const flowId = typeof written?.id === 'string' ? written.id : undefined;
  // The documents a finding's place is looked up in: as written, and as resolved once it is.
  const documents: unknown[] = [written];
  // The English file's own findings keep their form: the English editor lists them by text.
  const explain = (problems: Problem[]) =>
    problems.map((problem) =>
      problem.file === input.file ? { ...problem, message: asSentence(problem.message, placeOf(problem.pointer, documents)) } : problem,
    );
  const refuse = (problems: Problem[]): CompileResult => ({ ok: false, flowId, problems: explain(problems) });

  const metaProblems = checkMeta(source.value).map((problem) => source.problemAt(problem.pointer, problem.message));
  if (input.expectedId && flowId !== undefined && flowId !== input.expectedId)
    metaProblems.push(source.problemAt('/id', `de code ‘${flowId}’ van de flow past niet bij de bestandsnaam (verwacht ‘${input.expectedId}’)`));
  if (written.baseData !== undefined && !Object.hasOwn(sources.baseData, written.baseData))
    metaProblems.push(source.problemAt('/baseData', `de referentiegegevens ‘${written.baseData}’ bestaan niet`));
  metaProblems.push(...partIdProblems(source.value).map((problem) => source.problemAt(problem.pointer, problem.message)));
  if (metaProblems.length > 0) return refuse(metaProblems);

  const ownLists = written.baseData ? sources.baseData[written.baseData] : {};
  const listsNl = { ...sources.sharedLists.nl, ...ownLists };
  const missing = unresolvable(written, sources, listsNl, source);
  if (missing.length > 0) return refuse(missing);
  let flow: FlowDocument;
  try {
    flow = resolveFlow(written, { definitions: sources.definitions, lists: listsNl });
  } catch (error) {
    if (error instanceof FlowResolveError) return refuse([source.problemAt('/steps', error.message)]);
    throw error;
  }
  documents.push(flow);

  const context = checkContext(flow, listsNl, sources.fileChecks);
  const constructs = constructFindings(flow);
  const hints = flow.steps.map((step, index) => checkWidgets(step, index));
  const meaning = meaningFindings(flow, (stepIndex, path) => valuesAt(sources.samples?.(flow.id) ?? [], flow.steps[stepIndex].dataKey, path));
  const designProblems = [
    ...referenceProblems(context),
    ...addressProblems(flow),
    ...checkRules(context),
    ...constructs.problems,
    ...(flow.submit.kind === 'upload' ? uploadProblems(flow, flow.submit) : []),
    ...hints.flatMap((findings) => findings.problems),
    ...meaning.problems,
    ...ruleOperandProblems(flow),
  ].map((problem) => source.problemAt(problem.pointer, problem.message));
  if (designProblems.length > 0) return refuse(designProblems);
  const constructWarnings = [...constructs.warnings, ...hints.flatMap((findings) => findings.warnings), ...meaning.warnings].map((problem) =>
    source.problemAt(problem.pointer, problem.message, 'warning'),
  );

  // A Dutch-only flow (`languages: ["nl"]`) is served in Dutch to everyone and needs no English.
  const dutchOnly = Array.isArray(written.languages) && !written.languages.includes('en');
  const english: EnglishResult = dutchOnly ? { document: flow, lists: (ownLists ?? {}) as ReferenceLists, warnings: [] } : sources.english(written, input);
  // A translation carries the markup of its text, links included: the same rule for its addresses.
  const englishLinks = dutchOnly ? [] : addressProblems(english.document, 'en').map((problem) => source.problemAt(problem.pointer, problem.message));
  if (englishLinks.length > 0) return refuse(englishLinks);
  const dutch = settleWidgets(flow, sources.widgets, ',');
  const content: FlowVersionContent = {
    flowId: flow.id,
    documents: { nl: dutch, en: dutchOnly ? dutch : settleWidgets(english.document, sources.widgets, '.') },
    lists: { nl: (ownLists ?? {}) as ReferenceLists, en: english.lists },
  };
  const unsettled = unsettledWidgets(dutch, sources.widgets).map((pointer) =>
    source.problemAt(pointer, 'er is geen weergave (widget) voor dit veld te bepalen; kies een weergave die past bij het soort antwoord'),
  );
  if (unsettled.length > 0) return refuse(unsettled);
  // The proof that every step renders, on what the browser gets, in both languages.
  const unrendered = uniqueProblems([...renderProblems(dutch, sources.widgets), ...renderProblems(content.documents.en, sources.widgets)]).map((problem) =>
    source.problemAt(problem.pointer, problem.message),
  );
  if (unrendered.length > 0) return refuse(unrendered);
  const hash = contentHash(content);
  let runtime: FlowRuntime;
  try {
    runtime = buildRuntime(dutch, hash);
  } catch (error) {
    return refuse([source.problemAt('/steps', `de validatie kan niet worden opgebouwd: ${(error as Error).message}`)]);
  }
  const warnings = [...constructWarnings, ...english.warnings];
  if (errorsOf(warnings).length > 0) return refuse(warnings);
  return {
    ok: true,
    flow: { flowId: flow.id, hash, content, source: { document: input.text, ...(input.english ? { english: input.english.text } : {}) }, runtime },
    warnings: explain(warnings),
  };
}
