/**
 * What the flow pipeline needs from a release's files, read once: the meta-schema, the shared field
 * definitions, the reference data, the widget descriptions (`widgets/<Name>/widget.json`, data the
 * server reads, never code), the content checks a file field may name, and the English of
 * definitions and reference data. Also lists the flow files shipped with the release.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Lang } from '../../../renderer/core/i18n';
import { resolveFlow, type OptionList } from '../../../renderer/core/resolve';
import { translateFlow, type TranslationFile } from '../../../renderer/core/translations';
import type { FlowDocument, FlowModel, ReferenceLists } from '../../../renderer/core/types';
import { catalogueOf, type WidgetCatalogue, type WidgetFile } from '../../../renderer/core/widgetCatalogue';
import { landen } from '../postcode/landen';
import { FILE_CHECKS } from '../uploads/fileChecks';
import { dutchTexts, englishSources, translationIssues } from './english';
import { loadFixtures } from './fixtures';
import { loadSources } from './load';
import { createPipeline, type CompiledFlow, type EnglishResult, type FlowInput, type PipelineSources } from './pipeline/compileFlow';
import { parseJson } from './pipeline/parse';
import type { Problem } from './pipeline/problems';
import { escapePointer } from '../../../renderer/core/rules/types';

/** Lists every flow may name in `x-options`, besides its own reference data: the countries. */
function sharedLists(lang: Lang): Record<string, OptionList> {
  return { Landen: landen(lang).map((land) => ({ Value: land.code, Description: land.omschrijving })) };
}

/** Every `widget.json` under widgets/. */
export function loadWidgetCatalogue(rootDir: string): WidgetCatalogue {
  const dir = path.join(rootDir, 'widgets');
  const files = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'widget.json')))
    .map((entry) => JSON.parse(readFileSync(path.join(dir, entry.name, 'widget.json'), 'utf8')) as WidgetFile);
  return catalogueOf(files);
}

/** The English file of a flow file: `i18n/<id>.en.json` next to it, when there is one. */
export function englishFileFor(flowFile: string): string | undefined {
  const candidate = path.join(path.dirname(flowFile), 'i18n', path.basename(flowFile).replace(/\.flow\.json$/, '.en.json'));
  return existsSync(candidate) ? candidate : undefined;
}

/** The folder of example flows: one flow per construct the engine can show, served outside production only. */
export const EXAMPLES_DIR = 'voorbeelden';

/**
 * The flow files of a release (`flows/*.flow.json`) with their English; with `examples`, also the
 * example flows (`flows/voorbeelden/*.flow.json`).
 */
export function flowInputs(rootDir: string, options: { examples?: boolean } = {}): FlowInput[] {
  const folders = ['flows', ...(options.examples ? [`flows/${EXAMPLES_DIR}`] : [])];
  return folders.flatMap((folder) => {
    const dir = path.join(rootDir, folder);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((name) => name.endsWith('.flow.json'))
      .sort()
      .map((name) => {
        const english = englishFileFor(path.join(dir, name));
        return {
          file: `${folder}/${name}`,
          text: readFileSync(path.join(dir, name), 'utf8'),
          expectedId: name.replace(/\.flow\.json$/, ''),
          ...(english ? { english: { file: `${folder}/i18n/${path.basename(english)}`, text: readFileSync(english, 'utf8') } } : {}),
        };
      });
  });
}

export function loadPipelineSources(rootDir: string): PipelineSources {
  const disk = loadSources(rootDir);
  const english = englishSources(disk);
  const shared = { nl: sharedLists('nl'), en: sharedLists('en') };
  const samples = new Map<string, FlowModel[]>();
  return {
    metaSchema: JSON.parse(readFileSync(path.join(rootDir, 'schemas', 'flow.schema.json'), 'utf8')) as object,
    definitions: disk.definitions,
    baseData: disk.baseData,
    sharedLists: shared,
    widgets: loadWidgetCatalogue(rootDir),
    fileChecks: FILE_CHECKS,
    samples: (flowId) => {
      let known = samples.get(flowId);
      if (!known) samples.set(flowId, (known = loadFixtures(rootDir, flowId).map(({ fixture }) => fixture.data)));
      return known;
    },
    english(written: FlowDocument, input: FlowInput): EnglishResult {
      const warnings: Problem[] = [];
      let file: TranslationFile = {};
      const source = input.english && parseJson(input.english.file, input.english.text);
      if (source && 'problems' in source)
        warnings.push(...source.problems.map((problem) => ({ ...problem, severity: 'warning' as const, code: 'english-missing' as const })));
      else if (source) file = source.source.value as TranslationFile;
      const lists = written.baseData ? (english.lists[written.baseData] ?? {}) : {};
      const translated = resolveFlow(translateFlow(written, file, { resolveRef: (ref) => disk.definitions.get(ref) }), {
        definitions: english.definitions,
        lists: { ...shared.en, ...lists },
      });
      const issues = translationIssues(disk, written, file);
      // The texts still in Dutch, so the page can mark them as Dutch (`lang="nl"`).
      const dutch = dutchTexts(issues);
      const document = dutch.length > 0 ? { ...translated, dutchTexts: dutch } : translated;
      for (const issue of issues) {
        const own = input.english && issue.file === input.english.file && source && 'source' in source && issue.kind !== 'missing';
        const problem = own
          ? source.source.problemAt(`/${escapePointer(issue.path)}`, issue.message, 'warning')
          : { severity: 'warning' as const, file: issue.file, message: `${issue.path}: ${issue.message}` };
        warnings.push({ ...problem, code: `english-${issue.kind}` });
      }
      return { document, lists: (written.baseData ? (english.baseData[written.baseData] ?? {}) : {}) as ReferenceLists, warnings };
    },
  };
}

/** Every shipped flow file compiled, by flow id; refused files are left out (for benchmarks and tests). */
export function compileShippedFlows(rootDir: string, options: { examples?: boolean } = {}): Map<string, CompiledFlow> {
  const compile = createPipeline(loadPipelineSources(rootDir));
  const compiled = new Map<string, CompiledFlow>();
  for (const input of flowInputs(rootDir, options)) {
    const result = compile(input);
    if (result.ok) compiled.set(result.flow.flowId, result.flow);
  }
  return compiled;
}
