/**
 * `npm run flows:coverage [-- --json] [-- <flow id> …]`: per flow, what its test cases in
 * tests/fixtures/<flow> reach — steps, fields, each visibility rule both ways, cross-field rules,
 * values the flow sets itself, each message a field can show — and in plain Dutch what none reaches:
 * the tester's map of what is unchecked. Always exits 0 (it informs; `flows:check` judges).
 */
import { flowCoverage, type FlowCoverage } from '../renderer/core/caseCoverage';
import { loadFixtures } from '../src/server/flows/fixtures';
import { compileShippedFlows } from '../src/server/flows/sources';
import { loadTranslations } from '../src/server/i18n';

const args = process.argv.slice(2);
const json = args.includes('--json');
const only = new Set(args.filter((arg) => !arg.startsWith('--')));
const root = process.cwd();
const t = loadTranslations().nl;

const results: FlowCoverage[] = [];
for (const [flowId, compiled] of compileShippedFlows(root, { examples: true })) {
  if (only.size > 0 && !only.has(flowId)) continue;
  const cases = loadFixtures(root, flowId).map(({ fixture }) => ({ data: fixture.data, ...(fixture.step !== undefined ? { step: fixture.step } : {}) }));
  results.push(flowCoverage(compiled.content.documents.nl, cases, compiled.runtime.validators, t, compiled.content.lists.nl));
}

if (json) {
  console.log(JSON.stringify(results, null, 2));
} else {
  for (const coverage of results) {
    console.log(`${coverage.flowId} (${coverage.cases} testgevallen)`);
    console.log(
      `  ${coverage.counts
        .filter((count) => count.total > 0)
        .map((count) => `${count.name} ${count.reached} van ${count.total}`)
        .join('; ')}`,
    );
    let step = '';
    for (const item of coverage.items.filter((entry) => !entry.reached)) {
      if (item.stepId !== step) {
        step = item.stepId;
        console.log(`  Stap ‘${item.stepTitle}’`);
      }
      console.log(`    ${item.text}`);
    }
    console.log('');
  }
}
