/**
 * `npm run flows:check`: validates every flow document against schemas/flow.schema.json, resolves
 * every $ref and option list, checks every json-logic var and field reference, compiles the
 * validators, and runs the schema fixtures against both the server's and the browser's validators.
 * Exits non-zero on the first flow with a problem (all problems are listed).
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveFlow } from '../renderer/core/resolve';
import type { FlowDocument } from '../renderer/core/types';
import { checkFlowReferences } from '../src/server/flows/check';
import { loadClientValidators } from '../src/server/flows/clientModule';
import { compileFlow } from '../src/server/flows/compile';
import { translationProblems } from '../src/server/flows/english';
import { fixtureProblems, loadFixtures } from '../src/server/flows/fixtures';
import { loadSources } from '../src/server/flows/load';
import { resolveLists } from '../src/server/flows/registry';
import { loadTranslations } from '../src/server/i18n';

const root = process.cwd();
const metaSchema = JSON.parse(readFileSync(path.join(root, 'schemas/flow.schema.json'), 'utf8'));
// The meta-schema's own formats (links as URI references) are checked with ajv-formats.
const validateDocument = addFormats(new Ajv({ allErrors: true, strict: false })).compile(metaSchema);
const sources = loadSources(root);
const t = loadTranslations().nl;
let failures = 0;

const flowFiles = readdirSync(path.join(root, 'flows')).filter((name) => name.endsWith('.flow.json'));
for (const name of flowFiles) {
  const problems: string[] = [];
  const written = JSON.parse(readFileSync(path.join(root, 'flows', name), 'utf8')) as FlowDocument;
  if (`${written.id}.flow.json` !== name) problems.push(`bestandsnaam past niet bij id '${written.id}'`);
  if (!validateDocument(written)) {
    for (const error of validateDocument.errors ?? []) problems.push(`meta-schema ${error.instancePath || '/'}: ${error.message}`);
  }
  let fixtureCount = 0;
  let warnings: string[] = [];
  if (problems.length === 0) {
    try {
      const lists = resolveLists(sources, written, 'nl');
      if (written.baseData && !sources.baseData[written.baseData]) problems.push(`onbekende referentiegegevens '${written.baseData}'`);
      const flow = resolveFlow(written, { definitions: sources.definitions, lists });
      problems.push(...checkFlowReferences(flow, Object.keys(lists)));
      const compiled = compileFlow(flow);
      const client = await loadClientValidators(compiled.modules);
      for (const { file, fixture } of loadFixtures(root, flow.id)) {
        fixtureCount += 1;
        for (const [side, validators] of [['server', compiled.validators], ['browser', client]] as const) {
          for (const problem of fixtureProblems(flow, fixture, validators, t, lists)) problems.push(`fixture ${file} (${side}): ${problem}`);
        }
      }
      // Every text of the flow, its field definitions and its reference data must exist in English,
      // translated from the current Dutch (the language switch promises the whole portal). Country
      // names come per language from the shared list and need no translation.
      const english = translationProblems(sources, flow.id);
      problems.push(...english.missing, ...english.stale);
      warnings = english.orphaned;
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  if (problems.length > 0) {
    failures += 1;
    console.error(`✗ ${name}`);
    for (const problem of problems) console.error(`    ${problem}`);
  } else {
    console.log(`✓ ${name} (${fixtureCount} fixtures)`);
  }
  for (const warning of warnings) console.warn(`    waarschuwing: ${warning}`);
}
if (failures > 0) {
  console.error(`${failures} van ${flowFiles.length} flows afgekeurd.`);
  process.exit(1);
}
console.log(`Alle ${flowFiles.length} flows zijn in orde.`);
