// Benchmark of repeat validation in Node, on the largest step of the shipped flows (by its resolved
// schema) with a valid model from the flow's schema fixtures (tests/fixtures/<flow>/):
//   (a) the browser's path: the served validator module loaded as the browser loads it
//       (loadClientValidators) and the renderer's validateStep
//   (b) the server's path: validateStep with the validators the server compiles itself
//   (c) the peer: stock @rjsf/validator-ajv8 (customizeValidator → validateFormData) on the same
//       resolved step schema and the same step data, with the portal's formats registered so it
//       checks what the portal checks (without them ajv only warns and skips the unknown formats)
// Each after a warm-up; the runs are timed one by one, in many short interleaved rounds so a change
// of load on the machine hits every case alike; median and p95 over all runs in µs, and the lowest
// median of a single round (what the case costs when the machine leaves it alone, steadier from run
// to run on a shared machine than the overall median). Target for (a): median ≤ 10 µs.
//
//   npm run bench:validate [-- runs-per-case]      (default 20000, at least 10000)
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { cpus, loadavg } from 'node:os';
import { withEnvironment } from '../renderer/core/environment';
import { formats } from '../renderer/core/formats';
import type { FlowModel } from '../renderer/core/types';
import { validateStep, type ValidatorSet } from '../renderer/core/validate';
import { loadClientValidators } from '../src/server/flows/clientModule';
import { sentModuleCode } from '../src/server/flows/sentModule';
import { loadFixtures } from '../src/server/flows/fixtures';
import { compileShippedFlows } from '../src/server/flows/sources';
import { loadTranslations } from '../src/server/i18n';

const runs = Math.max(10_000, Number(process.argv[2] ?? 20_000));
const ROUNDS = 20;
const root = process.cwd();
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const loadAtStart = load();

const flows = compileShippedFlows(root);
const t = loadTranslations().nl;

// The largest step: the longest resolved step schema of all shipped flows.
const [largest] = [...flows.values()]
  .flatMap((flow) => flow.content.documents.nl.steps.map((step) => ({ flow, step, size: JSON.stringify(step.schema).length })))
  .sort((a, b) => b.size - a.size);
const { flow: compiled, step, size } = largest;
const flow = compiled.content.documents.nl;
const lists = compiled.content.lists.nl;

// A valid model with the most data for that step: a fixture of the whole flow expected valid, without
// data in hidden fields (what the server would refuse).
const [fixture] = loadFixtures(root, compiled.flowId)
  .filter(({ fixture }) => fixture.expected.valid && !fixture.step && !fixture.expected.hiddenWithData?.length && fixture.data[step.dataKey] !== undefined)
  .sort((a, b) => JSON.stringify(b.fixture.data[step.dataKey]).length - JSON.stringify(a.fixture.data[step.dataKey]).length);
if (!fixture) throw new Error(`geen geldige fixture met gegevens voor ${compiled.flowId}/${step.id}`);
// The model as the wizard holds it: with the flow's reference lists and variables (environment.ts).
const model = withEnvironment(flow, fixture.fixture.data, lists);
const stepData = fixture.fixture.data[step.dataKey] as FlowModel;

const client: ValidatorSet = await loadClientValidators(
  Object.fromEntries(Object.entries(compiled.runtime.modules).map(([id, module]) => [id, sentModuleCode(module.code)])),
);
const server = compiled.runtime.validators;
const peer = customizeValidator({ customFormats: formats });
const peerSchema = step.schema as RJSFSchema;

for (const [side, validators] of [
  ['browser', client],
  ['server', server],
] as const) {
  const errors = validateStep(flow, step, model, validators, t);
  if (errors.length > 0) throw new Error(`het model is niet geldig (${side}): ${JSON.stringify(errors)}`);
}
const peerErrors = peer.validateFormData(stepData, peerSchema).errors;

const stepValidator = (set: ValidatorSet) => set[step.schema.$id!];
const cases: { name: string; run: () => unknown }[] = [
  { name: '(a) browser: validateStep + served module', run: () => validateStep(flow, step, model, client, t) },
  { name: "    browser: the module's step function only", run: () => stepValidator(client)(stepData) },
  { name: '(b) server: validateStep + own validators', run: () => validateStep(flow, step, model, server, t) },
  { name: '    server: the step function only', run: () => stepValidator(server)(stepData) },
  { name: '(c) peer: rjsf validator-ajv8 validateFormData', run: () => peer.validateFormData(stepData, peerSchema) },
  { name: '    (timer overhead: empty function)', run: () => undefined },
];

// Warm-up: JIT, inline caches and every per-schema cache of the path.
for (const { run } of cases) for (let i = 0; i < 5_000; i += 1) run();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const ascending = (a: number, b: number) => a - b;

const samples = cases.map(() => [] as number[]);
const roundMedians = cases.map(() => [] as number[]);
const cpu = cases.map(() => 0);
const perRound = Math.ceil(runs / ROUNDS);
const round = new Array<number>(perRound);
for (let pass = 0; pass < ROUNDS; pass += 1) {
  cases.forEach(({ run }, index) => {
    const started = process.cpuUsage();
    for (let i = 0; i < perRound; i += 1) {
      const start = performance.now();
      run();
      round[i] = performance.now() - start;
    }
    const used = process.cpuUsage(started);
    cpu[index] += used.user + used.system;
    samples[index].push(...round);
    roundMedians[index].push(percentile([...round].sort(ascending), 50));
  });
}

const stats = samples.map((times, index) => {
  const sorted = times.sort(ascending);
  const rounds = roundMedians[index].sort(ascending);
  return { median: percentile(sorted, 50) * 1000, p95: percentile(sorted, 95) * 1000, best: rounds[0] * 1000, cpu: cpu[index] / times.length };
});

console.log(`Node ${process.version}, ${cpus().length} CPU(s) (${cpus()[0]?.model ?? '?'}), load average at start ${loadAtStart}`);
console.log(
  `Largest step: ${compiled.flowId} / ${step.id} ('${step.title}'), schema ${size} characters, served module ${compiled.runtime.modules[step.id].code.length} bytes`,
);
console.log(
  `Model: tests/fixtures/${fixture.file} (valid; step data ${JSON.stringify(stepData).length} characters); peer reports ${peerErrors.length} error(s) on it (it knows no visibility rules: required fields of hidden parts)`,
);
console.log(`${perRound * ROUNDS} timed runs per case in ${ROUNDS} interleaved rounds of ${perRound}, after 5000 warm-up runs; µs per validation`);
console.log(['case'.padEnd(48), ' median', '    p95', '   best', ' cpu/run'].join(' '));
cases.forEach(({ name }, index) => {
  const { median, p95, best, cpu: cpuPerRun } = stats[index];
  console.log(
    [name.padEnd(48), median.toFixed(2).padStart(7), p95.toFixed(2).padStart(7), best.toFixed(2).padStart(7), cpuPerRun.toFixed(2).padStart(8)].join(' '),
  );
});
console.log('(best: the lowest median of one round)');
const [browser, , own, , rjsf] = stats;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
console.log(
  `Ratios (median): browser/peer ${ratio(browser.median, rjsf.median)}, server/peer ${ratio(own.median, rjsf.median)}, browser/server ${ratio(browser.median, own.median)}; p95 browser/peer ${ratio(browser.p95, rjsf.p95)}; best browser/peer ${ratio(browser.best, rjsf.best)}`,
);
console.log(
  `(a) median ${browser.median.toFixed(2)} µs (best round ${browser.best.toFixed(2)}, p95 ${browser.p95.toFixed(2)}): ${browser.median <= 10 ? 'within' : 'OVER'} the target of 10 µs`,
);
console.log(`Load average at end ${load()} (the figures include the timer's own overhead, see the last case)`);
