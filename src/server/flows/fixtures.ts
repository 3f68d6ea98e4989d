/**
 * Schema fixtures (tests/fixtures/<flow>/*.json, format in fixtureFormat.ts): example data with the
 * outcome expected of it. The same fixture runs against the validators the server compiles and
 * against the precompiled module the browser loads, so both sides are held to one answer. A case
 * compares whether the data is valid, which fields show a message and which carry data while hidden;
 * the text of a message only where the case pins it (`wording`).
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Translate } from '../../../renderer/core/i18n';
import { withEnvironment } from '../../../renderer/core/environment';
import type { FlowDocument, ReferenceLists } from '../../../renderer/core/types';
import { validateFlow, validateStep, type ValidatorSet } from '../../../renderer/core/validate';
import { modelPathOf } from '../../../renderer/core/paths';
import { misplacedData } from '../../../renderer/core/rules/conditions';
import { modelFieldName } from '../../../renderer/core/fieldNames';
import type { FieldOutcome, FixtureDifference } from '../../shared/beheer';
import { FixtureFormatError, readFixture, type Fixture, type FixtureExpectation } from './fixtureFormat';

export { FixtureFormatError, fixtureFileText, readExpectation, readFixture, type Fixture, type FixtureExpectation } from './fixtureFormat';
export type { FieldOutcome, FixtureDifference, FixtureField } from '../../shared/beheer';

export interface FixtureFile {
  file: string;
  fixture: Fixture;
}

/** A repository fixture as read: the case, or why it could not be read. */
export type FixtureEntry = { file: string; fixture: Fixture } | { file: string; problem: string };

/** The repository's fixtures of a flow (`<flow>/<name>` by name), each read on its own in the current format. */
export function readFixtureFiles(rootDir: string, flowId: string): FixtureEntry[] {
  const dir = path.join(rootDir, 'tests', 'fixtures', flowId);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name): FixtureEntry => {
      const file = `${flowId}/${name}`;
      try {
        return { file, fixture: readFixture(JSON.parse(readFileSync(path.join(dir, name), 'utf8'))) };
      } catch (error) {
        return { file, problem: (error as Error).message };
      }
    });
}

/**
 * The repository's fixtures of a flow, read in the current format.
 * @throws {FixtureFormatError} naming the file, when one does not follow the format.
 */
export function loadFixtures(rootDir: string, flowId: string): FixtureFile[] {
  return readFixtureFiles(rootDir, flowId).map((entry) => {
    if ('problem' in entry) throw new FixtureFormatError(`tests/fixtures/${entry.file}: ${entry.problem}`);
    return entry;
  });
}

/** The outcome of a fixture with the given validators: model path -> message. */
export function fixtureOutcome(
  flow: FlowDocument,
  fixture: Pick<Fixture, 'data' | 'step'>,
  validators: ValidatorSet,
  t: Translate,
  lists: ReferenceLists = {},
): Record<string, string> {
  // Rules see the data as in the portal: with the flow's reference lists and variables.
  const data = withEnvironment(flow, fixture.data, lists);
  const results = fixture.step
    ? (() => {
        const step = flow.steps.find((candidate) => candidate.id === fixture.step);
        if (!step) throw new Error(`Onbekende stap in het testgeval: ${fixture.step}`);
        return [{ dataKey: step.dataKey, errors: validateStep(flow, step, data, validators, t) }];
      })()
    : validateFlow(flow, data, validators, t);
  return Object.fromEntries(results.flatMap((result) => result.errors.map((error) => [modelPathOf(result.dataKey, error.field), error.message])));
}

/** What a fixture gives now, and how that differs from what it expects. */
export interface FixtureResult {
  /** The outcome as an expectation in the case's own terms: what "take over the new outcome" stores. */
  outcome: FixtureExpectation;
  differences: FixtureDifference[];
  problems: string[];
}

const OK: FieldOutcome = { state: 'ok' };
const HIDDEN: FieldOutcome = { state: 'hiddenWithData' };

/** A field's outcome as a problem line (for `flows:check` and the publish refusal). */
function describe(outcome: FieldOutcome): string {
  if (outcome.state === 'ok') return 'geen melding';
  if (outcome.state === 'hiddenWithData') return 'gegevens in een verborgen veld';
  return outcome.message === null ? 'een melding' : `"${outcome.message}"`;
}

/**
 * The expectation the outcome stands for, in the terms of `previous`: the fields that fail now, the
 * wording kept pinned for the fields whose wording `previous` pinned (and that still fail).
 */
export function expectationOf(errors: Record<string, string>, hidden: readonly string[], previous?: FixtureExpectation): FixtureExpectation {
  const failing = Object.keys(errors);
  const wording = Object.fromEntries(
    Object.keys(previous?.wording ?? {})
      .filter((field) => field in errors)
      .map((field) => [field, errors[field]]),
  );
  return {
    valid: failing.length === 0,
    ...(failing.length > 0 ? { failing } : {}),
    ...(Object.keys(wording).length > 0 ? { wording } : {}),
    ...(hidden.length > 0 ? { hiddenWithData: [...hidden] } : {}),
  };
}

export function fixtureResult(flow: FlowDocument, fixture: Fixture, validators: ValidatorSet, t: Translate, lists: ReferenceLists = {}): FixtureResult {
  const errors = fixtureOutcome(flow, fixture, validators, t, lists);
  const hidden = [...misplacedData(flow, withEnvironment(flow, fixture.data, lists), validators)].sort();
  const { expected } = fixture;
  const failing = new Set(expected.failing ?? []);
  const wording = expected.wording ?? {};
  const hiddenExpected = new Set(expected.hiddenWithData ?? []);
  const problems: string[] = [];
  const differences: FixtureDifference[] = [];
  const valid = Object.keys(errors).length === 0;
  if (valid !== expected.valid) problems.push(`verwacht ${expected.valid ? 'geldig' : 'ongeldig'}, kreeg ${valid ? 'geldig' : 'ongeldig'}`);

  const expectedOf = (field: string): FieldOutcome =>
    failing.has(field) ? { state: 'message', message: wording[field] ?? null } : hiddenExpected.has(field) ? HIDDEN : OK;
  const actualOf = (field: string): FieldOutcome => (field in errors ? { state: 'message', message: errors[field] } : hidden.includes(field) ? HIDDEN : OK);
  const matches = (want: FieldOutcome, got: FieldOutcome) =>
    want.state === got.state && (want.state !== 'message' || want.message === null || want.message === (got as { message: string }).message);

  // Every field either side names, in the order of the outcome and then of the expectation.
  const fields = [...new Set([...Object.keys(errors), ...hidden, ...failing, ...hiddenExpected])];
  for (const field of fields) {
    const want = expectedOf(field);
    const got = actualOf(field);
    if (matches(want, got)) continue;
    differences.push({ field, ...modelFieldName(flow, field), expected: want, actual: got });
    problems.push(`${field}: verwacht ${describe(want)}, kreeg ${describe(got)}`);
  }
  return { outcome: expectationOf(errors, hidden, expected), differences, problems };
}

/** Differences between a fixture's expectation and the outcome; empty when it holds. */
export function fixtureProblems(flow: FlowDocument, fixture: Fixture, validators: ValidatorSet, t: Translate, lists: ReferenceLists = {}): string[] {
  return fixtureResult(flow, fixture, validators, t, lists).problems;
}
