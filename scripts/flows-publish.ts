/**
 * `npm run flows:publish -- <file> [--note "..."] [--author naam]`: runs a flow file through the
 * pipeline and, when it passes, publishes it as the flow's next version. Every server process on the
 * same database serves it within seconds, without a restart. English comes from the file's
 * `i18n/<id>.en.json` next to it (or `--english <file>`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createPipeline } from '../src/server/flows/pipeline/compileFlow';
import { formatProblem } from '../src/server/flows/pipeline/problems';
import { publishCompiled } from '../src/server/flows/publish';
import { englishFileFor, loadPipelineSources } from '../src/server/flows/sources';
import { fail, readCommand, withStorage } from './flowsCli';

const USAGE = 'Gebruik: npm run flows:publish -- <flowbestand> [--note "wat er verandert"] [--author naam]';
const command = readCommand(USAGE);
const [file] = command.positionals;
if (!file) fail(USAGE);
if (!existsSync(file)) fail(`Het bestand ${file} bestaat niet.`);

const englishFile = englishFileFor(file);
const compile = createPipeline(loadPipelineSources(command.config.rootDir));
const result = compile({
  file: path.relative(process.cwd(), path.resolve(file)),
  text: readFileSync(file, 'utf8'),
  ...(englishFile ? { english: { file: path.relative(process.cwd(), englishFile), text: readFileSync(englishFile, 'utf8') } } : {}),
});
if (!result.ok) {
  for (const problem of result.problems) console.error(formatProblem(problem));
  fail(`Niet gepubliceerd: ${result.problems.length} probleem/problemen.`);
}
for (const warning of result.warnings) console.warn(formatProblem(warning));
const { flow } = result;

await withStorage(command.config, async (storage) => {
  const outcome = await publishCompiled(storage, flow, { origin: 'publicatie', author: command.author, note: command.note });
  if ('unchanged' in outcome) console.log(`Niets gepubliceerd: dit is al de gepubliceerde versie ${outcome.unchanged} van ${flow.flowId}.`);
  else
    console.log(
      `Gepubliceerd: ${flow.flowId} versie ${outcome.published.version} (${flow.hash.slice(0, 12)}). Elke server toont deze versie binnen enkele seconden.`,
    );
});
