/**
 * `npm run flows:check`: runs every flow file through the pipeline the server and publishing use
 * (parse, meta-schema, references, rule kinds, widgets, resolve, validators), checks the shared field
 * definitions against the meta-schema, and runs the schema fixtures against both the server's
 * validators and the browser's modules as they are sent (minified): valid or not, which fields fail
 * and carry hidden data, and the message text where a fixture pins it (`wording`). Every problem is listed with file and line; English that is
 * missing or whose Dutch changed fails the check too (the server would only warn).
 * Exits non-zero when anything is refused.
 *
 * `npm run flows:check -- --fix` first writes into each flow file the ids the pipeline gives its
 * blocks, list items, documents and signers, and moves English entries from their old keys (options
 * and parts by position) to the new ones (`src/server/flows/fixSource.ts`); the rest of each file
 * stays as written.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadClientValidators } from '../src/server/flows/clientModule';
import { sentModuleCode } from '../src/server/flows/sentModule';
import { fixtureProblems, readFixtureFiles } from '../src/server/flows/fixtures';
import { createPipeline } from '../src/server/flows/pipeline/compileFlow';
import { definitionChecker } from '../src/server/flows/pipeline/metaSchema';
import { parseJson } from '../src/server/flows/pipeline/parse';
import { asSentence } from '../src/server/flows/pipeline/place';
import { formatProblem, type Problem } from '../src/server/flows/pipeline/problems';
import { flowInputs, loadPipelineSources } from '../src/server/flows/sources';
import { loadSources } from '../src/server/flows/load';
import { loadTranslations } from '../src/server/i18n';
import { definitionTexts } from '../renderer/core/translations';
import { fixFlowTexts, moveEnglishKeys } from '../src/server/flows/fixSource';

const root = process.cwd();
const sources = loadPipelineSources(root);
const compile = createPipeline(sources);
const t = loadTranslations().nl;
const failsCheck = (problem: Problem) => problem.severity === 'error' || problem.code === 'english-missing' || problem.code === 'english-stale';
let failures = 0;

// The shared field definitions: the same field rules as a step's fields.
const checkDefinition = definitionChecker(sources.metaSchema);
const definitionDir = path.join(root, 'schemas', 'velden');
for (const name of readdirSync(definitionDir)
  .filter((file) => file.endsWith('.json'))
  .sort()) {
  const file = `schemas/velden/${name}`;
  const parsed = parseJson(file, readFileSync(path.join(definitionDir, name), 'utf8'));
  const problems =
    'problems' in parsed
      ? parsed.problems
      : checkDefinition(parsed.source.value).map((problem) =>
          parsed.source.problemAt(problem.pointer, asSentence(problem.message, { where: `in de velddefinitie ‘${name.replace(/\.json$/, '')}’` })),
        );
  if (problems.length > 0) {
    failures += 1;
    console.error(`✗ ${file}`);
    for (const problem of problems) console.error(`    ${formatProblem(problem)}`);
  }
}

const { values: options } = parseArgs({ args: process.argv.slice(2), options: { fix: { type: 'boolean' } } });
const inputs = flowInputs(root, { examples: true });
if (options.fix) {
  // The field definitions' English: options keyed by value there too.
  const definitionsFile = path.join(root, 'schemas', 'velden', 'i18n', 'en.json');
  const definitionsEnglish = readFileSync(definitionsFile, 'utf8');
  const names = [...loadSources(root).definitionNames];
  const moved = moveEnglishKeys(
    definitionsEnglish,
    names.flatMap(([id, name]) => definitionTexts(name, sources.definitions.get(id))),
  );
  if (moved.moved > 0) {
    writeFileSync(definitionsFile, moved.text);
    console.log(`✎ schemas/velden/i18n/en.json: ${moved.moved} Engelse tekst(en) naar hun nieuwe sleutel verplaatst`);
  }
  for (const input of inputs) {
    const fixed = fixFlowTexts({ document: input.text, english: input.english?.text }, { resolveRef: (ref) => sources.definitions.get(ref) });
    if (fixed.document !== input.text) writeFileSync(path.join(root, input.file), fixed.document);
    if (input.english && fixed.english !== undefined && fixed.english !== input.english.text) writeFileSync(path.join(root, input.english.file), fixed.english);
    input.text = fixed.document;
    if (input.english && fixed.english !== undefined) input.english.text = fixed.english;
    if (fixed.ids + fixed.moved > 0)
      console.log(`✎ ${input.file}: ${fixed.ids} id('s) toegevoegd, ${fixed.moved} Engelse tekst(en) naar hun nieuwe sleutel verplaatst`);
  }
}
for (const input of inputs) {
  const result = compile(input);
  const problems: Problem[] = result.ok ? [...result.warnings] : result.problems;
  let fixtureCount = 0;
  if (result.ok) {
    const { flow } = result;
    const client = await loadClientValidators(
      Object.fromEntries(Object.entries(flow.runtime.modules).map(([step, module]) => [step, sentModuleCode(module.code)])),
    );
    for (const entry of readFixtureFiles(root, flow.flowId)) {
      fixtureCount += 1;
      const { file } = entry;
      if ('problem' in entry) {
        problems.push({ severity: 'error', file: `tests/fixtures/${file}`, message: entry.problem });
        continue;
      }
      const { fixture } = entry;
      for (const [side, validators] of [
        ['server', flow.runtime.validators],
        ['browser', client],
      ] as const) {
        for (const problem of fixtureProblems(flow.content.documents.nl, fixture, validators, t, flow.content.lists.nl)) {
          problems.push({ severity: 'error', file: `tests/fixtures/${file}`, message: `(${side}) ${problem}` });
        }
      }
    }
  }
  const refused = problems.some(failsCheck);
  if (refused) failures += 1;
  console[refused ? 'error' : 'log'](`${refused ? '✗' : '✓'} ${input.file}${result.ok ? ` (${fixtureCount} fixtures)` : ''}`);
  for (const problem of problems) console[refused ? 'error' : 'log'](`    ${formatProblem(problem)}`);
}
if (failures > 0) {
  console.error(`${failures} bestand(en) afgekeurd.`);
  process.exit(1);
}
console.log(`Alle ${inputs.length} flows zijn in orde.`);
